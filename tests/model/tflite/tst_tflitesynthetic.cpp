// Models built with the flatbuffers builder (SyntheticModel) for what the shared models lack.
#include "model/tflite/syntheticmodel.h"
#include "model/tflite/tflitemodel.h"

#include <QTemporaryDir>
#include <QTest>

using namespace hpx::model;

namespace {

ModelInfo parsed(const SyntheticModel &m)
{
    const ModelLoadResult r = parseModel(m.build(), QStringLiteral("synthetic.tflite"));
    if (!r.model)
        qWarning("%s", qPrintable(r.error));
    return r.model.value_or(ModelInfo());
}

// One operator with the given shapes; inputs beyond the first are constant.
SyntheticModel singleOp(const QString &op, const QVector<QVector<qint64>> &inputShapes,
    const QVector<qint64> &outputShape, const QString &type = QStringLiteral("INT8"))
{
    SyntheticModel m;
    SyntheticModel::Subgraph &sg = m.addSubgraph(QStringLiteral("main"));
    QVector<int> inputs;
    for (qsizetype i = 0; i < inputShapes.size(); ++i) {
        if (inputShapes[i].size() == 1 && inputShapes[i][0] == -99) { // marker: absent optional input
            inputs.append(-1);
            continue;
        }
        inputs.append(sg.addTensor(
            QStringLiteral("in%1").arg(i), i == 2 ? QStringLiteral("INT32") : type, inputShapes[i], i > 0));
    }
    const int out = sg.addTensor(QStringLiteral("out"), type, outputShape);
    sg.addOperator(op, inputs, { out });
    sg.inputs = { inputs.value(0) };
    sg.outputs = { out };
    return m;
}

} // namespace

class TestTfliteSynthetic : public QObject {
    Q_OBJECT

private slots:
    void tenThousandOperators()
    {
        SyntheticModel::ChainOptions options;
        options.operatorCount = 10000;
        const ModelInfo m = parsed(SyntheticModel::chain(options));
        QCOMPARE(m.subgraphs.size(), 1);
        const SubgraphInfo &sg = m.subgraphs.at(0);
        QCOMPARE(sg.operators.size(), 10000);
        QCOMPARE(m.operatorCount(), 10000);
        QCOMPARE(sg.graphId, QStringLiteral("main"));
        qint64 expectedTotal = 0;
        int convs = 0, depthwise = 0, adds = 0;
        for (int k = 0; k < 10000; ++k) {
            const OperatorInfo &op = sg.operators.at(k);
            QCOMPARE(op.index, k);
            if (k % 4 == 3) {
                QCOMPARE(op.op, QStringLiteral("ADD"));
                QCOMPARE(op.macs, 0);
                QCOMPARE(op.ops, 8 * 8 * 8); // element-wise: output elements
                // residual: joins the previous output with the one 4 operators back
                QCOMPARE(op.inputs.at(0), sg.operators.at(k - 1).outputs.at(0));
                QCOMPARE(op.inputs.at(1), k >= 4 ? sg.operators.at(k - 4).outputs.at(0) : sg.inputs.at(0));
                ++adds;
            } else if (op.op == QLatin1String("CONV_2D")) {
                QCOMPARE(op.macs, 8 * 8 * 8 * 8); // 1x1 conv, 8 -> 8 channels, 8x8 pixels
                QCOMPARE(op.numParameters, 8 * 8 + 8);
                QCOMPARE(op.parameterBytes, 64 + 8 * 4);
                ++convs;
            } else {
                QCOMPARE(op.op, QStringLiteral("DEPTHWISE_CONV_2D"));
                QCOMPARE(op.macs, 9 * 8 * 8 * 8);
                ++depthwise;
            }
            if (k > 0 && k % 4 != 3)
                QCOMPARE(op.inputs.at(0), sg.operators.at(k - 1).outputs.at(0));
            QCOMPARE(op.activationBytes, op.op == QLatin1String("ADD") ? 3 * 512 : 2 * 512);
            expectedTotal += op.macs;
        }
        QCOMPARE(adds, 2500);
        QCOMPARE(convs + depthwise, 7500);
        QVERIFY(qAbs(convs - depthwise) <= 1);
        QCOMPARE(m.totalMacs(), expectedTotal);
        QCOMPARE(sg.outputs, QVector<int>({ sg.operators.last().outputs.at(0) }));
    }

