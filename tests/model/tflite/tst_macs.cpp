// The cost model on its own: docs/compatibility.md §5.10 ops, MAC formulas, checked arithmetic.
#include "model/tflite/macs.h"

#include <QTest>

#include <limits>
#include <vector>

Q_DECLARE_METATYPE(std::vector<hpx::model::Shape>)

using namespace hpx::model;

namespace {

struct Op {
    std::vector<Shape> in, out;
    std::vector<const Shape *> inPtr, outPtr;
    OpShapes shapes;

    Op(int code, std::vector<Shape> inputs, std::vector<Shape> outputs)
        : in(std::move(inputs))
        , out(std::move(outputs))
    {
        for (const Shape &s : in)
            inPtr.push_back(s.size() == 1 && s[0] == -99 ? nullptr : &s);
        for (const Shape &s : out)
            outPtr.push_back(&s);
        shapes.builtinCode = code;
        shapes.inputs = inPtr.data();
        shapes.inputCount = int(inPtr.size());
        shapes.outputs = outPtr.data();
        shapes.outputCount = int(outPtr.size());
    }
};

} // namespace

class TestMacs : public QObject {
    Q_OBJECT

private slots:
    void elementCounts()
    {
        QCOMPARE(elementCount({}), 1);
        QCOMPARE(elementCount({ 2, 3, 4 }), 24);
        QCOMPARE(elementCount({ 2, -1, 4 }), -1);
        QCOMPARE(elementCount({ 0, 1 << 30 }), 0);
        const qint64 big = qint64(1) << 32;
        QVERIFY(!elementCount({ big, big }).has_value());
        // A zero anywhere wins over an overflow elsewhere: the tensor is empty.
        QCOMPARE(elementCount({ big, big, 0 }), 0);
    }

    void checkedArithmetic()
    {
        qint64 r = 0;
        QVERIFY(checkedMul(qint64(1) << 31, qint64(1) << 31, &r));
        QCOMPARE(r, qint64(1) << 62);
        QVERIFY(!checkedMul(qint64(1) << 32, qint64(1) << 31, &r));
        QVERIFY(checkedAdd(std::numeric_limits<qint64>::max() - 1, 1, &r));
        QVERIFY(!checkedAdd(std::numeric_limits<qint64>::max(), 1, &r));
    }

    // ops per docs/compatibility.md §5.10 for the non-MAC operators.
    void opsCounts_data()
    {
        QTest::addColumn<int>("code");
        QTest::addColumn<qint64>("ops");
        // output [1, 4, 4, 2] = 32 elements
        QTest::newRow("SOFTMAX 5 x out") << int(builtin::Softmax) << qint64(5 * 32);
        for (int code :
            { builtin::Relu, builtin::Relu6, builtin::ReluN1To1, builtin::LeakyRelu, builtin::Prelu, builtin::Elu,
                builtin::Logistic, builtin::Tanh, builtin::HardSwish, builtin::Add, builtin::Sub, builtin::Mul,
                builtin::Div, builtin::Maximum, builtin::Minimum, builtin::SquaredDifference, builtin::Rsqrt,
                builtin::Sqrt, builtin::Abs, builtin::Neg, builtin::Floor, builtin::Ceil, builtin::Round, builtin::Log,
                builtin::Exp, builtin::Sin, builtin::Cos, builtin::Quantize, builtin::Dequantize })
            QTest::addRow("element-wise %d", code) << code << qint64(32);
        QTest::newRow("RESHAPE 0") << 22 << qint64(0);
        QTest::newRow("CONCATENATION 0") << 2 << qint64(0);
        QTest::newRow("CUSTOM 0") << int(builtin::Custom) << qint64(0);
        QTest::newRow("WHILE 0") << int(builtin::While) << qint64(0);
    }
    void opsCounts()
    {
        QFETCH(int, code);
        QFETCH(qint64, ops);
        Op op(code, { { 1, 4, 4, 2 }, { 1, 4, 4, 2 } }, { { 1, 4, 4, 2 } });
        const std::optional<OpCost> c = computeOpCost(op.shapes);
        QVERIFY(c);
        QCOMPARE(c->macs, 0);
        QCOMPARE(c->ops, ops);
        QCOMPARE(c->numParameters, 0);
    }

    void pooling()
    {
        Op op(builtin::MaxPool2D, { { 1, 8, 8, 4 } }, { { 1, 4, 4, 4 } });
        op.shapes.poolFilterWidth = 3;
        op.shapes.poolFilterHeight = 2;
        QCOMPARE(computeOpCost(op.shapes)->ops, 64 * 6);
    }

