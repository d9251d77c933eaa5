# Jetperch's jls library (Joulescope's JLS v2 recordings) for hpx Studio's power recordings (docs/power.md).
#
# The tree is the one a Joulescope user already has (github.com/jetperch/jls, Apache-2.0); nothing of it is copied
# into this repository. It is found through a setting: the CMake cache entry HPX_JLS_DIR, whose default is the
# environment variable of the same name, else ../shared/third_party/jls next to the repository when it exists.
# Its C sources are built here into the static library hpx_jls as its own CMakeLists.txt builds them (each source
# with __FILENAME__, crc32c with SSE 4.2 on x86 or its portable code), so hpx and the .deb link it statically.
#
# After include(HpxJls):
#   HPX_JLS_FOUND    TRUE when the tree is there (then target hpx_jls exists)
#   HPX_JLS_MISSING  what to set when it is not
include_guard(GLOBAL)

set(_hpx_jls_default "")
if(DEFINED ENV{HPX_JLS_DIR} AND NOT "$ENV{HPX_JLS_DIR}" STREQUAL "")
  set(_hpx_jls_default "$ENV{HPX_JLS_DIR}")
elseif(EXISTS "${CMAKE_CURRENT_LIST_DIR}/../../shared/third_party/jls/include/jls/reader.h")
  get_filename_component(_hpx_jls_default "${CMAKE_CURRENT_LIST_DIR}/../../shared/third_party/jls" ABSOLUTE)
endif()
set(HPX_JLS_DIR "${_hpx_jls_default}" CACHE PATH "Jetperch jls source tree (github.com/jetperch/jls)")
if("${HPX_JLS_DIR}" STREQUAL "" AND NOT _hpx_jls_default STREQUAL "")
  set(HPX_JLS_DIR "${_hpx_jls_default}" CACHE PATH "Jetperch jls source tree (github.com/jetperch/jls)" FORCE)
endif()

set(HPX_JLS_FOUND FALSE)
set(HPX_JLS_MISSING "Joulescope JLS recordings: set HPX_JLS_DIR to a jetperch/jls checkout")
if(HPX_JLS_DIR AND EXISTS "${HPX_JLS_DIR}/include/jls/reader.h" AND EXISTS "${HPX_JLS_DIR}/src/reader.c")
  set(HPX_JLS_FOUND TRUE)
  set(HPX_JLS_MISSING "")
endif()

if(HPX_JLS_FOUND AND NOT TARGET hpx_jls)
  enable_language(C)
  set(_jls_sources bit_shift.c buffer.c datatype.c copy.c core.c crc32c.c ec.c log.c msg_ring_buffer.c raw.c tmap.c
    reader.c statistics.c threaded_writer.c track.c wr_fsr.c wr_ts.c writer.c backend_posix.c)
  set(_jls_paths "")
  foreach(f IN LISTS _jls_sources)
    set(p "${HPX_JLS_DIR}/src/${f}")
    list(APPEND _jls_paths "${p}")
    set_source_files_properties("${p}" PROPERTIES COMPILE_DEFINITIONS "__FILENAME__=\"${f}\"")
  endforeach()
  add_library(hpx_jls STATIC ${_jls_paths})
  target_include_directories(hpx_jls SYSTEM PUBLIC "${HPX_JLS_DIR}/include" PRIVATE "${HPX_JLS_DIR}/include_prv")
  set_target_properties(hpx_jls PROPERTIES C_STANDARD 99 C_EXTENSIONS ON POSITION_INDEPENDENT_CODE ON)
  include(CheckCCompilerFlag)
  check_c_compiler_flag(-msse4.2 HPX_JLS_HAVE_SSE42)
  if(HPX_JLS_HAVE_SSE42)
    target_compile_options(hpx_jls PRIVATE -msse4.2)
  else()
    target_compile_definitions(hpx_jls PRIVATE JLS_OPTIMIZE_CRC_DISABLE=1)
  endif()
  find_package(Threads REQUIRED)
  target_link_libraries(hpx_jls PUBLIC m Threads::Threads)
  message(STATUS "Joulescope JLS: ${HPX_JLS_DIR} (library target hpx_jls)")
elseif(NOT HPX_JLS_FOUND)
  message(STATUS "Jetperch jls not found; JLS recordings cannot be read and their tests skip:\n  ${HPX_JLS_MISSING}")
endif()