    void graphIds_data()
    {
        QTest::addColumn<QString>("name0");
        QTest::addColumn<QString>("name1");
        QTest::addColumn<QStringList>("signatureKeys"); // "key@subgraph"
        QTest::addColumn<QString>("id0");
        QTest::addColumn<QString>("id1");
        QTest::newRow("named") << "encoder"
                               << "decoder" << QStringList() << "encoder"
                               << "decoder";
        QTest::newRow("unnamed, no signatures") << ""
                                                << "" << QStringList() << "main"
                                                << "subgraph_1";
        QTest::newRow("unnamed subgraph 0 with signature key")
            << ""
            << "" << QStringList { QStringLiteral("serving_default@0") } << "serving_default"
            << "subgraph_1";
        QTest::newRow("signature for subgraph 1 only") << ""
                                                       << "" << QStringList { QStringLiteral("init@1") } << "main"
                                                       << "init";
        QTest::newRow("name wins over signature")
            << "main_graph"
            << "" << QStringList { QStringLiteral("serving_default@0") } << "main_graph"
            << "subgraph_1";
        QTest::newRow("first matching signature")
            << ""
            << "" << QStringList { QStringLiteral("a@1"), QStringLiteral("b@0"), QStringLiteral("c@0") } << "b"
            << "a";
    }
    void graphIds()
    {
        QFETCH(QString, name0);
        QFETCH(QString, name1);
        QFETCH(QStringList, signatureKeys);
        QFETCH(QString, id0);
        QFETCH(QString, id1);
        SyntheticModel m;
        for (const QString &name : { name0, name1 }) {
            SyntheticModel::Subgraph &sg = m.addSubgraph(name);
            const int a = sg.addTensor(QStringLiteral("a"), QStringLiteral("FLOAT32"), { 4 });
            const int b = sg.addTensor(QStringLiteral("b"), QStringLiteral("FLOAT32"), { 4 });
            sg.addOperator(QStringLiteral("RELU"), { a }, { b });
            sg.inputs = { a };
            sg.outputs = { b };
        }
        for (const QString &s : signatureKeys)
            m.signatures.append({ s.section(QLatin1Char('@'), 0, 0), s.section(QLatin1Char('@'), 1).toInt() });
        const ModelInfo info = parsed(m);
        QCOMPARE(info.subgraphs.size(), 2);
        QCOMPARE(info.subgraphs.at(0).name, name0);
        QCOMPARE(info.subgraphs.at(0).graphId, id0);
        QCOMPARE(info.subgraphs.at(1).graphId, id1);
        QCOMPARE(info.signatures.size(), signatureKeys.size());
    }

    void opcodeEncodings_data()
    {
        QTest::addColumn<QString>("op");
        QTest::addColumn<bool>("legacy");
        QTest::addColumn<int>("code");
        QTest::newRow("CONV_2D in builtin_code") << "CONV_2D" << false << 3;
        QTest::newRow("CONV_2D only in deprecated_builtin_code") << "CONV_2D" << true << 3;
        QTest::newRow("ADD (code 0) legacy") << "ADD" << true << 0;
        QTest::newRow("CALL_ONCE above 127") << "CALL_ONCE" << false << 129;
        QTest::newRow("VAR_HANDLE above 127") << "VAR_HANDLE" << false << 142;
        QTest::newRow("BATCH_MATMUL 126") << "BATCH_MATMUL" << true << 126;
    }
    void opcodeEncodings()
    {
        QFETCH(QString, op);
        QFETCH(bool, legacy);
        QFETCH(int, code);
        SyntheticModel m = singleOp(op, { { 1, 4, 4 }, { 1, 4, 4 } }, { 1, 4, 4 });
        m.subgraphs[0].operators[0].legacyOpcode = legacy;
        if (op == QLatin1String("CALL_ONCE")) {
            m.subgraphs[0].operators[0].calledSubgraphs = { 0 };
        }
        const ModelInfo info = parsed(m);
        QCOMPARE(info.subgraphs.size(), 1);
        QCOMPARE(info.subgraphs.at(0).operators.at(0).op, op);
        QCOMPARE(info.subgraphs.at(0).operators.at(0).builtinCode, code);
        QCOMPARE(builtinOperatorName(code), op);
        QCOMPARE(builtinOperatorCode(op), code);
    }

