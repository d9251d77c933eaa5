// `hpx profile --port sim` end to end: every model in tests/data/models, each engine, both SoC profiles,
// checked against the independent oracle readings of the models (tests/data/oracle), and the bundle
// read back through BundleReader.
#include "clitest.h"
#include "model/bundle/bundlereader.h"
#include "tests/support/testdata.h"

#include <QDir>
#include <QDirIterator>
#include <QJsonArray>
#include <QRegularExpression>
#include <QSet>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QtTest>

#include <csignal>

using namespace hpx::test;

namespace {

struct OracleGraph {
    QString graphId;
    QStringList ops; // opcode per operator index (CUSTOM for custom operators)
    QStringList names; // the tag TFLM prints: the custom code for custom operators, else the opcode
};

// Model Explorer's graph-id rule (docs/compatibility.md §0.2): the subgraph's name, else its signature key,
// else "main" for subgraph 0 and "subgraph_<i>".
QVector<OracleGraph> oracleGraphs(const QString &model)
{
    const QJsonObject oracle = readJsonObject(dataPath(QStringLiteral("oracle/") + model + QStringLiteral(".json")));
    QHash<int, QString> signatureKeys;
    for (const QJsonValue &sig : oracle.value(QStringLiteral("signature_defs")).toArray())
        signatureKeys.insert(sig.toObject().value(QStringLiteral("subgraph_index")).toInt(),
            sig.toObject().value(QStringLiteral("signature_key")).toString());
    QVector<OracleGraph> graphs;
    for (const QJsonValue &sv : oracle.value(QStringLiteral("subgraphs")).toArray()) {
        const QJsonObject s = sv.toObject();
        const int index = s.value(QStringLiteral("index")).toInt();
        OracleGraph g;
        g.graphId = s.value(QStringLiteral("name")).toString();
        if (g.graphId.isEmpty())
            g.graphId = signatureKeys.value(index);
        if (g.graphId.isEmpty())
            g.graphId = index == 0 ? QStringLiteral("main") : QStringLiteral("subgraph_%1").arg(index);
        // The op tag TFLM prints for a custom operator is its custom code (SignalWindow), else the op name.
        for (const QJsonValue &op : s.value(QStringLiteral("operators")).toArray()) {
            const QString custom = op.toObject().value(QStringLiteral("custom_code")).toString();
            g.ops << op.toObject().value(QStringLiteral("opcode")).toString();
            g.names << (custom.isEmpty() ? g.ops.last() : custom);
        }
        graphs << g;
    }
    return graphs;
}

const OracleGraph *graphById(const QVector<OracleGraph> &graphs, const QString &id)
{
    for (const OracleGraph &g : graphs) {
        if (g.graphId == id)
            return &g;
    }
    return nullptr;
}

QStringList overlayCounters(const QString &bundle)
{
    QStringList counters;
    for (const QString &f :
        QDir(bundle + QStringLiteral("/model_explorer")).entryList({ QStringLiteral("*.json") }, QDir::Files))
        counters << f.mid(int(strlen("me_overlay_"))).chopped(int(strlen(".json")));
    counters.sort();
    return counters;
}

QStringList modelNames()
{
    QStringList names;
    for (const QString &f :
        QDir(dataPath(QStringLiteral("models"))).entryList({ QStringLiteral("*.tflite") }, QDir::Files))
        names << f.chopped(int(strlen(".tflite")));
    return names;
}

HpxRun profile(const QString &model, const QString &out, const QStringList &extra = {})
{
    return runHpx(QStringList { QStringLiteral("profile"),
                      dataPath(QStringLiteral("models/") + model + QStringLiteral(".tflite")), QStringLiteral("--port"),
                      QStringLiteral("sim"), QStringLiteral("--iterations"), QStringLiteral("2"),
                      QStringLiteral("--warmup"), QStringLiteral("0"), QStringLiteral("--output-dir"), out }
        + extra);
}

// Drops what legitimately differs between two runs of the same capture.
QJsonValue withoutRunIdentity(const QJsonValue &v)
{
    static const QSet<QString> volatileKeys = { QStringLiteral("run_id"), QStringLiteral("timestamp"),
        QStringLiteral("timing"), QStringLiteral("config_sha256"), QStringLiteral("capture_duration_s"),
        QStringLiteral("hpx_start_latency_s"), QStringLiteral("protocol_duration_s") };
    if (v.isObject()) {
        QJsonObject o;
        const QJsonObject in = v.toObject();
        for (auto it = in.begin(); it != in.end(); ++it) {
            if (!volatileKeys.contains(it.key()))
                o.insert(it.key(), withoutRunIdentity(it.value()));
        }
        return o;
    }
    if (v.isArray()) {
        QJsonArray a;
        for (const QJsonValue &e : v.toArray())
            a.append(withoutRunIdentity(e));
        return a;
    }
    return v;
}

} // namespace

