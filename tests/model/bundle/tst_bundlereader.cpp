#include "bundletestdata.h"
#include "model/bundle/bundledocuments.h"
#include "model/bundle/bundlereader.h"
#include "model/bundle/bundleschema.h"
#include "model/bundle/bundlewriter.h"
#include "model/bundle/layertablereader.h"
#include "model/bundle/layertables.h"
#include "model/bundle/resultmanifest.h"
#include "model/json/jsonparser.h"
#include "model/json/jsonwriter.h"
#include "model/results/merge.h"
#include "model/tflite/tflitemodel.h"
#include "tests/support/testdata.h"

#include <QCryptographicHash>
#include <QDir>
#include <QTemporaryDir>
#include <QtTest>

using namespace hpx::model;

namespace {

void writeFile(const QString &path, const QByteArray &data)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(data);
}

QString writeSpecBundle(const QTemporaryDir &tmp, const QString &name, RunContext ctx, const ProfileResult &result)
{
    const QString dir = tmp.filePath(name);
    const BundleWriteResult r = BundleWriter::write(result, ctx, dir);
    if (!r.ok)
        qWarning() << r.error;
    return dir;
}

// A bundle as heliaPROFILER writes it for a conformance case: its expected summary and overlays,
// the §5.3 CSV of the case, and (optionally) a manifest over those files.
QString hpxBundle(const QTemporaryDir &tmp, const QString &caseName, bool withManifest)
{
    const QString dir = tmp.filePath(caseName + (withManifest ? QStringLiteral("-m") : QStringLiteral("-legacy")));
    const QString src = hpx::test::conformanceDir(caseName);
    const ProfileResult result = hpx::test::profileFromExpected(caseName);
    RunContext ctx = hpx::test::fixedContext();
    QVector<BundleFile> files = { { QStringLiteral("profile_results.csv"), bundle::profileResultsCsv(result, ctx) },
        { QStringLiteral("summary.json"), hpx::test::readFile(src + QStringLiteral("/expected_summary.json")) } };
    for (const QString &f : QDir(src + QStringLiteral("/expected_model_explorer")).entryList(QDir::Files))
        files.append({ QStringLiteral("model_explorer/") + f,
            hpx::test::readFile(src + QStringLiteral("/expected_model_explorer/") + f) });
    QVector<bundle::Artifact> artifacts;
    for (const BundleFile &f : files) {
        writeFile(dir + QLatin1Char('/') + f.path, f.data);
        artifacts.append({ f.path, f.data.size(),
            QString::fromLatin1(QCryptographicHash::hash(f.data, QCryptographicHash::Sha256).toHex()) });
    }
    if (withManifest) {
        // hpx's run_metadata.json has no hpx_studio block.
        JsonValue metadata = bundle::runMetadataJson(result, ctx, {});
        metadata.remove(QStringLiteral("hpx_studio"));
        const QByteArray md = toPythonJson(metadata);
        writeFile(dir + QStringLiteral("/run_metadata.json"), md);
        artifacts.insert(2,
            { QStringLiteral("run_metadata.json"), md.size(),
                QString::fromLatin1(QCryptographicHash::hash(md, QCryptographicHash::Sha256).toHex()) });
        writeFile(dir + QStringLiteral("/result_manifest.json"),
            toManifestJson(bundle::manifestJson(result, ctx, artifacts)));
    }
    return dir;
}

} // namespace

