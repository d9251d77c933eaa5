#include "inference_io.h"

#include <string.h>

namespace hpx_board {

namespace {

// A pattern that visits every residue: element k gets p(k) = (k * 37 + 11) mod 256, centred on 0.
int32_t pattern(size_t k)
{
    return static_cast<int32_t>((k * 37u + 11u) % 256u) - 128;
}

} // namespace

void fillInputs(tflite::MicroInterpreter &interpreter)
{
    for (size_t t = 0; t < interpreter.inputs_size(); ++t) {
        TfLiteTensor *tensor = interpreter.input(t);
        if (!tensor || !tensor->data.raw)
            continue;
        const size_t bytes = tensor->bytes;
        switch (tensor->type) {
        case kTfLiteInt8:
            for (size_t k = 0; k < bytes; ++k)
                tensor->data.int8[k] = static_cast<int8_t>(pattern(k));
            break;
        case kTfLiteUInt8:
            for (size_t k = 0; k < bytes; ++k)
                tensor->data.uint8[k] = static_cast<uint8_t>(pattern(k) + 128);
            break;
        case kTfLiteInt16:
            for (size_t k = 0; k < bytes / 2; ++k)
                tensor->data.i16[k] = static_cast<int16_t>(pattern(k) * 64);
            break;
        case kTfLiteInt32:
            for (size_t k = 0; k < bytes / 4; ++k)
                tensor->data.i32[k] = pattern(k) / 16;
            break;
        case kTfLiteFloat32:
            for (size_t k = 0; k < bytes / 4; ++k)
                tensor->data.f[k] = static_cast<float>(pattern(k)) / 128.0f;
            break;
        case kTfLiteBool:
            for (size_t k = 0; k < bytes; ++k)
                tensor->data.b[k] = (k & 1u) != 0;
            break;
        default:
            for (size_t k = 0; k < bytes; ++k)
                tensor->data.uint8[k] = static_cast<uint8_t>(pattern(k));
            break;
        }
    }
}

size_t inputBytes(tflite::MicroInterpreter &interpreter)
{
    size_t total = 0;
    for (size_t t = 0; t < interpreter.inputs_size(); ++t) {
        const TfLiteTensor *tensor = interpreter.input(t);
        total += tensor && tensor->data.raw ? tensor->bytes : 0;
    }
    return total;
}

bool loadInputs(tflite::MicroInterpreter &interpreter, const uint8_t *data, size_t size)
{
    if (size != inputBytes(interpreter))
        return false;
    for (size_t t = 0; t < interpreter.inputs_size(); ++t) {
        TfLiteTensor *tensor = interpreter.input(t);
        if (!tensor || !tensor->data.raw)
            continue;
        memcpy(tensor->data.raw, data, tensor->bytes);
        data += tensor->bytes;
    }
    return true;
}

uint32_t fnv1a32(const uint8_t *data, size_t size)
{
    uint32_t h = 0x811C9DC5u;
    for (size_t k = 0; k < size; ++k) {
        h ^= data[k];
        h *= 16777619u;
    }
    return h;
}

OutputDigest digestOutputs(tflite::MicroInterpreter &interpreter)
{
    OutputDigest d;
    for (size_t t = 0; t < interpreter.outputs_size(); ++t) {
        const TfLiteTensor *tensor = interpreter.output(t);
        if (!tensor || !tensor->data.raw)
            continue;
        for (size_t k = 0; k < tensor->bytes; ++k) {
            d.fnv1a32 ^= tensor->data.uint8[k];
            d.fnv1a32 *= 16777619u;
        }
        d.bytes += static_cast<uint32_t>(tensor->bytes);
    }
    return d;
}

} // namespace hpx_board
