# The virtual board's kit for an installed hpx Studio (docs/virtual-board.md, "Installed"): what linking one model's
# firmware needs when there is no source tree, made at install time from the kernel sets' libraries this build tree
# has already built (scripts/qemu-board.sh --build-only, or the virtual-board tests):
#
#   <kit>/scripts/qemu-board.sh                 the same script as in the source tree, which finds prebuilt/ there
#   <kit>/firmware/examples/qemu-an547/         the per-model Makefile, model.S, input.S, linker.ld, gen_model_ops.cmake
#   <kit>/prebuilt/<kernels>/                   libtflm.a (the cache's), libhpx_board.a (the application, compiled
#                                               from this tree) and flags.mk, whose paths start at $(HPX_KIT)
#   <kit>/include/<tree>/...                    exactly the headers a model's op resolver includes (the compiler's
#                                               own dependency list of a resolver of every builtin operator)
#   <kit>/licenses/<tree>/                      the trees' license notices
#
# Run by install(CODE) with HPX_SOURCE_DIR, HPX_TFLM_CACHE, KIT (the destination, DESTDIR included) and the trees'
# settings (HPX_TFLM_DIR, HPX_FLATBUFFERS_DIR, HPX_CMSIS_NN_DIR, HPX_RUY_DIR, HPX_GEMMLOWP_DIR) set. A kernel set that
# was not built is left out with a message; without any, no kit is installed and the package runs the simulated
# board only.
cmake_minimum_required(VERSION 3.22)

set(example "${HPX_SOURCE_DIR}/firmware/examples/qemu-an547")
# tflm_key.cmake reads the trees' settings from the environment, as scripts/qemu-board.sh did when it built them.
foreach(setting IN ITEMS HPX_TFLM_DIR HPX_FLATBUFFERS_DIR HPX_CMSIS_NN_DIR HPX_RUY_DIR HPX_GEMMLOWP_DIR)
  if(${setting})
    set(ENV{${setting}} "${${setting}}")
  endif()
endforeach()
set(kernel_sets "")
foreach(kernels IN ITEMS cmsis-nn reference)
  execute_process(COMMAND ${CMAKE_COMMAND} -DKERNELS=${kernels} -P ${example}/tflm_key.cmake
    OUTPUT_VARIABLE out ERROR_VARIABLE out RESULT_VARIABLE rc)
  string(REGEX MATCH "KEY=([^\n]+)" _ "${out}")
  set(lib "${HPX_TFLM_CACHE}/${CMAKE_MATCH_1}")
  if(NOT rc EQUAL 0 OR NOT CMAKE_MATCH_1 OR NOT EXISTS "${lib}/.built")
    message(STATUS "virtual board kit: no ${kernels} libraries built in ${HPX_TFLM_CACHE} "
      "(scripts/qemu-board.sh --kernels ${kernels} --build-only builds them); left out")
    continue()
  endif()
  list(APPEND kernel_sets ${kernels})
  set(lib_${kernels} "${lib}")
endforeach()
if(NOT kernel_sets)
  message(STATUS "virtual board kit: not installed (no kernel set built)")
  return()
endif()

# The trees' roots as the headers are copied: <kit>/include/<name>/<path in the tree>.
set(roots "")
foreach(setting IN ITEMS HPX_TFLM_DIR HPX_FLATBUFFERS_DIR HPX_CMSIS_NN_DIR HPX_RUY_DIR)
  if(${setting})
    get_filename_component(root "${${setting}}" REALPATH)
    list(APPEND roots "${root}")
  endif()
endforeach()

function(tree_name root out)
  get_filename_component(name "${root}" NAME)
  set(${out} "${name}" PARENT_SCOPE)
endfunction()

file(REMOVE_RECURSE "${KIT}")
file(MAKE_DIRECTORY "${KIT}/include" "${KIT}/licenses")
set(work "${KIT}/.work")
file(MAKE_DIRECTORY "${work}")
execute_process(COMMAND ${CMAKE_COMMAND} -DALL=1 -DTFLM=${HPX_TFLM_DIR} -DOUT=${work} -P ${example}/gen_model_ops.cmake
  RESULT_VARIABLE rc OUTPUT_QUIET)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "virtual board kit: gen_model_ops.cmake failed")
endif()

