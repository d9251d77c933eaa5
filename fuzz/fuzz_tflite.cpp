// The TFLite loader on arbitrary bytes: the flatbuffer verifier and every later check must turn damage into an error.
// A model it accepts is planned too, with both kernel sets: the memory plan and the arena estimate (which read conv
// geometry, quantisation and resource names from the model) must give a plan or an error, never crash.
#include "fuzz/fuzzsupport.h"
#include "model/memory/memoryplan.h"
#include "model/tflite/tflitemodel.h"

namespace hpx::fuzz {

int tfliteOneInput(const uint8_t *data, size_t size)
{
    const model::ModelLoadResult r = model::parseModel(
        reinterpret_cast<const uchar *>(data), qint64(size), QStringLiteral("fuzz.tflite"), model::Digest::None);
    if (r.ok() == !r.error.isEmpty())
        fail("parseModel: exactly one of model and error must be set", r.error.toUtf8());
    if (r.model) {
        for (const model::KernelSet kernels : { model::KernelSet::Reference, model::KernelSet::CmsisNn }) {
            const model::MemoryPlanResult plan = model::planMemory(*r.model, kernels);
            if (plan.ok() == !plan.error.isEmpty())
                fail("planMemory: exactly one of plan and error must be set", plan.error.toUtf8());
        }
    }
    return 0;
}

} // namespace hpx::fuzz

HPX_FUZZ_TARGET(hpx::fuzz::tfliteOneInput)