class TestBundleReader : public QObject {
    Q_OBJECT

private slots:
    void roundTrip_data()
    {
        QTest::addColumn<bool>("json");
        QTest::newRow("csv") << false;
        QTest::newRow("json") << true;
    }
    void roundTrip()
    {
        QFETCH(bool, json);
        QTemporaryDir tmp;
        RunContext ctx = hpx::test::fixedContext();
        ctx.detailed = true;
        ctx.format = json ? OutputFormat::Json : OutputFormat::Csv;
        ProfileResult original = hpx::test::specExampleResult();
        original.aggregation = Aggregation::Trimmed;
        original.layers[1].cyclesByPass = { 2989.5, 2991.0 };
        original.layers[2].invocations = 3;
        original.cyclesPasses = { QStringLiteral("cpu_0") };
        const QString dir = writeSpecBundle(tmp, QStringLiteral("b"), ctx, original);

        const BundleReadResult r = BundleReader::read(dir);
        QVERIFY2(r.bundle, qPrintable(r.error));
        const Bundle &b = *r.bundle;
        QVERIFY(b.hasManifest);
        QVERIFY(b.verified);
        QCOMPARE(b.status, QStringLiteral("complete"));
        QCOMPARE(b.validity, QStringLiteral("valid"));
        QCOMPARE(b.producer, QStringLiteral("hpx Studio"));
        QCOMPARE(b.summarySchemaVersion, 2);
        QVERIFY(b.warnings.isEmpty());
        const ProfileResult &back = b.result;
        QCOMPARE(back.engine, original.engine);
        QCOMPARE(back.aggregation, Aggregation::Trimmed);
        QCOMPARE(back.cyclesPasses, original.cyclesPasses);
        QCOMPARE(back.counters, original.counters);
        QCOMPARE(back.layers.size(), original.layers.size());
        for (int i = 0; i < back.layers.size(); ++i) {
            const LayerResult &a = original.layers.at(i);
            const LayerResult &l = back.layers.at(i);
            QCOMPARE(l.id.toLongLong(), a.id.toLongLong());
            QCOMPARE(l.op, a.op);
            QCOMPARE(l.values, a.values);
            QCOMPARE(l.subgraph, a.subgraph);
            QCOMPARE(l.sourceIndex, a.sourceIndex);
            QCOMPARE(l.invocations, a.invocations);
            QCOMPARE(l.cyclesByPass, a.cyclesByPass);
        }
        QCOMPARE(back.passes.size(), 2);
        QCOMPARE(back.passes.at(1).name, QStringLiteral("memory_0"));
        QCOMPARE(back.passes.at(1).counters, original.passes.at(1).counters);
        QCOMPARE(back.passes.at(1).layers.at(2).values, original.passes.at(1).layers.at(2).values);
        if (json)
            QCOMPARE(back.passes.at(0).iterationCount, 2);
        QCOMPARE(toPythonJson(bundle::firmwareJson(back)), toPythonJson(bundle::firmwareJson(original)));
        QCOMPARE(b.overlays.size(), 8);
        QCOMPARE(b.overlays.first().counter, QStringLiteral("ARM_PMU_CPU_CYCLES"));
        QCOMPARE(b.overlays.first().overlay.graphs.first().results.first().second, JsonValue(7405.0));
        QCOMPARE(b.rawCapturePath, QDir(dir).absoluteFilePath(QStringLiteral("capture.log")));

        // What was read writes the same documents again.
        const QByteArray summary = hpx::test::readFile(dir + QStringLiteral("/summary.json"));
        QCOMPARE(toPythonJson(bundle::summaryJson(back, ctx, buildOverlays(back, nullptr))), summary);
        if (!json)
            QCOMPARE(bundle::profileResultsCsv(back, ctx),
                hpx::test::readFile(dir + QStringLiteral("/profile_results.csv")));
    }