class TestCliProfile : public QObject {
    Q_OBJECT

private slots:
    void everyModelEngineSoc_data();
    void everyModelEngineSoc();
    void importEqualsLive();
    void aotLabelsOnlyEqualsManifest();
    void aotUnresolvablePositions();
    void noModelExplorerChangesNothingElse();
    void plan();
    void profileErrors();
    void inputErrorsComeBeforeAnyBuild();
    void invalidResultExits5();
    void interruptKeepsRawStream_data();
    void interruptKeepsRawStream();
};

void TestCliProfile::everyModelEngineSoc_data()
{
    QTest::addColumn<QString>("model");
    QTest::addColumn<QString>("engine");
    QTest::addColumn<QString>("board");
    const QStringList models = modelNames();
    QVERIFY(models.size() >= 5);
    for (const QString &model : models) {
        for (const char *engine : { "tflm", "helia-rt", "helia-aot", "executorch" }) {
            for (const char *board : { "apollo510_evb", "apollo4p_evb" })
                QTest::addRow("%s/%s/%s", qPrintable(model), engine, board)
                    << model << QString::fromLatin1(engine) << QString::fromLatin1(board);
        }
    }
}

void TestCliProfile::everyModelEngineSoc()
{
    QFETCH(QString, model);
    QFETCH(QString, engine);
    QFETCH(QString, board);
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("bundle"));
    const HpxRun r = profile(model, out, { QStringLiteral("--engine"), engine, QStringLiteral("--board"), board });
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QCOMPARE(QString::fromUtf8(r.out).trimmed(), out); // stdout: the bundle path only
    // The closing line in English plural forms ("4 counters", "1 overlay file"), never "(s)".
    QVERIFY2(!r.err.contains("(s)"), r.err.constData());
    // Operators that did not run, and a CALL_ONCE's init operators, are counted apart from the layers and from each
    // other (issue 33, item 3).
    const QRegularExpressionMatch closing = QRegularExpression(
        QStringLiteral("\\d+ layers?, (?:(\\d+) operators? not run, )?(?:(\\d+) operators? at init, not "
                       "profiled, )?\\d+ counters?, validity \\w+; \\d+ overlay files?\\n"))
                                                .match(QString::fromUtf8(r.err));
    QVERIFY2(closing.hasMatch(), r.err.constData());

    const QJsonObject summary = readJsonObject(out + QStringLiteral("/summary.json"));
    const QJsonArray top = summary.value(QStringLiteral("top_layers")).toArray();
    QVERIFY2(!top.isEmpty(), "summary.top_layers is empty");
    const QJsonObject top0 = top.at(0).toObject();

    // The bundle round-trips through the reader, digests verified.
    const hpx::model::BundleReadResult read = hpx::model::BundleReader::read(out);
    QVERIFY2(read.bundle.has_value(), qPrintable(read.error));
    QVERIFY(read.bundle->verified);
    QCOMPARE(read.bundle->result.layers.size(), summary.value(QStringLiteral("layers")).toInt());
    // The simulated board runs every WHILE body and IF's then-branch and leaves CALL_ONCE's init to its warm-up:
    // mww_okay_nabu_v2's init subgraph (12 operators) ran once, at init; every other operator ran.
    const bool tflmOrder = engine == QLatin1String("tflm") || engine == QLatin1String("helia-rt");
    const int atInit = tflmOrder && model == QLatin1String("mww_okay_nabu_v2") ? 12 : 0;
    QCOMPARE(closing.captured(1).toInt(), 0);
    QCOMPARE(closing.captured(2).toInt(), atInit);
    QCOMPARE(read.bundle->result.notRun.size(), atInit);
    for (const hpx::model::LayerResult &op : read.bundle->result.notRun) {
        QCOMPARE(op.execution, hpx::model::LayerResult::Execution::OnceAtInit);
        QCOMPARE(op.subgraph, 1);
    }

    if (engine == QLatin1String("executorch")) {
        // ExecuTorch layers name plan instructions, not graph nodes: no overlays, and the run says why.
        QVERIFY(!QDir(out + QStringLiteral("/model_explorer")).exists());
        QVERIFY2(r.err.contains("ExecuTorch"), r.err.constData());
        QVERIFY(readFileBytes(out + QStringLiteral("/run_metadata.json")).contains("ExecuTorch"));
        return;
    }

    // One overlay per captured counter: the Cortex-M4 profile captures only cycles (DWT).
    const QStringList expected = board == QLatin1String("apollo4p_evb")
        ? QStringList { QStringLiteral("ARM_PMU_CPU_CYCLES") }
        : QStringList { QStringLiteral("ARM_PMU_CPU_CYCLES"), QStringLiteral("ARM_PMU_INST_RETIRED"),
              QStringLiteral("ARM_PMU_STALL_BACKEND"), QStringLiteral("ARM_PMU_STALL_FRONTEND") };
    QCOMPARE(overlayCounters(out), expected);
    QCOMPARE(read.bundle->overlays.size(), expected.size());

    const QVector<OracleGraph> graphs = oracleGraphs(model);
    QVERIFY(!graphs.isEmpty());
    for (const QString &counter : expected) {
        const QJsonObject overlay
            = readJsonObject(out + QStringLiteral("/model_explorer/me_overlay_") + counter + QStringLiteral(".json"));
        QVERIFY(!overlay.isEmpty());
        for (auto g = overlay.begin(); g != overlay.end(); ++g) {
            // Graph ids follow the rule; every key is an operator of that graph.
            const OracleGraph *graph = graphById(graphs, g.key());
            QVERIFY2(graph, qPrintable(QStringLiteral("%1: unknown graph id %2").arg(counter, g.key())));
            QCOMPARE(g.value().toObject().value(QStringLiteral("name")).toString(), counter);
            const QJsonObject results = g.value().toObject().value(QStringLiteral("results")).toObject();
            for (auto n = results.begin(); n != results.end(); ++n) {
                bool ok = false;
                const int index = n.key().toInt(&ok);
                QVERIFY2(ok && index >= 0 && index < graph->ops.size(),
                    qPrintable(QStringLiteral("%1: node %2 is not an operator of %3").arg(counter, n.key(), g.key())));
            }
        }
    }

    // The reddest node of the cycles overlay is summary.top_layers[0].
    const QJsonObject cycles
        = readJsonObject(out + QStringLiteral("/model_explorer/me_overlay_ARM_PMU_CPU_CYCLES.json"));
    double best = -1;
    QString bestGraph, bestNode;
    for (auto g = cycles.begin(); g != cycles.end(); ++g) {
        const QJsonObject results = g.value().toObject().value(QStringLiteral("results")).toObject();
        for (auto n = results.begin(); n != results.end(); ++n) {
            const double v = n.value().toObject().value(QStringLiteral("value")).toDouble();
            if (v > best) {
                best = v;
                bestGraph = g.key();
                bestNode = n.key();
            }
        }
    }
    QVERIFY(best >= 0);
    QCOMPARE(best, top0.value(QStringLiteral("cycles")).toDouble());
    const QString topOp = top0.value(QStringLiteral("op")).toString().section(QLatin1Char(':'), 0, 0);
    const OracleGraph *bestOf = graphById(graphs, bestGraph);
    const int bestIndex = bestNode.toInt();
    QVERIFY2(bestOf->ops.at(bestIndex) == topOp || bestOf->names.at(bestIndex) == topOp,
        qPrintable(QStringLiteral("reddest node %1/%2 is %3, top layer is %4")
                       .arg(bestGraph, bestNode, bestOf->names.at(bestIndex), topOp)));

    if (engine == QLatin1String("helia-aot") && graphs.size() == 1) {
        // heliaAOT op tags carry the original operator index: OP_TYPE:id names operator id of the model.
        const QList<QByteArray> lines = readFileBytes(out + QStringLiteral("/profile_results.csv")).split('\n');
        int checked = 0;
        for (int i = 1; i < lines.size(); ++i) {
            const QList<QByteArray> cells = lines.at(i).trimmed().split(',');
            if (cells.size() < 2 || !cells.at(1).contains(':'))
                continue;
            const QString type = QString::fromLatin1(cells.at(1).split(':').at(0));
            const int id = cells.at(1).split(':').at(1).toInt();
            QVERIFY(id >= 0 && id < graphs.at(0).ops.size());
            QCOMPARE(graphs.at(0).ops.at(id), type);
            ++checked;
        }
        QVERIFY(checked > 0);
        QVERIFY(QFile::exists(out + QStringLiteral("/aot_operator_manifest.json")));
    }
}

