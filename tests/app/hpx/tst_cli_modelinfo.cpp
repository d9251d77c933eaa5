// `hpx model-info` as users run it: the built binary through QProcess.
#include "model/tflite/syntheticmodel.h"
#include "tests/support/testdata.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

namespace {

struct Run {
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

Run runHpx(const QStringList &args)
{
    QProcess p;
    p.start(QStringLiteral(HPX_CLI_PATH), args);
    Run r;
    if (!p.waitForFinished(60000)) {
        p.kill();
        p.waitForFinished();
        return r;
    }
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -2;
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

QStringList strings(std::initializer_list<const char *> list)
{
    QStringList out;
    for (const char *s : list)
        out << QString::fromLatin1(s);
    return out;
}

QStringList keysInOrder(const QByteArray &json, const QByteArray &objectStart)
{
    // QJsonObject sorts keys; the documented order is checked on the text itself.
    QStringList keys;
    const qsizetype from = json.indexOf(objectStart);
    const qsizetype to = json.indexOf('\n', from);
    const QByteArray line = json.mid(from, to - from);
    qsizetype pos = 0;
    while ((pos = line.indexOf("\": ", pos)) >= 0) {
        const qsizetype start = line.lastIndexOf('"', pos - 1);
        keys << QString::fromUtf8(line.mid(start + 1, pos - start - 1));
        pos += 3;
    }
    return keys;
}

} // namespace

class TestCliModelInfo : public QObject {
    Q_OBJECT

private slots:
    void jsonMatchesOracle_data()
    {
        QTest::addColumn<QString>("name");
        for (const char *n : { "hello_world_int8", "multi_subgraphs_while", "audio_preprocessor_int8", "person_detect",
                 "mww_okay_nabu_v2", "vww_96_float" })
            QTest::newRow(n) << QString::fromLatin1(n);
    }
    void jsonMatchesOracle()
    {
        QFETCH(QString, name);
        const Run r = runHpx({ QStringLiteral("model-info"),
            hpx::test::dataPath(QStringLiteral("models/%1.tflite").arg(name)), QStringLiteral("--json") });
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.err.isEmpty(), r.err.constData());
        QJsonParseError perr;
        const QJsonDocument doc = QJsonDocument::fromJson(r.out, &perr);
        QVERIFY2(doc.isObject(), qPrintable(perr.errorString()));
        const QJsonObject j = doc.object();
        const QJsonObject o
            = QJsonDocument::fromJson(hpx::test::readData(QStringLiteral("oracle/%1.json").arg(name))).object();

        QCOMPARE(QStringList(j.keys()),
            strings({ "file", "sha256", "size_bytes", "subgraphs", "total_macs" })); // sorted by Qt
        QCOMPARE(j[QLatin1String("file")].toString(), name + QStringLiteral(".tflite"));
        QCOMPARE(j[QLatin1String("sha256")].toString(), o[QLatin1String("sha256")].toString());
        QCOMPARE(j[QLatin1String("size_bytes")].toInteger(), o[QLatin1String("size_bytes")].toInteger());
        QCOMPARE(j[QLatin1String("total_macs")].toInteger(), o[QLatin1String("total_macs")].toInteger());

