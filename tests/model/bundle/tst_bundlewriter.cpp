#include "bundletestdata.h"
#include "model/bundle/bundledocuments.h"
#include "model/bundle/bundlewriter.h"
#include "model/bundle/layertables.h"
#include "model/json/jsonparser.h"
#include "model/json/jsonwriter.h"
#include "tests/support/testdata.h"

#include <QCryptographicHash>
#include <QDir>
#include <QDirIterator>
#include <QTemporaryDir>
#include <QtTest>

using namespace hpx::model;

namespace {

QMap<QString, QByteArray> snapshot(const QString &dir)
{
    QMap<QString, QByteArray> files;
    QDirIterator it(dir, QDir::Files | QDir::Hidden | QDir::NoDotAndDotDot, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        files.insert(QDir(dir).relativeFilePath(path), hpx::test::readFile(path));
    }
    return files;
}

QStringList hiddenEntries(const QString &dir)
{
    return QDir(dir).entryList({ QStringLiteral(".hpx-*") }, QDir::AllEntries | QDir::Hidden);
}

} // namespace

class TestBundleWriter : public QObject {
    Q_OBJECT

private slots:
    void summaryMatchesHpx_data()
    {
        QTest::addColumn<QString>("caseName");
        for (const QString &c : hpx::test::conformanceCases())
            QTest::newRow(qPrintable(c)) << c;
    }
    void summaryMatchesHpx()
    {
        QFETCH(QString, caseName);
        const ProfileResult result = hpx::test::profileFromExpected(caseName);
        const RunContext ctx = hpx::test::fixedContext();
        const QByteArray expected
            = hpx::test::readFile(hpx::test::conformanceDir(caseName) + QStringLiteral("/expected_summary.json"));
        const QByteArray actual = toPythonJson(bundle::summaryJson(result, ctx, buildOverlays(result, nullptr)));
        if (actual != expected)
            qWarning().noquote() << "actual:\n" << actual << "\nexpected:\n" << expected;
        QCOMPARE(actual, expected);
    }

    void specExample()
    {
        const ProfileResult result = hpx::test::specExampleResult();
        const RunContext ctx = hpx::test::fixedContext();
        QCOMPARE(bundle::profileResultsCsv(result, ctx),
            hpx::test::readData(QStringLiteral("bundle/spec_1_10_profile_results.csv")));
        const JsonValue summary = bundle::summaryJson(result, ctx, buildOverlays(result, nullptr));
        QCOMPARE(toPythonJson(summary.value(QStringLiteral("total_cycles"))), QByteArray("11923.0"));
        QCOMPARE(toPythonJson(summary.value(QStringLiteral("top_layers")).at(0), -1),
            QByteArray("{\"op\": \"CONV_2D\", \"cycles\": 7405.0, \"pct\": 62.1}"));
        const JsonValue cache = summary.value(QStringLiteral("cache"));
        QCOMPARE(cache.keys(),
            (QStringList { QStringLiteral("ARM_PMU_L1D_CACHE_REFILL"), QStringLiteral("ARM_PMU_MEM_ACCESS"),
                QStringLiteral("ARM_PMU_BUS_ACCESS"), QStringLiteral("ARM_PMU_BUS_CYCLES") }));
        QCOMPARE(cache.value(QStringLiteral("ARM_PMU_MEM_ACCESS")), JsonValue(3870.0));
        QCOMPARE(
            summary.path({ QStringLiteral("latency"), QStringLiteral("device_clean_infer_avg_us") }), JsonValue(117));
    }