void TestCliProfile::importEqualsLive()
{
    // The raw stream a live run kept, imported with the same model and settings, gives the same results.
    QTemporaryDir dir;
    const QString live = dir.filePath(QStringLiteral("live")), imported = dir.filePath(QStringLiteral("imported"));
    const QStringList settings = { QStringLiteral("--engine"), QStringLiteral("tflm"), QStringLiteral("--board"),
        QStringLiteral("apollo510_evb") };
    const HpxRun r = profile(QStringLiteral("multi_subgraphs_while"), live, settings);
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const HpxRun i = runHpx(
        QStringList { QStringLiteral("import"), live + QStringLiteral("/capture.log"),
            dataPath(QStringLiteral("models/multi_subgraphs_while.tflite")), QStringLiteral("--output-dir"), imported }
        + settings);
    QVERIFY2(i.exitCode == 0, i.err.constData());
    QCOMPARE(readFileBytes(imported + QStringLiteral("/profile_results.csv")),
        readFileBytes(live + QStringLiteral("/profile_results.csv")));
    QCOMPARE(
        readFileBytes(imported + QStringLiteral("/capture.log")), readFileBytes(live + QStringLiteral("/capture.log")));
    const QStringList counters = overlayCounters(live);
    QVERIFY(!counters.isEmpty());
    QCOMPARE(overlayCounters(imported), counters);
    for (const QString &c : counters) {
        const QString name = QStringLiteral("/model_explorer/me_overlay_") + c + QStringLiteral(".json");
        QCOMPARE(readFileBytes(imported + name), readFileBytes(live + name));
    }
    QCOMPARE(withoutRunIdentity(readJsonObject(imported + QStringLiteral("/summary.json"))),
        withoutRunIdentity(readJsonObject(live + QStringLiteral("/summary.json"))));
}