        const QJsonArray sgs = j[QLatin1String("subgraphs")].toArray();
        const QJsonArray osgs = o[QLatin1String("subgraphs")].toArray();
        QCOMPARE(sgs.size(), osgs.size());
        for (qsizetype s = 0; s < sgs.size(); ++s) {
            const QJsonObject sg = sgs[s].toObject();
            const QJsonObject osg = osgs[s].toObject();
            QCOMPARE(QStringList(sg.keys()), strings({ "graph_id", "index", "name", "operators" }));
            QCOMPARE(sg[QLatin1String("index")].toInt(), int(s));
            QCOMPARE(sg[QLatin1String("name")], osg[QLatin1String("name")]); // null when the file has none
            QVERIFY(!sg[QLatin1String("graph_id")].toString().isEmpty());
            const QJsonArray ops = sg[QLatin1String("operators")].toArray();
            const QJsonArray oops = osg[QLatin1String("operators")].toArray();
            QCOMPARE(ops.size(), oops.size());
            for (qsizetype k = 0; k < ops.size(); ++k) {
                const QJsonObject op = ops[k].toObject();
                const QJsonObject oop = oops[k].toObject();
                const bool custom = oop[QLatin1String("opcode")].toString() == QLatin1String("CUSTOM");
                QStringList expectedKeys = strings({ "index", "inputs", "macs", "op", "outputs" });
                if (custom)
                    expectedKeys.insert(0, QStringLiteral("custom_code"));
                QCOMPARE(QStringList(op.keys()), expectedKeys);
                QCOMPARE(op[QLatin1String("index")].toInt(), int(k));
                QCOMPARE(op[QLatin1String("op")], oop[QLatin1String("opcode")]);
                if (custom)
                    QCOMPARE(op[QLatin1String("custom_code")], oop[QLatin1String("custom_code")]);
                QCOMPARE(op[QLatin1String("inputs")], oop[QLatin1String("inputs")]);
                QCOMPARE(op[QLatin1String("outputs")], oop[QLatin1String("outputs")]);
                QCOMPARE(op[QLatin1String("macs")].toInteger(), oop[QLatin1String("macs")].toInteger(0));
            }
        }
        // Documented key order in the text (first operator line).
        QStringList expectedOrder = strings({ "index", "op", "inputs", "outputs", "macs" });
        if (osgs[0][QLatin1String("operators")][0][QLatin1String("opcode")].toString() == QLatin1String("CUSTOM"))
            expectedOrder.insert(2, QStringLiteral("custom_code"));
        QCOMPARE(keysInOrder(r.out, "        {\"index\""), expectedOrder);
    }

    void keyOrder()
    {
        const Run r = runHpx({ QStringLiteral("model-info"), QStringLiteral("--json"),
            hpx::test::dataPath(QStringLiteral("models/audio_preprocessor_int8.tflite")) });
        QCOMPARE(r.exitCode, 0);
        const QByteArray &t = r.out;
        const qsizetype file = t.indexOf("\"file\""), sha = t.indexOf("\"sha256\""), size = t.indexOf("\"size_bytes\""),
                        macs = t.indexOf("\"total_macs\""), sgs = t.indexOf("\"subgraphs\"");
        QVERIFY(file >= 0 && file < sha && sha < size && size < macs && macs < sgs);
        const qsizetype idx = t.indexOf("\"index\"", sgs), name = t.indexOf("\"name\"", sgs),
                        gid = t.indexOf("\"graph_id\"", sgs), ops = t.indexOf("\"operators\"", sgs);
        QVERIFY(idx < name && name < gid && gid < ops);
        QVERIFY(t.contains("{\"index\": 0, \"op\": \"CUSTOM\", \"custom_code\": \"SignalWindow\", \"inputs\": [0, 1], "
                           "\"outputs\": [19], \"macs\": 0}"));
    }

    void table()
    {
        const Run r = runHpx({ QStringLiteral("model-info"),
            hpx::test::dataPath(QStringLiteral("models/multi_subgraphs_while.tflite")) });
        QCOMPARE(r.exitCode, 0);
        const QString out = QString::fromUtf8(r.out);
        QVERIFY(out.contains(QStringLiteral("8ebc1bff4fd9d7beeeb57722a3bd91768f7d2795935eee7ae3a60f9fe8481852")));
        QVERIFY(out.contains(QStringLiteral("Subgraph 1 \"while_cond\" (graph id \"while_cond\")")));
        QVERIFY(out.contains(QStringLiteral("Subgraph 2 \"while_body\" (graph id \"while_body\"): 3 operators")));
        QVERIFY(out.contains(QStringLiteral("WHILE")));
        QVERIFY(!QJsonDocument::fromJson(r.out).isObject());

        const Run v = runHpx(
            { QStringLiteral("model-info"), hpx::test::dataPath(QStringLiteral("models/vww_96_float.tflite")) });
        QCOMPARE(v.exitCode, 0);
        QVERIFY(QString::fromUtf8(v.out).contains(QStringLiteral("Total MACs:       7,489,664")));
    }

