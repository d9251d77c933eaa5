#pragma once

#include <QVector>

#include <optional>

namespace hpx::model {

// TFLite BuiltinOperator codes the cost model looks at (values from the published schema; macs.cpp
// checks them against the compiled schema subset).
namespace builtin {
enum Code : int {
    Add = 0,
    AveragePool2D = 1,
    Conv2D = 3,
    DepthwiseConv2D = 4,
    Dequantize = 6,
    Floor = 8,
    FullyConnected = 9,
    Logistic = 14,
    MaxPool2D = 17,
    Mul = 18,
    Relu = 19,
    ReluN1To1 = 20,
    Relu6 = 21,
    Softmax = 25,
    Tanh = 28,
    Call = 31,
    Custom = 32,
    Sub = 41,
    Div = 42,
    Exp = 47,
    Prelu = 54,
    Maximum = 55,
    Minimum = 57,
    Neg = 59,
    Sin = 66,
    TransposeConv = 67,
    Log = 73,
    Sqrt = 75,
    Rsqrt = 76,
    LeakyRelu = 98,
    SquaredDifference = 99,
    Abs = 101,
    Ceil = 104,
    Cos = 108,
    Elu = 111,
    Quantize = 114,
    Round = 116,
    HardSwish = 117,
    If = 118,
    While = 119,
    BatchMatMul = 126,
    PlaceholderForGreaterOpCodes = 127,
    CallOnce = 129,
    VarHandle = 142,
};
} // namespace builtin

using Shape = QVector<qint64>;

// What the cost model needs to know about one operator. Shapes are borrowed; a null entry is an
// absent optional tensor (-1).
struct OpShapes {
    int builtinCode = -1;
    const Shape *const *inputs = nullptr;
    int inputCount = 0;
    const Shape *const *outputs = nullptr;
    int outputCount = 0;
    int poolFilterWidth = 0; // Pool2DOptions
    int poolFilterHeight = 0;
    bool adjX = false; // BatchMatMulOptions
    bool adjY = false;

    const Shape *input(int i) const { return i >= 0 && i < inputCount ? inputs[i] : nullptr; }
    const Shape *output(int i) const { return i >= 0 && i < outputCount ? outputs[i] : nullptr; }
};

struct OpCost {
    qint64 macs = 0;
    qint64 ops = 0; // docs/compatibility.md §5.10
    qint64 numParameters = 0; // weight + bias elements of the four MAC ops (docs/compatibility.md §5.10)
};

// Host-side cost of one operator, following docs/model-info.md (docs/compatibility.md §5.10 with the deviations listed
// there). A dimension < 0 (dynamic) or a weight tensor of the wrong rank gives 0. std::nullopt when a
// count does not fit in 64 bits.
std::optional<OpCost> computeOpCost(const OpShapes &op);

// Product of the dimensions: -1 when a dimension is negative (unknown size), std::nullopt on overflow.
// The empty shape (a scalar) has one element.
std::optional<qint64> elementCount(const Shape &shape);

// a * b and a + b for non-negative values; false on overflow. Inline: the loader calls them for every tensor and
// operator.
inline bool checkedMul(qint64 a, qint64 b, qint64 *result)
{
    return !__builtin_mul_overflow(a, b, result);
}

inline bool checkedAdd(qint64 a, qint64 b, qint64 *result)
{
    return !__builtin_add_overflow(a, b, result);
}

} // namespace hpx::model
