// The TFLite loader on arbitrary bytes: the flatbuffer verifier and every later check must turn damage into an error.
#include "fuzz/fuzzsupport.h"
#include "model/tflite/tflitemodel.h"

namespace hpx::fuzz {

int tfliteOneInput(const uint8_t *data, size_t size)
{
    const model::ModelLoadResult r = model::parseModel(
        reinterpret_cast<const uchar *>(data), qint64(size), QStringLiteral("fuzz.tflite"), model::Digest::None);
    if (r.ok() == !r.error.isEmpty())
        fail("parseModel: exactly one of model and error must be set", r.error.toUtf8());
    return 0;
}

} // namespace hpx::fuzz

HPX_FUZZ_TARGET(hpx::fuzz::tfliteOneInput)