    void hitRateAndModelAnalysis()
    {
        ProfileResult result = hpx::test::specExampleResult();
        result.counters.append(QStringLiteral("ARM_PMU_L1D_CACHE_RD"));
        const double rd[3] = { 100, 50, 50 };
        for (int i = 0; i < 3; ++i) {
            result.layers[i].values.append(rd[i]);
            result.layers[i].macs = 1000 * (i + 1);
            result.layers[i].ops = 2000 * (i + 1);
        }
        RunContext ctx = hpx::test::fixedContext();
        auto model = std::make_shared<ModelInfo>();
        SubgraphInfo sg;
        for (int i = 0; i < 3; ++i) {
            OperatorInfo op;
            op.index = i;
            op.macs = 1000 * (i + 1);
            op.ops = 2000 * (i + 1);
            op.numParameters = 10;
            sg.operators.append(op);
        }
        model->subgraphs.append(sg);
        ctx.model = model;
        const JsonValue summary = bundle::summaryJson(result, ctx, buildOverlays(result, model.get()));
        // misses = L1D_CACHE_REFILL (no MISS_RD) = 24.5, accesses = L1D_CACHE_RD = 200 -> 87.75
        QCOMPARE(summary.path({ QStringLiteral("cache"), QStringLiteral("l1d_hit_rate_pct") }), JsonValue(87.75));
        QCOMPARE(toPythonJson(summary.value(QStringLiteral("model_analysis")), -1),
            QByteArray("{\"total_macs\": 6000, \"total_ops\": 12000, \"num_parameters\": 30, \"cycles_per_mac\": 1.99, "
                       "\"cycles_per_op\": 0.99}"));
        const QList<QByteArray> lines = bundle::profileResultsCsv(result, ctx).split('\n');
        QVERIFY(lines.at(0).endsWith(",overflow,macs,ops,cycles_per_mac\r"));
        QVERIFY2(lines.at(1).endsWith(",False,1000,2000,7.41\r"), lines.at(1).constData());
    }

