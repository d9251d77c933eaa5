# TensorFlow Lite Micro for hpx Studio: where the source trees are, and TFLM's own source lists read from them.
#
# The trees are the ones a TFLM user already has (docs/virtual-board.md). Nothing from them is copied into this
# repository. Each is found through a setting: a CMake cache entry, whose default is the environment variable of
# the same name, else the folder next to the repository (../shared/third_party/<tree>) when it exists.
#
#   HPX_TFLM_DIR         tensorflow/tflite-micro checkout (the interpreter, reference kernels, kernels/cmsis_nn)
#   HPX_FLATBUFFERS_DIR  google/flatbuffers at the version TFLM's schema_generated.h asserts (v25.9.23)
#   HPX_CMSIS_NN_DIR     ARM-software/CMSIS-NN at the commit TFLM pins (only for the cmsis-nn kernel set)
#   HPX_RUY_DIR          google/ruy (only ruy/profiler/instrumentation.h is used)
#   HPX_GEMMLOWP_DIR     gemmlowp's headers (Debian: libgemmlowp-dev, /usr/include/gemmlowp)
#
# After include(HpxTflm):
#   HPX_TFLM_FOUND       TRUE when every tree the reference build needs is there
#   HPX_TFLM_MISSING     one line per missing tree, naming its setting (or Debian package)
#   HPX_CMSIS_NN_FOUND   TRUE when CMSIS-NN is there as well
#   hpx_tflm_sources(KERNELS reference|cmsis-nn CORE <var> KERNEL <var> [CMSIS_NN <var>])
#   hpx_tflm_include_dirs(<var> KERNELS reference|cmsis-nn)
#   hpx_tflm_version_key(<var>)   a key that changes when a tree's version changes (for caching builds)
#   HPX_TFLM_CACHE       where the TFLM builds are kept (default: build-tflm/ in the source tree)
# and, when HPX_TFLM_FOUND, the host library target hpx_tflm_host (see the end of this file).
include_guard(GLOBAL)

set(_hpx_tp_default "${CMAKE_CURRENT_LIST_DIR}/../../shared/third_party")
get_filename_component(_hpx_tp_default "${_hpx_tp_default}" ABSOLUTE)

# hpx_tflm_setting(VAR folder-in-third_party marker-file description [debian-default])
function(_hpx_tflm_setting var sub marker what)
  set(default "")
  if(DEFINED ENV{${var}} AND NOT "$ENV{${var}}" STREQUAL "")
    set(default "$ENV{${var}}")
  elseif(ARGC GREATER 4 AND EXISTS "${ARGV4}/${marker}")
    set(default "${ARGV4}")
  elseif(EXISTS "${_hpx_tp_default}/${sub}/${marker}")
    set(default "${_hpx_tp_default}/${sub}")
  endif()
  set(${var} "${default}" CACHE PATH "${what}")
  if("${${var}}" STREQUAL "" AND NOT default STREQUAL "")
    set(${var} "${default}" CACHE PATH "${what}" FORCE) # the tree appeared since the last configure
  endif()
  if(${var} AND EXISTS "${${var}}/${marker}")
    set(${var}_OK TRUE PARENT_SCOPE)
  else()
    set(${var}_OK FALSE PARENT_SCOPE)
  endif()
endfunction()

_hpx_tflm_setting(HPX_TFLM_DIR tflite-micro tensorflow/lite/micro/micro_interpreter.h
  "TensorFlow Lite Micro source tree (github.com/tensorflow/tflite-micro)")
_hpx_tflm_setting(HPX_FLATBUFFERS_DIR flatbuffers include/flatbuffers/flatbuffers.h
  "flatbuffers source tree at the version TFLM asserts (v25.9.23)")
_hpx_tflm_setting(HPX_CMSIS_NN_DIR cmsis-nn Include/arm_nnfunctions.h
  "CMSIS-NN source tree at the commit TFLM pins (github.com/ARM-software/CMSIS-NN)")
_hpx_tflm_setting(HPX_RUY_DIR ruy ruy/profiler/instrumentation.h "ruy source tree (github.com/google/ruy)")
_hpx_tflm_setting(HPX_GEMMLOWP_DIR gemmlowp fixedpoint/fixedpoint.h
  "gemmlowp headers (Debian package libgemmlowp-dev)" /usr/include/gemmlowp)

set(HPX_TFLM_MISSING "")
if(NOT HPX_TFLM_DIR_OK)
  list(APPEND HPX_TFLM_MISSING "TensorFlow Lite Micro: set HPX_TFLM_DIR to a tflite-micro checkout")
endif()
if(NOT HPX_FLATBUFFERS_DIR_OK)
  list(APPEND HPX_TFLM_MISSING "flatbuffers v25.9.23: set HPX_FLATBUFFERS_DIR to a flatbuffers checkout")
