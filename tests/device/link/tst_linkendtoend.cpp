// End to end through a real pty: the simulated board on the master side, CaptureSession on the slave through
// QSerialPort, the wire parser, and the simulator's ground truth to compare with.
#include "device/capture/capturesession.h"
#include "device/link/linkspec.h"
#include "device/link/seriallink.h"
#include "device/sim/simlink.h"
#include "device/sim/simulatedboard.h"
#include "linktruth.h"
#include "model/tflite/tflitemodel.h"
#include "ptypair.h"
#include "simonpty.h"
#include "tests/support/testdata.h"

#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace hpx::device;

// The SoC profiles (model/board) the simulated board plays here: 0 apollo510 (PMU, MVE), 1 apollo4p (DWT only).
static hpx::model::SocProfile simSoc(int index)
{
    return *hpx::model::socs::byName(index == 1 ? QStringLiteral("apollo4p") : QStringLiteral("apollo510"));
}
using hpx::test::PtyPair;
using hpx::test::SimOnPty;
using Status = CaptureResult::Status;

namespace {
struct Outcome {
    CaptureResult result;
    GroundTruth truth;
    bool finished = false;
};

Outcome runOnPty(const SimulatorConfig &config, SessionOptions options, int timeoutMs = 60000)
{
    Outcome out;
    PtyPair pty;
    if (!pty.isValid())
        return out;
    SimOnPty sim(pty, config);
    sim.start();
    const QString port = pty.slavePath();
    CaptureSession session([port] { return std::make_unique<SerialLink>(port, 921600); }, options);
    QSignalSpy finished(&session, &CaptureSession::finished);
    session.start();
    out.finished = finished.wait(timeoutMs);
    if (out.finished)
        out.result = finished.first().at(0).value<CaptureResult>();
    out.truth = sim.groundTruth();
    return out;
}

hpx::model::FirmwareTransport linkFor(hpx::model::FirmwareTransport transport)
{
    switch (transport) {
    case hpx::model::FirmwareTransport::Uart:
        return hpx::model::FirmwareTransport::Uart;
    case hpx::model::FirmwareTransport::UsbCdc:
        return hpx::model::FirmwareTransport::UsbCdc;
    case hpx::model::FirmwareTransport::Rtt:
    case hpx::model::FirmwareTransport::Swo:
        break;
    }
    return hpx::model::FirmwareTransport::Rtt; // RTT and SWO reach the host through a debug probe
}

hpx::model::ModelInfo loadTestModel(const QString &file)
{
    const auto loaded = hpx::model::loadModel(hpx::test::dataPath(QStringLiteral("models/") + file));
    if (!loaded.ok())
        qWarning("%s", qPrintable(loaded.error));
    return loaded.model.value_or(hpx::model::ModelInfo());
}

QVector<WirePass> threePasses()
{
    return { { QStringLiteral("cpu_0"),
                 { QStringLiteral("ARM_PMU_CPU_CYCLES"), QStringLiteral("ARM_PMU_INST_RETIRED"),
                     QStringLiteral("ARM_PMU_STALL_FRONTEND"), QStringLiteral("ARM_PMU_STALL_BACKEND") } },
        { QStringLiteral("memory_0"),
            { QStringLiteral("ARM_PMU_MEM_ACCESS"), QStringLiteral("ARM_PMU_L1D_CACHE_REFILL"),
                QStringLiteral("ARM_PMU_BUS_ACCESS"), QStringLiteral("ARM_PMU_BUS_CYCLES") } },
        { QStringLiteral("mve_0"), { QStringLiteral("ARM_PMU_CPU_CYCLES"), QStringLiteral("0x0264") } } };
}

QByteArray fileBytes(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}
} // namespace

class TstLinkEndToEnd : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void everyModel_data();
    void everyModel();
    void faults_data();
    void faults();
    void inProcessSimulator_data();
    void inProcessSimulator();
    void firmwareErrors_data();
    void firmwareErrors();

private:
    QTemporaryDir m_dir;
    QStringList m_models;
};

void TstLinkEndToEnd::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_models = QDir(hpx::test::dataPath(QStringLiteral("models")))
                   .entryList({ QStringLiteral("*.tflite") }, QDir::Files, QDir::Name);
    QVERIFY2(m_models.size() >= 5, "tests/data/models holds the test models");
}

