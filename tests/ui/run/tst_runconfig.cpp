// The GUI and `hpx profile` describe a run the same way: for the same options, the config snapshot and the
// platform the window's RunController puts into a bundle equal what the command-line binary writes.
#include "model/board/counters.h"
#include "model/board/passplanner.h"
#include "model/board/socprofile.h"
#include "model/bundle/runcontext.h"
#include "model/json/jsonparser.h"
#include "model/json/jsonvalue.h"
#include "model/json/jsonwriter.h"
#include "model/tflite/tflitemodel.h"
#include "tests/app/hpx/clitest.h"
#include "tests/support/testdata.h"
#include "ui/run/runconfig.h"
#include "ui/run/runcontroller.h"

#include <QDir>
#include <QProcess>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTcpServer>
#include <QTcpSocket>
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

// A board on a TCP port that supports the host plan and records the plan line a host sends, then hangs up: what
// a real plan-capable board receives, byte for byte.
class PlanRecorder : public QObject {
    Q_OBJECT
public:
    PlanRecorder()
    {
        connect(&m_server, &QTcpServer::newConnection, this, [this] {
            QTcpSocket *socket = m_server.nextPendingConnection();
            socket->write("HPX_READY\nHPX_PLAN_SUPPORTED=1\n");
            connect(socket, &QTcpSocket::readyRead, this, [this, socket] {
                m_buffer += socket->readAll();
                qsizetype end;
                while ((end = m_buffer.indexOf('\n')) >= 0) {
                    const QByteArray line = m_buffer.left(end + 1);
                    m_buffer.remove(0, end + 1);
                    if (line.startsWith("HPX_PLAN ")) {
                        socket->disconnectFromHost();
                        Q_EMIT planReceived(line);
                        return;
                    }
                }
            });
        });
    }
    bool listen() { return m_server.listen(QHostAddress::LocalHost); }
    QString url() const { return QStringLiteral("tcp://127.0.0.1:%1").arg(m_server.serverPort()); }

Q_SIGNALS:
    void planReceived(const QByteArray &line);

private:
    QTcpServer m_server;
    QByteArray m_buffer;
};

// A member found anywhere in a JSON tree (depth first), Null when absent.
JsonValue findMember(const JsonValue &v, const QString &key)
{
    if (v.isObject()) {
        if (const JsonValue *found = v.find(key))
            return *found;
        for (const auto &member : v.members()) {
            const JsonValue inner = findMember(member.second, key);
            if (!inner.isNull())
                return inner;
        }
    } else if (v.isArray()) {
        for (const JsonValue &e : v.elements()) {
            const JsonValue inner = findMember(e, key);
            if (!inner.isNull())
                return inner;
        }
    }
    return JsonValue();
}