endif()
if(NOT HPX_RUY_DIR_OK)
  list(APPEND HPX_TFLM_MISSING "ruy: set HPX_RUY_DIR to a ruy checkout")
endif()
if(NOT HPX_GEMMLOWP_DIR_OK)
  list(APPEND HPX_TFLM_MISSING "gemmlowp: install the Debian package libgemmlowp-dev or set HPX_GEMMLOWP_DIR")
endif()
if(HPX_TFLM_MISSING)
  set(HPX_TFLM_FOUND FALSE)
else()
  set(HPX_TFLM_FOUND TRUE)
endif()
set(HPX_CMSIS_NN_FOUND ${HPX_CMSIS_NN_DIR_OK})
if(NOT HPX_CMSIS_NN_FOUND)
  set(HPX_CMSIS_NN_MISSING "CMSIS-NN: set HPX_CMSIS_NN_DIR to a CMSIS-NN checkout (the commit TFLM pins)")
endif()

# One variable of TFLM's tools/make/sources.inc: the items of "NAME := \" up to the line without a backslash.
function(_hpx_tflm_make_list content name out)
  string(FIND "${content}" "\n${name} := \\\n" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "HpxTflm: ${name} is not in ${HPX_TFLM_DIR}/tensorflow/lite/micro/tools/make/sources.inc "
      "(a TFLM tree of another layout?)")
  endif()
  string(LENGTH "${name} := \\\n" skip)
  math(EXPR at "${at} + 1 + ${skip}")
  string(SUBSTRING "${content}" ${at} -1 rest)
  # Continuation lines become one line of items (a backslash before a ';' would escape it in a CMake list).
  string(REGEX REPLACE "[ \t]*\\\\\n" "|" rest "${rest}")
  string(FIND "${rest}" "\n" stop)
  string(SUBSTRING "${rest}" 0 ${stop} rest)
  string(REPLACE "|" ";" lines "${rest}")
  set(items "")
  foreach(line IN LISTS lines)
    string(STRIP "${line}" item)
    if(NOT item STREQUAL "")
      list(APPEND items "${item}")
    endif()
  endforeach()
  set(${out} "${items}" PARENT_SCOPE)
endfunction()

# Expands the make items: $(TENSORFLOW_ROOT)path and $(wildcard $(TENSORFLOW_ROOT)pattern). Other items are
# handled by the caller (TFL_CC_SRCS).
function(_hpx_tflm_expand items out)
  set(files "")
  foreach(item IN LISTS items)
    if(item MATCHES "^\\$\\(wildcard \\$\\(TENSORFLOW_ROOT\\)(.*)\\)$")
      file(GLOB found "${HPX_TFLM_DIR}/${CMAKE_MATCH_1}")
      list(SORT found)
      list(APPEND files ${found})
    elseif(item MATCHES "^\\$\\(TENSORFLOW_ROOT\\)(.*)$")
      list(APPEND files "${HPX_TFLM_DIR}/${CMAKE_MATCH_1}")
    endif()
  endforeach()
  set(${out} "${files}" PARENT_SCOPE)
endfunction()

