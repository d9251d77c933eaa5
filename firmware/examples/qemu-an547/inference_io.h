// The fixed input of the virtual board's inferences and the digest of their output, shared by the firmware and the
// host tool that runs the same model in TFLM built for the host (tests/firmware/tflm_host_run.cpp), so both must give
// the same digest when the kernels compute the same output.
#pragma once

#include "tensorflow/lite/micro/micro_interpreter.h"

#include <stdint.h>

namespace hpx_board {

// Fills every input tensor with the same values on every run: a fixed pattern by element type (int8, uint8,
// int16, int32, float, bool; other types byte by byte), small enough to be in range for any quantisation.
void fillInputs(tflite::MicroInterpreter &interpreter);

struct OutputDigest {
    uint32_t fnv1a32 = 0x811C9DC5u; // FNV-1a of every output tensor's bytes, in output order
    uint32_t bytes = 0;
};
OutputDigest digestOutputs(tflite::MicroInterpreter &interpreter);

} // namespace hpx_board
