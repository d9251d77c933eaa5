#include "model/tflite/syntheticmodel.h"

#include "model/tflite/macs.h"
#include "model/tflite/tflitemodel.h"
#include "tflite_subset_generated.h"

#include <QCoreApplication>
#include <QSaveFile>

#include <map>
#include <tuple>
#include <vector>

namespace hpx::model {

namespace fb = hpx::tflite;

int SyntheticModel::Subgraph::addTensor(
    const QString &name, const QString &type, const QVector<qint64> &shape, bool constant)
{
    Tensor t;
    t.name = name;
    t.type = type;
    t.shape = shape;
    t.constant = constant;
    tensors.append(t);
    return int(tensors.size() - 1);
}

SyntheticModel::Operator &SyntheticModel::Subgraph::addOperator(
    const QString &op, const QVector<int> &inputs, const QVector<int> &outputs)
{
    Operator o;
    o.op = op;
    o.inputs = inputs;
    o.outputs = outputs;
    operators.append(o);
    return operators.last();
}

SyntheticModel::Subgraph &SyntheticModel::addSubgraph(const QString &name)
{
    Subgraph sg;
    sg.name = name;
    subgraphs.append(sg);
    return subgraphs.last();
}

namespace {

int opCode(const QString &name)
{
    const int code = builtinOperatorCode(name);
    return code >= 0 ? code : builtin::Custom;
}

flatbuffers::Offset<flatbuffers::String> stringOrNull(flatbuffers::FlatBufferBuilder &fbb, const QString &s)
{
    if (s.isEmpty())
        return 0;
    const QByteArray utf8 = s.toUtf8();
    return fbb.CreateString(utf8.constData(), size_t(utf8.size()));
}

flatbuffers::Offset<flatbuffers::Vector<int32_t>> intVector(flatbuffers::FlatBufferBuilder &fbb, const QVector<int> &v)
{
    return fbb.CreateVector(v.constData(), size_t(v.size()));
}

std::pair<fb::BuiltinOptions, flatbuffers::Offset<void>> options(
    flatbuffers::FlatBufferBuilder &fbb, const SyntheticModel::Operator &op, int code)
{
    auto called = [&](int i) { return i < op.calledSubgraphs.size() ? op.calledSubgraphs.at(i) : 0; };
    switch (code) {
    case builtin::Conv2D:
        return { fb::BuiltinOptions::Conv2DOptions,
            fb::CreateConv2DOptions(fbb, fb::Padding::SAME, op.stride, op.stride).Union() };
    case builtin::DepthwiseConv2D:
        return {
            fb::BuiltinOptions::DepthwiseConv2DOptions,
            fb::CreateDepthwiseConv2DOptions(fbb, fb::Padding::SAME, op.stride, op.stride, op.depthMultiplier).Union()
        };
    case builtin::AveragePool2D:
    case builtin::MaxPool2D:
        return { fb::BuiltinOptions::Pool2DOptions,
            fb::CreatePool2DOptions(
                fbb, fb::Padding::VALID, op.stride, op.stride, op.poolFilterWidth, op.poolFilterHeight)
                .Union() };
    case builtin::FullyConnected:
        return { fb::BuiltinOptions::FullyConnectedOptions,
            fb::CreateFullyConnectedOptions(
                fbb, fb::ActivationFunctionType::NONE, fb::FullyConnectedOptionsWeightsFormat::DEFAULT, op.keepNumDims)
                .Union() };
    case builtin::TransposeConv:
        return { fb::BuiltinOptions::TransposeConvOptions,
            fb::CreateTransposeConvOptions(fbb, fb::Padding::SAME, op.stride, op.stride).Union() };
    case builtin::BatchMatMul:
        return { fb::BuiltinOptions::BatchMatMulOptions, fb::CreateBatchMatMulOptions(fbb, op.adjX, op.adjY).Union() };
    case builtin::While:
        return { fb::BuiltinOptions::WhileOptions, fb::CreateWhileOptions(fbb, called(0), called(1)).Union() };
    case builtin::If:
        return { fb::BuiltinOptions::IfOptions, fb::CreateIfOptions(fbb, called(0), called(1)).Union() };
    case builtin::CallOnce:
        return { fb::BuiltinOptions::CallOnceOptions, fb::CreateCallOnceOptions(fbb, called(0)).Union() };
    case builtin::Call:
        return { fb::BuiltinOptions::CallOptions, fb::CreateCallOptions(fbb, quint32(called(0))).Union() };
    default:
        return { fb::BuiltinOptions::NONE, 0 };
    }
}

} // namespace

QByteArray SyntheticModel::build() const
{
    flatbuffers::FlatBufferBuilder fbb(1024 * 64);

    // Buffer 0 is the empty sentinel; each constant tensor gets the next one.
    std::vector<flatbuffers::Offset<fb::Buffer>> buffers;
    buffers.push_back(fb::CreateBuffer(fbb));

    // Operator codes, deduplicated by (code, custom code, legacy encoding).
    std::map<std::tuple<int, QString, bool>, int> opcodeIndex;
    std::vector<flatbuffers::Offset<fb::OperatorCode>> opcodes;

    std::vector<flatbuffers::Offset<fb::SubGraph>> subgraphOffsets;
    for (const Subgraph &sg : subgraphs) {
        std::vector<flatbuffers::Offset<fb::Tensor>> tensors;
        tensors.reserve(size_t(sg.tensors.size()));
        for (const Tensor &t : sg.tensors) {
            std::vector<int32_t> shape(t.shape.cbegin(), t.shape.cend());
            const int type = qMax(0, tensorTypeCode(t.type));
            quint32 buffer = 0;
            if (t.bufferOverride >= 0) {
                buffer = quint32(t.bufferOverride);
            } else if (t.constant) {
                const std::optional<qint64> n = elementCount(t.shape);
                qint64 bytes = n && *n > 0 ? (*n * qMax(tensorTypeBits(type), 8)) / 8 : 1;
                bytes = qBound<qint64>(
                    1, bytes, qint64(64) * 1024 * 1024); // a placeholder, not the real size, beyond 64 MiB
                fbb.ForceVectorAlignment(size_t(bytes), 1, 16);
                uint8_t *data = nullptr;
                const auto vec = fbb.CreateUninitializedVector(size_t(bytes), &data);
                memset(data, 0, size_t(bytes));
                buffer = quint32(buffers.size());
                buffers.push_back(fb::CreateBuffer(fbb, vec));
            }
            const auto name = stringOrNull(fbb, t.name);
            const auto shapeVec = fbb.CreateVector(shape);
            tensors.push_back(fb::CreateTensor(fbb, shapeVec, fb::TensorType(type), buffer, name, 0, t.variable));
        }

        std::vector<flatbuffers::Offset<fb::Operator>> ops;
        ops.reserve(size_t(sg.operators.size()));
        for (const Operator &op : sg.operators) {
            const int code = opCode(op.op);
            const QString custom = code == builtin::Custom ? op.customCode : QString();
            const bool legacy = op.legacyOpcode && code < builtin::PlaceholderForGreaterOpCodes;
            const auto key = std::make_tuple(code, custom, legacy);
            auto it = opcodeIndex.find(key);
            if (it == opcodeIndex.end()) {
                const auto customStr = stringOrNull(fbb, custom);
                const int8_t deprecated = int8_t(qMin(code, int(builtin::PlaceholderForGreaterOpCodes)));
                opcodes.push_back(
                    fb::CreateOperatorCode(fbb, deprecated, customStr, 1, fb::BuiltinOperator(legacy ? 0 : code)));
                it = opcodeIndex.emplace(key, int(opcodes.size() - 1)).first;
            }
            const quint32 index = op.opcodeIndexOverride >= 0 ? quint32(op.opcodeIndexOverride) : quint32(it->second);
            const auto inputs = intVector(fbb, op.inputs);
            const auto outputs = intVector(fbb, op.outputs);
            const auto opt = options(fbb, op, code);
            ops.push_back(fb::CreateOperator(fbb, index, inputs, outputs, opt.first, opt.second));
        }

        const auto tensorVec = fbb.CreateVector(tensors);
        const auto inputs = intVector(fbb, sg.inputs);
        const auto outputs = intVector(fbb, sg.outputs);
        const auto opVec = fbb.CreateVector(ops);
        const auto name = stringOrNull(fbb, sg.name);
        subgraphOffsets.push_back(fb::CreateSubGraph(fbb, tensorVec, inputs, outputs, opVec, name));
    }

    std::vector<flatbuffers::Offset<fb::SignatureDef>> sigs;
    for (const Signature &s : signatures) {
        const auto key = stringOrNull(fbb, s.key);
        sigs.push_back(fb::CreateSignatureDef(fbb, 0, 0, key, quint32(s.subgraphIndex)));
    }

    std::vector<flatbuffers::Offset<fb::Metadata>> metadata;
    if (!offlineOffsets.isEmpty()) {
        std::vector<uint8_t> words(size_t(3 + offlineOffsets.size()) * 4);
        const qint32 header[3] = { 0, qint32(subgraphs.size()), qint32(offlineOffsets.size()) };
        memcpy(words.data(), header, sizeof header);
        memcpy(words.data() + sizeof header, offlineOffsets.constData(), size_t(offlineOffsets.size()) * 4);
        fbb.ForceVectorAlignment(words.size(), 1, 16);
        const auto vec = fbb.CreateVector(words);
        const quint32 buffer = quint32(buffers.size());
        buffers.push_back(fb::CreateBuffer(fbb, vec));
        metadata.push_back(fb::CreateMetadata(fbb, fbb.CreateString("OfflineMemoryAllocation"), buffer));
    }

    const auto opcodeVec = fbb.CreateVector(opcodes);
    const auto subgraphVec = fbb.CreateVector(subgraphOffsets);
    const auto desc = stringOrNull(fbb, description);
    const auto bufferVec = fbb.CreateVector(buffers);
    const auto sigVec = sigs.empty() ? 0 : fbb.CreateVector(sigs);
    const auto metadataVec = metadata.empty() ? 0 : fbb.CreateVector(metadata);
    const auto model = fb::CreateModel(fbb, 3, opcodeVec, subgraphVec, desc, bufferVec, metadataVec, sigVec);
    if (fileIdentifier)
        fbb.Finish(model, fb::ModelIdentifier());
    else
        fbb.Finish(model);
    return QByteArray(reinterpret_cast<const char *>(fbb.GetBufferPointer()), qsizetype(fbb.GetSize()));
}

bool SyntheticModel::writeFile(const QString &path, QString *error) const
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(build()) < 0 || !file.commit()) {
        if (error)
            *error = path + QStringLiteral(": ") + file.errorString();
        return false;
    }
    return true;
}