void TstLinkEndToEnd::everyModel_data()
{
    QTest::addColumn<QString>("model");
    QTest::addColumn<bool>("hostPlan");
    QTest::addColumn<int>("engine");
    QTest::addColumn<int>("transport");
    QTest::addColumn<int>("soc");
    const hpx::model::Engine engines[] = { hpx::model::Engine::Tflm, hpx::model::Engine::HeliaRt,
        hpx::model::Engine::HeliaAot, hpx::model::Engine::Executorch };
    const hpx::model::FirmwareTransport transports[] = { hpx::model::FirmwareTransport::Uart,
        hpx::model::FirmwareTransport::UsbCdc, hpx::model::FirmwareTransport::Rtt };
    for (int i = 0; i < m_models.size(); ++i) {
        for (const bool plan : { false, true }) {
            const hpx::model::Engine engine = engines[(i + (plan ? 1 : 0)) % 4];
            const hpx::model::FirmwareTransport transport = transports[(i + (plan ? 2 : 0)) % 3];
            // The host plan asks for PMU events, which only the Cortex-M55 profile has.
            const int soc = (!plan && i % 3 == 2) ? 1 : 0;
            const QString name = QStringLiteral("%1 %2 %3 %4 %5")
                                     .arg(m_models.at(i), plan ? QStringLiteral("plan") : QStringLiteral("built-in"),
                                         hpx::model::engineName(engine), hpx::model::firmwareTransportName(transport),
                                         simSoc(soc).name);
            QTest::newRow(qPrintable(name)) << m_models.at(i) << plan << int(engine) << int(transport) << int(soc);
        }
    }
}

void TstLinkEndToEnd::everyModel()
{
    QFETCH(QString, model);
    QFETCH(bool, hostPlan);
    QFETCH(int, engine);
    QFETCH(int, transport);
    QFETCH(int, soc);
    SimulatorConfig config;
    config.model = loadTestModel(model);
    QVERIFY(!config.model.subgraphs.isEmpty());
    config.engine = hpx::model::Engine(engine);
    config.firmwareTransport = hpx::model::FirmwareTransport(transport);
    config.soc = simSoc(soc);
    config.iterations = 2;
    config.warmup = 1;
    config.seed = 7;
    config.hostPlanSupport = hostPlan;

    SessionOptions options;
    options.firmwareTransport = linkFor(config.firmwareTransport);
    options.rawStreamPath = m_dir.filePath(model + (hostPlan ? QStringLiteral(".plan.log") : QStringLiteral(".log")));
    if (hostPlan) {
        HostPlan plan;
        plan.iterations = 3;
        plan.warmup = 0;
        for (const WirePass &pass : threePasses())
            plan.passes.append({ pass.name, pass.events });
        options.plan = plan;
        options.requirePlan = true;
    }
    const Outcome out = runOnPty(config, options);
    QVERIFY(out.finished);
    QVERIFY2(out.result.ok(), qPrintable(statusName(out.result.status) + QStringLiteral(": ") + out.result.error));
    QVERIFY(!out.result.capture.passes.isEmpty());
    const QString diff = hpx::test::compareWithTruth(out.result.capture, out.truth);
    QVERIFY2(diff.isEmpty(), qPrintable(diff));
    if (hostPlan) {
        QCOMPARE(out.result.plan, CaptureResult::PlanState::Accepted);
        QCOMPARE(out.truth.planSource, QStringLiteral("host"));
        QCOMPARE(out.result.capture.passes.size(), 3);
        QCOMPARE(out.result.capture.passes.first().iterations.size(), 3);
    } else {
        QCOMPARE(out.result.plan, CaptureResult::PlanState::NotRequested);
        QVERIFY(out.result.planNote.contains(QLatin1String("built with")));
    }
    QCOMPARE(fileBytes(options.rawStreamPath), out.result.rawStream);
}

void TstLinkEndToEnd::faults_data()
{
    QTest::addColumn<QString>("fault");
    QTest::addColumn<int>("seed");
    // Random faults hit different lines for each seed: several seeds, so rows, markers and headers all get hit.
    for (int seed = 1; seed <= 4; ++seed) {
        QTest::addRow("corrupt seed %d", seed) << QStringLiteral("corrupt") << seed;
        QTest::addRow("drop seed %d", seed) << QStringLiteral("drop") << seed;
    }
    QTest::newRow("stall") << QStringLiteral("stall") << 11;
    QTest::newRow("reset") << QStringLiteral("reset") << 11;
    QTest::newRow("disconnect") << QStringLiteral("disconnect") << 11;
}

