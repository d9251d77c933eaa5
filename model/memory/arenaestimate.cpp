#include "model/memory/arenaestimate.h"

#include "model/memory/greedyplanner.h"
#include "model/tflite/macs.h"

#include <QCoreApplication>
#include <QHash>
#include <QSet>

#include <algorithm>
#include <optional>

namespace hpx::model {

namespace {

qint64 aligned(qint64 bytes)
{
    return (bytes + arenaAlignment - 1) / arenaAlignment * arenaAlignment;
}

// TFLM's persistent area grows down from the arena's end (16-byte aligned in any arena declared alignas(16) with a
// size that is a multiple of 16, as the virtual board's is): each allocation moves the tail down by its size and
// then down to its alignment. `place` returns the bytes it took, padding included.
class Tail {
public:
    qint64 place(qint64 size, qint64 alignment)
    {
        const qint64 before = m_used;
        m_used = (m_used + size + alignment - 1) / alignment * alignment;
        return m_used - before;
    }

private:
    qint64 m_used = 0;
};

// What one operator costs in the persistent area besides its node record, per kernel set: its builtin parameters
// (MicroBuiltinDataAllocator: sizeof the TfLite...Params struct, at its alignment) and the data its kernel's Init()
// keeps (sizeof its OpData, at 16 bytes). Read off TFLM's allocator on the virtual board (2026-12-02: the
// tflite-micro tree of ../shared/third_party, arm-none-eabi-gcc 12.2.1, Cortex-M55, both kernel sets; docs/memory.md)
// for every operator of the models it runs; MAX_POOL_2D shares AVERAGE_POOL_2D's structs.
struct OperatorSizes {
    const char *op;
    qint64 params;
    qint64 paramsAlignment;
    qint64 referenceData;
    qint64 cmsisNnData;
};

constexpr OperatorSizes operatorSizes[] = {
    { "ADD", 2, 1, 60, 60 },
    { "ASSIGN_VARIABLE", 0, 1, 0, 0 },
    { "AVERAGE_POOL_2D", 40, 4, 32, 36 },
    { "CALL_ONCE", 4, 4, 8, 8 },
    { "CONCATENATION", 8, 4, 24, 24 },
    { "CONV_2D", 28, 4, 56, 60 },
    { "DEPTHWISE_CONV_2D", 28, 4, 56, 60 },
    { "FULLY_CONNECTED", 5, 1, 48, 72 },
    { "LESS", 0, 1, 32, 32 },
    { "LOGISTIC", 0, 1, 16, 16 },
    { "MAX_POOL_2D", 40, 4, 32, 36 },
    { "MUL", 1, 1, 36, 36 },
    { "QUANTIZE", 0, 1, 32, 32 },
    { "READ_VARIABLE", 0, 1, 0, 0 },
    { "RESHAPE", 36, 4, 0, 0 },
    { "SOFTMAX", 4, 4, 56, 64 },
    { "SPLIT_V", 4, 4, 0, 0 },
    { "STRIDED_SLICE", 24, 4, 84, 84 },
    // TfLiteUnidirectionalSequenceLSTMParams; OpDataLSTM (reference), CMSIS-NN's OpData = OpDataLSTM and
    // cmsis_nn_lstm_params: sizeof on arm-none-eabi-gcc 12.2.1 for the Cortex-M55 (issue 33).
    { "UNIDIRECTIONAL_SEQUENCE_LSTM", 16, 4, 688, 912 },
    { "VAR_HANDLE", 8, 4, 4, 4 },
    { "WHILE", 8, 4, 8, 8 },
};
// An operator of another type: a guess, and the plan's notes name the type.
constexpr OperatorSizes unmeasuredOperator = { "", 8, 4, 32, 32 };

const OperatorSizes *measuredSizes(const QString &op)
{
    for (const OperatorSizes &s : operatorSizes) {
        if (op == QLatin1String(s.op))
            return &s;
    }
    return nullptr;
}

// Fixed sizes of TFLM's own records on a 32-bit Cortex-M (TF_LITE_STATIC_MEMORY), read off the same allocator.
constexpr qint64 arenaAllocatorBytes = 36; // SingleArenaBufferAllocator, placed in its own tail
constexpr qint64 greedyPlannerBytes = 44; // GreedyMemoryPlanner
constexpr qint64 microAllocatorBytes = 36; // MicroAllocator
constexpr qint64 builtinDataAllocatorBytes = 8; // MicroBuiltinDataAllocator
constexpr qint64 subgraphAllocationBytes = 8; // SubgraphAllocations: eval tensors and node records of a subgraph
constexpr qint64 evalTensorBytes = 12; // TfLiteEvalTensor: data, dims, type
constexpr qint64 nodeAndRegistrationBytes = 32; // TfLiteNode (7 words) + the registration pointer
constexpr qint64 tfliteTensorBytes = 32; // the TfLiteTensor the interpreter keeps per model input and output
constexpr qint64 affineQuantizationBytes = 12; // TfLiteAffineQuantization: scale, zero_point, quantized_dimension
constexpr qint64 scratchHandleBytes = 4; // ScratchBufferHandle: one pointer per scratch buffer
constexpr qint64 resourceVariablesBytes = 12; // MicroResourceVariables
constexpr qint64 resourceVariableBytes = 20; // MicroResourceVariable, one per VAR_HANDLE operator (see below)

bool isType(const SubgraphInfo &sg, int tensor, const char *type)
{
    return tensor >= 0 && tensor < sg.tensors.size() && sg.tensors.at(tensor).type == QLatin1String(type);
}

qint64 dim(const SubgraphInfo &sg, int tensor, int i)
{
    if (tensor < 0 || tensor >= sg.tensors.size())
        return 0;
    const QVector<qint64> &shape = sg.tensors.at(tensor).shape;
    return i >= 0 && i < shape.size() ? shape.at(i) : 0;
}

// TFLM's padding (kernels/padding.h): half the total the output size implies, never negative.
qint64 padding(qint64 stride, qint64 dilation, qint64 in, qint64 filter, qint64 out)
{
    const qint64 effective = (filter - 1) * dilation + 1;
    return std::max<qint64>(0, (out - 1) * stride + effective - in) / 2;
}

// The shapes CMSIS-NN's convolution buffers depend on (cmsis_nn_dims of input, filter and output).
struct ConvShape {
    qint64 inH = 0, inW = 0, inC = 0; // NHWC input
    qint64 kH = 0, kW = 0, kC = 0; // filter height, width, input channels
    qint64 outH = 0, outW = 0;
};

// CMSIS-NN's scratch buffer for an int8 convolution on a core with MVE (Cortex-M55/M85), as
// arm_convolve_wrapper_s8_get_buffer_size() sizes it with ARM_MATH_MVEI: none for a 1x1 convolution, one row of
// padded input for a 1xN one, else four im2col columns rounded up to 16 bytes.
qint64 cmsisConvScratch(const ConvShape &c, const OperatorInfo &op)
{
    // A damaged model's strides or sizes would overflow the arithmetic below; no microcontroller model comes near.
    const auto sane = [](qint64 v, int bits) { return v > 0 && v <= (qint64(1) << bits); };
    if (!sane(op.strideW, 20) || !sane(op.strideH, 20) || !sane(op.dilationW, 20) || !sane(op.dilationH, 20)
        || !sane(c.inH, 20) || !sane(c.inW, 20) || !sane(c.inC, 20) || !sane(c.kH, 12) || !sane(c.kW, 12)
        || !sane(c.outH, 20) || !sane(c.outW, 20))
        return 0;
    const qint64 padW = padding(op.strideW, op.dilationW, c.inW, c.kW, c.outW);
    const qint64 padH = padding(op.strideH, op.dilationH, c.inH, c.kH, c.outH);
    const qint64 im2col = 4 * ((c.inC * c.kW * c.kH + 15) / 16) * 16;
    if (padW == 0 && padH == 0 && c.kW == 1 && c.kH == 1 && op.dilationW == 1 && op.dilationH == 1 && c.inC == c.kC)
        return 0;
    const bool oneByN = c.inH == 1 && op.dilationW == 1 && c.kH == 1 && (op.strideW * c.inC) % 4 == 0 && c.inC == c.kC;
    if (!oneByN)
        return im2col;
    // arm_convolve_1_x_n_s8_get_buffer_size_mve
    const qint64 totalPad = (c.outW - 1) * op.strideW + c.kW - c.inW;
    const qint64 asymPad = totalPad % 2;
    const qint64 rightPads
        = padW + asymPad != 0 ? std::max<qint64>(1, (padW + asymPad + op.strideW - 1) / op.strideW) : 0;
    const qint64 leftPads = padW != 0 ? std::max<qint64>(1, (padW + op.strideW - 1) / op.strideW) : 0;
    const qint64 noPads = std::max<qint64>(c.outW - (rightPads + leftPads), 0);
    if (rightPads + noPads + leftPads != c.outW)
        return im2col;
    const qint64 padLeft = padW * c.inC;
    const qint64 padRight = asymPad ? rightPads * c.inC : padLeft;
    const qint64 left = c.kW * c.inC;
    return std::max(left + padLeft, left - c.inC + padRight);
}

// The input, filter and output shapes of a CONV_2D or DEPTHWISE_CONV_2D (filter [out, h, w, in] or [1, h, w, out]).
ConvShape convShape(const SubgraphInfo &sg, const OperatorInfo &op)
{
    const int in = op.inputs.at(0), filter = op.inputs.at(1), out = op.outputs.at(0);
    return { dim(sg, in, 1), dim(sg, in, 2), dim(sg, in, 3), dim(sg, filter, 1), dim(sg, filter, 2), dim(sg, filter, 3),
        dim(sg, out, 1), dim(sg, out, 2) };
}

// arm_depthwise_conv_wrapper_s8_get_buffer_size() with ARM_MATH_MVEI, for an int8 DEPTHWISE_CONV_2D: one input
// channel is run as a convolution (its scratch and a copy of the filter); otherwise the MVE kernel for one channel
// per input channel keeps 4 x 124 filter windows.
qint64 cmsisDepthwiseScratch(const SubgraphInfo &sg, const OperatorInfo &op)
{
    if (op.inputs.size() < 2 || op.outputs.isEmpty() || !isType(sg, op.inputs.at(0), "INT8")
        || !isType(sg, op.inputs.at(1), "INT8"))
        return 0;
    ConvShape c = convShape(sg, op);
    const qint64 batches = dim(sg, op.inputs.at(0), 0);
    const qint64 outC = dim(sg, op.outputs.at(0), 3);
    if (c.kH <= 0 || c.kW <= 0 || c.kH > (1 << 12) || c.kW > (1 << 12) || outC > (qint64(1) << 24))
        return 0; // a damaged model (see cmsisConvScratch)
    if (c.inC == 1 && outC > 1) {
        // As a convolution with the filter's channels as output channels and one input channel.
        c.kC = 1;
        return cmsisConvScratch(c, op) + outC * c.kH * c.kW;
    }
    if (c.inC == outC && batches == 1 && op.dilationW == 1 && op.dilationH == 1)
        return 4 * 124 * c.kW * c.kH;
    return 0;
}

// CMSIS-NN's FULLY_CONNECTED with int8 input and weights on MVE: a per-channel copy of a per-tensor scale when its
// output has more than two dimensions and its depth is a multiple of 4 (the 1x1-convolution path), else the kernel
// sums, 4 bytes per output channel.
qint64 cmsisFullyConnectedScratch(const SubgraphInfo &sg, const OperatorInfo &op)
{
    if (op.inputs.size() < 2 || op.outputs.isEmpty() || !isType(sg, op.inputs.at(0), "INT8")
        || !isType(sg, op.inputs.at(1), "INT8"))
        return 0;
    const int filter = op.inputs.at(1), out = op.outputs.at(0);
    if (out < 0 || out >= sg.tensors.size())
        return 0;
    const QVector<qint64> &outShape = sg.tensors.at(out).shape;
    if (outShape.isEmpty())
        return 0;
    const qint64 depth = outShape.last();
    const qint64 accumDepth = dim(sg, filter, int(sg.tensors.at(filter).shape.size()) - 1);
    if (outShape.size() > 2 && accumDepth % 4 == 0)
        return sg.tensors.at(filter).quantizationChannels > 1 ? 0 : depth * 8;
    return depth * 4;
}

qint64 cmsisScratch(const SubgraphInfo &sg, const OperatorInfo &op)
{
    switch (op.builtinCode) {
    case builtin::Conv2D:
        if (op.inputs.size() < 2 || op.outputs.isEmpty() || !isType(sg, op.inputs.at(0), "INT8"))
            return 0;
        return cmsisConvScratch(convShape(sg, op), op);
    case builtin::DepthwiseConv2D:
        return cmsisDepthwiseScratch(sg, op);
    case builtin::FullyConnected:
        return cmsisFullyConnectedScratch(sg, op);
    default:
        return 0;
    }
}

// UNIDIRECTIONAL_SEQUENCE_LSTM (kernels/unidirectional_sequence_lstm.cc, cmsis_nn/unidirectional_sequence_lstm.cc):
// its 24 inputs name the input (0), the hidden state (18) and the cell state (19).
struct LstmShape {
    qint64 stateElements = 0; // batch x state dimension: the hidden state's elements
    qint64 stateDimension = 0;
    qint64 cellBytes = 0; // the cell state's element size (int16 or float32)
    bool cmsisPath = false; // CMSIS-NN's own kernel: int8 or int16 input with an int16 cell state
    qint64 kernelSumBytes = 0; // CMSIS-NN: int32 sums for int8 input, int64 for int16
};

std::optional<LstmShape> lstmShape(const SubgraphInfo &sg, const OperatorInfo &op)
{
    if (op.op != QLatin1String("UNIDIRECTIONAL_SEQUENCE_LSTM") || op.inputs.size() != 24)
        return std::nullopt;
    const int input = op.inputs.at(0), hidden = op.inputs.at(18), cell = op.inputs.at(19);
    if (hidden < 0 || hidden >= sg.tensors.size() || cell < 0 || cell >= sg.tensors.size())
        return std::nullopt;
    LstmShape s;
    const QVector<qint64> &shape = sg.tensors.at(hidden).shape;
    if (shape.size() != 2 || shape.at(0) <= 0 || shape.at(1) <= 0 || shape.at(0) > (1 << 20) || shape.at(1) > (1 << 20))
        return std::nullopt;
    s.stateElements = shape.at(0) * shape.at(1);
    s.stateDimension = shape.at(1);
    const bool int16Cell = isType(sg, cell, "INT16");
    s.cellBytes = int16Cell ? 2 : 4;
    if (int16Cell && isType(sg, input, "INT8")) {
        s.cmsisPath = true;
        s.kernelSumBytes = 4;
    } else if (int16Cell && isType(sg, input, "INT16")) {
        s.cmsisPath = true;
        s.kernelSumBytes = 8;
    }
    return s;
}

// The scratch buffers an operator's Prepare() requests (RequestScratchBufferInArena), each alive while it runs.
QVector<qint64> scratchRequests(const SubgraphInfo &sg, const OperatorInfo &op, KernelSet kernels)
{
    if (const std::optional<LstmShape> lstm = lstmShape(sg, op)) {
        // Four state-sized buffers of the cell state's type; CMSIS-NN's own kernel needs three.
        const int count = kernels == KernelSet::CmsisNn && lstm->cmsisPath ? 3 : 4;
        return QVector<qint64>(count, lstm->stateElements * lstm->cellBytes);
    }
    if (kernels == KernelSet::CmsisNn) {
        if (const qint64 bytes = cmsisScratch(sg, op); bytes > 0)
            return { bytes };
    }
    return {};
}

// What an operator's Prepare() keeps in the persistent area besides its Init() data, in the order it asks:
// CONV_2D's and DEPTHWISE_CONV_2D's per-channel arrays, CMSIS-NN's LSTM kernel sums (8 arrays, one per gate for
// the input and the recurrent weights).
QVector<qint64> preparePersistent(const SubgraphInfo &sg, const OperatorInfo &op, KernelSet kernels);

// The per-channel multipliers and shifts CONV_2D and DEPTHWISE_CONV_2D keep (two int32 arrays, one entry per output
// channel): TFLM's reference kernels allocate them for every type, CMSIS-NN's only for int8 and int16 input.
qint64 perChannelArrayBytes(const SubgraphInfo &sg, const OperatorInfo &op, KernelSet kernels)
{
    if (op.builtinCode != builtin::Conv2D && op.builtinCode != builtin::DepthwiseConv2D)
        return 0;
    if (op.inputs.size() < 2 || op.inputs.at(1) < 0)
        return 0;
    if (kernels == KernelSet::CmsisNn && !isType(sg, op.inputs.at(0), "INT8") && !isType(sg, op.inputs.at(0), "INT16"))
        return 0;
    return 4 * dim(sg, op.inputs.at(1), op.builtinCode == builtin::Conv2D ? 0 : 3);
}

QVector<qint64> preparePersistent(const SubgraphInfo &sg, const OperatorInfo &op, KernelSet kernels)
{
    if (const qint64 perChannel = perChannelArrayBytes(sg, op, kernels); perChannel > 0)
        return { perChannel, perChannel };
    if (kernels == KernelSet::CmsisNn) {
        if (const std::optional<LstmShape> lstm = lstmShape(sg, op); lstm && lstm->cmsisPath)
            return QVector<qint64>(8, lstm->stateDimension * lstm->kernelSumBytes);
    }
    return {};
}

// The resource a VAR_HANDLE output names, for ASSIGN_VARIABLE's first input.
QString resourceOf(const SubgraphInfo &sg, int tensor)
{
    for (const OperatorInfo &op : sg.operators) {
        if (op.builtinCode == builtin::VarHandle && op.outputs.contains(tensor))
            return op.resourceName;
    }
    return QStringLiteral("%1:%2").arg(sg.index).arg(tensor);
}

} // namespace

ArenaEstimate estimateArena(const ModelInfo &model, const TensorPlan &plan, KernelSet kernels)
{
    ArenaEstimate e;
    Tail tail;
    qint64 runtime = 0, resources = 0, tensorRecords = 0, operatorRecords = 0, params = 0, operatorData = 0, io = 0,
           variables = 0;
    QSet<QString> unmeasured;

    // MicroAllocator::Create: the arena's allocator, the planner and the allocator itself.
    runtime += tail.place(arenaAllocatorBytes, 4);
    runtime += tail.place(greedyPlannerBytes, 4);
    runtime += tail.place(microAllocatorBytes, 4);
    // MicroResourceVariables::Create, before the interpreter: the virtual board (and TFLM's own examples) asks for as
    // many variables as the model has VAR_HANDLE operators; an application that asks for another count differs here.
    qint64 handles = 0;
    for (const SubgraphInfo &sg : model.subgraphs)
        handles += std::count_if(sg.operators.cbegin(), sg.operators.cend(),
            [](const OperatorInfo &op) { return op.builtinCode == builtin::VarHandle; });
    if (handles > 0) {
        resources += tail.place(resourceVariablesBytes, arenaAlignment);
        resources += tail.place(resourceVariableBytes * handles, arenaAlignment);
    }
    // StartModelAllocation.
    runtime += tail.place(builtinDataAllocatorBytes, 4);
    runtime += tail.place(subgraphAllocationBytes * model.subgraphs.size(), 4);
    for (const SubgraphInfo &sg : model.subgraphs)
        tensorRecords += tail.place(evalTensorBytes * sg.tensors.size(), 4);
    for (const SubgraphInfo &sg : model.subgraphs)
        operatorRecords += tail.place(nodeAndRegistrationBytes * sg.operators.size(), 4);
    // The interpreter parses every operator's options, then runs every kernel's Init(), then every Prepare().
    auto sizesOf = [&](const OperatorInfo &op) {
        if (const OperatorSizes *s = measuredSizes(op.op))
            return *s;
        unmeasured.insert(op.op == QLatin1String("CUSTOM") ? op.customCode : op.op);
        return unmeasuredOperator;
    };
    for (const SubgraphInfo &sg : model.subgraphs) {
        for (const OperatorInfo &op : sg.operators) {
            const OperatorSizes s = sizesOf(op);
            if (s.params > 0)
                params += tail.place(s.params, s.paramsAlignment);
        }
    }
    for (const SubgraphInfo &sg : model.subgraphs) {
        for (const OperatorInfo &op : sg.operators) {
            const OperatorSizes s = sizesOf(op);
            const qint64 bytes = kernels == KernelSet::CmsisNn ? s.cmsisNnData : s.referenceData;
            if (bytes > 0)
                operatorData += tail.place(bytes, arenaAlignment);
        }
    }
    QSet<QString> assigned;
    QVector<PlannerBuffer> scratch;
    for (const SubgraphInfo &sg : model.subgraphs) {
        for (const OperatorInfo &op : sg.operators) {
            for (const qint64 bytes : preparePersistent(sg, op, kernels))
                operatorData += tail.place(bytes, arenaAlignment);
            // ASSIGN_VARIABLE's Prepare gives a resource its buffer, the first time the resource is assigned.
            if (op.op == QLatin1String("ASSIGN_VARIABLE") && op.inputs.size() >= 2 && op.inputs.at(0) >= 0
                && op.inputs.at(1) >= 0) {
                const QString resource = resourceOf(sg, op.inputs.at(0));
                if (!assigned.contains(resource)) {
                    assigned.insert(resource);
                    const qint64 bytes = sg.tensors.at(op.inputs.at(1)).bytes;
                    resources += tail.place(std::min(bytes, qint64(1) << 40), arenaAlignment);
                }
            }
            for (const qint64 bytes : scratchRequests(sg, op, kernels)) {
                const int first = plan.operatorStep.value(sg.index).value(op.index, -1);
                const int last = plan.operatorLastStep.value(sg.index).value(op.index, -1);
                scratch.append({ aligned(bytes), first, last, -1 });
            }
        }
    }
    // FinishModelAllocation: a handle per scratch buffer, then the variable tensors TFLM does not plan.
    if (!scratch.isEmpty())
        operatorData += tail.place(scratchHandleBytes * scratch.size(), 4);
    for (const TensorMemory &t : plan.tensors) {
        if (t.storage == TensorStorage::Variable)
            variables += tail.place(t.bytes, arenaAlignment);
    }
    // The interpreter's inputs and outputs: a pointer array, then a TfLiteTensor each with its zero points.
    if (!model.subgraphs.isEmpty()) {
        const SubgraphInfo &main = model.subgraphs.first();
        for (const QVector<int> *list : { &main.inputs, &main.outputs }) {
            io += tail.place(4 * list->size(), arenaAlignment);
            for (int t : *list) {
                io += tail.place(tfliteTensorBytes, 4);
                const int channels = t >= 0 && t < main.tensors.size() ? main.tensors.at(t).quantizationChannels : 0;
                if (channels > 0) {
                    io += tail.place(affineQuantizationBytes, 4);
                    io += tail.place(4 + 4 * qint64(channels), 4);
                }
            }
        }
    }

    // The head: the greedy plan of the tensors and the scratch buffers together (scratch buffers after the tensors,
    // each alive during its operator), rounded up as ReserveNonPersistentOverlayMemory does.
    qint64 scratchBytes = 0;
    if (!scratch.isEmpty()) {
        QVector<PlannerBuffer> buffers;
        for (const TensorMemory &t : plan.tensors) {
            if (t.isPlanned())
                buffers.append({ t.alignedBytes, t.firstStep, t.lastStep,
                    t.storage == TensorStorage::OfflinePlanned ? t.offset : qint64(-1) });
        }
        buffers += scratch;
        scratchBytes = aligned(plannedExtent(buffers, planGreedy(buffers))) - aligned(plan.plannedBytes);
    }

    e.kernels = kernels;
    e.parts = {
        { QStringLiteral("non_persistent_plan"), aligned(plan.plannedBytes), false, true },
        { QStringLiteral("scratch_buffers"), scratchBytes, true, true },
        { QStringLiteral("variables"), variables, false, true },
        { QStringLiteral("resource_variables"), resources, true, true },
        { QStringLiteral("runtime_objects"), runtime, true, true },
        { QStringLiteral("tensor_records"), tensorRecords, true, true },
        { QStringLiteral("operator_records"), operatorRecords, true, true },
        { QStringLiteral("operator_params"), params, true, true },
        { QStringLiteral("operator_data"), operatorData, true, true },
        { QStringLiteral("io_tensors"), io, true, true },
    };
    e.unmeasuredOperators = QStringList(unmeasured.cbegin(), unmeasured.cend());
    e.unmeasuredOperators.sort();
    return e;
}

} // namespace hpx::model