void TestCliProfile::aotLabelsOnlyEqualsManifest()
{
    // The same helia-aot stream imported without the manifest keys its overlays by the label suffix
    // (CONV_2D:3 -> 3): for ids that are original indices, the overlays are identical.
    QTemporaryDir dir;
    const QString withManifest = dir.filePath(QStringLiteral("m")), labels = dir.filePath(QStringLiteral("l"));
    const QString model = QStringLiteral("person_detect");
    const HpxRun r = profile(model, withManifest, { QStringLiteral("--engine"), QStringLiteral("helia-aot") });
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const HpxRun imported = runHpx({ QStringLiteral("import"), withManifest + QStringLiteral("/capture.log"),
        dataPath(QStringLiteral("models/person_detect.tflite")), QStringLiteral("--engine"),
        QStringLiteral("helia-aot"), QStringLiteral("--output-dir"), labels });
    QVERIFY2(imported.exitCode == 0, imported.err.constData());
    QVERIFY(!QFile::exists(labels + QStringLiteral("/aot_operator_manifest.json")));
    const QStringList counters = overlayCounters(withManifest);
    QCOMPARE(overlayCounters(labels), counters);
    for (const QString &c : counters) {
        const QString name = QStringLiteral("/model_explorer/me_overlay_") + c + QStringLiteral(".json");
        QCOMPARE(readFileBytes(labels + name), readFileBytes(withManifest + name));
    }
}

void TestCliProfile::aotUnresolvablePositions()
{
    // Layers whose op tag carries no operator index (and no manifest) are left out of the overlays and
    // listed in the summary; the others are kept.
    QTemporaryDir dir;
    const QString first = dir.filePath(QStringLiteral("m")), out = dir.filePath(QStringLiteral("u"));
    QVERIFY(profile(QStringLiteral("person_detect"), first, { QStringLiteral("--engine"), QStringLiteral("helia-aot") })
                .exitCode
        == 0);
    QByteArray stream = readFileBytes(first + QStringLiteral("/capture.log"));
    static const QRegularExpression tag(
        QStringLiteral("^([01]),([A-Z0-9_]+):[0-9]+,"), QRegularExpression::MultilineOption);
    stream = QString::fromLatin1(stream).replace(tag, QStringLiteral("\\1,\\2,")).toLatin1();
    const QString edited = dir.filePath(QStringLiteral("edited.log"));
    QVERIFY(writeFileBytes(edited, stream));
    const HpxRun r = runHpx({ QStringLiteral("import"), edited, dataPath(QStringLiteral("models/person_detect.tflite")),
        QStringLiteral("--engine"), QStringLiteral("helia-aot"), QStringLiteral("--output-dir"), out });
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY(r.err.contains("left out of the overlays"));
    const QJsonArray unresolved = readJsonObject(out + QStringLiteral("/summary.json"))
                                      .value(QStringLiteral("model_explorer"))
                                      .toObject()
                                      .value(QStringLiteral("unresolved_layers"))
                                      .toArray();
    QCOMPARE(unresolved.size(), 2);
    QCOMPARE(unresolved.at(0).toObject().value(QStringLiteral("position")).toInt(), 0);
    QCOMPARE(unresolved.at(1).toObject().value(QStringLiteral("position")).toInt(), 1);
    const QJsonObject full
        = readJsonObject(first + QStringLiteral("/model_explorer/me_overlay_ARM_PMU_CPU_CYCLES.json"))
              .value(QStringLiteral("main"))
              .toObject()
              .value(QStringLiteral("results"))
              .toObject();
    const QJsonObject part = readJsonObject(out + QStringLiteral("/model_explorer/me_overlay_ARM_PMU_CPU_CYCLES.json"))
                                 .value(QStringLiteral("main"))
                                 .toObject()
                                 .value(QStringLiteral("results"))
                                 .toObject();
    QCOMPARE(part.size(), full.size() - 2);
    QVERIFY(!part.contains(QStringLiteral("0")) && !part.contains(QStringLiteral("1")));
    for (auto it = part.begin(); it != part.end(); ++it)
        QVERIFY(full.contains(it.key()));
}