    void customOps()
    {
        SyntheticModel m = singleOp(QStringLiteral("CUSTOM"), { { 4 } }, { 4 });
        m.subgraphs[0].operators[0].customCode = QStringLiteral("SignalWindow");
        m.subgraphs[0].addOperator(QStringLiteral("CUSTOM"), { 0 }, { 1 }).customCode = QStringLiteral("Other");
        m.subgraphs[0].addOperator(QStringLiteral("CUSTOM"), { 0 }, { 1 }).customCode = QStringLiteral("SignalWindow");
        const ModelInfo info = parsed(m);
        const QVector<OperatorInfo> &ops = info.subgraphs.at(0).operators;
        QCOMPARE(ops.size(), 3);
        QCOMPARE(ops[0].op, QStringLiteral("CUSTOM"));
        QCOMPARE(ops[0].customCode, QStringLiteral("SignalWindow"));
        QCOMPARE(ops[1].customCode, QStringLiteral("Other"));
        QCOMPARE(ops[2].opcodeIndex, ops[0].opcodeIndex); // deduplicated operator codes
        QVERIFY(ops[1].opcodeIndex != ops[0].opcodeIndex);
    }

    void calledSubgraphs_data()
    {
        QTest::addColumn<QString>("op");
        QTest::addColumn<QVector<int>>("called");
        QTest::newRow("WHILE cond body") << "WHILE" << QVector<int> { 2, 1 };
        QTest::newRow("IF then else") << "IF" << QVector<int> { 1, 2 };
        QTest::newRow("CALL_ONCE init") << "CALL_ONCE" << QVector<int> { 2 };
        QTest::newRow("CALL") << "CALL" << QVector<int> { 1 };
    }
    void calledSubgraphs()
    {
        QFETCH(QString, op);
        QFETCH(QVector<int>, called);
        SyntheticModel m = singleOp(op, { { 1 } }, { 1 });
        m.subgraphs[0].operators[0].calledSubgraphs = called;
        for (int i = 1; i <= 2; ++i) {
            SyntheticModel::Subgraph &sg = m.addSubgraph(QStringLiteral("sg%1").arg(i));
            const int t = sg.addTensor(QStringLiteral("t"), QStringLiteral("INT32"), { 1 });
            sg.inputs = { t };
            sg.outputs = { t };
        }
        const ModelInfo info = parsed(m);
        QCOMPARE(info.subgraphs.size(), 3);
        QCOMPARE(info.subgraphs.at(0).operators.at(0).calledSubgraphs, called);
        QCOMPARE(info.subgraphs.at(1).operators.size(), 0);
    }

