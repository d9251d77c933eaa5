// Every shared model, read by the loader, against the independent oracle reading in tests/data/oracle.
#include "model/tflite/tflitemodel.h"
#include "tests/support/testdata.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace hpx::model;

class TestTfliteModel : public QObject {
    Q_OBJECT

private:
    QStringList m_names;
    QHash<QString, ModelInfo> m_models;
    QHash<QString, QJsonObject> m_oracles;

    static QVector<qint64> toShape(const QJsonArray &a)
    {
        QVector<qint64> v;
        for (const QJsonValue &x : a)
            v.append(x.toInteger());
        return v;
    }
    static QVector<int> toInts(const QJsonArray &a)
    {
        QVector<int> v;
        for (const QJsonValue &x : a)
            v.append(x.toInt());
        return v;
    }

private slots:
    void initTestCase()
    {
        const QDir dir(hpx::test::dataPath(QStringLiteral("oracle")));
        const QStringList files = dir.entryList({ QStringLiteral("*.json") }, QDir::Files, QDir::Name);
        QVERIFY2(files.size() >= 9, "expected the nine shared models' oracle files");
        for (const QString &f : files) {
            const QString name = f.chopped(5);
            QJsonParseError err;
            const QJsonDocument doc = QJsonDocument::fromJson(hpx::test::readData(QStringLiteral("oracle/") + f), &err);
            QVERIFY2(doc.isObject(), qPrintable(f + QStringLiteral(": ") + err.errorString()));
            const ModelLoadResult r = loadModel(hpx::test::dataPath(QStringLiteral("models/%1.tflite").arg(name)));
            QVERIFY2(r.model, qPrintable(r.error));
            QVERIFY(r.error.isEmpty());
            m_names << name;
            m_models.insert(name, *r.model);
            m_oracles.insert(name, doc.object());
        }
    }

    void modelSummary_data()
    {
        QTest::addColumn<QString>("name");
        for (const QString &n : std::as_const(m_names))
            QTest::newRow(qPrintable(n)) << n;
    }
    void modelSummary()
    {
        QFETCH(QString, name);
        const ModelInfo &m = m_models[name];
        const QJsonObject o = m_oracles[name];
        QCOMPARE(m.fileName, o[QLatin1String("file")].toString());
        QCOMPARE(m.sha256, o[QLatin1String("sha256")].toString());
        QCOMPARE(m.sizeBytes, o[QLatin1String("size_bytes")].toInteger());
        QCOMPARE(qint64(m.schemaVersion), o[QLatin1String("schema_version")].toInteger());
        QCOMPARE(m.description, o[QLatin1String("description")].toString());
        QCOMPARE(m.subgraphs.size(), o[QLatin1String("num_subgraphs")].toInteger());
        QCOMPARE(qint64(m.operatorCount()), o[QLatin1String("num_operators")].toInteger());
        QCOMPARE(m.totalMacs(), o[QLatin1String("total_macs")].toInteger());
        QVERIFY(m.filePath.endsWith(QStringLiteral("/models/") + m.fileName));
        const QJsonArray sigs = o[QLatin1String("signature_defs")].toArray();
        QCOMPARE(m.signatures.size(), sigs.size());
        for (qsizetype i = 0; i < sigs.size(); ++i) {
            QCOMPARE(m.signatures[i].key, sigs[i][QLatin1String("signature_key")].toString());
            QCOMPARE(m.signatures[i].subgraphIndex, sigs[i][QLatin1String("subgraph_index")].toInt());
        }
    }

