// The input of the virtual board's inferences (its fixed input, or the user's, linked in: input.S) and the digest of
// their output, shared by the firmware and the host tool that runs the same model in TFLM built for the host
// (tests/firmware/tflm_host_run.cpp), so both must give the same digest when the kernels compute the same output.
#pragma once

#include "tensorflow/lite/micro/micro_interpreter.h"

#include <stdint.h>

namespace hpx_board {

// Fills every input tensor with the same values on every run: a fixed pattern by element type (int8, uint8,
// int16, int32, float, bool; other types byte by byte), small enough to be in range for any quantisation.
void fillInputs(tflite::MicroInterpreter &interpreter);

// The bytes of every input tensor together, in input order: what a given input must hold.
size_t inputBytes(tflite::MicroInterpreter &interpreter);

// Copies `size` bytes (every input tensor's, in input order, as hpx lays them out: model/input/modelinput.h) into
// the input tensors; false, and nothing copied, when `size` is not inputBytes().
bool loadInputs(tflite::MicroInterpreter &interpreter, const uint8_t *data, size_t size);

// FNV-1a of bytes (the output digest's function), for the stream to say which input ran.
uint32_t fnv1a32(const uint8_t *data, size_t size);

struct OutputDigest {
    uint32_t fnv1a32 = 0x811C9DC5u; // FNV-1a of every output tensor's bytes, in output order
    uint32_t bytes = 0;
};
OutputDigest digestOutputs(tflite::MicroInterpreter &interpreter);

} // namespace hpx_board
