#include "model/tflite/tflitemodel.h"

#include "model/digest/sha256.h"
#include "model/tflite/macs.h"
#include "model/tflite/tflitenames.h"
#include "tflite_subset_generated.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QIODevice>
#include <QLoggingCategory>
#include <QVarLengthArray>

#include <algorithm>
#include <cstring>
#include <memory>
#include <vector>

namespace hpx::model {

Q_LOGGING_CATEGORY(lcTflite, "hpx.model.tflite", QtWarningMsg)

namespace fb = hpx::tflite;

namespace {

ModelLoadResult failure(const QString &message)
{
    ModelLoadResult r;
    r.error = message;
    return r;
}

QString fromFb(const flatbuffers::String *s)
{
    if (!s)
        return QString();
    // Names are ASCII in practice, and widening ASCII is several times faster than decoding UTF-8 (same result).
    const char *text = s->c_str();
    const qsizetype n = qsizetype(s->size());
    unsigned char high = 0;
    for (qsizetype i = 0; i < n; ++i)
        high |= static_cast<unsigned char>(text[i]);
    return high < 0x80 ? QString::fromLatin1(text, n) : QString::fromUtf8(text, n);
}

template<typename T> qsizetype vectorSize(const flatbuffers::Vector<T> *v)
{
    return v ? qsizetype(v->size()) : 0;
}

// Tensors repeat a handful of shapes ([1, H, W, C] activations, [C] biases): one shared QVector per
// distinct shape (a direct-mapped cache) spares most tensors an allocation.
class ShapeCache {
public:
    Shape get(const flatbuffers::Vector<int32_t> *dims)
    {
        const flatbuffers::uoffset_t n = dims ? dims->size() : 0;
        if (n == 0)
            return Shape();
        quint32 h = n;
        for (flatbuffers::uoffset_t i = 0; i < n; ++i)
            h = h * 31u + quint32(dims->Get(i));
        Shape &slot = m_slots[(h * 0x9E3779B1u) >> (32 - kSlotBits)]; // Fibonacci hashing: no division
        if (slot.size() == qsizetype(n)) {
            bool same = true;
            for (flatbuffers::uoffset_t i = 0; i < n && same; ++i)
                same = slot.at(i) == dims->Get(i);
            if (same)
                return slot;
        }
        Shape shape(n);
        for (flatbuffers::uoffset_t i = 0; i < n; ++i)
            shape[i] = dims->Get(i);
        slot = shape;
        return shape;
    }

private:
    static constexpr int kSlotBits = 8;
    Shape m_slots[1 << kSlotBits];
};

struct Opcode {
    int code = 0;
    QString name;
    QString customCode;
};

// Reads a verified model. Every index the model stores is checked before use; the first bad one ends
// the read with a message. The loader's messages (the functions below that check the file before a Reader reads it
// too) are its.
class Reader {
    Q_DECLARE_TR_FUNCTIONS(hpx::model::TfliteReader)
public:
    Reader(const fb::Model *model, const QString &displayName)
        : m_model(model)
        , m_name(displayName)
    {
    }

    bool read(ModelInfo &info);
    const QString &error() const { return m_error; }

private:
    bool readOpcodes();
    bool readSignatures(ModelInfo &info);
    bool readOfflinePlan(ModelInfo &info);
    bool readSubgraph(int index, const fb::SubGraph *sg, SubgraphInfo &out);
    bool readTensors(int sgIndex, const fb::SubGraph *sg, SubgraphInfo &out);
    bool readOperator(int sgIndex, int opIndex, const fb::Operator *op, SubgraphInfo &out);
    // opIndex < 0: the subgraph's own inputs/outputs. Messages are built only on failure.
    bool checkTensorList(const flatbuffers::Vector<int32_t> *list, qsizetype tensorCount, bool allowAbsent,
        QVector<int> &out, int sgIndex, int opIndex, const QString &op, bool inputs);
    bool checkSubgraphIndex(qint64 index, int sgIndex, int opIndex, const QString &op);
    bool fail(const QString &message)
    {
        m_error = m_name + QStringLiteral(": ") + message;
        return false;
    }
    QString opWhere(int sgIndex, int opIndex, const QString &op) const
    {
        return Reader::tr("subgraph %1, operator %2 (%3)").arg(sgIndex).arg(opIndex).arg(op);
    }