void TestCliProfile::noModelExplorerChangesNothingElse()
{
    QTemporaryDir dir;
    const QString a = dir.filePath(QStringLiteral("a")), b = dir.filePath(QStringLiteral("b"));
    QVERIFY(profile(QStringLiteral("kws_ref_model"), a).exitCode == 0);
    const HpxRun r = profile(QStringLiteral("kws_ref_model"), b, { QStringLiteral("--no-model-explorer") });
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY(QDir(a + QStringLiteral("/model_explorer")).exists());
    QVERIFY(!QDir(b + QStringLiteral("/model_explorer")).exists());

    QStringList filesA, filesB;
    for (QDirIterator it(a, QDir::Files, QDirIterator::Subdirectories); it.hasNext();) {
        const QString rel = QDir(a).relativeFilePath(it.next());
        if (!rel.startsWith(QLatin1String("model_explorer/")))
            filesA << rel;
    }
    for (QDirIterator it(b, QDir::Files, QDirIterator::Subdirectories); it.hasNext();)
        filesB << QDir(b).relativeFilePath(it.next());
    filesA.sort();
    filesB.sort();
    QCOMPARE(filesB, filesA);
    for (const QString &rel : filesA) {
        const QByteArray da = readFileBytes(a + QLatin1Char('/') + rel), db = readFileBytes(b + QLatin1Char('/') + rel);
        if (rel == QLatin1String("run_metadata.json")) {
            QJsonObject ma = withoutRunIdentity(QJsonDocument::fromJson(da).object()).toObject();
            QJsonObject mb = withoutRunIdentity(QJsonDocument::fromJson(db).object()).toObject();
            // The only configuration differences are the switch itself and the directory written to.
            QJsonObject ca = ma.value(QStringLiteral("config")).toObject(),
                        cb = mb.value(QStringLiteral("config")).toObject();
            QJsonObject oa = ca.value(QStringLiteral("output")).toObject(),
                        ob = cb.value(QStringLiteral("output")).toObject();
            QCOMPARE(oa.value(QStringLiteral("model_explorer")).toBool(), true);
            QCOMPARE(ob.value(QStringLiteral("model_explorer")).toBool(), false);
            for (const char *k : { "model_explorer", "dir" }) {
                oa.remove(QLatin1String(k));
                ob.remove(QLatin1String(k));
            }
            ca.insert(QStringLiteral("output"), oa);
            cb.insert(QStringLiteral("output"), ob);
            ma.insert(QStringLiteral("config"), ca);
            mb.insert(QStringLiteral("config"), cb);
            QCOMPARE(mb, ma);
        } else if (rel == QLatin1String("result_manifest.json")) {
            // Same artifacts minus the overlay exports; each digest equal except those of the two files that
            // hold the run id, time and capture durations.
            QJsonObject ma = withoutRunIdentity(QJsonDocument::fromJson(da).object()).toObject();
            QJsonObject mb = withoutRunIdentity(QJsonDocument::fromJson(db).object()).toObject();
            QJsonArray artifactsA;
            for (const QJsonValue &v : ma.value(QStringLiteral("artifacts")).toArray()) {
                if (!v.toObject().value(QStringLiteral("path")).toString().startsWith(QLatin1String("model_explorer/")))
                    artifactsA.append(v);
            }
            QJsonArray artifactsB = mb.value(QStringLiteral("artifacts")).toArray();
            QCOMPARE(artifactsB.size(), artifactsA.size());
            for (int i = 0; i < artifactsA.size(); ++i) {
                QJsonObject x = artifactsA.at(i).toObject(), y = artifactsB.at(i).toObject();
                const QString path = x.value(QStringLiteral("path")).toString();
                if (path == QLatin1String("run_metadata.json") || path == QLatin1String("summary.json")) {
                    for (const char *k : { "sha256", "size_bytes" }) {
                        x.remove(QLatin1String(k));
                        y.remove(QLatin1String(k));
                    }
                }
                QCOMPARE(y, x);
            }
            ma.remove(QStringLiteral("artifacts"));
            mb.remove(QStringLiteral("artifacts"));
            QCOMPARE(mb, ma);
        } else if (rel == QLatin1String("summary.json")) {
            QCOMPARE(withoutRunIdentity(QJsonDocument::fromJson(db).object()),
                withoutRunIdentity(QJsonDocument::fromJson(da).object()));
        } else {
            QVERIFY2(da == db, qPrintable(rel)); // byte for byte
        }
    }
}