    // Issue 33, item 3: operators that did not run keep their rows through a bundle: hpx_studio_layers.csv lists them
    // after the layers (invocations 0, no value, how they ran), heliaPROFILER's files keep their shape, the notes name
    // them, and the bundle read back has them as not run again, never as layers with a value.
    void notRunOperatorsRoundTrip_data()
    {
        QTest::addColumn<bool>("json");
        QTest::newRow("csv") << false;
        QTest::newRow("json") << true;
    }
    void notRunOperatorsRoundTrip()
    {
        QFETCH(bool, json);
        const ModelLoadResult loaded
            = loadModel(hpx::test::dataPath(QStringLiteral("models/multi_subgraphs_while.tflite")));
        QVERIFY2(loaded.ok(), qPrintable(loaded.error));
        const auto model = std::make_shared<const ModelInfo>(*loaded.model);
        // WHILE, its condition once, and a body never entered (hpx-board-sim --while-iterations 0 sends this).
        Capture capture;
        capture.sawStart = capture.sawEnd = true;
        CapturePass pass;
        pass.name = QStringLiteral("cpu_0");
        pass.counters = { QStringLiteral("ARM_PMU_CPU_CYCLES"), QStringLiteral("ARM_PMU_INST_RETIRED") };
        pass.header = QStringList { QStringLiteral("Layer"), QStringLiteral("Op") } + pass.counters
            + QStringList { QStringLiteral("overflow") };
        for (int it = 0; it < 2; ++it) {
            CaptureIteration iteration;
            iteration.number = it;
            const QStringList ops = { QStringLiteral("WHILE"), QStringLiteral("LESS") };
            for (int i = 0; i < ops.size(); ++i) {
                CaptureRow row;
                row.position = i;
                row.layer = QString::number(i);
                row.op = ops.at(i);
                row.values = { 500.0 - 200 * i, 50.0 - 20 * i };
                iteration.rows.append(row);
            }
            pass.iterations.append(iteration);
        }
        capture.passes.append(pass);
        capture.announcedPresets.append(pass.name);
        MergeOptions options;
        options.engine = Engine::Tflm;
        options.model = model.get();
        const MergeOutcome merged = mergeCapture(capture, options);
        QVERIFY2(merged.ok(), qPrintable(merged.error));
        const ProfileResult &result = *merged.result;
        QCOMPARE(result.layers.size(), 2);
        QCOMPARE(result.notRun.size(), 3);

        QTemporaryDir tmp;
        RunContext ctx = hpx::test::fixedContext();
        ctx.model = model;
        ctx.format = json ? OutputFormat::Json : OutputFormat::Csv;
        const QString dir = writeSpecBundle(tmp, QStringLiteral("notrun"), ctx, result);

        // heliaPROFILER's files: the two layers that ran, nothing else.
        if (!json) {
            const QList<QByteArray> table
                = hpx::test::readFile(dir + QStringLiteral("/profile_results.csv")).trimmed().split('\n');
            QCOMPARE(table.size(), 3); // header + WHILE + LESS
        }
        const JsonValue summary = hpx::test::readJsonFile(dir + QStringLiteral("/summary.json"));
        QCOMPARE(summary.value(QStringLiteral("layers")).toInt(), 2);
        QCOMPARE(summary.value(QStringLiteral("validity")).toString(), QStringLiteral("valid"));
        // hpx_studio_layers.csv: a row for each, by position, invocations 0, no cycles, how it ran.
        const QList<QByteArray> identity
            = hpx::test::readFile(dir + QStringLiteral("/hpx_studio_layers.csv")).trimmed().split('\n');
        QCOMPARE(identity.size(), 6);
        QVERIFY2(identity.at(0).trimmed().endsWith(",invocations,cycles_by_pass,enclosed_by,self_values,execution"),
            identity.at(0).constData());
        QVERIFY2(identity.at(1).trimmed().endsWith(",profiled"), identity.at(1).constData());
        QCOMPARE(identity.at(3).trimmed(), QByteArray("2,,ADD,2,0,while_body,0,,,,not_run"));
        QCOMPARE(identity.at(4).trimmed(), QByteArray("3,,MUL,2,1,while_body,0,,,,not_run"));
        QCOMPARE(identity.at(5).trimmed(), QByteArray("4,,ADD,2,2,while_body,0,,,,not_run"));
        const JsonValue metadata = hpx::test::readJsonFile(dir + QStringLiteral("/run_metadata.json"));
        const QString notes = metadata.value(QStringLiteral("hpx_studio"))
                                  .value(QStringLiteral("notes"))
                                  .toVariant()
                                  .toStringList()
                                  .join(QLatin1Char('\n'));
        QVERIFY2(notes.contains(QStringLiteral("did not run in the profiled inferences (no value, not 0): ADD "
                                               "(while_body #0), MUL (while_body #1), ADD (while_body #2).")),
            qPrintable(notes));

        const BundleReadResult r = BundleReader::read(dir);
        QVERIFY2(r.bundle, qPrintable(r.error));
        QVERIFY2(r.bundle->warnings.isEmpty(), qPrintable(r.bundle->warnings.join(QLatin1Char('\n'))));
        QCOMPARE(r.bundle->validity, QStringLiteral("valid"));
        const ProfileResult &back = r.bundle->result;
        QCOMPARE(back.layers.size(), 2);
        QCOMPARE(back.layers.at(1).subgraph, 1);
        QCOMPARE(back.layers.at(1).invocations, 1);
        QVERIFY(back.layers.at(1).profiled());
        QCOMPARE(back.notRun.size(), 3);
        for (int k = 0; k < 3; ++k) {
            const LayerResult &a = result.notRun.at(k);
            const LayerResult &l = back.notRun.at(k);
            QCOMPARE(l.subgraph, a.subgraph);
            QCOMPARE(l.sourceIndex, a.sourceIndex);
            QCOMPARE(l.op, a.op);
            QCOMPARE(l.execution, LayerResult::Execution::NotRun);
            QCOMPARE(l.invocations, 0);
            QCOMPARE(l.position, 2 + k);
            QCOMPARE(l.values.size(), back.counters.size());
            for (const std::optional<double> &v : l.values)
                QVERIFY(!v);
        }
        // Written again, the same table.
        QCOMPARE(bundle::layerIdentityCsv(back, model.get()),
            hpx::test::readFile(dir + QStringLiteral("/hpx_studio_layers.csv")));
    }