SyntheticModel SyntheticModel::chain(const ChainOptions &options)
{
    SyntheticModel m;
    Subgraph &sg = m.addSubgraph(options.subgraphName);
    const qint64 c = qMax(1, options.channels);
    const qint64 s = qMax(1, options.spatial);
    const QVector<qint64> act { 1, s, s, c };
    const int input = sg.addTensor(QStringLiteral("input"), QStringLiteral("INT8"), act);
    sg.inputs = { input };
    sg.tensors.reserve(options.operatorCount * 3 + 1);
    sg.operators.reserve(options.operatorCount);

    // outputs[k] = output tensor of operator k; outputs before operator 0 are the model input.
    QVector<int> outputs;
    outputs.reserve(options.operatorCount);
    auto outputAt = [&](int k) { return k >= 0 ? outputs.at(k) : input; };
    int convs = 0;
    for (int k = 0; k < options.operatorCount; ++k) {
        const QString prefix = QStringLiteral("block_%1/").arg(k);
        const int prev = outputAt(k - 1);
        const int out = sg.addTensor(prefix + QStringLiteral("out"), QStringLiteral("INT8"), act);
        if (options.skipEvery > 0 && k % options.skipEvery == options.skipEvery - 1) {
            sg.addOperator(QStringLiteral("ADD"), { prev, outputAt(k - options.skipEvery) }, { out });
        } else if (convs++ % 2 == 1) {
            const int w = sg.addTensor(
                prefix + QStringLiteral("depthwise_weights"), QStringLiteral("INT8"), { 1, 3, 3, c }, true);
            const int b = sg.addTensor(prefix + QStringLiteral("bias"), QStringLiteral("INT32"), { c }, true);
            sg.addOperator(QStringLiteral("DEPTHWISE_CONV_2D"), { prev, w, b }, { out });
        } else {
            const int w
                = sg.addTensor(prefix + QStringLiteral("weights"), QStringLiteral("INT8"), { c, 1, 1, c }, true);
            const int b = sg.addTensor(prefix + QStringLiteral("bias"), QStringLiteral("INT32"), { c }, true);
            sg.addOperator(QStringLiteral("CONV_2D"), { prev, w, b }, { out });
        }
        outputs.append(out);
    }
    sg.outputs = { outputAt(options.operatorCount - 1) };
    if (!options.signatureKey.isEmpty())
        m.signatures.append({ options.signatureKey, 0 });
    return m;
}