void TestCliProfile::plan()
{
    const QString model = dataPath(QStringLiteral("models/kws_ref_model.tflite"));
    const HpxRun r
        = runHpx({ QStringLiteral("profile"), model, QStringLiteral("--plan"), QStringLiteral("--pmu-counters"),
            QStringLiteral("cpu:all"), QStringLiteral("--pmu-counters"), QStringLiteral("mve:default") });
    QCOMPARE(r.exitCode, 0);
    // The planner's plural forms are found under its own tr() context in the English catalogue: "7 passes".
    QVERIFY2(r.out.contains("7 passes") && r.out.contains("mve_0") && r.out.contains("cpu_5"), r.out.constData());
    // A DWT-only SoC refuses PMU events before anything runs, naming what it can capture.
    const HpxRun m4 = runHpx({ QStringLiteral("profile"), model, QStringLiteral("--plan"), QStringLiteral("--board"),
        QStringLiteral("apollo4p_evb"), QStringLiteral("--pmu-counters"), QStringLiteral("mve:default") });
    QCOMPARE(m4.exitCode, 2);
    QVERIFY(m4.out.isEmpty());
    QVERIFY2(m4.err.contains("ARM_PMU_MVE_INST_RETIRED") && m4.err.contains("ARM_PMU_CPU_CYCLES"), m4.err.constData());
    // Without a selection, the DWT-only SoC plans its cycles pass.
    const HpxRun m4default = runHpx({ QStringLiteral("profile"), model, QStringLiteral("--plan"),
        QStringLiteral("--board"), QStringLiteral("apollo4p_evb") });
    QCOMPARE(m4default.exitCode, 0);
    QVERIFY(m4default.out.contains("ARM_PMU_CPU_CYCLES"));
}

void TestCliProfile::profileErrors()
{
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("b"));
    const QString model = dataPath(QStringLiteral("models/kws_ref_model.tflite"));
    QCOMPARE(
        runHpx({ QStringLiteral("profile"), QStringLiteral("--port"), QStringLiteral("sim") }).exitCode, 2); // no model
    const HpxRun badModel = runHpx({ QStringLiteral("profile"), dataPath(QStringLiteral("oracle/SOURCES.md")),
        QStringLiteral("--port"), QStringLiteral("sim"), QStringLiteral("--output-dir"), out });
    QCOMPARE(badModel.exitCode, 2);
    const HpxRun badFlag = runHpx({ QStringLiteral("profile"), model, QStringLiteral("--port"), QStringLiteral("sim"),
        QStringLiteral("--iterations"), QStringLiteral("zero") });
    QCOMPARE(badFlag.exitCode, 2);
    QVERIFY(badFlag.err.contains("--iterations: error: --iterations: expected an integer >= 1, got 'zero'"));
    const HpxRun badCounter = runHpx({ QStringLiteral("profile"), model, QStringLiteral("--port"),
        QStringLiteral("sim"), QStringLiteral("--pmu-counters"), QStringLiteral("cpu:ARM_PMU_CPU_CYCLE") });
    QCOMPARE(badCounter.exitCode, 2);
    QVERIFY(badCounter.err.contains("did you mean 'ARM_PMU_CPU_CYCLES'?"));
    // A port that does not exist is a link error (3), and nothing is written.
    const HpxRun noPort = runHpx({ QStringLiteral("profile"), model, QStringLiteral("--port"),
        QStringLiteral("/dev/ttyHPXNOPE"), QStringLiteral("--output-dir"), out });
    QCOMPARE(noPort.exitCode, 3);
    QVERIFY(noPort.out.isEmpty());
    QVERIFY(!QFile::exists(out + QStringLiteral("/result_manifest.json")));
    // An output folder inside folders that do not exist yet is made, the raw stream beside it (was: exit 3,
    // "Cannot write the raw stream file").
    const QString nested = dir.filePath(QStringLiteral("runs/today/kws"));
    const HpxRun deep = runHpx({ QStringLiteral("profile"), model, QStringLiteral("--port"), QStringLiteral("sim"),
        QStringLiteral("--output-dir"), nested });
    QVERIFY2(deep.exitCode == 0, deep.err.constData());
    QVERIFY(QFile::exists(nested + QStringLiteral("/result_manifest.json")));
    // The firmware-only flags are accepted with a note.
    const HpxRun compat = runHpx({ QStringLiteral("profile"), model, QStringLiteral("--plan"),
        QStringLiteral("--toolchain"), QStringLiteral("armclang"), QStringLiteral("--offline") });
    QCOMPARE(compat.exitCode, 0);
    QVERIFY2(compat.err.contains("note: target.toolchain only concerns building and flashing firmware"),
        compat.err.constData());
}

