// The GUI and `hpx profile` describe a run the same way: for the same options, the config snapshot and the
// platform the window's RunController puts into a bundle equal what the command-line binary writes.
#include "model/counters.h"
#include "model/jsonvalue.h"
#include "model/jsonwriter.h"
#include "model/passplanner.h"
#include "model/runcontext.h"
#include "model/socprofile.h"
#include "model/tflitemodel.h"
#include "tests/cli/clitest.h"
#include "tests/support/testdata.h"
#include "ui/runconfig.h"
#include "ui/runcontroller.h"

#include <QDir>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace hpx;
using namespace hpx::model;

Q_DECLARE_METATYPE(hpx::model::Aggregation)

namespace {

const QString Model = QStringLiteral("models/hello_world_int8.tflite");

// What the window's controls hold for a run on the simulated board: the counter picker groups the picked
// names by catalogue group, and the plan is made for the board's SoC.
ui::RunSettings simulatedRun(const QString &board, const QString &engine, const QStringList &picked, int iterations,
    int warmup, Aggregation aggregation)
{
    ui::RunSettings s;
    s.target.kind = ui::BoardTarget::Kind::Simulated;
    s.target.port = QStringLiteral("sim");
    s.target.board = board;
    const SocProfile *soc = socs::forBoard(board);
    s.target.soc = soc ? soc->name : QString();
    s.target.engine = engineFromName(engine);
    CounterSelection selection;
    for (const QString &group : { QStringLiteral("cpu"), QStringLiteral("memory"), QStringLiteral("mve") }) {
        QStringList names;
        for (const QString &name : picked) {
            if (counterGroupName(counters::groupOf(name).value_or(CounterGroup::Cpu)) == group)
                names << name;
        }
        if (!names.isEmpty())
            selection.setNames(group, names);
    }
    s.counters = selection;
    s.iterations = iterations;
    s.warmup = warmup;
    s.aggregation = aggregation;
    return s;
}

QByteArray mismatch(const JsonValue &gui, const JsonValue &written)
{
    return toPythonJson(gui) + QByteArrayLiteral("\n!=\n") + toPythonJson(written);
}

JsonValue readJson(const QString &path)
{
    QString error;
    const JsonValue v = parseJson(test::readFileBytes(path), &error);
    if (!error.isEmpty())
        qWarning("%s: %s", qPrintable(path), qPrintable(error));
    return v;
}

// PlatformInfo as run_metadata.json `platform` spells it (docs/compatibility.md §5.6), written out here so the
// comparison does not depend on the bundle writer's own conversion.
void comparePlatform(const PlatformInfo &p, const JsonValue &json)
{
    QCOMPARE(json.value(QStringLiteral("board")).toString(), p.board);
    QCOMPARE(json.value(QStringLiteral("soc")).toString(), p.soc);
    QCOMPARE(json.value(QStringLiteral("core")).toString(), p.core);
    QCOMPARE(json.value(QStringLiteral("pmu_tier")).toString(), p.pmuTier);
    QVERIFY(p.hasMve.has_value());
    QCOMPARE(json.value(QStringLiteral("has_mve")).toBool(!*p.hasMve), *p.hasMve);
    QStringList backends, domains;
    for (const JsonValue &v : json.value(QStringLiteral("profiling_backends")).elements())
        backends << v.toString();
    for (const JsonValue &v : json.value(QStringLiteral("profiling_domains")).elements())
        domains << v.toString();
    QCOMPARE(backends, p.profilingBackends);
    QCOMPARE(domains, p.profilingDomains);
    QCOMPARE(json.value(QStringLiteral("cpu_clock_name")).toString(), p.cpuClockName);
    QVERIFY(p.cpuClockMhz.has_value());
    QCOMPARE(json.value(QStringLiteral("cpu_clock_mhz")).toDouble(), *p.cpuClockMhz);
    QCOMPARE(json.value(QStringLiteral("cpu_perf_tier")).toString(), p.cpuPerfTier);
}

} // namespace