# hpx_tflm_sources(KERNELS reference|cmsis-nn CORE <var> KERNEL <var> [CMSIS_NN <var>])
#   CORE: the interpreter, allocator, planners and the shared TfLite files, as TFLM's Makefile builds
#         libtensorflow-microlite.a, without test-only files and without debug_log.cc (each build brings its own).
#   KERNEL: MICROLITE_CC_KERNEL_SRCS; for cmsis-nn, kernels/cmsis_nn/<name>.cc replaces kernels/<name>.cc (what
#         TFLM's specialize_files.py does). The signal library's kernels (custom ops) are left out.
#   CMSIS_NN: CMSIS-NN's C sources (cmsis-nn only), without the float ones TFLM leaves out by default.
function(hpx_tflm_sources)
  cmake_parse_arguments(A "" "KERNELS;CORE;KERNEL;CMSIS_NN" "" ${ARGN})
  set(inc "${HPX_TFLM_DIR}/tensorflow/lite/micro/tools/make/sources.inc")
  file(READ "${inc}" content)
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${inc}")

  _hpx_tflm_make_list("${content}" MICROLITE_CC_BASE_SRCS base_items)
  _hpx_tflm_make_list("${content}" MICROLITE_TEST_SRCS test_items)
  _hpx_tflm_make_list("${content}" MICROLITE_BENCHMARK_SRCS bench_items)
  _hpx_tflm_make_list("${content}" MICROLITE_CC_KERNEL_SRCS kernel_items)
  _hpx_tflm_expand("${base_items}" core)
  _hpx_tflm_expand("${test_items}" tests)
  _hpx_tflm_expand("${bench_items}" bench)
  _hpx_tflm_expand("${kernel_items}" kernels)

  # TFL_CC_SRCS is a `find` in sources.inc: every .cc/.c under tensorflow/ outside lite/experimental and
  # lite/micro; array.cc is left out of TF_LITE_STATIC_MEMORY builds (as sources.inc does).
  file(GLOB_RECURSE tfl RELATIVE "${HPX_TFLM_DIR}" "${HPX_TFLM_DIR}/tensorflow/*.cc" "${HPX_TFLM_DIR}/tensorflow/*.c")
  foreach(f IN LISTS tfl)
    if(NOT f MATCHES "^tensorflow/lite/(experimental|micro)/" AND NOT f STREQUAL "tensorflow/lite/array.cc")
      list(APPEND core "${HPX_TFLM_DIR}/${f}")
    endif()
  endforeach()

  set(micro "${HPX_TFLM_DIR}/tensorflow/lite/micro")
  list(REMOVE_ITEM core ${tests} ${bench} "${micro}/test_helpers.cc" "${micro}/test_helper_custom_ops.cc"
    "${micro}/mock_micro_graph.cc" "${micro}/fake_micro_context.cc" "${micro}/debug_log.cc")
  list(REMOVE_DUPLICATES core)

  if(A_KERNELS STREQUAL "cmsis-nn")
    set(specialized "")
    foreach(k IN LISTS kernels)
      get_filename_component(name "${k}" NAME)
      if(EXISTS "${micro}/kernels/cmsis_nn/${name}")
        list(APPEND specialized "${micro}/kernels/cmsis_nn/${name}")
      else()
        list(APPEND specialized "${k}")
      endif()
    endforeach()
    set(kernels "${specialized}")
    if(A_CMSIS_NN)
      # As TFLM's ext_libs/cmsis_nn.inc with its defaults (ARM_NN_ENABLE_F16=0, ARM_NN_ENABLE_F32=0, which is also
      # CMSIS-NN's own default): the integer kernels only.
      file(GLOB_RECURSE nn "${HPX_CMSIS_NN_DIR}/Source/*.c")
      list(FILTER nn EXCLUDE REGEX "(_f16|_f32|/arm_nntables_flt)\\.c$")
      list(SORT nn)
      set(${A_CMSIS_NN} "${nn}" PARENT_SCOPE)
    endif()
  elseif(NOT A_KERNELS STREQUAL "reference")
    message(FATAL_ERROR "HpxTflm: kernel set '${A_KERNELS}' is neither reference nor cmsis-nn")
  endif()
  set(${A_CORE} "${core}" PARENT_SCOPE)
  set(${A_KERNEL} "${kernels}" PARENT_SCOPE)
endfunction()

function(hpx_tflm_include_dirs out)
  cmake_parse_arguments(A "" "KERNELS" "" ${ARGN})
  set(dirs "${HPX_TFLM_DIR}" "${HPX_FLATBUFFERS_DIR}/include" "${HPX_GEMMLOWP_DIR}" "${HPX_RUY_DIR}")
  if(A_KERNELS STREQUAL "cmsis-nn")
    list(APPEND dirs "${HPX_CMSIS_NN_DIR}" "${HPX_CMSIS_NN_DIR}/Include")
  endif()
  set(${out} "${dirs}" PARENT_SCOPE)
endfunction()

# What TFLM needs defined, in every build: static memory (no heap in the interpreter) and flatbuffers without the
# locale code TFLM's flatbuffers.patch would remove.
set(HPX_TFLM_DEFINITIONS TF_LITE_STATIC_MEMORY FLATBUFFERS_LOCALE_INDEPENDENT=0)

# A key naming the trees' versions: the git commit when a tree is a checkout, else a digest of the files that say
# which version it is (TFLM's source list, flatbuffers' base.h, CMSIS-NN's README).
function(hpx_tflm_version_key out)
  set(key "")
  foreach(pair "HPX_TFLM_DIR;tensorflow/lite/micro/tools/make/sources.inc"
      "HPX_FLATBUFFERS_DIR;include/flatbuffers/base.h" "HPX_CMSIS_NN_DIR;README.md"
      "HPX_RUY_DIR;ruy/profiler/instrumentation.h" "HPX_GEMMLOWP_DIR;fixedpoint/fixedpoint.h")
    list(GET pair 0 var)
    list(GET pair 1 file)
    set(dir "${${var}}")
    set(id "none")
    if(EXISTS "${dir}/.git")
      execute_process(COMMAND git -C "${dir}" rev-parse HEAD OUTPUT_VARIABLE id ERROR_QUIET
        OUTPUT_STRIP_TRAILING_WHITESPACE)
    elseif(EXISTS "${dir}/${file}")
      file(SHA256 "${dir}/${file}" id)
    endif()
    string(APPEND key "${var}=${dir}@${id};")
  endforeach()
  set(${out} "${key}" PARENT_SCOPE)