// Issue 33, item 4: an input of the wrong size or dtype, or one for a board that takes none, is bad input (exit 2),
// said before anything is built: the virtual board's script (a stand-in here that leaves a mark) never runs.
void TestCliProfile::inputErrorsComeBeforeAnyBuild()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString mark = dir.filePath(QStringLiteral("script-ran"));
    const QString script = dir.filePath(QStringLiteral("qemu-board.sh"));
    QVERIFY(writeFileBytes(script, "#!/bin/sh\ntouch '" + mark.toLocal8Bit() + "'\nexit 1\n"));
    QFile::setPermissions(script, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    qputenv("HPX_QEMU_BOARD_SCRIPT", script.toLocal8Bit());
    const QString model = dataPath(QStringLiteral("models/hello_world_int8.tflite")); // one INT8 (1, 1) input
    const QString twoBytes = dir.filePath(QStringLiteral("two.bin"));
    QVERIFY(writeFileBytes(twoBytes, QByteArray("\x01\x02", 2)));
    const QString oneByte = dir.filePath(QStringLiteral("one.bin"));
    QVERIFY(writeFileBytes(oneByte, QByteArray("\x01", 1)));
    // A .npy of float32 (1, 1) as NumPy writes it (header padded to 64 bytes).
    QByteArray header("{'descr': '<f4', 'fortran_order': False, 'shape': (1, 1), }");
    while ((10 + header.size() + 1) % 64 != 0)
        header += ' ';
    header += '\n';
    const QString floatNpy = dir.filePath(QStringLiteral("float.npy"));
    QVERIFY(writeFileBytes(
        floatNpy, QByteArray("\x93NUMPY\x01\x00", 8) + char(header.size()) + '\0' + header + QByteArray(4, '\0')));
    const QString out = dir.filePath(QStringLiteral("b"));
    const auto profile = [&](const QStringList &extra) {
        return runHpx(QStringList { QStringLiteral("profile"), model, QStringLiteral("--output-dir"), out } + extra);
    };
    const QStringList qemu { QStringLiteral("--port"), QStringLiteral("qemu") };

    const HpxRun size = profile(qemu + QStringList { QStringLiteral("--input"), twoBytes });
    QCOMPARE(size.exitCode, 2);
    QVERIFY2(
        size.err.contains("input: two.bin is 2 bytes; input 0 (serving_default_dense_input:0, INT8 (1, 1)) is 1 bytes"),
        size.err.constData());
    const HpxRun dtype = profile(qemu + QStringList { QStringLiteral("--input"), floatNpy });
    QCOMPARE(dtype.exitCode, 2);
    QVERIFY2(dtype.err.contains("float.npy holds FLOAT32 (1, 1);"), dtype.err.constData());
    const HpxRun count
        = profile(qemu + QStringList { QStringLiteral("--input"), oneByte, QStringLiteral("--input"), oneByte });
    QCOMPARE(count.exitCode, 2);
    QVERIFY2(count.err.contains("2 input file(s) given"), count.err.constData());
    const HpxRun both = profile(
        qemu + QStringList { QStringLiteral("--input"), oneByte, QStringLiteral("--input-seed"), QStringLiteral("3") });
    QCOMPARE(both.exitCode, 2);
    QVERIFY2(both.err.contains("not both"), both.err.constData());
    const HpxRun seed = profile(qemu + QStringList { QStringLiteral("--input-seed"), QStringLiteral("-1") });
    QCOMPARE(seed.exitCode, 2);
    QVERIFY2(seed.err.contains("--input-seed wants a whole number"), seed.err.constData());
    const HpxRun sim = profile({ QStringLiteral("--port"), QStringLiteral("sim"), QStringLiteral("--input"), oneByte });
    QCOMPARE(sim.exitCode, 2);
    QVERIFY2(sim.err.contains("applies only to the virtual board"), sim.err.constData());
    QVERIFY2(!QFile::exists(mark), "the virtual board's script ran for a bad input");
    QVERIFY(!QFile::exists(out));

    // The stand-in does run for a good input (so the mark can tell): its failure is the board's (exit 3).
    const HpxRun good = profile(qemu + QStringList { QStringLiteral("--input"), oneByte });
    QCOMPARE(good.exitCode, 3);
    QVERIFY(QFile::exists(mark));
    qunsetenv("HPX_QEMU_BOARD_SCRIPT");
}