    void bundleLayoutAndManifest()
    {
        QTemporaryDir tmp;
        const QString dir = tmp.filePath(QStringLiteral("results"));
        RunContext ctx = hpx::test::fixedContext();
        ctx.detailed = true;
        const BundleWriteResult r = BundleWriter::write(hpx::test::specExampleResult(), ctx, dir);
        QVERIFY2(r.ok, qPrintable(r.error));
        const QStringList expectedOrder = { QStringLiteral("profile_results.csv"), QStringLiteral("summary.json"),
            QStringLiteral("run_metadata.json"), QStringLiteral("nsx.lock") };
        QCOMPARE(r.written.mid(0, 4), expectedOrder);
        QCOMPARE(r.written.last(), QStringLiteral("result_manifest.json"));
        QVERIFY(r.written.contains(QStringLiteral("model_explorer/me_overlay_ARM_PMU_BUS_CYCLES.json")));
        for (const char *f : { "detailed/profile_cpu_0.csv", "detailed/profile_memory_0.csv",
                 "detailed/profile_cpu.csv", "detailed/profile_memory.csv", "detailed/memory.json", "capture.log" })
            QVERIFY2(r.written.contains(QString::fromLatin1(f)), f);
        QCOMPARE(snapshot(dir).keys().size(), r.written.size());
        QVERIFY(hiddenEntries(dir).isEmpty());

        const QByteArray manifestBytes = hpx::test::readFile(dir + QStringLiteral("/result_manifest.json"));
        QVERIFY(manifestBytes.endsWith("}\n"));
        const JsonValue manifest = parseJson(manifestBytes);
        QCOMPARE(toManifestJson(manifest), manifestBytes); // keys sorted at every level
        QCOMPARE(manifest.value(QStringLiteral("status")), JsonValue(QStringLiteral("complete")));
        QCOMPARE(manifest.value(QStringLiteral("validity")), JsonValue(QStringLiteral("valid")));
        const JsonValue artifacts = manifest.value(QStringLiteral("artifacts"));
        QCOMPARE(artifacts.size(), r.written.size() - 1);
        for (int i = 0; i < artifacts.size(); ++i) {
            const JsonValue a = artifacts.at(i);
            const QString path = a.value(QStringLiteral("path")).toString();
            QCOMPARE(path, r.written.at(i));
            const QByteArray bytes = hpx::test::readFile(dir + QLatin1Char('/') + path);
            QCOMPARE(a.value(QStringLiteral("size_bytes")).toInt(), qint64(bytes.size()));
            QCOMPARE(a.value(QStringLiteral("sha256")).toString(),
                QString::fromLatin1(QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex()));
        }
        auto artifact = [&](const QString &path) {
            for (const JsonValue &a : artifacts.elements()) {
                if (a.value(QStringLiteral("path")).toString() == path)
                    return a;
            }
            return JsonValue();
        };
        QCOMPARE(toPythonJson(artifact(QStringLiteral("summary.json")).value(QStringLiteral("schema_version"))),
            QByteArray("2"));
        QCOMPARE(artifact(QStringLiteral("nsx.lock")).value(QStringLiteral("producer")).toString(),
            QStringLiteral("neuralspotx"));
        QCOMPARE(artifact(QStringLiteral("nsx.lock")).value(QStringLiteral("media_type")).toString(),
            QStringLiteral("application/yaml"));
        QCOMPARE(artifact(QStringLiteral("profile_results.csv")).value(QStringLiteral("name")).toString(),
            QStringLiteral("hpx.profile-layers"));
        QVERIFY(!artifact(QStringLiteral("profile_results.csv")).contains(QStringLiteral("schema")));
        const JsonValue overlay = artifact(QStringLiteral("model_explorer/me_overlay_ARM_PMU_CPU_CYCLES.json"));
        QCOMPARE(overlay.value(QStringLiteral("role")).toString(), QStringLiteral("export"));
        QCOMPARE(overlay.value(QStringLiteral("producer")).toString(), QStringLiteral("hpx.model-explorer-exporter"));
        QCOMPARE(overlay.value(QStringLiteral("optional")), JsonValue(true));
        QCOMPARE(artifact(QStringLiteral("detailed/memory.json")).value(QStringLiteral("role")).toString(),
            QStringLiteral("projection"));
        const JsonValue capture = artifact(QStringLiteral("capture.log"));
        QCOMPARE(capture.value(QStringLiteral("role")).toString(), QStringLiteral("extension"));
        QCOMPARE(capture.value(QStringLiteral("media_type")).toString(), QStringLiteral("application/octet-stream"));
        QCOMPARE(hpx::test::readFile(dir + QStringLiteral("/capture.log")), ctx.rawCapture);
        QCOMPARE(manifest.path({ QStringLiteral("provenance"), QStringLiteral("config_sha256") }).toString(),
            QString::fromLatin1(
                QCryptographicHash::hash(toCompactSortedJson(ctx.config), QCryptographicHash::Sha256).toHex()));
        QCOMPARE(manifest.path({ QStringLiteral("comparability"), QStringLiteral("transport") }).toString(),
            QStringLiteral("usb_cdc"));
        QCOMPARE(
            manifest.path({ QStringLiteral("comparability"), QStringLiteral("system_clock_hz") }), JsonValue(96000000));
        // detailed per-pass CSV: its own total for cycles_pct, no MAC columns.
        const QByteArray cpu = hpx::test::readFile(dir + QStringLiteral("/detailed/profile_cpu_0.csv"));
        QVERIFY(
            cpu.startsWith("id,op,ARM_PMU_CPU_CYCLES,ARM_PMU_INST_RETIRED,ARM_PMU_STALL_FRONTEND,ARM_PMU_STALL_BACKEND,"
                           "cycles,cycles_pct,overflow\r\n0,CONV_2D,7405.0,5120.0,306.0,1201.5,7405.0,62.1,False\r\n"));
        const QByteArray mem = hpx::test::readFile(dir + QStringLiteral("/detailed/profile_memory_0.csv"));
        QVERIFY(
            mem.startsWith("id,op,ARM_PMU_MEM_ACCESS,ARM_PMU_L1D_CACHE_REFILL,ARM_PMU_BUS_ACCESS,ARM_PMU_BUS_CYCLES,"
                           "cycles_pct,overflow\r\n0,CONV_2D,2210.0,11.5,95.5,7403.0,,False\r\n"));
    }