    void macFormulas_data()
    {
        QTest::addColumn<int>("code");
        QTest::addColumn<std::vector<Shape>>("inputs");
        QTest::addColumn<Shape>("output");
        QTest::addColumn<qint64>("macs");
        QTest::addColumn<qint64>("params");
        using V = std::vector<Shape>;
        // Numbers from the shared models' oracle (kws_ref_model op 0, micro_speech op 1 and 2).
        QTest::newRow("kws CONV_2D") << int(builtin::Conv2D) << V { { 1, 49, 10, 1 }, { 64, 10, 4, 1 }, { 64 } }
                                     << Shape { 1, 25, 5, 64 } << qint64(320000) << qint64(2560 + 64);
        QTest::newRow("micro_speech DEPTHWISE")
            << int(builtin::DepthwiseConv2D) << V { { 1, 49, 40, 1 }, { 1, 10, 8, 8 }, { 8 } } << Shape { 1, 25, 20, 8 }
            << qint64(320000) << qint64(640 + 8);
        QTest::newRow("micro_speech FC 4-D input")
            << int(builtin::FullyConnected) << V { { 1, 25, 20, 8 }, { 4, 4000 }, { 4 } } << Shape { 1, 4 }
            << qint64(16000) << qint64(16004);
        QTest::newRow("FC keep_num_dims 3-D") << int(builtin::FullyConnected) << V { { 4, 10, 32 }, { 16, 32 } }
                                              << Shape { 4, 10, 16 } << qint64(4 * 10 * 32 * 16) << qint64(512);
        QTest::newRow("FC input not divisible, batch from output")
            << int(builtin::FullyConnected) << V { { 1, 7 }, { 2, 8 } } << Shape { 3, 2 } << qint64(3 * 8 * 2)
            << qint64(16);
        QTest::newRow("CONV_2D wrong weight rank")
            << int(builtin::Conv2D) << V { { 1, 4, 4, 2 }, { 2, 2 } } << Shape { 1, 4, 4, 2 } << qint64(0) << qint64(0);
        QTest::newRow("CONV_2D rank-2 output")
            << int(builtin::Conv2D) << V { { 1, 4 }, { 2, 1, 1, 4 } } << Shape { 1, 2 } << qint64(0) << qint64(0);
        QTest::newRow("TRANSPOSE_CONV bias is input 3")
            << int(builtin::TransposeConv) << V { { 4 }, { 2, 2, 2, 3 }, { 1, 4, 4, 3 }, { 2 } } << Shape { 1, 8, 8, 2 }
            << qint64(16 * 4 * 3 * 2) << qint64(24 + 2);
        QTest::newRow("BATCH_MATMUL broadcast") << int(builtin::BatchMatMul) << V { { 2, 1, 3, 4 }, { 5, 4, 6 } }
                                                << Shape { 2, 5, 3, 6 } << qint64(2 * 5 * 3 * 6 * 4) << qint64(0);
        QTest::newRow("absent weights") << int(builtin::Conv2D) << V { { 1, 4, 4, 2 }, { -99 } } << Shape { 1, 4, 4, 2 }
                                        << qint64(0) << qint64(0);
        QTest::newRow("zero-sized output") << int(builtin::Conv2D) << V { { 1, 4, 4, 2 }, { 8, 3, 3, 2 } }
                                           << Shape { 0, 4, 4, 8 } << qint64(0) << qint64(144);
    }
    void macFormulas()
    {
        QFETCH(int, code);
        QFETCH(std::vector<Shape>, inputs);
        QFETCH(Shape, output);
        QFETCH(qint64, macs);
        QFETCH(qint64, params);
        Op op(code, inputs, { output });
        const std::optional<OpCost> c = computeOpCost(op.shapes);
        QVERIFY(c);
        QCOMPARE(c->macs, macs);
        QCOMPARE(c->ops, 2 * macs);
        QCOMPARE(c->numParameters, params);
    }

    void overflow_data()
    {
        QTest::addColumn<int>("code");
        QTest::addColumn<std::vector<Shape>>("inputs");
        QTest::addColumn<Shape>("output");
        using V = std::vector<Shape>;
        const qint64 m = 2147483647;
        QTest::newRow("CONV_2D") << int(builtin::Conv2D) << V { { 1, 1, 1, m }, { m, 1, 1, m } }
                                 << Shape { 1, m, m, m };
        QTest::newRow("DEPTHWISE") << int(builtin::DepthwiseConv2D) << V { { 1, m, m, 1 }, { 1, m, m, m } }
                                   << Shape { 1, m, m, m };
        QTest::newRow("FC") << int(builtin::FullyConnected) << V { { m, m }, { m, m } } << Shape { m, m };
        QTest::newRow("TRANSPOSE_CONV") << int(builtin::TransposeConv) << V { { 4 }, { m, m, m, m }, { 1, m, m, m } }
                                        << Shape { 1, m, m, m };
        QTest::newRow("BATCH_MATMUL") << int(builtin::BatchMatMul) << V { { m, m, m }, { m, m, m } }
                                      << Shape { m, m, m };
        QTest::newRow("SOFTMAX 5x") << int(builtin::Softmax) << V { { 1 } } << Shape { m, m, m / 4 };
        QTest::newRow("pool window") << int(builtin::AveragePool2D) << V { { 1 } } << Shape { m, m, 4 };
    }
    void overflow()
    {
        QFETCH(int, code);
        QFETCH(std::vector<Shape>, inputs);
        QFETCH(Shape, output);
        Op op(code, inputs, { output });
        op.shapes.poolFilterWidth = 1 << 20;
        op.shapes.poolFilterHeight = 1 << 20;
        QVERIFY(!computeOpCost(op.shapes).has_value());
    }
};

QTEST_GUILESS_MAIN(TestMacs)
#include "tst_macs.moc"