endfunction()

# Where TFLM builds are kept, built once and shared by every build folder of this checkout, the window and the
# scripts: each kernel set's Arm library (scripts/qemu-board.sh, <cache>/<kernels>-<key>) and the host library
# (<cache>/host-<key>). Default: build-tflm/ in the source tree, beside build/ and build-sanitize/.
if(DEFINED ENV{HPX_TFLM_CACHE} AND NOT "$ENV{HPX_TFLM_CACHE}" STREQUAL "")
  set(_hpx_cache_default "$ENV{HPX_TFLM_CACHE}")
else()
  get_filename_component(_hpx_cache_default "${CMAKE_CURRENT_LIST_DIR}/../build-tflm" ABSOLUTE)
endif()
set(HPX_TFLM_CACHE "${_hpx_cache_default}" CACHE PATH "Folder of the TFLM builds shared by every build folder")

# The host library: TFLM's interpreter and reference kernels built for this machine, for tests (the same output on
# the host as on the emulated board) and for host tools that read TFLM's own memory planning. Link it:
#   target_link_libraries(my_tool PRIVATE hpx_tflm_host)
# and include "tensorflow/lite/micro/micro_interpreter.h" etc.; include dirs and definitions come with it. It brings
# TFLM's own debug_log.cc (MicroPrintf to stderr). Only defined when the trees are found (HPX_TFLM_FOUND).
# It is built once per key (the trees' versions, the compiler, how it is built) into HPX_TFLM_CACHE/host-<key> by a
# project of its own (cmake/tflmhost), Release and without sanitizers, and imported here: a second build folder
# (build-sanitize/) links the same library instead of compiling TFLM again.
function(hpx_tflm_add_host_library)
  if(TARGET hpx_tflm_host OR NOT HPX_TFLM_FOUND)
    return()
  endif()
  hpx_tflm_version_key(key)
  file(READ "${CMAKE_CURRENT_FUNCTION_LIST_DIR}/HpxTflm.cmake" lists)
  file(READ "${CMAKE_CURRENT_FUNCTION_LIST_DIR}/tflmhost/CMakeLists.txt" project)
  string(SHA256 digest "${key}\n${CMAKE_CXX_COMPILER}\n${CMAKE_CXX_COMPILER_VERSION}\n${lists}\n${project}")
  string(SUBSTRING "${digest}" 0 12 digest)
  set(dir "${HPX_TFLM_CACHE}/host-${digest}")
  set(lib "${dir}/${CMAKE_STATIC_LIBRARY_PREFIX}hpx_tflm_host${CMAKE_STATIC_LIBRARY_SUFFIX}")
  set(trees "HPX_TFLM_DIR=${HPX_TFLM_DIR}|HPX_FLATBUFFERS_DIR=${HPX_FLATBUFFERS_DIR}|HPX_CMSIS_NN_DIR=${HPX_CMSIS_NN_DIR}|HPX_RUY_DIR=${HPX_RUY_DIR}|HPX_GEMMLOWP_DIR=${HPX_GEMMLOWP_DIR}")
  # Always run: the build step notices a changed tree file; when nothing changed it takes a fraction of a second.
  add_custom_target(hpx_tflm_host_build
    COMMAND "${CMAKE_COMMAND}" "-DBINARY=${dir}" "-DCXX=${CMAKE_CXX_COMPILER}"
      "-DLAUNCHER=${CMAKE_CXX_COMPILER_LAUNCHER}" "-DTREES=${trees}"
      -P "${CMAKE_CURRENT_FUNCTION_LIST_DIR}/HpxTflmHostBuild.cmake"
    BYPRODUCTS "${lib}"
    COMMENT "TensorFlow Lite Micro for the host (built once, in ${dir})"
    USES_TERMINAL # its own progress, as it comes: the first build takes minutes
    VERBATIM)
  add_library(hpx_tflm_host STATIC IMPORTED GLOBAL)
  hpx_tflm_include_dirs(dirs KERNELS reference)
  set_target_properties(hpx_tflm_host PROPERTIES IMPORTED_LOCATION "${lib}"
    INTERFACE_INCLUDE_DIRECTORIES "${dirs}"
    INTERFACE_COMPILE_DEFINITIONS "${HPX_TFLM_DEFINITIONS}" INTERFACE_COMPILE_FEATURES cxx_std_17)
  add_dependencies(hpx_tflm_host hpx_tflm_host_build)
endfunction()