    void identityAcrossSubgraphsAndUnresolved()
    {
        QTemporaryDir tmp;
        ProfileResult result = hpx::test::specExampleResult();
        result.engine = Engine::HeliaAot;
        result.layers[0].op = QStringLiteral("CONV_2D:5");
        result.layers[1].subgraph = 1;
        result.layers[1].sourceIndex = 0;
        result.layers[2].subgraph = -1;
        result.layers[2].sourceIndex = -1;
        result.unresolved = { UnresolvedLayer { 2, result.layers[2].op, QStringLiteral("not in the manifest") } };
        const QString dir = writeSpecBundle(tmp, QStringLiteral("aot"), hpx::test::fixedContext(), result);
        const BundleReadResult r = BundleReader::read(dir);
        QVERIFY2(r.bundle, qPrintable(r.error));
        const ProfileResult &back = r.bundle->result;
        QCOMPARE(back.layers.at(0).sourceIndex, 0); // from the run, not from the label suffix
        QCOMPARE(back.layers.at(1).subgraph, 1);
        QCOMPARE(back.layers.at(2).sourceIndex, -1);
        QCOMPARE(back.unresolved.size(), 1);
        QCOMPARE(back.unresolved.first().reason, QStringLiteral("not in the manifest"));
    }

    void heliaProfilerBundles_data()
    {
        QTest::addColumn<QString>("caseName");
        QTest::addColumn<bool>("withManifest");
        QTest::addColumn<int>("summaryVersion");
        for (const QString &c : { QStringLiteral("u04_clean_window_stalled_iterations_are_captured_reported"),
                 QStringLiteral("u11_multi_group_separate"), QStringLiteral("u19_overflow_detection") }) {
            QTest::newRow(qPrintable(c + QStringLiteral(" manifest"))) << c << true << 2;
            QTest::newRow(qPrintable(c + QStringLiteral(" legacy"))) << c << false << 2;
            QTest::newRow(qPrintable(c + QStringLiteral(" legacy, summary v1"))) << c << false << 1;
        }
    }
    void heliaProfilerBundles()
    {
        QFETCH(QString, caseName);
        QFETCH(bool, withManifest);
        QFETCH(int, summaryVersion);
        QTemporaryDir tmp;
        const QString dir = hpxBundle(tmp, caseName, withManifest);
        if (summaryVersion == 1) {
            QByteArray s = hpx::test::readFile(dir + QStringLiteral("/summary.json"));
            s.replace("\"schema_version\": 2", "\"schema_version\": 1");
            writeFile(dir + QStringLiteral("/summary.json"), s);
        }
        const BundleReadResult r = BundleReader::read(dir);
        QVERIFY2(r.bundle, qPrintable(r.error));
        const Bundle &b = *r.bundle;
        QCOMPARE(b.hasManifest, withManifest);
        QCOMPARE(b.verified, withManifest);
        QCOMPARE(b.summarySchemaVersion, summaryVersion);
        QCOMPARE(b.producer, QStringLiteral("heliaPROFILER"));
        if (!withManifest)
            QVERIFY(!b.warnings.filter(QStringLiteral("legacy")).isEmpty());
        const ProfileResult expected = hpx::test::profileFromExpected(caseName);
        QCOMPARE(b.result.counters, expected.counters);
        QCOMPARE(b.result.layers.size(), expected.layers.size());
        QCOMPARE(b.result.layers.first().values, expected.layers.first().values);
        QCOMPARE(b.result.layers.first().sourceIndex, 0);
        QCOMPARE(b.result.overflowDetected, expected.overflowDetected);
        QCOMPARE(b.result.issues.size(), expected.issues.size());
        QCOMPARE(b.validity,
            parseJson(hpx::test::readFile(dir + QStringLiteral("/summary.json")))
                .value(QStringLiteral("validity"))
                .toString());
        QCOMPARE(b.overlays.size(), QDir(dir + QStringLiteral("/model_explorer")).entryList(QDir::Files).size());
        // Re-serialising what was read reproduces hpx's summary (v2 case).
        if (summaryVersion == 2 && withManifest) {
            RunContext ctx = hpx::test::fixedContext();
            QCOMPARE(toPythonJson(bundle::summaryJson(b.result, ctx, buildOverlays(b.result, nullptr))),
                hpx::test::readFile(dir + QStringLiteral("/summary.json")));
        }
    }