    const fb::Model *m_model;
    QString m_name;
    QString m_error;
    std::vector<Opcode> m_opcodes;
    qsizetype m_bufferCount = 0;
    qsizetype m_subgraphCount = 0;
    qint64 m_parameterBytes = 0; // every constant tensor of the model, checked against overflow
    qint64 m_totalMacs = 0; // ModelInfo::totalMacs() / totalOps(), checked against overflow
    qint64 m_totalOps = 0;
    bool m_totalsOverflow = false;
    const QVector<QString> &m_typeNames = tensorTypeNames();
    QVarLengthArray<const Shape *, 8> m_in, m_out; // reused per operator
    ShapeCache m_shapes;
};

bool Reader::read(ModelInfo &info)
{
    info.schemaVersion = m_model->version();
    info.description = fromFb(m_model->description());
    m_bufferCount = vectorSize(m_model->buffers());
    m_subgraphCount = vectorSize(m_model->subgraphs());
    if (m_subgraphCount == 0)
        return fail(Reader::tr("the model has no subgraphs"));
    if (!readOpcodes() || !readSignatures(info) || !readOfflinePlan(info))
        return false;

    info.subgraphs.resize(m_subgraphCount);
    for (int i = 0; i < m_subgraphCount; ++i) {
        if (!readSubgraph(i, m_model->subgraphs()->Get(flatbuffers::uoffset_t(i)), info.subgraphs[i]))
            return false;
    }
    // Graph ids: name, else the key of a signature for this subgraph, else main / subgraph_<i>
    // (Model Explorer's rule, docs/model-info.md).
    for (SubgraphInfo &sg : info.subgraphs) {
        if (!sg.name.isEmpty()) {
            sg.graphId = sg.name;
            continue;
        }
        for (const SignatureInfo &sig : std::as_const(info.signatures)) {
            if (sig.subgraphIndex == sg.index && !sig.key.isEmpty()) {
                sg.graphId = sig.key;
                break;
            }
        }
        if (sg.graphId.isEmpty())
            sg.graphId
                = sg.index == 0 ? QStringLiteral("main") : QStringLiteral("subgraph_") + QString::number(sg.index);
    }
    if (m_totalsOverflow)
        return fail(Reader::tr("the model's total MAC count overflows 64 bits"));
    return true;
}

bool Reader::readOpcodes()
{
    const auto *codes = m_model->operator_codes();
    m_opcodes.resize(size_t(vectorSize(codes)));
    for (qsizetype i = 0; i < qsizetype(m_opcodes.size()); ++i) {
        const fb::OperatorCode *oc = codes->Get(flatbuffers::uoffset_t(i));
        Opcode &o = m_opcodes[size_t(i)];
        // Converters before TF 2.4 store the op only in the deprecated byte; newer ones put 127
        // (PLACEHOLDER_FOR_GREATER_OP_CODES) there for codes above 127. The larger of the two is the op.
        o.code = qMax(int(oc->builtin_code()), int(oc->deprecated_builtin_code()));
        o.name = builtinOperatorName(o.code);
        if (o.code == builtin::Custom)
            o.customCode = fromFb(oc->custom_code());
    }
    return true;
}

bool Reader::readOfflinePlan(ModelInfo &info)
{
    // TFLM's offline memory plan (tflite-micro docs/memory_management.md): a metadata entry named exactly
    // "OfflineMemoryAllocation" whose buffer holds little-endian int32 words [version, subgraphs, count, offset...].
    const auto *metadata = m_model->metadata();
    for (qsizetype i = 0; i < vectorSize(metadata); ++i) {
        const fb::Metadata *m = metadata->Get(flatbuffers::uoffset_t(i));
        if (!m->name() || m->name()->string_view() != "OfflineMemoryAllocation")
            continue;
        if (m->buffer() >= quint64(m_bufferCount)) {
            return fail(Reader::tr("metadata \"OfflineMemoryAllocation\": buffer index %1 out of range (%2 buffers)")
                            .arg(m->buffer())
                            .arg(m_bufferCount));
        }
        const auto *data = m_model->buffers()->Get(m->buffer())->data();
        const qsizetype words = data ? qsizetype(data->size() / 4) : 0;
        auto word = [&](qsizetype w) {
            qint32 v = 0;
            memcpy(&v, data->data() + w * 4, 4);
            return v;
        };
        info.hasOfflinePlan = true;
        info.offlineOffsets.clear();
        info.offlinePlanTensorCount = words >= 3 ? qint64(quint32(word(2))) : -1;
        // Only what the buffer holds is read; a count beyond it is the planner's problem to report.
        const qint64 available = qMax<qint64>(0, words - 3);
        const qint64 n = qMin(available, qMax<qint64>(0, info.offlinePlanTensorCount));
        info.offlineOffsets.reserve(n);
        for (qint64 w = 0; w < n; ++w)
            info.offlineOffsets.append(word(3 + w));
    }
    return true;
}

bool Reader::readSignatures(ModelInfo &info)
{
    const auto *sigs = m_model->signature_defs();
    for (qsizetype i = 0; i < vectorSize(sigs); ++i) {
        const fb::SignatureDef *s = sigs->Get(flatbuffers::uoffset_t(i));
        SignatureInfo sig;
        sig.key = fromFb(s->signature_key());
        if (s->subgraph_index() >= quint64(m_subgraphCount)) {
            return fail(Reader::tr("signature \"%1\": subgraph index %2 out of range (%3 subgraphs)")
                            .arg(sig.key)
                            .arg(s->subgraph_index())
                            .arg(m_subgraphCount));
        }
        sig.subgraphIndex = int(s->subgraph_index());
        info.signatures.append(sig);
    }
    return true;
}

bool Reader::checkTensorList(const flatbuffers::Vector<int32_t> *list, qsizetype tensorCount, bool allowAbsent,
    QVector<int> &out, int sgIndex, int opIndex, const QString &op, bool inputs)
{
    const qsizetype n = vectorSize(list);
    if (n == 0)
        return true;
    // Flatbuffers store little-endian int32, the host's layout: copy in one go, then check.
    static_assert(FLATBUFFERS_LITTLEENDIAN, "the loader copies int32 vectors as stored");
    const int32_t *raw = reinterpret_cast<const int32_t *>(list->Data());
    out = QVector<int>(raw, raw + n);
    for (qsizetype i = 0; i < n; ++i) {
        const int t = raw[i];
        if ((t < 0 && !(allowAbsent && t == -1)) || t >= tensorCount) {
            const QString where = opIndex >= 0 ? opWhere(sgIndex, opIndex, op) : Reader::tr("subgraph %1").arg(sgIndex);
            const QString what = inputs ? Reader::tr("input") : Reader::tr("output");
            return fail(Reader::tr("%1: %2 tensor index %3 out of range (%4 tensors)")
                            .arg(where, what)
                            .arg(t)
                            .arg(tensorCount));
        }
    }
    return true;
}

bool Reader::checkSubgraphIndex(qint64 index, int sgIndex, int opIndex, const QString &op)
{
    if (index < 0 || index >= m_subgraphCount) {
        return fail(Reader::tr("%1: called subgraph index %2 out of range (%3 subgraphs)")
                        .arg(opWhere(sgIndex, opIndex, op))
                        .arg(index)
                        .arg(m_subgraphCount));
    }
    return true;
}

bool Reader::readTensors(int sgIndex, const fb::SubGraph *sg, SubgraphInfo &out)
{
    const auto *tensors = sg->tensors();
    const qsizetype n = vectorSize(tensors);
    // Built in place one after the other: resize() first would sweep the whole array (megabytes for a large model)
    // once more, out of the cache, just to default-construct it.
    out.tensors.reserve(n);
    for (qsizetype i = 0; i < n; ++i) {
        const fb::Tensor *t = tensors->Get(flatbuffers::uoffset_t(i));
        TensorInfo &ti = out.tensors.emplace_back();
        ti.index = int(i);
        ti.name = fromFb(t->name());
        const int type = int(t->type());
        const bool knownType = type >= 0 && type < m_typeNames.size() && !m_typeNames.at(type).isEmpty();
        ti.type = knownType ? m_typeNames.at(type) : tensorTypeName(type);
        ti.typeCode = type;
        ti.shape = m_shapes.get(t->shape());
        const quint32 buffer = t->buffer();
        // Buffer 0 is the empty sentinel every tensor without data points at; accept it even when a
        // writer omitted the buffers table.
        if (buffer != 0 && buffer >= quint64(m_bufferCount)) {
            return fail(Reader::tr("subgraph %1, tensor %2 \"%3\": buffer index %4 out of range (%5 buffers)")
                            .arg(sgIndex)
                            .arg(i)
                            .arg(ti.name)
                            .arg(buffer)
                            .arg(m_bufferCount));
        }
        ti.buffer = int(buffer);
        ti.isVariable = t->is_variable();
        if (const fb::QuantizationParameters *q = t->quantization();
            q && q->scale() && q->scale()->size() > 0 && q->zero_point() && q->zero_point()->size() > 0)
            ti.quantizationChannels = int(q->scale()->size());
        if (buffer != 0 && !ti.isVariable) {
            const fb::Buffer *b = m_model->buffers()->Get(buffer);
            ti.isConstant = (b->data() && b->data()->size() > 0) || (b->offset() > 1 && b->size() > 0);
        }
        const std::optional<qint64> elements = elementCount(ti.shape);
        const int bits = tensorTypeBits(type);
        const qint64 n = elements ? qMax<qint64>(*elements, 0) : 0;
        bool sized = elements.has_value();
        if (bits >= 8)
            sized = sized && checkedMul(n, bits / 8, &ti.bytes);
        else if (bits > 0)
            ti.bytes = n / (8 / bits) + (n % (8 / bits) ? 1 : 0); // packed sub-byte types
        if (!sized) {
            return fail(Reader::tr("subgraph %1, tensor %2 \"%3\": the shape's size overflows 64 bits")
                            .arg(sgIndex)
                            .arg(i)
                            .arg(ti.name));
        }
        if (ti.isConstant && !checkedAdd(m_parameterBytes, ti.bytes, &m_parameterBytes))
            return fail(Reader::tr("the model's parameter size overflows 64 bits"));
    }
    return true;
}

bool Reader::readOperator(int sgIndex, int opIndex, const fb::Operator *op, SubgraphInfo &out)
{
    OperatorInfo &oi = out.operators.emplace_back();
    oi.index = opIndex;
    const quint32 opcodeIndex = op->opcode_index();
    if (opcodeIndex >= m_opcodes.size()) {
        return fail(Reader::tr("subgraph %1, operator %2: opcode index %3 out of range (%4 operator codes)")
                        .arg(sgIndex)
                        .arg(opIndex)
                        .arg(opcodeIndex)
                        .arg(m_opcodes.size()));
    }
    const Opcode &code = m_opcodes[opcodeIndex];
    oi.opcodeIndex = int(opcodeIndex);
    oi.builtinCode = code.code;
    oi.op = code.name;
    if (!code.customCode.isNull())
        oi.customCode = code.customCode;

    const qsizetype tensorCount = out.tensors.size();
    if (!checkTensorList(op->inputs(), tensorCount, true, oi.inputs, sgIndex, opIndex, oi.op, true)
        || !checkTensorList(op->outputs(), tensorCount, true, oi.outputs, sgIndex, opIndex, oi.op, false))
        return false;

    OpShapes shapes;
    shapes.builtinCode = code.code;
    switch (code.code) {
    case builtin::While:
        if (const auto *o = op->builtin_options_as_WhileOptions())
            oi.calledSubgraphs = { o->cond_subgraph_index(), o->body_subgraph_index() };
        break;
    case builtin::If:
        if (const auto *o = op->builtin_options_as_IfOptions())
            oi.calledSubgraphs = { o->then_subgraph_index(), o->else_subgraph_index() };
        break;
    case builtin::CallOnce:
        if (const auto *o = op->builtin_options_as_CallOnceOptions())
            oi.calledSubgraphs = { o->init_subgraph_index() };
        break;
    case builtin::Call:
        if (const auto *o = op->builtin_options_as_CallOptions()) {
            if (!checkSubgraphIndex(qint64(o->subgraph()), sgIndex, opIndex, oi.op))
                return false;
            oi.calledSubgraphs = { int(o->subgraph()) };
        }
        break;
    case builtin::AveragePool2D:
    case builtin::MaxPool2D:
        if (const auto *o = op->builtin_options_as_Pool2DOptions()) {
            shapes.poolFilterWidth = o->filter_width();
            shapes.poolFilterHeight = o->filter_height();
        }
        break;
    case builtin::Conv2D:
    case builtin::DepthwiseConv2D: {
        // Both options tables name strides and dilations alike.
        const auto geometry = [&oi](const auto *o) {
            if (!o)
                return;
            oi.strideW = o->stride_w();
            oi.strideH = o->stride_h();
            oi.dilationW = o->dilation_w_factor();
            oi.dilationH = o->dilation_h_factor();
        };
        if (code.code == builtin::Conv2D)
            geometry(op->builtin_options_as_Conv2DOptions());
        else
            geometry(op->builtin_options_as_DepthwiseConv2DOptions());
        break;
    }
    case builtin::VarHandle:
        if (const auto *o = op->builtin_options_as_VarHandleOptions())
            oi.resourceName = fromFb(o->container()) + QLatin1Char('/') + fromFb(o->shared_name());
        break;
    case builtin::BatchMatMul:
        if (const auto *o = op->builtin_options_as_BatchMatMulOptions()) {
            shapes.adjX = o->adj_x();
            shapes.adjY = o->adj_y();
        }
        break;
    default:
        break;
    }
    for (int s : std::as_const(oi.calledSubgraphs)) {
        if (!checkSubgraphIndex(s, sgIndex, opIndex, oi.op))
            return false;
    }

    m_in.resize(oi.inputs.size());
    m_out.resize(oi.outputs.size());
    std::fill(m_in.begin(), m_in.end(), nullptr);
    std::fill(m_out.begin(), m_out.end(), nullptr);
    qint64 paramBytes = 0, activationBytes = 0;
    bool sumOk = true;
    // A tensor listed twice (WHILE passing one constant as two loop variables) is counted once.
    auto listedBefore = [&](int t, qsizetype inputPos, qsizetype outputPos) {
        for (qsizetype j = 0; j < inputPos; ++j) {
            if (oi.inputs.at(j) == t)
                return true;
        }
        for (qsizetype j = 0; j < outputPos; ++j) {
            if (oi.outputs.at(j) == t)
                return true;
        }
        return false;
    };
    for (qsizetype i = 0; i < oi.inputs.size(); ++i) {
        const int t = oi.inputs.at(i);
        if (t < 0)
            continue;
        const TensorInfo &ti = out.tensors.at(t);
        m_in[i] = &ti.shape;
        if (!listedBefore(t, i, 0)) {
            sumOk = sumOk
                && checkedAdd(ti.isConstant ? paramBytes : activationBytes, ti.bytes,
                    ti.isConstant ? &paramBytes : &activationBytes);
        }
    }
    for (qsizetype i = 0; i < oi.outputs.size(); ++i) {
        const int t = oi.outputs.at(i);
        if (t < 0)
            continue;
        const TensorInfo &ti = out.tensors.at(t);
        m_out[i] = &ti.shape;
        if (!listedBefore(t, oi.inputs.size(), i))
            sumOk = sumOk && checkedAdd(activationBytes, ti.bytes, &activationBytes);
    }
    shapes.inputs = m_in.data();
    shapes.inputCount = int(m_in.size());
    shapes.outputs = m_out.data();
    shapes.outputCount = int(m_out.size());
    const std::optional<OpCost> cost = computeOpCost(shapes);
    if (!cost || !sumOk) {
        return fail(Reader::tr("%1: the MAC count overflows 64 bits").arg(opWhere(sgIndex, opIndex, oi.op)));
    }
    oi.macs = cost->macs;
    oi.ops = cost->ops;
    // ModelInfo's totals add without checks; an overflow is reported once every operator has been read.
    m_totalsOverflow = m_totalsOverflow || !checkedAdd(m_totalMacs, oi.macs, &m_totalMacs)
        || !checkedAdd(m_totalOps, oi.ops, &m_totalOps);
    oi.numParameters = cost->numParameters;
    oi.parameterBytes = paramBytes;
    oi.activationBytes = activationBytes;
    return true;
}

bool Reader::readSubgraph(int index, const fb::SubGraph *sg, SubgraphInfo &out)
{
    out.index = index;
    out.name = fromFb(sg->name());
    if (!readTensors(index, sg, out))
        return false;
    if (!checkTensorList(sg->inputs(), out.tensors.size(), false, out.inputs, index, -1, QString(), true)
        || !checkTensorList(sg->outputs(), out.tensors.size(), false, out.outputs, index, -1, QString(), false))
        return false;
    const auto *ops = sg->operators();
    const qsizetype n = vectorSize(ops);
    out.operators.reserve(n);
    for (qsizetype i = 0; i < n; ++i) {
        if (!readOperator(index, int(i), ops->Get(flatbuffers::uoffset_t(i)), out))
            return false;
    }
    return true;
}

QString describeIdentifier(const uchar *data)
{
    QString id;
    for (int i = 4; i < 8; ++i) {
        const char c = char(data[i]);
        if (c < 0x20 || c > 0x7e)
            return QString();
        id += QLatin1Char(c);
    }
    return id;
}

ModelLoadResult parse(const uchar *data, qint64 size, const QString &displayName, Digest digest)
{
    if (size <= 0)
        return failure(displayName + QStringLiteral(": ") + Reader::tr("the file is empty"));
    if (size < 8) {
        return failure(displayName + QStringLiteral(": ") + Reader::tr("not a TFLite model (only %1 bytes)").arg(size));
    }
    if (size > qint64(FLATBUFFERS_MAX_BUFFER_SIZE)) {
        return failure(displayName + QStringLiteral(": ")
            + Reader::tr("models larger than 2 GiB (%1 bytes) are not supported").arg(size));
    }
    if (!flatbuffers::BufferHasIdentifier(data, fb::ModelIdentifier())) {
        const QString found = describeIdentifier(data);
        return failure(displayName + QStringLiteral(": ")
            + (found.isEmpty()
                    ? Reader::tr("not a TFLite model (no \"TFL3\" file identifier)")
                    : Reader::tr("not a TFLite model (file identifier \"%1\", expected \"TFL3\")").arg(found)));
    }
    // The verifier's table budget bounds the work on a crafted file whose offsets all point at the same
    // table; a real model has far fewer tables than bytes / 8.
    const flatbuffers::uoffset_t maxTables = flatbuffers::uoffset_t(qMax<qint64>(1000000, size / 4));
    flatbuffers::Verifier verifier(data, size_t(size), 64, maxTables);
    if (!fb::VerifyModelBuffer(verifier)) {
        return failure(displayName + QStringLiteral(": ")
            + Reader::tr("damaged or truncated TFLite file (flatbuffer verification failed)"));
    }
    const fb::Model *model = fb::GetModel(data);
    ModelLoadResult result;
    ModelInfo info;
    info.fileName = displayName;
    info.sizeBytes = size;
    Reader reader(model, displayName);
    if (!reader.read(info))
        return failure(reader.error());
    if (digest == Digest::Sha256) {
        info.sha256 = Sha256::hex(QByteArrayView(reinterpret_cast<const char *>(data), qsizetype(size)));
    }
    result.model = std::move(info);
    return result;
}

} // namespace

ModelLoadResult parseModel(const uchar *data, qint64 size, const QString &displayName, Digest digest)
{
    // Flatbuffers reads scalars in place; give it 8-byte alignment when the caller's bytes lack it.
    if (data && (reinterpret_cast<quintptr>(data) % 8) != 0 && size > 0) {
        std::unique_ptr<quint64[]> aligned(new quint64[size_t(size + 7) / 8]);
        std::memcpy(aligned.get(), data, size_t(size));
        return parse(reinterpret_cast<const uchar *>(aligned.get()), size, displayName, digest);
    }
    return parse(data, data ? size : 0, displayName, digest);
}

ModelLoadResult parseModel(const QByteArray &bytes, const QString &displayName, Digest digest)
{
    return parseModel(reinterpret_cast<const uchar *>(bytes.constData()), bytes.size(), displayName, digest);
}

ModelLoadResult readModel(QIODevice *device, const QString &displayName)
{
    if (!device || !device->isReadable()) {
        return failure(displayName + QStringLiteral(": ") + Reader::tr("cannot read (device not open)"));
    }
    QByteArray bytes;
    char chunk[64 * 1024];
    while (!device->atEnd()) {
        const qint64 n = device->read(chunk, sizeof chunk);
        if (n < 0) {
            return failure(
                displayName + QStringLiteral(": ") + Reader::tr("read error (%1)").arg(device->errorString()));
        }
        if (n == 0)
            break;
        bytes.append(chunk, n);
    }
    return parseModel(bytes, displayName);
}

ModelLoadResult loadModel(const QString &path)
{
    const QFileInfo fi(path);
    auto error = [&](const QString &problem) { return failure(path + QStringLiteral(": ") + problem); };
    if (!fi.exists())
        return error(Reader::tr("no such file"));
    if (fi.isDir())
        return error(Reader::tr("is a directory, not a model file"));
    if (!fi.isFile()) // a FIFO would block the open, a device never ends
        return error(Reader::tr("is not a regular file (a FIFO, device or socket), not a model file"));
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return error(Reader::tr("cannot open (%1)").arg(file.errorString()));
    const qint64 size = file.size();
    if (size == 0)
        return error(Reader::tr("the file is empty"));
    // A TFLite model is one flatbuffer, whose offsets are 32-bit: larger than 2 GiB, it is no model (refused unread).
    if (size > kMaxModelBytes)
        return error(Reader::tr("%1 bytes, more than a TFLite model can be (2 GiB)").arg(size));

    ModelLoadResult result;
    if (uchar *mapped = file.map(0, size)) {
        result = parseModel(mapped, size, path);
        file.unmap(mapped);
    } else {
        // Not mappable (a pipe or special file): read it instead.
        qCDebug(lcTflite) << "cannot map" << path << file.errorString() << "- reading instead";
        result = readModel(&file, path);
    }
    if (result.model) {
        result.model->filePath = fi.absoluteFilePath();
        result.model->fileName = fi.fileName();
    }
    return result;
}

} // namespace hpx::model
