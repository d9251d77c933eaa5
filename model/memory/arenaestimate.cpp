#include "model/memory/arenaestimate.h"

#include <algorithm>

namespace hpx::model {

namespace {

qint64 aligned(qint64 bytes)
{
    return (bytes + arenaAlignment - 1) / arenaAlignment * arenaAlignment;
}

// Sizes on a 32-bit target built with TF_LITE_STATIC_MEMORY (tensorflow/lite/core/c/common.h).
constexpr qint64 evalTensorBytes = 12; // TfLiteEvalTensor: data, dims, type
constexpr qint64 nodeAndRegistrationBytes = 32; // TfLiteNode (7 words) + the registration pointer
constexpr qint64 ioTensorBytes = 48; // a TfLiteTensor the interpreter keeps for each model input and output
// Not from a header: a rough figure per operator for its builtin parameters (MicroBuiltinDataAllocator) and the
// state its kernel keeps (OpData), plus 8 bytes per output channel for the per-channel multiplier and shift of
// the quantised convolution and fully-connected kernels.
constexpr qint64 operatorDataBytes = 64;
constexpr qint64 perChannelBytes = 8;
// The allocator, the greedy planner, the interpreter's graph and subgraph tables: a rough fixed figure.
constexpr qint64 runtimeObjectsBytes = 512;

bool perChannel(const QString &op)
{
    return op == QLatin1String("CONV_2D") || op == QLatin1String("DEPTHWISE_CONV_2D")
        || op == QLatin1String("FULLY_CONNECTED") || op == QLatin1String("TRANSPOSE_CONV");
}

} // namespace

QVector<ArenaPart> estimateArena(const ModelInfo &model, const MemoryPlan &plan)
{
    qint64 variables = 0;
    for (const TensorMemory &t : plan.tensors) {
        if (t.storage == TensorStorage::Variable)
            variables += aligned(t.bytes);
    }
    qint64 tensors = 0;
    qint64 operators = 0;
    qint64 operatorData = 0;
    for (const SubgraphInfo &sg : model.subgraphs) {
        tensors += aligned(evalTensorBytes * sg.tensors.size());
        operators += aligned(nodeAndRegistrationBytes * sg.operators.size());
        for (const OperatorInfo &op : sg.operators) {
            qint64 bytes = operatorDataBytes;
            if (perChannel(op.op) && !op.outputs.isEmpty() && op.outputs.first() >= 0) {
                const QVector<qint64> &shape = sg.tensors.at(op.outputs.first()).shape;
                if (!shape.isEmpty())
                    bytes += perChannelBytes * std::max<qint64>(0, shape.last());
            }
            operatorData += aligned(bytes);
        }
    }
    const SubgraphInfo &main = model.subgraphs.first();
    const qint64 io = aligned(ioTensorBytes * (main.inputs.size() + main.outputs.size()));

    // The head is the plan's extent rounded up (ReserveNonPersistentOverlayMemory).
    return {
        { QStringLiteral("non_persistent_plan"), aligned(plan.plannedBytes), false, true },
        { QStringLiteral("scratch_buffers"), 0, true, false },
        { QStringLiteral("variables"), variables, false, true },
        { QStringLiteral("tensor_records"), tensors, true, true },
        { QStringLiteral("operator_records"), operators, true, true },
        { QStringLiteral("operator_data"), operatorData, true, true },
        { QStringLiteral("io_tensors"), io, true, true },
        { QStringLiteral("runtime_objects"), runtimeObjectsBytes, true, true },
    };
}

} // namespace hpx::model