    void damagedBundleNamesTheFile_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("damage");
        QTest::addColumn<QString>("expectedText");
        for (const char *f : { "summary.json", "profile_results.csv", "run_metadata.json", "nsx.lock",
                 "model_explorer/me_overlay_ARM_PMU_BUS_ACCESS.json", "detailed/memory.json", "capture.log",
                 "hpx_studio_layers.csv" }) {
            const QString file = QString::fromLatin1(f);
            QTest::newRow(qPrintable(file + QStringLiteral(" flipped")))
                << file << QStringLiteral("flip") << QStringLiteral("SHA-256");
            QTest::newRow(qPrintable(file + QStringLiteral(" grown")))
                << file << QStringLiteral("grow") << QStringLiteral("bytes");
            QTest::newRow(qPrintable(file + QStringLiteral(" deleted")))
                << file << QStringLiteral("delete") << QStringLiteral("missing");
        }
        QTest::newRow("manifest not JSON")
            << QStringLiteral("result_manifest.json") << QStringLiteral("truncate") << QStringLiteral("not valid JSON");
        QTest::newRow("manifest v2") << QStringLiteral("result_manifest.json") << QStringLiteral("version")
                                     << QStringLiteral("schema version 2");
        QTest::newRow("manifest escapes")
            << QStringLiteral("result_manifest.json") << QStringLiteral("escape") << QStringLiteral("outside");
        QTest::newRow("manifest lacks summary")
            << QStringLiteral("result_manifest.json") << QStringLiteral("undeclare") << QStringLiteral("hpx.summary");
    }
    void damagedBundleNamesTheFile()
    {
        QFETCH(QString, file);
        QFETCH(QString, damage);
        QFETCH(QString, expectedText);
        QTemporaryDir tmp;
        RunContext ctx = hpx::test::fixedContext();
        ctx.detailed = true;
        const QString dir = writeSpecBundle(tmp, QStringLiteral("b"), ctx, hpx::test::specExampleResult());
        const QString path = dir + QLatin1Char('/') + file;
        QByteArray data = hpx::test::readFile(path);
        if (damage == QStringLiteral("flip")) {
            data[data.size() / 2] = char(data.at(data.size() / 2) ^ 0x01);
            writeFile(path, data);
        } else if (damage == QStringLiteral("grow")) {
            writeFile(path, data + "\n");
        } else if (damage == QStringLiteral("delete")) {
            QVERIFY(QFile::remove(path));
        } else if (damage == QStringLiteral("truncate")) {
            writeFile(path, data.left(data.size() / 2));
        } else {
            JsonValue m = parseJson(data);
            if (damage == QStringLiteral("version"))
                m.insert(QStringLiteral("schema_version"), JsonValue(2));
            JsonValue artifacts = JsonValue::array();
            for (const JsonValue &a : m.value(QStringLiteral("artifacts")).elements()) {
                JsonValue copy = a;
                if (damage == QStringLiteral("escape")
                    && a.value(QStringLiteral("path")).toString() == QStringLiteral("nsx.lock"))
                    copy.insert(QStringLiteral("path"), JsonValue(QStringLiteral("../nsx.lock")));
                if (damage == QStringLiteral("undeclare")
                    && a.value(QStringLiteral("path")).toString() == QStringLiteral("summary.json"))
                    continue;
                artifacts.append(copy);
            }
            m.insert(QStringLiteral("artifacts"), artifacts);
            writeFile(path, toManifestJson(m));
        }
        const BundleReadResult r = BundleReader::read(dir);
        QVERIFY(!r.bundle);
        QCOMPARE(r.errorFile, file);
        QVERIFY2(r.error.contains(file), qPrintable(r.error));
        QVERIFY2(r.error.contains(expectedText), qPrintable(r.error));
    }

    void legacyDamageAndNonBundles()
    {
        QTemporaryDir tmp;
        const QString dir = hpxBundle(tmp, QStringLiteral("u01_single_preset_basic"), false);
        writeFile(dir + QStringLiteral("/summary.json"), "{\"schema\": ");
        BundleReadResult r = BundleReader::read(dir);
        QVERIFY(!r.bundle);
        QCOMPARE(r.errorFile, QStringLiteral("summary.json"));
        QVERIFY2(r.error.contains(QStringLiteral("line 1")), qPrintable(r.error));

        r = BundleReader::read(tmp.filePath(QStringLiteral("nowhere")));
        QVERIFY(!r.bundle);
        QVERIFY(r.error.contains(QStringLiteral("nowhere")));
        QDir().mkpath(tmp.filePath(QStringLiteral("empty")));
        r = BundleReader::read(tmp.filePath(QStringLiteral("empty")));
        QVERIFY(!r.bundle);
        QVERIFY2(r.error.contains(QStringLiteral("not a result bundle")), qPrintable(r.error));
    }

    void csvProblems()
    {
        QStringList counters;
        QString error;
        // An empty cell is "not measured"; cycles without ARM_PMU_CPU_CYCLES carry the cycles.
        auto layers
            = LayerTableReader::parseLayersCsv("id,op,A,cycles,cycles_pct,overflow\r\n0,CONV_2D,,5.0,100.0,False\r\n",
                QStringLiteral("t.csv"), &counters, &error);
        QVERIFY2(layers, qPrintable(error));
        QCOMPARE(counters, (QStringList { QStringLiteral("A"), QStringLiteral("ARM_PMU_CPU_CYCLES") }));
        QVERIFY(!layers->first().values.first().has_value());
        QCOMPARE(layers->first().values.at(1), std::optional<double>(5.0));
        layers
            = LayerTableReader::parseLayersCsv("id,op,A\r\n0,CONV_2D\r\n", QStringLiteral("t.csv"), &counters, &error);
        QVERIFY(!layers);
        QVERIFY2(
            error.contains(QStringLiteral("t.csv")) && error.contains(QStringLiteral("line 2")), qPrintable(error));
    }

    // Cells that contradict the schema: refused with the line, the column and the cell named.
    void csvSchemaViolations_data()
    {
        QTest::addColumn<QByteArray>("csv");
        QTest::addColumn<QString>("named");
        QTest::newRow("nan counter") << QByteArray("id,op,A\n0,ADD,nan\n") << QStringLiteral("\"A\" holds \"nan\"");
        QTest::newRow("inf counter") << QByteArray("id,op,A\n0,ADD,inf\n") << QStringLiteral("\"inf\"");
        QTest::newRow("text counter") << QByteArray("id,op,A\n0,ADD,12\n1,ADD,lots\n")
                                      << QStringLiteral("line 3, column \"A\" holds \"lots\"");
        QTest::newRow("bad overflow") << QByteArray("id,op,overflow\n0,ADD,maybe\n") << QStringLiteral("True or False");
        QTest::newRow("negative macs") << QByteArray("id,op,macs\n0,ADD,-3\n") << QStringLiteral("\"macs\"");
        QTest::newRow("text cycles_pct") << QByteArray("id,op,cycles_pct\n0,ADD,x\n")
                                         << QStringLiteral("\"cycles_pct\"");
        QTest::newRow("empty id") << QByteArray("id,op\n,ADD\n") << QStringLiteral("layer id");
        QTest::newRow("duplicate column") << QByteArray("id,op,A,A\n0,ADD,1,2\n") << QStringLiteral("twice");
        QTest::newRow("unnamed column") << QByteArray("id,op,\n0,ADD,1\n") << QStringLiteral("no name");
        // The reliability review's case: a header of id,op over the 12-field rows.
        QTest::newRow("short header") << QByteArray("id,op\n0,CONV_2D,1.0,2.0,3.0,4.0,1.0,11.7,False,1,2,0.36\n")
                                      << QStringLiteral("line 2 has 12 fields, the header has 2");
    }

    // The JSON documents' schema: "not measured" is null or absent; NaN, text and wrong types are damage, named.
    void jsonSchema_data()
    {
        QTest::addColumn<QString>("document"); // summary | manifest | results
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("named"); // "" = accepted
        QTest::newRow("summary, not measured")
            << QStringLiteral("summary") << QByteArray(R"({"total_cycles": null, "memory": {"arena_size": null},
                                                  "latency": {}, "layers": 3, "validity": "valid"})")
            << QString();
        QTest::newRow("summary, total absent")
            << QStringLiteral("summary") << QByteArray(R"({"layers": 0})") << QString();
        QTest::newRow("summary, total text") << QStringLiteral("summary") << QByteArray(R"({"total_cycles": "lots"})")
                                             << QStringLiteral("\"total_cycles\" must be a finite number");
        QTest::newRow("summary, total NaN") << QStringLiteral("summary") << QByteArray(R"({"total_cycles": NaN})")
                                            << QStringLiteral("\"total_cycles\"");
        QTest::newRow("summary, latency Infinity")
            << QStringLiteral("summary") << QByteArray(R"({"latency": {"device_profiled_infer_avg_us": Infinity}})")
            << QStringLiteral("\"latency.device_profiled_infer_avg_us\"");
        QTest::newRow("summary, overflow text")
            << QStringLiteral("summary") << QByteArray(R"({"overflow_detected": "yes"})")
            << QStringLiteral("\"overflow_detected\"");
        QTest::newRow("summary, issue without code")
            << QStringLiteral("summary") << QByteArray(R"({"issues": [{"severity": "error"}]})")
            << QStringLiteral("\"issues[0].code\" is missing");
        QTest::newRow("manifest, validity bogus")
            << QStringLiteral("manifest")
            << QByteArray(R"({"status": "complete", "validity": "bogus", "artifacts": []})")
            << QStringLiteral("\"validity\" must be one of valid, degraded, invalid");
        QTest::newRow("manifest, size 2^63")
            << QStringLiteral("manifest")
            << QByteArray(R"({"status": "complete", "validity": "valid", "artifacts": [{"path": "a",
                "size_bytes": 9223372036854775808, "sha256": "0000000000000000000000000000000000000000000000000000000000000000"}]})")
            << QStringLiteral("\"artifacts[0].size_bytes\" must be a whole number of bytes");
        QTest::newRow("manifest, negative size")
            << QStringLiteral("manifest")
            << QByteArray(R"({"status": "complete", "validity": "valid", "artifacts": [{"path": "a",
                "size_bytes": -1, "sha256": "0000000000000000000000000000000000000000000000000000000000000000"}]})")
            << QStringLiteral("size_bytes");
        QTest::newRow("manifest, path twice")
            << QStringLiteral("manifest") << QByteArray(R"({"status": "complete", "validity": "valid", "artifacts": [
                {"path": "a", "size_bytes": 1, "sha256": "0000000000000000000000000000000000000000000000000000000000000000"},
                {"path": "a", "size_bytes": 1, "sha256": "0000000000000000000000000000000000000000000000000000000000000000"}]})")
            << QStringLiteral("declares a a second time");
        QTest::newRow("results, null counter")
            << QStringLiteral("results") << QByteArray(R"({"layers": [{"id": 0, "op": "ADD", "A": null, "B": 2.0}]})")
            << QString();
        QTest::newRow("results, NaN counter")
            << QStringLiteral("results") << QByteArray(R"({"layers": [{"id": 0, "op": "ADD", "A": NaN}]})")
            << QStringLiteral("\"layers[0].A\"");
    }

    void jsonSchema()
    {
        QFETCH(QString, document);
        QFETCH(QByteArray, json);
        QFETCH(QString, named);
        QString parseError;
        const JsonValue doc = parseJson(json, &parseError);
        QVERIFY2(parseError.isEmpty(), qPrintable(parseError));
        const QString error = document == QLatin1String("summary")
            ? BundleSchema::checkSummary(doc, QStringLiteral("summary.json"))
            : document == QLatin1String("manifest")
            ? BundleSchema::checkManifest(doc, QStringLiteral("result_manifest.json"))
            : BundleSchema::checkProfileResultsJson(doc, QStringLiteral("profile_results.json"));
        if (named.isEmpty()) {
            QVERIFY2(error.isEmpty(), qPrintable(error));
        } else {
            QVERIFY2(error.contains(named) && error.contains(QStringLiteral(" is damaged: ")), qPrintable(error));
            QVERIFY(!error.contains(QLatin1Char('-') + QStringLiteral("9223372036854775808"))); // sizes are unsigned
        }
    }

    void csvSchemaViolations()
    {
        QFETCH(QByteArray, csv);
        QFETCH(QString, named);
        QStringList counters;
        QString error;
        const auto layers = LayerTableReader::parseLayersCsv(csv, QStringLiteral("t.csv"), &counters, &error);
        QVERIFY(!layers);
        QVERIFY2(error.startsWith(QStringLiteral("t.csv is damaged")) && error.contains(named), qPrintable(error));
    }
};

QTEST_GUILESS_MAIN(TestBundleReader)
#include "tst_bundlereader.moc"