    // The issue's test: with model_explorer off, model_explorer/ is absent, the manifest lists no
    // overlay, and every other file is identical.
    void modelExplorerOffChangesNothingElse()
    {
        QTemporaryDir tmp;
        RunContext on = hpx::test::fixedContext();
        on.detailed = true;
        RunContext off = on;
        off.modelExplorer = false;
        const ProfileResult result = hpx::test::specExampleResult();
        QVERIFY(BundleWriter::write(result, on, tmp.filePath(QStringLiteral("on"))).ok);
        // "off" goes into a directory that held an "on" bundle: our overlays must go.
        QVERIFY(BundleWriter::write(result, on, tmp.filePath(QStringLiteral("off"))).ok);
        QVERIFY(QDir(tmp.filePath(QStringLiteral("off/model_explorer"))).exists());
        const BundleWriteResult r = BundleWriter::write(result, off, tmp.filePath(QStringLiteral("off")));
        QVERIFY2(r.ok, qPrintable(r.error));
        QVERIFY(!QDir(tmp.filePath(QStringLiteral("off/model_explorer"))).exists());
        QCOMPARE(r.removed.size(), 8);

        const auto a = snapshot(tmp.filePath(QStringLiteral("on")));
        const auto b = snapshot(tmp.filePath(QStringLiteral("off")));
        QStringList aNames;
        for (const QString &k : a.keys()) {
            if (!k.startsWith(QStringLiteral("model_explorer/")) && k != QStringLiteral("result_manifest.json"))
                aNames.append(k);
        }
        QStringList bNames = b.keys();
        bNames.removeAll(QStringLiteral("result_manifest.json"));
        QCOMPARE(bNames, aNames);
        for (const QString &k : bNames)
            QVERIFY2(a.value(k) == b.value(k), qPrintable(k));
        JsonValue ma = parseJson(a.value(QStringLiteral("result_manifest.json")));
        const JsonValue mb = parseJson(b.value(QStringLiteral("result_manifest.json")));
        JsonValue kept = JsonValue::array();
        int overlays = 0;
        for (const JsonValue &art : ma.value(QStringLiteral("artifacts")).elements()) {
            if (art.value(QStringLiteral("name")).toString() == QStringLiteral("model-explorer.overlay"))
                ++overlays;
            else
                kept.append(art);
        }
        QCOMPARE(overlays, 8);
        ma.insert(QStringLiteral("artifacts"), kept);
        QCOMPARE(toManifestJson(ma), toManifestJson(mb));
    }

    void staleFilesOfOursAreReplacedOthersKept()
    {
        QTemporaryDir tmp;
        const QString dir = tmp.filePath(QStringLiteral("r"));
        RunContext ctx = hpx::test::fixedContext();
        ProfileResult result = hpx::test::specExampleResult();
        QVERIFY(BundleWriter::write(result, ctx, dir).ok);
        QVERIFY(BundleWriter::saveFile(dir + QStringLiteral("/notes.txt"), "mine", nullptr));
        QVERIFY(BundleWriter::saveFile(dir + QStringLiteral("/model_explorer/custom.json"), "{}", nullptr) || true);
        QDir().mkpath(dir + QStringLiteral("/model_explorer"));
        QVERIFY(BundleWriter::saveFile(dir + QStringLiteral("/model_explorer/custom.json"), "{}", nullptr));

        // Second run: fewer counters, JSON format.
        result.counters = result.counters.mid(0, 2);
        for (LayerResult &l : result.layers)
            l.values = l.values.mid(0, 2);
        result.passes.clear();
        result.groups.clear();
        ctx.format = OutputFormat::Json;
        ctx.modelExplorer = true;
        const BundleWriteResult r = BundleWriter::write(result, ctx, dir);
        QVERIFY2(r.ok, qPrintable(r.error));
        const QStringList overlays = QDir(dir + QStringLiteral("/model_explorer")).entryList(QDir::Files, QDir::Name);
        QCOMPARE(overlays,
            (QStringList { QStringLiteral("custom.json"), QStringLiteral("me_overlay_ARM_PMU_CPU_CYCLES.json"),
                QStringLiteral("me_overlay_ARM_PMU_INST_RETIRED.json") }));
        QVERIFY(!QFile::exists(dir + QStringLiteral("/profile_results.csv")));
        QVERIFY(r.removed.contains(QStringLiteral("profile_results.csv")));
        QVERIFY(r.removed.contains(QStringLiteral("model_explorer/me_overlay_ARM_PMU_BUS_CYCLES.json")));
        QCOMPARE(hpx::test::readFile(dir + QStringLiteral("/notes.txt")), QByteArray("mine"));

        // model_explorer off: ours go, the user's file and so the folder stay, and the run says so.
        ctx.modelExplorer = false;
        const BundleWriteResult off = BundleWriter::write(result, ctx, dir);
        QVERIFY(off.ok);
        QCOMPARE(QDir(dir + QStringLiteral("/model_explorer")).entryList(QDir::Files),
            QStringList { QStringLiteral("custom.json") });
        QVERIFY(!off.notes.filter(QStringLiteral("model_explorer/")).isEmpty());
    }

