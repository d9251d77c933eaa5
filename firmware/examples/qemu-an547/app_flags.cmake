# Writes the C flags with which the Makefile compiles the application's C sources (start-up, the hpx agent), from
# flags.cmake, the one list of the firmware's flags (the C++ flags come with the kernel set's flags.mk):
#   cmake -DOUT=<file> -P app_flags.cmake
include(${CMAKE_CURRENT_LIST_DIR}/flags.cmake)
list(JOIN HPX_FW_ARCH " " arch)
list(JOIN HPX_FW_COMMON " " common)
list(JOIN HPX_FW_C " " c)
file(WRITE ${OUT} "# Written by firmware/examples/qemu-an547/app_flags.cmake from flags.cmake: do not edit.\nAPP_CFLAGS := ${arch} ${common} ${c}\n")
