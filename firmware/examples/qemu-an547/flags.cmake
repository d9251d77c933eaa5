# Compiler flags of the virtual board's firmware (QEMU mps3-an547, Cortex-M55 with MVE). Shared by the TFLM library
# build (CMakeLists.txt), the per-model link (Makefile, through the flags.mk the library build writes) and the
# cache key (tflm_key.cmake): change a flag here and every kernel set is built again, in a new folder.
set(HPX_FW_ARCH -mcpu=cortex-m55 -mthumb -mfloat-abi=hard)
set(HPX_FW_COMMON -O2 -ffunction-sections -fdata-sections -fno-unwind-tables -fno-asynchronous-unwind-tables)
set(HPX_FW_CXX -std=c++17 -fno-rtti -fno-exceptions -fno-threadsafe-statics -fno-use-cxa-atexit)
set(HPX_FW_C -std=c99)
# TFLM's builds for Cortex-M: static memory; the cmsis-nn kernel set adds CMSIS_NN (TFLM's cmsis_nn/*.cc).
set(HPX_FW_DEFINES TF_LITE_STATIC_MEMORY FLATBUFFERS_LOCALE_INDEPENDENT=0)
set(HPX_FW_CMSIS_NN_DEFINES CMSIS_NN)
