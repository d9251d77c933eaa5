// A minimal copy of the declaration of tflite::MicroProfilerInterface from TensorFlow Lite Micro
// (tensorflow/lite/micro/micro_profiler_interface.h, Apache-2.0), so the hpx agent's TFLM adapter compiles and is
// tested on the host without TFLM installed (docs/firmware.md). Only the interface's shape is reproduced.
#ifndef TENSORFLOW_LITE_MICRO_MICRO_PROFILER_INTERFACE_H_
#define TENSORFLOW_LITE_MICRO_MICRO_PROFILER_INTERFACE_H_

#include <stdint.h>

namespace tflite {

class MicroProfilerInterface {
public:
    virtual ~MicroProfilerInterface() { }
    virtual uint32_t BeginEvent(const char *tag) = 0;
    virtual void EndEvent(uint32_t event_handle) = 0;
};

} // namespace tflite

#endif // TENSORFLOW_LITE_MICRO_MICRO_PROFILER_INTERFACE_H_
