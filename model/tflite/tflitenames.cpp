#include "model/tflite/tflitenames.h"

#include "model/tflite/macs.h"
#include "tflite_subset_generated.h"

#include <QHash>

#include <cstring>
#include <vector>

namespace hpx::model {

namespace fb = hpx::tflite;

// The cost model's codes must be the schema's.
static_assert(builtin::Conv2D == int(fb::BuiltinOperator::CONV_2D));
static_assert(builtin::DepthwiseConv2D == int(fb::BuiltinOperator::DEPTHWISE_CONV_2D));
static_assert(builtin::FullyConnected == int(fb::BuiltinOperator::FULLY_CONNECTED));
static_assert(builtin::TransposeConv == int(fb::BuiltinOperator::TRANSPOSE_CONV));
static_assert(builtin::BatchMatMul == int(fb::BuiltinOperator::BATCH_MATMUL));
static_assert(builtin::AveragePool2D == int(fb::BuiltinOperator::AVERAGE_POOL_2D));
static_assert(builtin::MaxPool2D == int(fb::BuiltinOperator::MAX_POOL_2D));
static_assert(builtin::Softmax == int(fb::BuiltinOperator::SOFTMAX));
static_assert(builtin::Custom == int(fb::BuiltinOperator::CUSTOM));
static_assert(builtin::While == int(fb::BuiltinOperator::WHILE));
static_assert(builtin::If == int(fb::BuiltinOperator::IF));
static_assert(builtin::Call == int(fb::BuiltinOperator::CALL));
static_assert(builtin::CallOnce == int(fb::BuiltinOperator::CALL_ONCE));
static_assert(builtin::HardSwish == int(fb::BuiltinOperator::HARD_SWISH));
static_assert(builtin::Dequantize == int(fb::BuiltinOperator::DEQUANTIZE));
static_assert(builtin::Quantize == int(fb::BuiltinOperator::QUANTIZE));

namespace {

// The schema's names as QStrings over static text, like QStringLiteral: a copy shares the text without a reference
// count, so the tens of thousands of tensors and operators that carry one pay no atomic operation to take it or to
// drop it. The text is never freed (the strings may be copied anywhere, for the life of the process).
template<typename NameOf> QVector<QString> staticNames(int min, int max, NameOf nameOf)
{
    qsizetype total = 0;
    for (int c = min; c <= max; ++c) {
        const char *n = nameOf(c);
        total += n ? qsizetype(std::strlen(n)) : 0;
    }
    char16_t *text = new char16_t[size_t(total) + 1];
    // Immortal, and kept reachable from a static pointer (never destroyed, unlike a static container): LeakSanitizer
    // (scripts/fuzz.sh) would otherwise report the text, whose start no string points to, as leaked at exit. One
    // block per name table (each NameOf is its own type).
    static auto *const blocks = new std::vector<const char16_t *>;
    blocks->push_back(text);
    QVector<QString> names;
    names.reserve(max - min + 1);
    for (int c = min; c <= max; ++c) {
        const char *n = nameOf(c);
        const qsizetype len = n ? qsizetype(std::strlen(n)) : 0;
        for (qsizetype i = 0; i < len; ++i)
            text[i] = char16_t(static_cast<unsigned char>(n[i])); // the schema's names are ASCII
        names.append(len > 0 ? QString::fromRawData(reinterpret_cast<const QChar *>(text), len) : QString());
        text += len;
    }
    return names;
}

const QVector<QString> &operatorNames()
{
    static const QVector<QString> names = staticNames(
        0, int(fb::BuiltinOperator::MAX), [](int c) { return fb::EnumNameBuiltinOperator(fb::BuiltinOperator(c)); });
    return names;
}

} // namespace

QString builtinOperatorName(int code)
{
    const QVector<QString> &names = operatorNames();
    if (code >= 0 && code < names.size() && !names.at(code).isEmpty())
        return names.at(code);
    return QStringLiteral("BUILTIN_") + QString::number(code);
}

int builtinOperatorCode(const QString &name)
{
    static const QHash<QString, int> codes = [] {
        QHash<QString, int> h;
        for (int c = int(fb::BuiltinOperator::MIN); c <= int(fb::BuiltinOperator::MAX); ++c) {
            const char *n = fb::EnumNameBuiltinOperator(fb::BuiltinOperator(c));
            if (n && *n)
                h.insert(QString::fromLatin1(n), c);
        }
        return h;
    }();
    return codes.value(name, -1);
}

const QVector<QString> &tensorTypeNames()
{
    static_assert(int(fb::TensorType::MIN) == 0, "tensor type names are indexed by type");
    static const QVector<QString> names = staticNames(int(fb::TensorType::MIN), int(fb::TensorType::MAX),
        [](int t) { return fb::EnumNameTensorType(fb::TensorType(t)); });
    return names;
}

QString tensorTypeName(int type)
{
    const QVector<QString> &names = tensorTypeNames();
    if (type >= 0 && type < names.size() && !names.at(type).isEmpty())
        return names.at(type);
    return QStringLiteral("TYPE_") + QString::number(type);
}

int tensorTypeCode(const QString &name)
{
    for (int t = int(fb::TensorType::MIN); t <= int(fb::TensorType::MAX); ++t) {
        if (name == QLatin1String(fb::EnumNameTensorType(fb::TensorType(t))))
            return t;
    }
    return -1;
}

int tensorTypeBits(int type)
{
    switch (fb::TensorType(type)) {
    case fb::TensorType::BOOL:
    case fb::TensorType::UINT8:
    case fb::TensorType::INT8:
    case fb::TensorType::FLOAT8_E4M3FN:
    case fb::TensorType::FLOAT8_E5M2:
        return 8;
    case fb::TensorType::FLOAT16:
    case fb::TensorType::BFLOAT16:
    case fb::TensorType::INT16:
    case fb::TensorType::UINT16:
        return 16;
    case fb::TensorType::FLOAT32:
    case fb::TensorType::INT32:
    case fb::TensorType::UINT32:
        return 32;
    case fb::TensorType::INT64:
    case fb::TensorType::UINT64:
    case fb::TensorType::FLOAT64:
    case fb::TensorType::COMPLEX64:
        return 64;
    case fb::TensorType::COMPLEX128:
        return 128;
    case fb::TensorType::INT4:
    case fb::TensorType::UINT4:
        return 4;
    case fb::TensorType::INT2:
        return 2;
    default:
        return 0;
    }
}

} // namespace hpx::model