    void help()
    {
        const Run r = runHpx({ QStringLiteral("model-info"), QStringLiteral("--help") });
        QCOMPARE(r.exitCode, 0);
        const QString out = QString::fromUtf8(r.out);
        QVERIFY2(out.startsWith(
                     QStringLiteral("Usage: hpx model-info [--memory | --placement [--arena-location L] "
                                    "[--weights-location L] [--arena-size BYTES]] [--kernels SET] [--json] MODEL\n")),
            qPrintable(out));
        QVERIFY(out.contains(QStringLiteral("--json")));
        QVERIFY(out.contains(QStringLiteral("--help")));
        QVERIFY(out.contains(QStringLiteral("MODEL")));
        QVERIFY(out.contains(QStringLiteral("Exit status")));
        // The command is listed in the top-level help.
        const Run top = runHpx({ QStringLiteral("--help") });
        QVERIFY(top.out.contains("model-info"));
    }

    void errors_data()
    {
        QTest::addColumn<QString>("setup");
        QTest::addColumn<QStringList>("extraArgs");
        QTest::addColumn<QString>("expected");
        QTest::newRow("missing file") << "missing" << QStringList() << "no such file";
        QTest::newRow("missing file --json") << "missing" << QStringList { QStringLiteral("--json") } << "no such file";
        QTest::newRow("empty file") << "empty" << QStringList() << "the file is empty";
        QTest::newRow("truncated file") << "truncated" << QStringList { QStringLiteral("--json") }
                                        << "damaged or truncated";
        QTest::newRow("not a model") << "text" << QStringList() << "not a TFLite model";
        QTest::newRow("index out of range") << "badindex" << QStringList() << "out of range";
        QTest::newRow("MAC overflow") << "overflow" << QStringList() << "MAC count overflows";
    }
    void errors()
    {
        QFETCH(QString, setup);
        QFETCH(QStringList, extraArgs);
        QFETCH(QString, expected);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("bad model.tflite"));
        hpx::model::SyntheticModel m = hpx::model::SyntheticModel::chain({ 8 });
        QByteArray bytes;
        if (setup == QLatin1String("truncated"))
            bytes = hpx::model::truncatedCopy(m.build(), 100);
        else if (setup == QLatin1String("text"))
            bytes = "a,b\n1,2\n";
        else if (setup == QLatin1String("badindex")) {
            m.subgraphs[0].operators[3].inputs[0] = 500;
            bytes = m.build();
        } else if (setup == QLatin1String("overflow")) {
            m.subgraphs[0].tensors[0].shape = { 1, 65536, 65536, 65536 }; // input: nothing constant
            m.subgraphs[0].operators[0].inputs[1] = 0; // weights := the huge input
            m.subgraphs[0].tensors[1].shape = { 1, 65536, 65536, 8 }; // op 0 output
            bytes = m.build();
        }
        if (setup != QLatin1String("missing")) {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(bytes);
        }
        const Run r = runHpx(QStringList { QStringLiteral("model-info"), path } + extraArgs);
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.out.isEmpty());
        const QString err = QString::fromUtf8(r.err);
        QVERIFY2(err.endsWith(QLatin1Char('\n')) && err.count(QLatin1Char('\n')) == 1, qPrintable(err));
        QVERIFY2(err.contains(path), qPrintable(err));
        QVERIFY2(err.contains(expected), qPrintable(err));
    }

    void badArguments()
    {
        const Run none = runHpx({ QStringLiteral("model-info") });
        QCOMPARE(none.exitCode, 2);
        QVERIFY(none.err.contains("MODEL"));
        const Run two = runHpx({ QStringLiteral("model-info"), QStringLiteral("a"), QStringLiteral("b") });
        QCOMPARE(two.exitCode, 2);
        const Run unknown
            = runHpx({ QStringLiteral("model-info"), QStringLiteral("--frobnicate"), QStringLiteral("x") });
        QCOMPARE(unknown.exitCode, 2);
        QVERIFY(unknown.err.contains("frobnicate"));
    }
};

QTEST_GUILESS_MAIN(TestCliModelInfo)
#include "tst_cli_modelinfo.moc"
