// docs/compatibility.md §2.5: the clean-window budget and the capture deadlines.
#include "device/capture/capturetiming.h"

#include <QTest>

using namespace hpx::device;

class TestCaptureTiming : public QObject {
    Q_OBJECT
private slots:
    void budget_data();
    void budget();
    void byteStreamInactivity();
    void announceIsAFloorUntilItPasses();
    void announceRaisesOverall();
    void heartbeatsDisabled();
    void usbCdc();
    void heartbeatsAnnouncedLater();
    void overrides();
};

void TestCaptureTiming::budget_data()
{
    QTest::addColumn<qint64>("estMs");
    QTest::addColumn<double>("margin");
    QTest::addColumn<double>("budget"); // -1 = none
    QTest::newRow("1000") << qint64(1000) << 15.0 << 17.0;
    QTest::newRow("999") << qint64(999) << 15.0 << 16.998;
    QTest::newRow("130000") << qint64(130000) << 15.0 << 275.0;
    QTest::newRow("capped") << qint64(266000000) << 15.0 << 3600.0;
    QTest::newRow("just under cap") << qint64(1792500) << 15.0 << 3600.0;
    QTest::newRow("zero") << qint64(0) << 15.0 << -1.0;
    QTest::newRow("negative") << qint64(-5) << 15.0 << -1.0;
    QTest::newRow("no margin") << qint64(999) << 0.0 << 1.998;
    QTest::newRow("no margin, capped") << qint64(10000000) << 0.0 << 3600.0;
}

void TestCaptureTiming::budget()
{
    QFETCH(qint64, estMs);
    QFETCH(double, margin);
    QFETCH(double, budget);
    const std::optional<double> got = timing::cleanWindowBudgetS(estMs, margin);
    QCOMPARE(got.has_value(), budget >= 0);
    if (got)
        QCOMPARE(*got, budget);
}

void TestCaptureTiming::byteStreamInactivity()
{
    CaptureDeadlines d({ hpx::model::FirmwareTransport::Uart, true, 30.0, std::nullopt }, 1000);
    QCOMPARE(d.check(31000), CaptureDeadlines::Expiry::None);
    QCOMPARE(d.check(31001), CaptureDeadlines::Expiry::Inactivity);
    d.bytesReceived(20000);
    QCOMPARE(d.check(31001), CaptureDeadlines::Expiry::None);
    QCOMPARE(d.nextDeadlineMs(), std::optional<qint64>(50000));
    QVERIFY(!d.overallDeadlineMs());
}

void TestCaptureTiming::announceIsAFloorUntilItPasses()
{
    CaptureDeadlines d({ hpx::model::FirmwareTransport::Rtt, true, 30.0, std::nullopt }, 0);
    d.bytesReceived(5000);
    d.cleanWindowAnnounced(5000, *timing::cleanWindowBudgetS(qint64(100000))); // 215 s
    // A line inside the window (busy-loop probe) must not discard the floor.
    d.bytesReceived(6000);
    QCOMPARE(d.inactivityDeadlineMs(), std::optional<qint64>(220000));
    QCOMPARE(d.check(200000), CaptureDeadlines::Expiry::None);
    QCOMPARE(d.check(220001), CaptureDeadlines::Expiry::Inactivity);
    // After the window, normal 30 s inactivity from the last bytes.
    d.bytesReceived(219000);
    QCOMPARE(d.inactivityDeadlineMs(), std::optional<qint64>(249000));
}

void TestCaptureTiming::announceRaisesOverall()
{
    CaptureDeadlines d({ hpx::model::FirmwareTransport::Swo, true, 30.0, 60.0 }, 0);
    QCOMPARE(d.overallDeadlineMs(), std::optional<qint64>(60000));
    d.cleanWindowAnnounced(50000, 17.0);
    QCOMPARE(d.overallDeadlineMs(), std::optional<qint64>(67000));
    QCOMPARE(d.check(67001), CaptureDeadlines::Expiry::Overall);
}