set(headers "")
foreach(kernels IN LISTS kernel_sets)
  file(STRINGS "${lib_${kernels}}/flags.mk" cxxflags REGEX "^CXXFLAGS := ")
  string(REGEX REPLACE "^CXXFLAGS := " "" cxxflags "${cxxflags}")
  separate_arguments(args UNIX_COMMAND "${cxxflags}")
  execute_process(COMMAND arm-none-eabi-g++ ${args} -M -MT deps ${work}/model_ops.cc
    OUTPUT_VARIABLE deps RESULT_VARIABLE rc ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "virtual board kit: the resolver's headers could not be listed:\n${err}")
  endif()
  string(REGEX REPLACE "\\\\\n" " " deps "${deps}")
  string(REGEX REPLACE "^deps:" "" deps "${deps}")
  separate_arguments(deps UNIX_COMMAND "${deps}")
  list(APPEND headers ${deps})

  # flags.mk with the kit's places: every tree's -isystem under $(HPX_KIT)/include; Debian's own headers
  # (gemmlowp) stay where the package that Recommends them puts them.
  set(kit_flags "${cxxflags}")
  foreach(root IN LISTS roots)
    tree_name("${root}" name)
    string(REPLACE "-isystem ${root}" "-isystem $(HPX_KIT)/include/${name}" kit_flags "${kit_flags}")
  endforeach()
  foreach(setting IN ITEMS HPX_TFLM_DIR HPX_FLATBUFFERS_DIR HPX_CMSIS_NN_DIR HPX_RUY_DIR)
    if(${setting})
      tree_name("${${setting}}" name)
      string(REPLACE "-isystem ${${setting}}" "-isystem $(HPX_KIT)/include/${name}" kit_flags "${kit_flags}")
    endif()
  endforeach()
  file(STRINGS "${lib_${kernels}}/flags.mk" arch REGEX "^ARCH := ")
  tree_name("${HPX_TFLM_DIR}" tflm_name)
  file(MAKE_DIRECTORY "${KIT}/prebuilt/${kernels}")
  # The application (main.cc, start-up, the agent and its TFLM adapter) compiled from this source tree, as every
  # firmware build in the tree compiles it: the cache's libhpx_board.a is the application as it was when the kernel
  # set was first built (the cache is keyed by what makes TFLM), and a package must not ship that.
  execute_process(COMMAND make -s -C "${example}" "LIB=${lib_${kernels}}" "APP=${work}/app-${kernels}"
      "${work}/app-${kernels}/libhpx_board.a"
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "virtual board kit: the ${kernels} application could not be built:\n${out}")
  endif()
  file(COPY "${lib_${kernels}}/libtflm.a" "${work}/app-${kernels}/libhpx_board.a"
    DESTINATION "${KIT}/prebuilt/${kernels}")
  file(WRITE "${KIT}/prebuilt/${kernels}/flags.mk"
"# The ${kernels} kernel set of hpx Studio's virtual board kit (packaging/virtualboard-kit.cmake). HPX_KIT is the kit's
# folder; scripts/qemu-board.sh passes it to make.
HPX_KERNELS := ${kernels}
HPX_TFLM_DIR := $(HPX_KIT)/include/${tflm_name}
${arch}
CXXFLAGS := ${kit_flags}
LIBS := $(HPX_KIT)/prebuilt/${kernels}/libhpx_board.a $(HPX_KIT)/prebuilt/${kernels}/libtflm.a
")
endforeach()

# Each header the resolver includes from a tree, at its place in that tree (the longest root that holds it).
list(REMOVE_DUPLICATES headers)
set(copied 0)
foreach(header IN LISTS headers)
  get_filename_component(real "${header}" REALPATH)
  set(best "")
  foreach(root IN LISTS roots)
    string(LENGTH "${root}" length)
    string(LENGTH "${best}" best_length)
    if(real MATCHES "^${root}/" AND length GREATER best_length)
      set(best "${root}")
    endif()
  endforeach()
  if(best STREQUAL "")
    continue() # the compiler's own headers, or Debian's gemmlowp
  endif()
  file(RELATIVE_PATH rel "${best}" "${real}")
  tree_name("${best}" name)
  get_filename_component(dir "${KIT}/include/${name}/${rel}" DIRECTORY)
  file(COPY "${real}" DESTINATION "${dir}")
  math(EXPR copied "${copied} + 1")
endforeach()
# gen_model_ops.cmake reads the op resolver's header to know TFLM's Add<Op>() methods.
if(NOT EXISTS "${KIT}/include/${tflm_name}/tensorflow/lite/micro/micro_mutable_op_resolver.h")
  message(FATAL_ERROR "virtual board kit: micro_mutable_op_resolver.h was not among the resolver's headers")
endif()

foreach(root IN LISTS roots)
  tree_name("${root}" name)
  file(GLOB notices "${root}/LICENSE*" "${root}/COPYING*" "${root}/NOTICE*")
  if(notices)
    file(COPY ${notices} DESTINATION "${KIT}/licenses/${name}")
  endif()
endforeach()

file(COPY "${HPX_SOURCE_DIR}/scripts/qemu-board.sh" DESTINATION "${KIT}/scripts"
  FILE_PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
file(COPY "${example}/Makefile" "${example}/model.S" "${example}/input.S" "${example}/linker.ld" "${example}/gen_model_ops.cmake"
  DESTINATION "${KIT}/firmware/examples/qemu-an547")
file(REMOVE_RECURSE "${work}")
string(REPLACE ";" ", " sets "${kernel_sets}")
message(STATUS "virtual board kit: ${sets} kernels, ${copied} headers, in ${KIT}")