SyntheticModel SyntheticModel::conformer(int blocks)
{
    SyntheticModel m;
    m.description = QStringLiteral("hpx synthetic conformer");
    Subgraph &sg = m.addSubgraph(QStringLiteral("main"));
    const qint64 t = 16, d = 32; // time steps, model dimension
    const QVector<qint64> act { 1, 1, t, d };
    int counter = 0;
    auto tensor = [&](const QString &what) {
        return sg.addTensor(what + QString::number(counter++), QStringLiteral("INT8"), act);
    };
    auto weights = [&](const QVector<qint64> &shape) {
        return sg.addTensor(QStringLiteral("w") + QString::number(counter++), QStringLiteral("INT8"), shape, true);
    };
    auto op = [&](const QString &name, const QVector<int> &inputs) {
        const int out = tensor(name.toLower() + QLatin1Char('_'));
        sg.addOperator(name, inputs, { out });
        return out;
    };
    auto fc = [&](int x) { return op(QStringLiteral("FULLY_CONNECTED"), { x, weights({ d, d }), -1 }); };
    const int scale = weights({ 1 });
    auto feedForward = [&](int x) { // 6 operators
        const int h = fc(x);
        const int swish = op(QStringLiteral("MUL"), { h, op(QStringLiteral("LOGISTIC"), { h }) });
        const int half = op(QStringLiteral("MUL"), { fc(swish), scale });
        return op(QStringLiteral("ADD"), { x, half });
    };
    const int input = sg.addTensor(QStringLiteral("features"), QStringLiteral("INT8"), { 1, 2 * t, 80, 1 });
    sg.inputs = { input };
    int x = op(QStringLiteral("CONV_2D"), { input, weights({ d, 3, 80, 1 }), -1 });
    for (int b = 0; b < blocks; ++b) {
        x = feedForward(x);
        // Self-attention, 10 operators.
        const int q = fc(x), k = fc(x), v = fc(x);
        const int scores = op(QStringLiteral("MUL"), { op(QStringLiteral("BATCH_MATMUL"), { q, k }), scale });
        const int attended = op(QStringLiteral("BATCH_MATMUL"), { op(QStringLiteral("SOFTMAX"), { scores }), v });
        x = op(QStringLiteral("ADD"), { x, fc(op(QStringLiteral("RESHAPE"), { attended })) });
        // Convolution module, 10 operators: pointwise + GLU, depthwise, batch norm, swish, pointwise.
        const int p = fc(x);
        const int glu = op(QStringLiteral("MUL"), { p, op(QStringLiteral("LOGISTIC"), { p }) });
        const int dw = op(QStringLiteral("DEPTHWISE_CONV_2D"), { glu, weights({ 1, 1, 31, d }), -1 });
        const int bn = op(QStringLiteral("ADD"), { op(QStringLiteral("MUL"), { dw, scale }), scale });
        const int swish = op(QStringLiteral("MUL"), { bn, op(QStringLiteral("LOGISTIC"), { bn }) });
        x = op(QStringLiteral("ADD"), { x, fc(swish) });
        x = feedForward(x);
        // Layer norm, 2 operators.
        x = op(QStringLiteral("SUB"), { x, op(QStringLiteral("MEAN"), { x, scale }) });
    }
    sg.outputs = { op(QStringLiteral("FULLY_CONNECTED"), { x, weights({ 64, d }), -1 }) };
    return m;
}

QByteArray truncatedCopy(const QByteArray &bytes, qsizetype size)
{
    return bytes.left(qBound<qsizetype>(0, size, bytes.size()));
}

QByteArray bitFlippedCopy(const QByteArray &bytes, qint64 bitIndex)
{
    QByteArray copy = bytes;
    if (bitIndex >= 0 && bitIndex / 8 < copy.size())
        copy[qsizetype(bitIndex / 8)] = char(copy.at(qsizetype(bitIndex / 8)) ^ (1 << (bitIndex % 8)));
    return copy;
}

} // namespace hpx::model