    void profileResultsJson()
    {
        RunContext ctx = hpx::test::fixedContext();
        ctx.format = OutputFormat::Json;
        const ProfileResult result = hpx::test::specExampleResult();
        const BundlePlan plan = BundleWriter::plan(result, ctx);
        QCOMPARE(plan.files.first().path, QStringLiteral("profile_results.json"));
        const JsonValue doc = parseJson(plan.files.first().data);
        QCOMPARE(doc.keys(),
            (QStringList { QStringLiteral("schema"), QStringLiteral("schema_version"), QStringLiteral("metadata"),
                QStringLiteral("summary"), QStringLiteral("layers"), QStringLiteral("presets"),
                QStringLiteral("overflow_detected") }));
        QVERIFY(!doc.value(QStringLiteral("metadata")).contains(QStringLiteral("firmware")));
        QCOMPARE(doc.path({ QStringLiteral("metadata"), QStringLiteral("run_id") }).toString(), ctx.runId);
        const JsonValue first = doc.value(QStringLiteral("layers")).at(0);
        QCOMPARE(first.value(QStringLiteral("cycles_pct")), JsonValue(62.1));
        QCOMPARE(first.keys().last(), QStringLiteral("overflow"));
        QCOMPARE(doc.path({ QStringLiteral("presets"), QStringLiteral("memory_0"), QStringLiteral("iteration_count") }),
            JsonValue(2));
        QVERIFY(doc.path({ QStringLiteral("presets"), QStringLiteral("memory_0"), QStringLiteral("layers") })
                    .at(0)
                    .value(QStringLiteral("cycles_pct"))
                    .isNull());
        QCOMPARE(doc.path({ QStringLiteral("summary"), QStringLiteral("presets") }).size(), 2);
    }

    void interruptedWriteKeepsPreviousBundle_data()
    {
        QTest::addColumn<QString>("step");
        QTest::newRow("staging summary") << QStringLiteral("stage:summary.json");
        QTest::newRow("staging an overlay")
            << QStringLiteral("stage:model_explorer/me_overlay_ARM_PMU_INST_RETIRED.json");
        QTest::newRow("staging the manifest") << QStringLiteral("stage:result_manifest.json");
        QTest::newRow("moving the old manifest aside") << QStringLiteral("backup:result_manifest.json");
        QTest::newRow("moving an old overlay aside")
            << QStringLiteral("backup:model_explorer/me_overlay_ARM_PMU_CPU_CYCLES.json");
        QTest::newRow("committing summary") << QStringLiteral("commit:summary.json");
        QTest::newRow("committing the capture") << QStringLiteral("commit:capture.log");
        QTest::newRow("committing the manifest") << QStringLiteral("commit:result_manifest.json");
    }
    void interruptedWriteKeepsPreviousBundle()
    {
        QFETCH(QString, step);
        QTemporaryDir tmp;
        const QString dir = tmp.filePath(QStringLiteral("results"));
        RunContext first = hpx::test::fixedContext();
        QVERIFY(
            BundleWriter::write(hpx::test::profileFromExpected(QStringLiteral("u01_single_preset_basic")), first, dir)
                .ok);
        const auto before = snapshot(dir);

        RunContext second = RunContext::create();
        second.rawCapture = QByteArrayLiteral("second run's raw stream\n");
        QStringList steps;
        const BundleWriteResult r
            = BundleWriter::write(hpx::test::specExampleResult(), second, dir, [&](const QString &s) {
                  steps.append(s);
                  return s != step;
              });
        QVERIFY(steps.contains(step));
        QVERIFY(!r.ok);
        const QString file = step.section(QLatin1Char(':'), 1);
        QCOMPARE(r.errorFile, file);
        QVERIFY2(r.error.contains(file), qPrintable(r.error));
        QCOMPARE(snapshot(dir), before);
        QVERIFY(hiddenEntries(dir).isEmpty());
        // The raw capture of the failed run is kept next to the bundle.
        QVERIFY(!r.rescuedCapture.isEmpty());
        QCOMPARE(hpx::test::readFile(r.rescuedCapture), second.rawCapture);
        QVERIFY(r.error.contains(QDir::toNativeSeparators(r.rescuedCapture)));
    }

