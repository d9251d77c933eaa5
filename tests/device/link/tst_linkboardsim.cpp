// The real `hpx-board-sim --pty` executable on one side, CaptureSession through QSerialPort on the other, compared
// with the ground truth the simulator writes.
#include "device/capture/capturesession.h"
#include "device/link/seriallink.h"
#include "linktruth.h"
#include "tests/support/testdata.h"

#include <QFile>
#include <QJsonDocument>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace hpx::device;

class TstLinkBoardSim : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void capture_data();
    void capture();
};

void TstLinkBoardSim::capture_data()
{
    QTest::addColumn<QString>("transport");
    QTest::addColumn<bool>("plan");
    QTest::newRow("uart built-in") << QStringLiteral("uart") << false;
    QTest::newRow("usb_cdc host plan") << QStringLiteral("usb_cdc") << true;
}

void TstLinkBoardSim::capture()
{
    QFETCH(QString, transport);
    QFETCH(bool, plan);
    QTemporaryDir dir;
    const QString truthPath = dir.filePath(QStringLiteral("truth.json"));
    QStringList args { hpx::test::dataPath(QStringLiteral("models/kws_ref_model.tflite")), QStringLiteral("--pty"),
        QStringLiteral("--transport"), transport, QStringLiteral("--engine"), QStringLiteral("helia-rt"),
        QStringLiteral("--time-scale"), QStringLiteral("0"), QStringLiteral("--ground-truth"), truthPath };
    if (plan)
        args << QStringLiteral("--plan-support");
    QProcess sim;
    sim.start(QStringLiteral(HPX_BOARD_SIM), args);
    QVERIFY2(sim.waitForStarted(5000), qPrintable(sim.errorString()));
    QByteArray out;
    while (!out.contains('\n') && sim.waitForReadyRead(5000))
        out += sim.readAllStandardOutput();
    const QString port = QString::fromLocal8Bit(out).section(QLatin1Char('\n'), 0, 0).trimmed();
    QVERIFY2(
        port.startsWith(QLatin1String("/dev/")), qPrintable(QString::fromLocal8Bit(out + sim.readAllStandardError())));

    SessionOptions options;
    options.firmwareTransport = transport == QLatin1String("usb_cdc") ? hpx::model::FirmwareTransport::UsbCdc
                                                                      : hpx::model::FirmwareTransport::Uart;
    if (plan) {
        HostPlan hostPlan;
        hostPlan.iterations = 2;
        hostPlan.warmup = 1;
        hostPlan.passes = { { QStringLiteral("cpu_0"),
                                { QStringLiteral("ARM_PMU_CPU_CYCLES"), QStringLiteral("ARM_PMU_INST_RETIRED") } },
            { QStringLiteral("memory_0"), { QStringLiteral("ARM_PMU_MEM_ACCESS") } } };
        options.plan = hostPlan;
        options.requirePlan = true;
    }
    CaptureSession session([port] { return std::make_unique<SerialLink>(port, 921600); }, options);
    QSignalSpy finished(&session, &CaptureSession::finished);
    session.start();
    QVERIFY(finished.wait(60000));
    const auto result = finished.first().at(0).value<CaptureResult>();
    QVERIFY2(result.ok(), qPrintable(result.error));
    QVERIFY(sim.waitForFinished(10000));
    QCOMPARE(sim.exitCode(), 0);

    QFile file(truthPath);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const GroundTruth truth = hpx::test::truthFromJson(QJsonDocument::fromJson(file.readAll()).object());
    QVERIFY(!truth.passes.isEmpty());
    const QString diff = hpx::test::compareWithTruth(result.capture, truth);
    QVERIFY2(diff.isEmpty(), qPrintable(diff));
    QCOMPARE(result.plan, plan ? CaptureResult::PlanState::Accepted : CaptureResult::PlanState::NotRequested);
    if (plan)
        QCOMPARE(truth.planSource, QStringLiteral("host"));
}

QTEST_GUILESS_MAIN(TstLinkBoardSim)
#include "tst_linkboardsim.moc"
