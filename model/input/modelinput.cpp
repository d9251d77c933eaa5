#include "model/input/modelinput.h"

#include "model/digest/sha256.h"
#include "model/input/npyarray.h"
#include "model/json/boundedfile.h"
#include "model/tflite/tflitenames.h"

#include <QFileInfo>
#include <QtEndian>

#include <cstring>

namespace hpx::model {

namespace {

// The largest input file read: more than any input tensor a board's memory could hold.
constexpr qint64 kMaxInputFileBytes = qint64(256) << 20;

QString shapeText(const QVector<qint64> &shape)
{
    NpyArray a;
    a.shape = shape;
    return a.shapeText();
}

JsonValue shapeJson(const QVector<qint64> &shape)
{
    JsonValue out = JsonValue::array();
    for (const qint64 d : shape)
        out.append(JsonValue(d));
    return out;
}

// The part of hpx_studio.input every source shares: which tensor, its type, shape and size.
JsonValue tensorJson(const TensorInfo &tensor, int input)
{
    JsonValue t = JsonValue::object();
    t.appendMember(QStringLiteral("input"), JsonValue(input));
    t.appendMember(QStringLiteral("tensor"), JsonValue(tensor.index));
    t.appendMember(QStringLiteral("name"), JsonValue(tensor.name));
    t.appendMember(QStringLiteral("type"), JsonValue(tensor.type));
    t.appendMember(QStringLiteral("shape"), shapeJson(tensor.shape));
    t.appendMember(QStringLiteral("bytes"), JsonValue(tensor.bytes));
    return t;
}

QVector<const TensorInfo *> inputTensors(const ModelInfo &model)
{
    QVector<const TensorInfo *> out;
    if (model.subgraphs.isEmpty())
        return out;
    const SubgraphInfo &main = model.subgraphs.constFirst();
    for (const int index : main.inputs)
        out.append(index >= 0 && index < main.tensors.size() ? &main.tensors.at(index) : nullptr);
    return out;
}

// SplitMix64 (Steele, Lea and Flood 2014): tiny, with every output fixed by the seed, so anyone can make the same
// input again from docs/virtual-board.md alone.
class SplitMix64 {
public:
    explicit SplitMix64(quint64 seed)
        : m_state(seed)
    {
    }
    quint64 next()
    {
        quint64 z = (m_state += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }

private:
    quint64 m_state;
};

template<typename T> void put(QByteArray &out, qint64 at, T value)
{
    qToLittleEndian<T>(value, out.data() + at);
}

} // namespace

std::optional<QByteArray> ModelInputs::tensorBytes(
    const TensorInfo &tensor, int input, const QString &fileName, const QByteArray &contents, QString *error)
{
    const QString what = tr("input %1 (%2, %3 %4)")
                             .arg(input)
                             .arg(tensor.name.isEmpty() ? tr("tensor %1").arg(tensor.index) : tensor.name, tensor.type,
                                 shapeText(tensor.shape));
    if (tensor.bytes <= 0) {
        *error = tr("%1: %2 has no fixed size (a dynamic shape or a type of no fixed width); only fixed-size inputs "
                    "can be given")
                     .arg(fileName, what);
        return std::nullopt;
    }
    if (fileName.endsWith(QLatin1String(".npy"), Qt::CaseInsensitive)) {
        NpyReadResult npy = NpyReader::read(contents);
        if (!npy.ok()) {
            *error = tr("%1: %2").arg(fileName, npy.error);
            return std::nullopt;
        }
        const NpyArray &a = *npy.array;
        if (a.type != tensor.type || a.shape != tensor.shape) {
            *error = tr("%1 holds %2 %3; %4 needs %5 %6")
                         .arg(fileName, a.type, a.shapeText(), what, tensor.type, shapeText(tensor.shape));
            return std::nullopt;
        }
        return a.data;
    }
    if (contents.size() != tensor.bytes) {
        *error = tr("%1 is %2 bytes; %3 is %4 bytes (raw files hold exactly the tensor's bytes; a .npy file says "
                    "its dtype and shape)")
                     .arg(fileName)
                     .arg(contents.size())
                     .arg(what)
                     .arg(tensor.bytes);
        return std::nullopt;
    }
    return contents;
}

ModelInputResult ModelInputs::prepare(const ModelInfo &model, const InputChoice &choice)
{
    ModelInputResult out;
    if (choice.isFixed()) {
        out.input = ModelInput { QByteArray(), fixedMetadata() };
        return out;
    }
    const QVector<const TensorInfo *> tensors = inputTensors(model);
    if (tensors.isEmpty() || tensors.contains(nullptr)) {
        out.error = tr("the model has no input tensors to feed");
        return out;
    }
    if (!choice.files.isEmpty() && choice.seed) {
        out.error = tr("give input files or an input seed, not both");
        return out;
    }
    ModelInput input;
    JsonValue list = JsonValue::array();
    if (choice.seed) {
        input.bytes = seeded(model, *choice.seed);
        for (int i = 0; i < tensors.size(); ++i) {
            if (tensors.at(i)->bytes <= 0) {
                out.error = tr("input %1 (%2) has no fixed size; seeded data needs fixed-size inputs")
                                .arg(i)
                                .arg(tensors.at(i)->name);
                return out;
            }
            list.append(tensorJson(*tensors.at(i), i));
        }
        input.metadata = JsonValue::object();
        input.metadata.appendMember(QStringLiteral("source"), JsonValue(QStringLiteral("seed")));
        // As text: a 64-bit seed does not fit a JSON number every reader keeps exact.
        input.metadata.appendMember(QStringLiteral("seed"), JsonValue(QString::number(*choice.seed)));
        input.metadata.appendMember(QStringLiteral("generator"), JsonValue(QStringLiteral("splitmix64")));
        input.metadata.appendMember(QStringLiteral("tensors"), std::move(list));
        out.input = std::move(input);
        return out;
    }
    if (choice.files.size() != tensors.size()) {
        out.error = tr(
            "the model has %n input(s); %1 input file(s) given (one per input, in order)", nullptr, int(tensors.size()))
                        .arg(choice.files.size());
        return out;
    }
    for (int i = 0; i < tensors.size(); ++i) {
        const QString &path = choice.files.at(i);
        QString error;
        if (path.isEmpty()) {
            out.error = tr("no file chosen for input %1").arg(i);
            return out;
        }
        const std::optional<QByteArray> contents = BoundedFile::read(path, kMaxInputFileBytes, &error);
        if (!contents) {
            out.error = error;
            return out;
        }
        const QString name = QFileInfo(path).fileName();
        const std::optional<QByteArray> bytes = tensorBytes(*tensors.at(i), i, name, *contents, &error);
        if (!bytes) {
            out.error = error;
            return out;
        }
        input.bytes += *bytes;
        JsonValue t = tensorJson(*tensors.at(i), i);
        t.appendMember(QStringLiteral("file"), JsonValue(name));
        t.appendMember(QStringLiteral("format"),
            JsonValue(name.endsWith(QLatin1String(".npy"), Qt::CaseInsensitive) ? QStringLiteral("npy")
                                                                                : QStringLiteral("raw")));
        t.appendMember(QStringLiteral("sha256"), JsonValue(Sha256::hex(*contents)));
        list.append(std::move(t));
    }
    input.metadata = JsonValue::object();
    input.metadata.appendMember(QStringLiteral("source"), JsonValue(QStringLiteral("files")));
    input.metadata.appendMember(QStringLiteral("tensors"), std::move(list));
    out.input = std::move(input);
    return out;
}

QByteArray ModelInputs::seeded(const ModelInfo &model, quint64 seed)
{
    SplitMix64 random(seed);
    QByteArray out;
    for (const TensorInfo *tensor : inputTensors(model)) {
        if (!tensor || tensor->bytes <= 0)
            continue;
        const qint64 start = out.size();
        out.resize(start + tensor->bytes);
        const int bits = tensorTypeBits(tensor->typeCode);
        const QString &type = tensor->type;
        const int width = bits >= 8 ? bits / 8 : 1;
        const qint64 count = tensor->bytes / width;
        for (qint64 k = 0; k < count; ++k) {
            const quint64 r = random.next();
            const qint64 at = start + k * width;
            if (type == QLatin1String("FLOAT32")) {
                put<float>(out, at, float(double(r >> 11) * 0x1.0p-53 * 2.0 - 1.0));
            } else if (type == QLatin1String("FLOAT64")) {
                put<double>(out, at, double(r >> 11) * 0x1.0p-53 * 2.0 - 1.0);
            } else if (type == QLatin1String("BOOL")) {
                out[at] = char(r & 1u);
            } else if (width >= 4
                && (type.startsWith(QLatin1String("INT")) || type.startsWith(QLatin1String("UINT")))) {
                const qint64 v = qint64(r % 256u) - (type.startsWith(QLatin1Char('U')) ? 0 : 128);
                if (width == 4)
                    put<qint32>(out, at, qint32(v));
                else
                    put<qint64>(out, at, v);
            } else {
                // 8- and 16-bit integers over their whole range; other types (FLOAT16, ...) byte by byte.
                for (int b = 0; b < width; ++b)
                    out[at + b] = char(r >> (8 * b));
            }
        }
    }
    return out;
}

JsonValue ModelInputs::fixedMetadata()
{
    JsonValue m = JsonValue::object();
    m.appendMember(QStringLiteral("source"), JsonValue(QStringLiteral("fixed")));
    return m;
}

} // namespace hpx::model