    void realFailureRollsBack()
    {
        QTemporaryDir tmp;
        const QString dir = tmp.filePath(QStringLiteral("results"));
        RunContext ctx = hpx::test::fixedContext();
        ctx.rawCapture.clear();
        ctx.rawCapturePath = tmp.filePath(QStringLiteral("stream.log"));
        QVERIFY(BundleWriter::saveFile(ctx.rawCapturePath, "raw", nullptr));
        QVERIFY(BundleWriter::write(hpx::test::specExampleResult(), ctx, dir).ok);
        // A plain file where detailed/ must go: the commit cannot create the folder.
        QVERIFY(BundleWriter::saveFile(dir + QStringLiteral("/detailed"), "in the way", nullptr));
        const auto before = snapshot(dir);
        ctx.detailed = true;
        const BundleWriteResult r = BundleWriter::write(hpx::test::specExampleResult(), ctx, dir);
        QVERIFY(!r.ok);
        QVERIFY2(r.errorFile.startsWith(QStringLiteral("detailed/")), qPrintable(r.errorFile));
        QCOMPARE(snapshot(dir), before);
        QVERIFY(hiddenEntries(dir).isEmpty());
        QVERIFY(r.rescuedCapture.isEmpty()); // came from a file, which is untouched
        QCOMPARE(hpx::test::readFile(ctx.rawCapturePath), QByteArray("raw"));
    }

    void unreadableCaptureFileIsAnError()
    {
        QTemporaryDir tmp;
        RunContext ctx = hpx::test::fixedContext();
        ctx.rawCapture.clear();
        ctx.rawCapturePath = tmp.filePath(QStringLiteral("missing.log"));
        const BundleWriteResult r
            = BundleWriter::write(hpx::test::specExampleResult(), ctx, tmp.filePath(QStringLiteral("out")));
        QVERIFY(!r.ok);
        QVERIFY2(r.error.contains(QStringLiteral("missing.log")), qPrintable(r.error));
    }

    void emptyResultIsRefused()
    {
        QTemporaryDir tmp;
        const BundleWriteResult r
            = BundleWriter::write(ProfileResult(), hpx::test::fixedContext(), tmp.filePath(QStringLiteral("out")));
        QVERIFY(!r.ok);
        QVERIFY(!r.error.isEmpty());
        QVERIFY(!QFile::exists(tmp.filePath(QStringLiteral("out/result_manifest.json"))));
    }

    void executorchSaysWhyNoOverlays()
    {
        ProfileResult result = hpx::test::specExampleResult();
        result.engine = Engine::Executorch;
        const BundlePlan plan = BundleWriter::plan(result, hpx::test::fixedContext());
        for (const BundleFile &f : plan.files)
            QVERIFY(!f.path.startsWith(QStringLiteral("model_explorer/")));
        const JsonValue summary = parseJson(plan.files.at(1).data);
        QVERIFY(summary.path({ QStringLiteral("model_explorer"), QStringLiteral("overlays_skipped") })
                    .toString()
                    .contains(QStringLiteral("ExecuTorch")));
        QCOMPARE(summary.value(QStringLiteral("engine")).toString(), QStringLiteral("executorch"));
    }

    void heliaAotFiles()
    {
        ProfileResult result = hpx::test::specExampleResult();
        result.engine = Engine::HeliaAot;
        RunContext ctx = hpx::test::fixedContext();
        ctx.aotManifest = parseJson(R"([{"idx": 0, "id": 3, "op_type": "CONV_2D", "name": "conv",
            "inputs": [{"name": "in", "id": 0, "nbytes": 490, "shape": [1, 49, 10, 1], "memory": "sram"}],
            "outputs": [{"name": "out,1", "id": 1, "allocation_size": 64, "staged": true}]}])");
        const BundlePlan plan = BundleWriter::plan(result, ctx);
        QStringList paths;
        for (const BundleFile &f : plan.files)
            paths.append(f.path);
        QCOMPARE(paths.indexOf(QStringLiteral("aot_operator_manifest.json")), 4);
        const QByteArray csv = plan.files.at(5).data;
        QCOMPARE(plan.files.at(5).path, QStringLiteral("aot_memory_layers.csv"));
        QCOMPARE(csv,
            QByteArray("layer_idx,layer_id,op_type,op_name,tensor_role,tensor_id,tensor_name,tensor_kind,memory,"
                       "source_memory,staged,arena_role,arena_region_id,offset,size,shape\r\n"
                       "0,3,CONV_2D,conv,input,0,in,,sram,,,,,,490,\"[1, 49, 10, 1]\"\r\n"
                       "0,3,CONV_2D,conv,output,1,\"out,1\",,,,True,,,,64,\r\n"));
    }
};

QTEST_GUILESS_MAIN(TestBundleWriter)
#include "tst_bundlewriter.moc"