    // Host MACs through the whole loader (shapes stored in a real flatbuffer, options read back).
    void macs_data()
    {
        QTest::addColumn<QString>("op");
        QTest::addColumn<QVector<QVector<qint64>>>("inputs");
        QTest::addColumn<QVector<qint64>>("output");
        QTest::addColumn<qint64>("macs");
        QTest::addColumn<qint64>("numParameters");
        using S = QVector<QVector<qint64>>;
        QTest::newRow("CONV_2D 3x3") << "CONV_2D" << S { { 1, 32, 32, 3 }, { 16, 3, 3, 3 }, { 16 } }
                                     << QVector<qint64> { 1, 32, 32, 16 } << qint64(32 * 32 * 16 * 27)
                                     << qint64(16 * 27 + 16);
        QTest::newRow("CONV_2D rank-3 output")
            << "CONV_2D" << S { { 1, 10, 4 }, { 8, 3, 1, 4 }, { 8 } } << QVector<qint64> { 1, 10, 8 }
            << qint64(10 * 8 * 3 * 4) << qint64(8 * 12 + 8);
        QTest::newRow("CONV_2D batch 2, no bias")
            << "CONV_2D" << S { { 2, 4, 4, 2 }, { 3, 1, 1, 2 }, { -99 } } << QVector<qint64> { 2, 4, 4, 3 }
            << qint64(2 * 16 * 3 * 2) << qint64(6);
        QTest::newRow("DEPTHWISE_CONV_2D multiplier 2")
            << "DEPTHWISE_CONV_2D" << S { { 1, 8, 8, 4 }, { 1, 3, 3, 8 }, { 8 } } << QVector<qint64> { 1, 8, 8, 8 }
            << qint64(64 * 9 * 8) << qint64(72 + 8);
        QTest::newRow("FULLY_CONNECTED 2-D") << "FULLY_CONNECTED" << S { { 1, 64 }, { 10, 64 }, { 10 } }
                                             << QVector<qint64> { 1, 10 } << qint64(640) << qint64(650);
        QTest::newRow("FULLY_CONNECTED 3-D keep_num_dims")
            << "FULLY_CONNECTED" << S { { 2, 5, 16 }, { 4, 16 }, { 4 } } << QVector<qint64> { 2, 5, 4 }
            << qint64(2 * 5 * 16 * 4) << qint64(64 + 4);
        QTest::newRow("FULLY_CONNECTED 4-D input flattened")
            << "FULLY_CONNECTED" << S { { 1, 25, 20, 8 }, { 4, 4000 }, { 4 } } << QVector<qint64> { 1, 4 }
            << qint64(16000) << qint64(16004);
        QTest::newRow("FULLY_CONNECTED wrong weight rank")
            << "FULLY_CONNECTED" << S { { 1, 8 }, { 1, 4, 8 } } << QVector<qint64> { 1, 4 } << qint64(0) << qint64(0);
        QTest::newRow("TRANSPOSE_CONV stride 2")
            << "TRANSPOSE_CONV" << S { { 4 }, { 8, 3, 3, 4 }, { 1, 5, 5, 4 } } << QVector<qint64> { 1, 10, 10, 8 }
            << qint64(25 * 9 * 4 * 8) << qint64(8 * 36);
        QTest::newRow("BATCH_MATMUL") << "BATCH_MATMUL" << S { { 3, 4, 5 }, { 3, 5, 6 } } << QVector<qint64> { 3, 4, 6 }
                                      << qint64(3 * 4 * 5 * 6) << qint64(0);
        QTest::newRow("dynamic batch gives 0") << "CONV_2D" << S { { -1, 8, 8, 4 }, { 4, 1, 1, 4 } }
                                               << QVector<qint64> { -1, 8, 8, 4 } << qint64(0) << qint64(16);
        QTest::newRow("ADD has no MACs") << "ADD" << S { { 1, 8 }, { 1, 8 } } << QVector<qint64> { 1, 8 } << qint64(0)
                                         << qint64(0);
    }
    void macs()
    {
        QFETCH(QString, op);
        QFETCH(QVector<QVector<qint64>>, inputs);
        QFETCH(QVector<qint64>, output);
        QFETCH(qint64, macs);
        QFETCH(qint64, numParameters);
        SyntheticModel m = singleOp(op, inputs, output);
        m.subgraphs[0].operators[0].keepNumDims = output.size() == 3;
        m.subgraphs[0].operators[0].depthMultiplier = 2;
        const ModelInfo info = parsed(m);
        QCOMPARE(info.subgraphs.size(), 1);
        const OperatorInfo &oi = info.subgraphs.at(0).operators.at(0);
        QCOMPARE(oi.macs, macs);
        QCOMPARE(oi.numParameters, numParameters);
        QCOMPARE(info.totalMacs(), macs);
        if (op != QLatin1String("ADD"))
            QCOMPARE(oi.ops, 2 * macs);
        QCOMPARE(oi.inputs.contains(-1), inputs.contains(QVector<qint64> { -99 }));
    }

    void batchMatMulAdjoint()
    {
        SyntheticModel m = singleOp(QStringLiteral("BATCH_MATMUL"), { { 2, 7, 3 }, { 2, 7, 5 } }, { 2, 3, 5 });
        m.subgraphs[0].operators[0].adjX = true; // a is [B, K, M]
        const ModelInfo info = parsed(m);
        QCOMPARE(info.subgraphs.at(0).operators.at(0).macs, 2 * 3 * 5 * 7);
    }