void TstLinkEndToEnd::faults()
{
    QFETCH(QString, fault);
    QFETCH(int, seed);
    SimulatorConfig config;
    config.model = loadTestModel(QStringLiteral("kws_ref_model.tflite"));
    config.engine = hpx::model::Engine::HeliaRt;
    config.firmwareTransport = hpx::model::FirmwareTransport::Uart;
    config.passes = threePasses();
    config.iterations = 2;
    config.warmup = 1;
    config.seed = quint64(seed);
    SessionOptions options;
    options.firmwareTransport = hpx::model::FirmwareTransport::Uart;
    options.rawStreamPath = m_dir.filePath(QStringLiteral("fault-%1-%2.log").arg(fault).arg(seed));
    options.cleanWindowSlackMs = 0; // the modelled clean window takes no time here (time scale 0)
    options.inactivityTimeoutMs = 1000;

    const Outcome clean = runOnPty(config, options);
    QVERIFY(clean.result.ok());
    QVERIFY(hpx::test::compareWithTruth(clean.result.capture, clean.truth).isEmpty());

    if (fault == QLatin1String("corrupt"))
        config.faults.corruptRate = 0.002;
    else if (fault == QLatin1String("drop"))
        config.faults.dropLineRate = 0.02;
    else if (fault == QLatin1String("stall"))
        config.faults.stallSeconds = 2.5;
    else if (fault == QLatin1String("reset"))
        config.faults.resetMidPass = true;
    else if (fault == QLatin1String("disconnect"))
        config.faults.disconnect = true;
    const Outcome out = runOnPty(config, options);
    QVERIFY(out.finished);
    const CaptureResult &r = out.result;
    QVERIFY2(!out.truth.faults.isEmpty(), "the fault was injected");
    qInfo("%s: %s (%d fault events) %s", qPrintable(fault), qPrintable(statusName(r.status)),
        int(out.truth.faults.size()), qPrintable(r.error));

    // The raw stream file survives every ending and holds every byte that arrived.
    QCOMPARE(fileBytes(options.rawStreamPath), r.rawStream);
    QVERIFY(!r.rawStream.isEmpty());

    QString error;
    const int moved = hpx::test::differencesInPlace(r.capture, clean.truth, &error);
    QVERIFY2(moved >= 0, qPrintable(error));

    if (r.ok()) {
        // Recovered: the records are exactly the clean run's.
        QVERIFY2(fault == QLatin1String("reset") || fault == QLatin1String("corrupt") || fault == QLatin1String("drop"),
            qPrintable(fault));
        const QString diff = hpx::test::compareWithTruth(r.capture, clean.truth);
        QVERIFY2(diff.isEmpty(), qPrintable(diff));
        if (fault == QLatin1String("reset"))
            QCOMPARE(r.restarts, 1);
        return;
    }
    // Not recovered: a clear error naming the pass, and nothing moved.
    QVERIFY(!r.error.isEmpty());
    QVERIFY2(!r.errorPass.isEmpty() && r.error.contains(r.errorPass), qPrintable(r.error));
    if (fault == QLatin1String("stall")) {
        QCOMPARE(r.status, Status::TimedOut);
        QCOMPARE(moved, 0);
    } else if (fault == QLatin1String("disconnect")) {
        QCOMPARE(r.status, Status::Disconnected);
        QCOMPARE(moved, 0);
    } else if (fault == QLatin1String("drop")) {
        QVERIFY2(r.status == Status::StreamDamaged || r.status == Status::TimedOut, qPrintable(r.error));
        QCOMPARE(moved, 0); // lines were lost; no value changed place
    } else if (fault == QLatin1String("corrupt")) {
        QVERIFY2(r.status == Status::StreamDamaged || r.status == Status::TimedOut || r.status == Status::NoStream,
            qPrintable(r.error));
        int corruptions = 0;
        for (const auto &f : out.truth.faults)
            corruptions += f.kind == QLatin1String("corrupt");
        QVERIFY2(moved <= corruptions,
            qPrintable(QStringLiteral("%1 cells differ, %2 bytes corrupted").arg(moved).arg(corruptions)));
    } else {
        QFAIL(qPrintable(QStringLiteral("%1 should have recovered: %2").arg(fault, r.error)));
    }
}

