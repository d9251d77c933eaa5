#include "model/tflite/macs.h"

#include <initializer_list>

namespace hpx::model {

namespace {

// A product of dimensions: unknown if any factor is negative (dynamic), 0 if any is 0 (even when
// the others would overflow), else the checked product.
struct Product {
    bool unknown = false;
    bool overflow = false;
    qint64 value = 0;
};

Product product(std::initializer_list<qint64> factors)
{
    Product p;
    bool zero = false;
    for (qint64 f : factors) {
        if (f < 0)
            p.unknown = true;
        else if (f == 0)
            zero = true;
    }
    if (p.unknown || zero)
        return p;
    qint64 v = 1;
    for (qint64 f : factors) {
        if (!checkedMul(v, f, &v)) {
            p.overflow = true;
            return p;
        }
    }
    p.value = v;
    return p;
}

qint64 dimFromEnd(const Shape &s, int fromEnd)
{
    return s.size() >= fromEnd ? s.at(s.size() - fromEnd) : -1;
}

struct Spatial {
    qint64 n = -1, h = -1, w = -1;
    bool ok = false;
};

// NHWC output; a rank-3 output [N, H, C] has W = 1 (docs/compatibility.md §5.10).
Spatial outputSpatial(const Shape *out)
{
    Spatial s;
    if (!out)
        return s;
    if (out->size() == 4) {
        s = { out->at(0), out->at(1), out->at(2), true };
    } else if (out->size() == 3) {
        s = { out->at(0), out->at(1), 1, true };
    }
    return s;
}

// Element count of an optional tensor; 0 when absent or unknown. False on overflow.
bool elementsOrZero(const Shape *shape, qint64 *out)
{
    *out = 0;
    if (!shape)
        return true;
    const std::optional<qint64> n = elementCount(*shape);
    if (!n)
        return false;
    *out = qMax<qint64>(*n, 0);
    return true;
}

bool isElementwise(int code)
{
    switch (code) {
    case builtin::Relu:
    case builtin::Relu6:
    case builtin::ReluN1To1:
    case builtin::LeakyRelu:
    case builtin::Prelu:
    case builtin::Elu:
    case builtin::Logistic:
    case builtin::Tanh:
    case builtin::HardSwish:
    case builtin::Add:
    case builtin::Sub:
    case builtin::Mul:
    case builtin::Div:
    case builtin::Maximum:
    case builtin::Minimum:
    case builtin::SquaredDifference:
    case builtin::Rsqrt:
    case builtin::Sqrt:
    case builtin::Abs:
    case builtin::Neg:
    case builtin::Floor:
    case builtin::Ceil:
    case builtin::Round:
    case builtin::Log:
    case builtin::Exp:
    case builtin::Sin:
    case builtin::Cos:
    case builtin::Quantize:
    case builtin::Dequantize:
        return true;
    default:
        return false;
    }
}

} // namespace

std::optional<qint64> elementCount(const Shape &shape)
{
    // One pass: a 0 anywhere wins over unknown and overflow, unknown wins over overflow.
    qint64 n = 1;
    bool unknown = false;
    bool overflow = false;
    for (const qint64 d : shape) {
        if (d < 0)
            unknown = true;
        else if (d == 0)
            return 0;
        else
            overflow = overflow || !checkedMul(n, d, &n);
    }
    if (unknown)
        return -1;
    if (overflow)
        return std::nullopt;
    return n;
}

std::optional<OpCost> computeOpCost(const OpShapes &op)
{
    OpCost cost;
    Product macs;
    int biasInput = -1;
    const Shape *weights = nullptr;

    switch (op.builtinCode) {
    case builtin::Conv2D: {
        // weights [Cout, Kh, Kw, Cin]
        weights = op.input(1);
        const Spatial o = outputSpatial(op.output(0));
        if (weights && weights->size() == 4 && o.ok) {
            const Shape &w = *weights;
            macs = product({ o.n, w.at(1), w.at(2), w.at(3), w.at(0), o.h, o.w });
        } else {
            weights = nullptr;
        }
        biasInput = 2;
        break;
    }
    case builtin::DepthwiseConv2D: {
        // weights [1, Kh, Kw, Cin * depth_multiplier]: the last dim is the output channel count, which is
        // what every output pixel accumulates over Kh x Kw (depth_multiplier in the options is redundant).
        weights = op.input(1);
        const Spatial o = outputSpatial(op.output(0));
        if (weights && weights->size() == 4 && o.ok) {
            const Shape &w = *weights;
            macs = product({ o.n, w.at(1), w.at(2), w.at(3), o.h, o.w });
        } else {
            weights = nullptr;
        }
        biasInput = 2;
        break;
    }
    case builtin::FullyConnected: {
        // weights [Nout, Nin]; the input is flattened to [batch, Nin], so batch = input elements / Nin.
        // That covers keep_num_dims inputs [B, T, Nin] (batch = B x T) and 4-D inputs fed straight in.
        weights = op.input(1);
        if (weights && weights->size() == 2) {
            const qint64 nOut = weights->at(0);
            const qint64 nIn = weights->at(1);
            qint64 inElements = 0, outElements = 0;
            if (!elementsOrZero(op.input(0), &inElements) || !elementsOrZero(op.output(0), &outElements))
                return std::nullopt;
            qint64 batch = -1;
            if (nIn > 0 && inElements > 0 && inElements % nIn == 0)
                batch = inElements / nIn;
            else if (nOut > 0 && outElements > 0 && outElements % nOut == 0)
                batch = outElements / nOut;
            macs = product({ batch, nIn, nOut });
        } else {
            weights = nullptr;
        }
        biasInput = 2;
        break;
    }
    case builtin::TransposeConv: {
        // inputs: output_shape, weights [Cout, Kh, Kw, Cin], input [N, Hin, Win, Cin], bias. Every input
        // pixel is scattered through a Kh x Kw x Cout window: N*Hin*Win*Kh*Kw*Cin*Cout (hpx multiplies by
        // the output's H x W instead, which over-counts by stride^2; see docs/model-info.md).
        weights = op.input(1);
        const Shape *in = op.input(2);
        if (weights && weights->size() == 4 && in && in->size() == 4) {
            const Shape &w = *weights;
            macs = product({ in->at(0), in->at(1), in->at(2), w.at(1), w.at(2), w.at(3), w.at(0) });
        } else {
            weights = nullptr;
        }
        biasInput = 3;
        break;
    }
    case builtin::BatchMatMul: {
        // out[..., M, N] = sum over K of a[..., M, K] * b[..., K, N]
        const Shape *a = op.input(0);
        const Shape *out = op.output(0);
        if (a && a->size() >= 2 && out) {
            const qint64 k = op.adjX ? dimFromEnd(*a, 2) : dimFromEnd(*a, 1);
            const std::optional<qint64> outElements = elementCount(*out);
            if (!outElements)
                return std::nullopt;
            macs = product({ *outElements, k });
        }
        break;
    }
    default:
        break;
    }

    if (macs.overflow)
        return std::nullopt;
    cost.macs = macs.value;

    switch (op.builtinCode) {
    case builtin::Conv2D:
    case builtin::DepthwiseConv2D:
    case builtin::FullyConnected:
    case builtin::TransposeConv:
    case builtin::BatchMatMul:
        if (!checkedMul(cost.macs, 2, &cost.ops))
            return std::nullopt;
        break;
    case builtin::AveragePool2D:
    case builtin::MaxPool2D: {
        qint64 out = 0;
        if (!elementsOrZero(op.output(0), &out))
            return std::nullopt;
        const Product p = product({ out, qMax(op.poolFilterWidth, 0), qMax(op.poolFilterHeight, 0) });
        if (p.overflow)
            return std::nullopt;
        cost.ops = p.value;
        break;
    }
    case builtin::Softmax: {
        qint64 out = 0;
        if (!elementsOrZero(op.output(0), &out) || !checkedMul(out, 5, &cost.ops))
            return std::nullopt;
        break;
    }
    default:
        if (isElementwise(op.builtinCode) && !elementsOrZero(op.output(0), &cost.ops))
            return std::nullopt;
        break;
    }

    if (weights) {
        qint64 w = 0, b = 0;
        if (!elementsOrZero(weights, &w) || !elementsOrZero(op.input(biasInput), &b)
            || !checkedAdd(w, b, &cost.numParameters))
            return std::nullopt;
    }
    return cost;
}

} // namespace hpx::model