// Node keys of every overlay file in a bundle, by file name.
QMap<QString, QStringList> overlayKeys(const QString &bundle)
{
    QMap<QString, QStringList> keys;
    const QDir dir(bundle + QStringLiteral("/model_explorer"));
    for (const QString &name : dir.entryList({ QStringLiteral("*.json") }, QDir::Files, QDir::Name)) {
        const JsonValue overlay = readJson(dir.filePath(name));
        QStringList nodes;
        for (const auto &graph : overlay.members()) {
            const JsonValue results = graph.second.value(QStringLiteral("results"));
            for (const QString &node : results.keys())
                nodes << graph.first + QLatin1Char('/') + node;
        }
        nodes.sort();
        keys.insert(name, nodes);
    }
    return keys;
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

    // Drift fixed by the shared run request: `hpx profile` sent the planned events only, the window every pass's
    // printed columns (the cycle counter first). A plan-capable board now receives the same bytes from both.
    void samePlanBytesAsTheCommandLine()
    {
        const QString modelPath = test::dataPath(Model);
        const QStringList picked = { cyclesCounterName(), QStringLiteral("ARM_PMU_INST_RETIRED"),
            QStringLiteral("ARM_PMU_L1D_CACHE"), QStringLiteral("ARM_PMU_MEM_ACCESS") };

        PlanRecorder cliBoard;
        QVERIFY(cliBoard.listen());
        QSignalSpy cliPlan(&cliBoard, &PlanRecorder::planReceived);
        QTemporaryDir tmp;
        QProcess cli;
        cli.start(QStringLiteral(HPX_BIN),
            { QStringLiteral("profile"), modelPath, QStringLiteral("--port"), cliBoard.url(), QStringLiteral("--board"),
                QStringLiteral("apollo510_evb"), QStringLiteral("--pmu-counters"),
                QStringLiteral("cpu:ARM_PMU_CPU_CYCLES,ARM_PMU_INST_RETIRED"), QStringLiteral("--pmu-counters"),
                QStringLiteral("memory:ARM_PMU_L1D_CACHE,ARM_PMU_MEM_ACCESS"), QStringLiteral("--iterations"),
                QStringLiteral("3"), QStringLiteral("--warmup"), QStringLiteral("1"), QStringLiteral("--output-dir"),
                tmp.filePath(QStringLiteral("cli")) });
        QVERIFY2(cliPlan.wait(60000), "the command line sent no plan");
        cli.kill();
        cli.waitForFinished();

        PlanRecorder guiBoard;
        QVERIFY(guiBoard.listen());
        QSignalSpy guiPlan(&guiBoard, &PlanRecorder::planReceived);
        ui::RunSettings settings = simulatedRun(
            QStringLiteral("apollo510_evb"), QStringLiteral("helia-rt"), picked, 3, 1, Aggregation::Median);
        settings.target.kind = ui::BoardTarget::Kind::Tcp;
        settings.target.port = guiBoard.url();
        settings.target.engine.reset();
        ModelLoadResult loaded = loadModel(modelPath);
        QVERIFY(loaded.ok());
        ui::RunController runs;
        QSignalSpy finished(&runs, &ui::RunController::finished);
        QString error;
        QVERIFY2(runs.start(settings, std::make_shared<const ModelInfo>(std::move(*loaded.model)), &error),
            qPrintable(error));
        QVERIFY2(guiPlan.wait(60000), "the window sent no plan");
        runs.cancel();
        QVERIFY(finished.wait(30000));
        QFile::remove(runs.rawStreamPath());

        const QByteArray fromCli = cliPlan.at(0).at(0).toByteArray();
        const QByteArray fromGui = guiPlan.at(0).at(0).toByteArray();
        QCOMPARE(fromGui, fromCli);
        QCOMPARE(fromCli,
            QByteArray("HPX_PLAN iterations=3 warmup=1 pass=cpu_0:ARM_PMU_CPU_CYCLES,ARM_PMU_INST_RETIRED "
                       "pass=memory_0:ARM_PMU_CPU_CYCLES,ARM_PMU_L1D_CACHE,ARM_PMU_MEM_ACCESS\n"));
    }

    // Drift fixed by the shared run request: the window's simulated board ignored target.clock.cpu's clock (96 MHz
    // on every SoC) and, for helia-aot, never wrote the operator manifest the command line reads back. The same
    // choices now give the same clock, the same manifest and the same overlays.
    void windowRunMatchesTheCommandLine_data()
    {
        QTest::addColumn<QString>("board");
        QTest::addColumn<QString>("engine");
        QTest::addColumn<qint64>("clockHz");
        QTest::newRow("apollo3p lp clock")
            << QStringLiteral("apollo3p_evb") << QStringLiteral("tflm") << qint64(48000000);
        QTest::newRow("helia-aot manifest")
            << QStringLiteral("apollo510_evb") << QStringLiteral("helia-aot") << qint64(96000000);
    }

    void windowRunMatchesTheCommandLine()
    {
        QFETCH(QString, board);
        QFETCH(QString, engine);
        QFETCH(qint64, clockHz);
        const QString modelPath = test::dataPath(Model);
        QTemporaryDir tmp;
        const QString cliOut = tmp.filePath(QStringLiteral("cli"));
        const test::HpxRun cli = test::runHpx({ QStringLiteral("profile"), modelPath, QStringLiteral("--port"),
            QStringLiteral("sim"), QStringLiteral("--board"), board, QStringLiteral("--engine"), engine,
            QStringLiteral("--iterations"), QStringLiteral("1"), QStringLiteral("--warmup"), QStringLiteral("0"),
            QStringLiteral("--output-dir"), cliOut });
        QVERIFY2(cli.exitCode == 0, cli.err.constData());

        const SocProfile *soc = socs::forBoard(board);
        QVERIFY(soc);
        const ui::RunSettings settings = simulatedRun(
            board, engine, *planner::resolve(planner::defaultSelection(*soc), nullptr), 1, 0, Aggregation::Median);
        ModelLoadResult loaded = loadModel(modelPath);
        QVERIFY(loaded.ok());
        ui::RunController runs;
        QSignalSpy finished(&runs, &ui::RunController::finished);
        QString error;
        QVERIFY2(runs.start(settings, std::make_shared<const ModelInfo>(std::move(*loaded.model)), &error),
            qPrintable(error));
        QVERIFY(finished.wait(120000));
        const auto outcome = finished.at(0).at(0).value<run::ProfileOutcome>();
        QVERIFY2(outcome.ok, qPrintable(outcome.error));
        const QString guiOut = runs.bundleDirectory();

        const JsonValue cliManifest = readJson(cliOut + QStringLiteral("/result_manifest.json"));
        const JsonValue guiManifest = readJson(guiOut + QStringLiteral("/result_manifest.json"));
        QCOMPARE(findMember(cliManifest, QStringLiteral("system_clock_hz")).toInt(), clockHz);
        QCOMPARE(findMember(guiManifest, QStringLiteral("system_clock_hz")).toInt(), clockHz);
        const JsonValue cliMeta = readJson(cliOut + QStringLiteral("/run_metadata.json"));
        const JsonValue guiMeta = readJson(guiOut + QStringLiteral("/run_metadata.json"));
        QCOMPARE(guiMeta.value(QStringLiteral("platform")), cliMeta.value(QStringLiteral("platform")));
        QCOMPARE(QFile::exists(guiOut + QStringLiteral("/aot_operator_manifest.json")),
            QFile::exists(cliOut + QStringLiteral("/aot_operator_manifest.json")));
        QCOMPARE(QFile::exists(guiOut + QStringLiteral("/aot_operator_manifest.json")),
            engine == QLatin1String("helia-aot"));
        const QMap<QString, QStringList> cliOverlays = overlayKeys(cliOut);
        QVERIFY(!cliOverlays.isEmpty());
        QCOMPARE(overlayKeys(guiOut), cliOverlays);
        QDir(guiOut).removeRecursively();
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