    void poolOps()
    {
        SyntheticModel m = singleOp(QStringLiteral("AVERAGE_POOL_2D"), { { 1, 6, 6, 4 } }, { 1, 3, 3, 4 });
        m.subgraphs[0].operators[0].poolFilterWidth = 2;
        m.subgraphs[0].operators[0].poolFilterHeight = 3;
        const ModelInfo info = parsed(m);
        QCOMPARE(info.subgraphs.at(0).operators.at(0).macs, 0);
        QCOMPARE(info.subgraphs.at(0).operators.at(0).ops, 36 * 6);
    }

    void tensorsAndBytes()
    {
        SyntheticModel m = singleOp(
            QStringLiteral("FULLY_CONNECTED"), { { 1, 8 }, { 4, 8 }, { 4 } }, { 1, 4 }, QStringLiteral("FLOAT32"));
        m.subgraphs[0].tensors[0].name = QStringLiteral("serving_default_x:0");
        const ModelInfo info = parsed(m);
        const SubgraphInfo &sg = info.subgraphs.at(0);
        QCOMPARE(sg.tensors.size(), 4);
        QCOMPARE(sg.tensors[0].name, QStringLiteral("serving_default_x:0"));
        QCOMPARE(sg.tensors[0].type, QStringLiteral("FLOAT32"));
        QCOMPARE(sg.tensors[0].shape, QVector<qint64>({ 1, 8 }));
        QCOMPARE(sg.tensors[0].bytes, 32);
        QVERIFY(!sg.tensors[0].isConstant);
        QVERIFY(sg.tensors[1].isConstant);
        QVERIFY(sg.tensors[1].buffer > 0);
        QCOMPARE(sg.tensors[2].type, QStringLiteral("INT32"));
        const OperatorInfo &op = sg.operators.at(0);
        QCOMPARE(op.parameterBytes, 4 * 8 * 4 + 4 * 4);
        QCOMPARE(op.activationBytes, 8 * 4 + 4 * 4);
        QCOMPARE(info.totalParameterBytes(), 4 * 8 * 4 + 4 * 4);
        QCOMPARE(info.description, QStringLiteral("hpx synthetic model"));
        QCOMPARE(info.schemaVersion, 3u);
        QCOMPARE(info.sha256.size(), 64);
    }

    void subByteTypes()
    {
        SyntheticModel m = singleOp(QStringLiteral("RELU"), { { 3, 3 } }, { 3, 3 }, QStringLiteral("INT4"));
        const ModelInfo info = parsed(m);
        QCOMPARE(info.subgraphs.at(0).tensors.at(0).type, QStringLiteral("INT4"));
        QCOMPARE(info.subgraphs.at(0).tensors.at(0).bytes, 5); // 9 nibbles
    }

    void fileRoundTrip()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("chain.tflite"));
        SyntheticModel::ChainOptions options;
        options.operatorCount = 1000;
        options.subgraphName.clear();
        options.signatureKey = QStringLiteral("serving_default");
        QString error;
        QVERIFY2(SyntheticModel::chain(options).writeFile(path, &error), qPrintable(error));
        const ModelLoadResult r = loadModel(path);
        QVERIFY2(r.model, qPrintable(r.error));
        QCOMPARE(r.model->fileName, QStringLiteral("chain.tflite"));
        QCOMPARE(r.model->filePath, path);
        QCOMPARE(r.model->operatorCount(), 1000);
        QCOMPARE(r.model->subgraphs.at(0).name, QString());
        QCOMPARE(r.model->subgraphs.at(0).graphId, QStringLiteral("serving_default"));
        QCOMPARE(r.model->sizeBytes, QFileInfo(path).size());
        // Same bytes in memory give the same digest.
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(parseModel(f.readAll(), QStringLiteral("x")).model->sha256, r.model->sha256);
    }
};

QTEST_GUILESS_MAIN(TestTfliteSynthetic)
#include "tst_tflitesynthetic.moc"