void TestCaptureTiming::heartbeatsDisabled()
{
    CaptureDeadlines d({ hpx::model::FirmwareTransport::Uart, false, 30.0, std::nullopt }, 0);
    QCOMPARE(d.inactivityDeadlineMs(), std::optional<qint64>(300000));
}

void TestCaptureTiming::usbCdc()
{
    CaptureDeadlines d({ hpx::model::FirmwareTransport::UsbCdc, true, 30.0, std::nullopt }, 0);
    QCOMPARE(d.overallDeadlineMs(), std::optional<qint64>(600000));
    // No START yet: silence does not end it, only the overall limit.
    QVERIFY(!d.inactivityDeadlineMs());
    QCOMPARE(d.check(599000), CaptureDeadlines::Expiry::None);
    d.bytesReceived(1000);
    d.startReceived(2); // START among the first 20 lines
    QCOMPARE(d.inactivityDeadlineMs(), std::optional<qint64>(301000));
    // The announce raises only the overall deadline on USB CDC.
    d.cleanWindowAnnounced(590000, 3600.0);
    QCOMPARE(d.overallDeadlineMs(), std::optional<qint64>(4190000));
    QCOMPARE(d.inactivityDeadlineMs(), std::optional<qint64>(301000));

    CaptureDeadlines late({ hpx::model::FirmwareTransport::UsbCdc, true, 30.0, std::nullopt }, 0);
    late.bytesReceived(100);
    late.startReceived(26); // START as line 26: keep waiting on silence
    QVERIFY(!late.inactivityDeadlineMs());
    late.startReceived(20); // a later START does not make the first one early, but line 20 is early
    QCOMPARE(late.inactivityDeadlineMs(), std::optional<qint64>(300100));
}

void TestCaptureTiming::heartbeatsAnnouncedLater()
{
    // The worker starts without heartbeats (300 s) and switches to host_timeout_s when the stream announces them.
    CaptureDeadlines::Config c;
    c.kind = hpx::model::FirmwareTransport::Rtt;
    c.heartbeatsEnabled = false;
    c.hostTimeoutS = 12.0;
    CaptureDeadlines d(c, 0);
    QCOMPARE(d.inactivityLimitMs(), qint64(300000));
    d.setHeartbeatsEnabled(true);
    QCOMPARE(d.inactivityLimitMs(), qint64(12000));
    QCOMPARE(d.check(12001), CaptureDeadlines::Expiry::Inactivity);
}

void TestCaptureTiming::overrides()
{
    // Fixed limits replace the rules on every link; USB CDC still waits for an early START before silence counts.
    CaptureDeadlines::Config c;
    c.kind = hpx::model::FirmwareTransport::UsbCdc;
    c.inactivityOverrideMs = 100;
    c.overallOverrideMs = 700;
    CaptureDeadlines usb(c, 50);
    QCOMPARE(usb.inactivityLimitMs(), qint64(100));
    QCOMPARE(usb.check(500), CaptureDeadlines::Expiry::None);
    QCOMPARE(usb.check(751), CaptureDeadlines::Expiry::Overall);
    usb.startReceived(1);
    QCOMPARE(usb.check(151), CaptureDeadlines::Expiry::Inactivity);

    // 0 = none: a UART capture with neither limit never expires, clean window or not.
    CaptureDeadlines::Config none;
    none.kind = hpx::model::FirmwareTransport::Uart;
    none.overallTimeoutS = 60.0;
    none.inactivityOverrideMs = 0;
    none.overallOverrideMs = 0;
    CaptureDeadlines n(none, 0);
    n.cleanWindowAnnounced(10, 17.0);
    QVERIFY(!n.nextDeadlineMs());
    QCOMPARE(n.check(10'000'000), CaptureDeadlines::Expiry::None);
}

QTEST_GUILESS_MAIN(TestCaptureTiming)
#include "tst_capturetiming.moc"