// Issue 33, item 7: a run whose bundle is written `invalid` (here a board on TCP that ran another model:
// model.mismatch) is not a success: exit 5, the bundle written and its folder printed; a valid run exits 0 (above).
// `hpx profile --help` and `hpx import --help` say so.
void TestCliProfile::invalidResultExits5()
{
    QTcpServer server;
    QVERIFY(server.listen(QHostAddress::LocalHost));
    const QByteArray stream = readFileBytes(dataPath(QStringLiteral("cli/spec_example.log")));
    QVERIFY(stream.contains("HPX_MODEL_SIZE=18424")); // kws_ref_model.tflite has 53936 bytes
    connect(&server, &QTcpServer::newConnection, this, [&] { server.nextPendingConnection()->write(stream); });
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("run"));
    QProcess p;
    p.start(QStringLiteral(HPX_BIN),
        { QStringLiteral("profile"), dataPath(QStringLiteral("models/kws_ref_model.tflite")), QStringLiteral("--port"),
            QStringLiteral("tcp://127.0.0.1:%1").arg(server.serverPort()), QStringLiteral("--output-dir"), out });
    QVERIFY(p.waitForStarted());
    QTRY_VERIFY_WITH_TIMEOUT(p.state() == QProcess::NotRunning, 60000);
    const QByteArray err = p.readAllStandardError();
    QCOMPARE(p.exitStatus(), QProcess::NormalExit);
    QVERIFY2(p.exitCode() == 5, err.constData());
    QVERIFY2(err.contains("error [model.mismatch]"), err.constData());
    QVERIFY2(err.contains("the result is invalid"), err.constData());
    QCOMPARE(p.readAllStandardOutput().trimmed(), QDir::toNativeSeparators(out).toUtf8());
    QCOMPARE(readJsonObject(out + QStringLiteral("/summary.json")).value(QStringLiteral("validity")).toString(),
        QStringLiteral("invalid"));
    // `hpx show` keeps its own code for the same bundle.
    QCOMPARE(runHpx({ QStringLiteral("show"), out }).exitCode, 3);

    for (const QString &command : { QStringLiteral("profile"), QStringLiteral("import") }) {
        const HpxRun help = runHpx({ command, QStringLiteral("--help") });
        QCOMPARE(help.exitCode, 0);
        QVERIFY2(help.out.simplified().contains("5 the bundle was written but its validity is invalid"),
            help.out.constData());
    }
}

void TestCliProfile::interruptKeepsRawStream_data()
{
    QTest::addColumn<int>("signal");
    QTest::newRow("SIGINT (Ctrl+C)") << int(SIGINT);
    QTest::newRow("SIGTERM (kill, a service manager)") << int(SIGTERM);
}

void TestCliProfile::interruptKeepsRawStream()
{
    // A board on TCP that sends half a stream and then goes quiet; Ctrl+C (or SIGTERM) stops the run with exit code 4,
    // writes no bundle and keeps the raw stream for `hpx import`.
    QFETCH(int, signal);
    QTcpServer server;
    QVERIFY(server.listen(QHostAddress::LocalHost));
    const QByteArray stream = readFileBytes(dataPath(QStringLiteral("cli/spec_example.log")));
    QTcpSocket *board = nullptr;
    connect(&server, &QTcpServer::newConnection, this, [&] {
        board = server.nextPendingConnection();
        board->write(stream.left(1200));
    });
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("run"));
    QProcess p;
    p.start(QStringLiteral(HPX_BIN),
        { QStringLiteral("profile"), dataPath(QStringLiteral("models/kws_ref_model.tflite")), QStringLiteral("--port"),
            QStringLiteral("tcp://127.0.0.1:%1").arg(server.serverPort()), QStringLiteral("--output-dir"), out });
    QVERIFY(p.waitForStarted());
    QTRY_VERIFY_WITH_TIMEOUT(board != nullptr && board->bytesToWrite() == 0, 10000);
    QTRY_VERIFY_WITH_TIMEOUT(readFileBytes(out + QStringLiteral(".capture.log")).size() == 1200, 10000);
    ::kill(pid_t(p.processId()), signal);
    QVERIFY(p.waitForFinished(20000));
    QCOMPARE(p.exitStatus(), QProcess::NormalExit);
    QCOMPARE(p.exitCode(), 4);
    QVERIFY(p.readAllStandardOutput().isEmpty());
    const QByteArray err = p.readAllStandardError();
    QVERIFY2(err.contains("Interrupted") && err.contains("cancelled") && err.contains("hpx import"), err.constData());
    QVERIFY(!QFile::exists(out + QStringLiteral("/result_manifest.json")));
    QCOMPARE(readFileBytes(out + QStringLiteral(".capture.log")), stream.left(1200));
}

QTEST_GUILESS_MAIN(TestCliProfile)
#include "tst_cliprofile.moc"