class TestRunConfig : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("hpx-studio-tests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_runconfig"));
        QVERIFY(QFile::exists(test::dataPath(Model)));
    }

    void sameSnapshotAsTheCommandLine_data()
    {
        QTest::addColumn<QString>("board");
        QTest::addColumn<QString>("engine");
        QTest::addColumn<QStringList>("picked");
        QTest::addColumn<int>("iterations");
        QTest::addColumn<int>("warmup");
        QTest::addColumn<Aggregation>("aggregation");
        QTest::addColumn<QStringList>("flags"); // the `hpx profile` options that say the same

        // The picker's CPU defaults on a PMU part are what `hpx profile` runs without --pmu-counters.
        QTest::newRow("m55 cpu defaults")
            << socs::simulatedM55Board() << QStringLiteral("helia-rt") << counters::defaults(CounterGroup::Cpu) << 3
            << 1 << Aggregation::Median
            << QStringList { QStringLiteral("--engine"), QStringLiteral("helia-rt"), QStringLiteral("--iterations"),
                   QStringLiteral("3"), QStringLiteral("--warmup"), QStringLiteral("1") };
        // Cycles only is the default on a DWT-only part.
        QTest::newRow("m4 cycles tflm mean")
            << socs::simulatedM4Board() << QStringLiteral("tflm") << QStringList { cyclesCounterName() } << 2 << 0
            << Aggregation::Mean
            << QStringList { QStringLiteral("--engine"), QStringLiteral("tflm"), QStringLiteral("--iterations"),
                   QStringLiteral("2"), QStringLiteral("--warmup"), QStringLiteral("0"),
                   QStringLiteral("--aggregation"), QStringLiteral("mean") };
        // A picked selection across groups: one --pmu-counters per catalogue group.
        QTest::newRow("apollo510 picked trimmed")
            << QStringLiteral("apollo510_evb") << QStringLiteral("helia-aot")
            << QStringList { QStringLiteral("ARM_PMU_CPU_CYCLES"), QStringLiteral("ARM_PMU_INST_RETIRED"),
                   QStringLiteral("ARM_PMU_L1D_CACHE") }
            << 4 << 2 << Aggregation::Trimmed
            << QStringList { QStringLiteral("--engine"), QStringLiteral("helia-aot"), QStringLiteral("--pmu-counters"),
                   QStringLiteral("cpu:ARM_PMU_CPU_CYCLES,ARM_PMU_INST_RETIRED"), QStringLiteral("--pmu-counters"),
                   QStringLiteral("memory:ARM_PMU_L1D_CACHE"), QStringLiteral("--iterations"), QStringLiteral("4"),
                   QStringLiteral("--warmup"), QStringLiteral("2"), QStringLiteral("--aggregation"),
                   QStringLiteral("trimmed") };
    }

    void sameSnapshotAsTheCommandLine()
    {
        QFETCH(QString, board);
        QFETCH(QString, engine);
        QFETCH(QStringList, picked);
        QFETCH(int, iterations);
        QFETCH(int, warmup);
        QFETCH(Aggregation, aggregation);
        QFETCH(QStringList, flags);

        QTemporaryDir tmp;
        QVERIFY(tmp.isValid());
        const QString out = tmp.filePath(QStringLiteral("bundle"));
        const QString modelPath = test::dataPath(Model);

        const ui::RunSettings settings = simulatedRun(board, engine, picked, iterations, warmup, aggregation);
        QVERIFY(!settings.counters.entries.isEmpty());
        QString error;
        const std::optional<Config> config = ui::runConfig(settings, modelPath, out, &error);
        QVERIFY2(config, qPrintable(error));
        const RunContext gui = RunContext::fromConfig(*config);

        const test::HpxRun cli
            = test::runHpx(QStringList { QStringLiteral("profile"), modelPath, QStringLiteral("--port"),
                               QStringLiteral("sim"), QStringLiteral("--board"), board }
                + flags + QStringList { QStringLiteral("--output-dir"), out });
        QVERIFY2(cli.exitCode == 0, cli.err.constData());
        const JsonValue metadata = readJson(out + QStringLiteral("/run_metadata.json"));
        QVERIFY(metadata.isObject());

        // Ordered equality: the snapshot's key order is part of the format.
        const JsonValue written = metadata.value(QStringLiteral("config"));
        QVERIFY2(gui.config == written, mismatch(gui.config, written).constData());
        comparePlatform(gui.platform, metadata.value(QStringLiteral("platform")));
        if (QTest::currentTestFailed())
            return;
        QCOMPARE(metadata.path({ QStringLiteral("engine"), QStringLiteral("type") }).toString(), engine);
    }

    // The whole GUI path: RunController on the simulated board writes a bundle whose run_metadata.json has the
    // snapshot runConfig() makes for its settings (the run id, time and bundle directory are its own).
    void runControllerWritesTheSnapshot()
    {
        const ui::RunSettings settings = simulatedRun(socs::simulatedM55Board(), QStringLiteral("tflm"),
            { cyclesCounterName(), QStringLiteral("ARM_PMU_INST_RETIRED") }, 1, 0, Aggregation::Mean);
        ModelLoadResult loaded = loadModel(test::dataPath(Model));
        QVERIFY(loaded.ok());
        const auto model = std::make_shared<const ModelInfo>(std::move(*loaded.model));

        ui::RunController runs;
        QSignalSpy finished(&runs, &ui::RunController::finished);
        QString error;
        QVERIFY2(runs.start(settings, model, &error), qPrintable(error));
        const QString bundle = runs.bundleDirectory();
        QVERIFY(finished.wait(120000));
        const auto outcome = finished.at(0).at(0).value<run::ProfileOutcome>();
        QVERIFY2(outcome.ok, qPrintable(outcome.error));

        const std::optional<Config> config = ui::runConfig(settings, model->filePath, bundle, &error);
        QVERIFY2(config, qPrintable(error));
        const JsonValue metadata = readJson(bundle + QStringLiteral("/run_metadata.json"));
        const JsonValue written = metadata.value(QStringLiteral("config"));
        QVERIFY2(configSnapshot(*config) == written, mismatch(configSnapshot(*config), written).constData());
        comparePlatform(PlatformInfo::fromConfig(*config), metadata.value(QStringLiteral("platform")));
        QCOMPARE(
            metadata.path({ QStringLiteral("engine"), QStringLiteral("type") }).toString(), QStringLiteral("tflm"));
        QCOMPARE(metadata.path({ QStringLiteral("config"), QStringLiteral("profiling"), QStringLiteral("iterations") })
                     .toInt(),
            1);
        QDir(bundle).removeRecursively();
        QFile::remove(runs.rawStreamPath());
    }

    void refusedValueIsReported()
    {
        ui::RunSettings settings = simulatedRun(
            socs::simulatedM55Board(), QStringLiteral("helia-rt"), { cyclesCounterName() }, 0, 0, Aggregation::Median);
        QString error;
        QVERIFY(!ui::runConfig(settings, QString(), QString(), &error));
        QVERIFY2(error.contains(QStringLiteral("profiling.iterations")), qPrintable(error));
    }
};

QTEST_GUILESS_MAIN(TestRunConfig)
#include "tst_runconfig.moc"