    void subgraphs_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("subgraph");
        for (const QString &n : std::as_const(m_names)) {
            const int count = m_oracles[n][QLatin1String("num_subgraphs")].toInt();
            for (int s = 0; s < count; ++s)
                QTest::addRow("%s/sg%d", qPrintable(n), s) << n << s;
        }
    }
    void subgraphs()
    {
        QFETCH(QString, name);
        QFETCH(int, subgraph);
        const ModelInfo &m = m_models[name];
        const QJsonObject o = m_oracles[name];
        const QJsonObject os = o[QLatin1String("subgraphs")].toArray().at(subgraph).toObject();
        const SubgraphInfo &sg = m.subgraphs.at(subgraph);
        QCOMPARE(sg.index, subgraph);
        QCOMPARE(sg.name, os[QLatin1String("name")].toString()); // null -> ""
        QCOMPARE(sg.inputs, toInts(os[QLatin1String("inputs")].toArray()));
        QCOMPARE(sg.outputs, toInts(os[QLatin1String("outputs")].toArray()));
        QCOMPARE(sg.operators.size(), os[QLatin1String("num_operators")].toInteger());

        // Graph id derived from the oracle's data by Model Explorer's rule, independently of the loader.
        QString expectedId = os[QLatin1String("name")].toString();
        if (expectedId.isEmpty()) {
            for (const QJsonValue &s : o[QLatin1String("signature_defs")].toArray()) {
                if (s[QLatin1String("subgraph_index")].toInt() == subgraph) {
                    expectedId = s[QLatin1String("signature_key")].toString();
                    break;
                }
            }
        }
        if (expectedId.isEmpty())
            expectedId = subgraph == 0 ? QStringLiteral("main") : QStringLiteral("subgraph_%1").arg(subgraph);
        QCOMPARE(sg.graphId, expectedId);
        QCOMPARE(m.subgraphByGraphId(expectedId), subgraph);

        const QJsonArray tensors = os[QLatin1String("tensors")].toArray();
        QCOMPARE(sg.tensors.size(), tensors.size());
        for (qsizetype i = 0; i < tensors.size(); ++i) {
            const QJsonObject t = tensors[i].toObject();
            const TensorInfo &ti = sg.tensors[i];
            QCOMPARE(ti.index, int(i));
            QCOMPARE(ti.name, t[QLatin1String("name")].toString());
            QCOMPARE(ti.type, t[QLatin1String("type")].toString());
            QCOMPARE(ti.shape, toShape(t[QLatin1String("shape")].toArray()));
            QCOMPARE(ti.buffer, t[QLatin1String("buffer")].toInt());
        }
    }

    void operators_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("subgraph");
        QTest::addColumn<int>("op");
        for (const QString &n : std::as_const(m_names)) {
            const QJsonArray sgs = m_oracles[n][QLatin1String("subgraphs")].toArray();
            for (qsizetype s = 0; s < sgs.size(); ++s) {
                const qsizetype ops = sgs[s][QLatin1String("operators")].toArray().size();
                for (qsizetype k = 0; k < ops; ++k)
                    QTest::addRow("%s/sg%d/op%d", qPrintable(n), int(s), int(k)) << n << int(s) << int(k);
            }
        }
    }
    void operators()
    {
        QFETCH(QString, name);
        QFETCH(int, subgraph);
        QFETCH(int, op);
        const SubgraphInfo &sg = m_models[name].subgraphs.at(subgraph);
        const QJsonObject oo = m_oracles[name][QLatin1String("subgraphs")]
                                   .toArray()
                                   .at(subgraph)[QLatin1String("operators")]
                                   .toArray()
                                   .at(op)
                                   .toObject();
        QVERIFY(op < sg.operators.size());
        const OperatorInfo &oi = sg.operators.at(op);
        QCOMPARE(oi.index, oo[QLatin1String("index")].toInt());
        QCOMPARE(oi.index, op);
        QCOMPARE(oi.op, oo[QLatin1String("opcode")].toString());
        QCOMPARE(oi.opcodeIndex, oo[QLatin1String("opcode_index")].toInt());
        QCOMPARE(oi.customCode, oo[QLatin1String("custom_code")].toString());
        QCOMPARE(oi.inputs, toInts(oo[QLatin1String("inputs")].toArray()));
        QCOMPARE(oi.outputs, toInts(oo[QLatin1String("outputs")].toArray()));
        QCOMPARE(oi.macs, oo[QLatin1String("macs")].toInteger(0));
        // subgraph_refs lists the called subgraphs in the options' field order (cond, body / then, else / init).
        QVector<int> called;
        const QJsonObject refs = oo[QLatin1String("subgraph_refs")].toObject();
        for (const char *key : { "cond_subgraph_index", "body_subgraph_index", "then_subgraph_index",
                 "else_subgraph_index", "init_subgraph_index" }) {
            if (refs.contains(QLatin1String(key)))
                called.append(refs[QLatin1String(key)].toInt());
        }
        QCOMPARE(oi.calledSubgraphs, called);
        // Tensors the operator names resolve to the subgraph's tensors; the oracle's names, types and
        // shapes were compared per tensor in subgraphs().
        for (int t : oi.inputs + oi.outputs) {
            QVERIFY(t >= -1 && t < sg.tensors.size());
        }
        // docs/compatibility.md §5.10: ops = 2 x MACs for the MAC operators.
        if (oi.macs > 0)
            QCOMPARE(oi.ops, 2 * oi.macs);
    }

    // Graph ids stated outright for the two models the spec names (not derived from the oracle).
    void knownGraphIds()
    {
        QCOMPARE(m_models[QStringLiteral("person_detect")].subgraphs.at(0).graphId, QStringLiteral("main"));
        QCOMPARE(m_models[QStringLiteral("person_detect")].subgraphs.at(0).name, QString());
        const ModelInfo &w = m_models[QStringLiteral("multi_subgraphs_while")];
        QCOMPARE(w.subgraphs.size(), 3);
        QCOMPARE(w.subgraphs.at(0).graphId, QStringLiteral("main"));
        QCOMPARE(w.subgraphs.at(1).graphId, QStringLiteral("while_cond"));
        QCOMPARE(w.subgraphs.at(2).graphId, QStringLiteral("while_body"));
        QCOMPARE(w.subgraphs.at(0).operators.at(0).calledSubgraphs, QVector<int>({ 1, 2 }));
        const ModelInfo &mww = m_models[QStringLiteral("mww_okay_nabu_v2")];
        QCOMPARE(mww.subgraphs.at(0).operators.at(0).op, QStringLiteral("CALL_ONCE"));
        QCOMPARE(mww.subgraphs.at(0).operators.at(0).calledSubgraphs, QVector<int>({ 1 }));
    }

    // Which subgraphs run only through a CALL_ONCE (once, in the first inference): mww's init subgraph; a WHILE's
    // condition and body run in every inference.
    void runOnceAtStart()
    {
        QCOMPARE(m_models[QStringLiteral("mww_okay_nabu_v2")].runOnceAtStart(), QVector<bool>({ false, true }));
        QCOMPARE(
            m_models[QStringLiteral("multi_subgraphs_while")].runOnceAtStart(), QVector<bool>({ false, false, false }));
        QCOMPARE(m_models[QStringLiteral("person_detect")].runOnceAtStart(), QVector<bool>({ false }));
        // A subgraph called both by a CALL_ONCE and by a WHILE body runs every inference.
        ModelInfo m;
        m.subgraphs.resize(4);
        for (int s = 0; s < 4; ++s)
            m.subgraphs[s].index = s;
        OperatorInfo callOnce;
        callOnce.builtinCode = 129;
        callOnce.calledSubgraphs = { 1 };
        OperatorInfo whileOp;
        whileOp.builtinCode = 119;
        whileOp.calledSubgraphs = { 2, 3 };
        m.subgraphs[0].operators = { callOnce, whileOp };
        OperatorInfo callOnce3 = callOnce;
        callOnce3.calledSubgraphs = { 3 };
        m.subgraphs[1].operators = { callOnce3 };
        QCOMPARE(m.runOnceAtStart(), QVector<bool>({ false, true, false, false }));
    }

    // Per-operator bytes on a model whose numbers are easy to check by hand: hello_world's first
    // FULLY_CONNECTED reads input [1,1] INT8 (1 B), weights [16,1] INT8 (16 B), bias [16] INT32 (64 B)
    // and writes [1,16] INT8 (16 B).
    void helloWorldBytes()
    {
        const ModelInfo &m = m_models[QStringLiteral("hello_world_int8")];
        const OperatorInfo &op = m.subgraphs.at(0).operators.at(0);
        QCOMPARE(op.op, QStringLiteral("FULLY_CONNECTED"));
        QCOMPARE(op.parameterBytes, 16 + 64);
        QCOMPARE(op.activationBytes, 1 + 16);
        QCOMPARE(op.numParameters, 16 + 16);
        QCOMPARE(op.macs, 16);
        QCOMPARE(op.ops, 32);
        // 16 + 16*16 + 16 weights (INT8) and 16 + 16 + 1 biases (INT32)
        QCOMPARE(m.totalParameterBytes(), (16 + 256 + 16) + 4 * (16 + 16 + 1));
    }

    // The legacy-opcode models store the op only in deprecated_builtin_code.
    void legacyOpcodes()
    {
        const ModelInfo &m = m_models[QStringLiteral("person_detect")];
        QCOMPARE(m.subgraphs.at(0).operators.at(0).op, QStringLiteral("DEPTHWISE_CONV_2D"));
        QCOMPARE(m.subgraphs.at(0).operators.at(0).builtinCode, 4);
    }

    void sourcesListEveryModel()
    {
        const QString sources = QString::fromUtf8(hpx::test::readData(QStringLiteral("models/SOURCES.md")));
        for (const QString &n : std::as_const(m_names)) {
            QVERIFY2(sources.contains(QStringLiteral("| %1.tflite |").arg(n)), qPrintable(n));
            QVERIFY2(sources.contains(m_models[n].sha256), qPrintable(n));
        }
    }
};

QTEST_GUILESS_MAIN(TestTfliteModel)
#include "tst_tflitemodel.moc"