void TstLinkEndToEnd::inProcessSimulator_data()
{
    QTest::addColumn<int>("transport");
    QTest::newRow("uart") << int(hpx::model::FirmwareTransport::Uart);
    QTest::newRow("usb_cdc") << int(hpx::model::FirmwareTransport::UsbCdc); // DTR reaches the in-process board
    QTest::newRow("rtt") << int(hpx::model::FirmwareTransport::Rtt);
}

void TstLinkEndToEnd::inProcessSimulator()
{
    // `--port sim`: the same session drives the in-process board through SimulatedLink, no pty involved.
    QFETCH(int, transport);
    SimulatorConfig config;
    config.model = loadTestModel(QStringLiteral("micro_speech_quantized.tflite"));
    config.firmwareTransport = hpx::model::FirmwareTransport(transport);
    config.passes = threePasses();
    config.seed = 3;
    const auto spec = parseLinkSpec(QStringLiteral("sim"));
    QVERIFY(spec);
    SessionOptions options;
    options.firmwareTransport = suggestedFirmwareTransport(*spec, {}, config.firmwareTransport);
    QCOMPARE(hpx::model::firmwareTransportName(options.firmwareTransport),
        hpx::model::firmwareTransportName(config.firmwareTransport));
    CaptureSession session(linkFactory(*spec, [config] { return std::make_unique<SimulatedLink>(config); }), options);
    QSignalSpy finished(&session, &CaptureSession::finished);
    session.start();
    QVERIFY(finished.wait(30000));
    const auto result = finished.first().at(0).value<CaptureResult>();
    QVERIFY2(result.ok(), qPrintable(result.error));
    QVERIFY(result.linkDescription.contains(QLatin1String("Simulated board")));
    const GroundTruth truth = SimulatedBoard(config).groundTruth();
    const QString diff = hpx::test::compareWithTruth(result.capture, truth);
    QVERIFY2(diff.isEmpty(), qPrintable(diff));
}

void TstLinkEndToEnd::firmwareErrors_data()
{
    QTest::addColumn<QString>("code");
    QTest::addColumn<int>("engine");
    const hpx::model::Engine engines[] = { hpx::model::Engine::HeliaRt, hpx::model::Engine::HeliaAot,
        hpx::model::Engine::Executorch, hpx::model::Engine::Tflm };
    const QStringList kinds = simErrorKinds();
    for (const QString &code : kinds) {
        for (const hpx::model::Engine engine : engines) {
            if (simErrorAppliesTo(code, engine)) {
                QTest::newRow(qPrintable(code)) << code << int(engine);
                break;
            }
        }
    }
}

void TstLinkEndToEnd::firmwareErrors()
{
    QFETCH(QString, code);
    QFETCH(int, engine);
    SimulatorConfig config;
    config.model = loadTestModel(QStringLiteral("hello_world_int8.tflite"));
    config.engine = hpx::model::Engine(engine);
    config.firmwareTransport = hpx::model::FirmwareTransport::Rtt;
    config.faults.error = code;
    SessionOptions options;
    options.firmwareTransport = hpx::model::FirmwareTransport::Rtt;
    options.errorDrainMs = 200;
    options.inactivityTimeoutMs = 3000;
    options.rawStreamPath = m_dir.filePath(QStringLiteral("error-%1.log").arg(code));
    const Outcome out = runOnPty(config, options);
    QVERIFY(out.finished);
    QCOMPARE(out.result.status, Status::FirmwareError);
    QVERIFY2(out.result.error.contains(code), qPrintable(out.result.error));
    if (code == QLatin1String("pmu_init_or_selftest_failed"))
        QVERIFY2(out.result.error.contains(out.result.errorPass) && !out.result.errorPass.isEmpty(),
            qPrintable(out.result.error));
    QVERIFY(out.result.capture.error.has_value());
    QCOMPARE(out.result.capture.error->code, code);
    QCOMPARE(fileBytes(options.rawStreamPath), out.result.rawStream);
}

QTEST_GUILESS_MAIN(TstLinkEndToEnd)
#include "tst_linkendtoend.moc"
