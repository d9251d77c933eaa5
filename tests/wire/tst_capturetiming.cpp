// hpx-compat.md §2.5: the clean-window budget and the capture deadlines.
#include "device/capturetiming.h"

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
};

void TestCaptureTiming::budget_data()
{
    QTest::addColumn<qint64>("estMs");
    QTest::addColumn<double>("budget"); // -1 = none
    QTest::newRow("1000") << qint64(1000) << 17.0;
    QTest::newRow("999") << qint64(999) << 16.998;
    QTest::newRow("130000") << qint64(130000) << 275.0;
    QTest::newRow("capped") << qint64(266000000) << 3600.0;
    QTest::newRow("just under cap") << qint64(1792500) << 3600.0;
    QTest::newRow("zero") << qint64(0) << -1.0;
    QTest::newRow("negative") << qint64(-5) << -1.0;
}

void TestCaptureTiming::budget()
{
    QFETCH(qint64, estMs);
    QFETCH(double, budget);
    const std::optional<double> got = timing::cleanWindowBudgetS(estMs);
    QCOMPARE(got.has_value(), budget >= 0);
    if (got)
        QCOMPARE(*got, budget);
}

void TestCaptureTiming::byteStreamInactivity()
{
    CaptureDeadlines d({ TransportKind::Uart, true, 30.0, std::nullopt }, 1000);
    QCOMPARE(d.check(31000), CaptureDeadlines::Expiry::None);
    QCOMPARE(d.check(31001), CaptureDeadlines::Expiry::Inactivity);
    d.bytesReceived(20000);
    QCOMPARE(d.check(31001), CaptureDeadlines::Expiry::None);
    QCOMPARE(d.nextDeadlineMs(), std::optional<qint64>(50000));
    QVERIFY(!d.overallDeadlineMs());
}

void TestCaptureTiming::announceIsAFloorUntilItPasses()
{
    CaptureDeadlines d({ TransportKind::Rtt, true, 30.0, std::nullopt }, 0);
    d.lineReceived(5000, false);
    d.cleanWindowAnnounced(5000, *timing::cleanWindowBudgetS(qint64(100000))); // 215 s
    // A line inside the window (busy-loop probe) must not discard the floor.
    d.lineReceived(6000, false);
    QCOMPARE(d.inactivityDeadlineMs(), std::optional<qint64>(220000));
    QCOMPARE(d.check(200000), CaptureDeadlines::Expiry::None);
    QCOMPARE(d.check(220001), CaptureDeadlines::Expiry::Inactivity);
    // After the window, normal 30 s inactivity from the last bytes.
    d.bytesReceived(219000);
    QCOMPARE(d.inactivityDeadlineMs(), std::optional<qint64>(249000));
}

void TestCaptureTiming::announceRaisesOverall()
{
    CaptureDeadlines d({ TransportKind::Swo, true, 30.0, 60.0 }, 0);
    QCOMPARE(d.overallDeadlineMs(), std::optional<qint64>(60000));
    d.cleanWindowAnnounced(50000, 17.0);
    QCOMPARE(d.overallDeadlineMs(), std::optional<qint64>(67000));
    QCOMPARE(d.check(67001), CaptureDeadlines::Expiry::Overall);
}

void TestCaptureTiming::heartbeatsDisabled()
{
    CaptureDeadlines d({ TransportKind::Uart, false, 30.0, std::nullopt }, 0);
    QCOMPARE(d.inactivityDeadlineMs(), std::optional<qint64>(300000));
}

void TestCaptureTiming::usbCdc()
{
    CaptureDeadlines d({ TransportKind::UsbCdc, true, 30.0, std::nullopt }, 0);
    QCOMPARE(d.overallDeadlineMs(), std::optional<qint64>(600000));
    // No START yet: silence does not end it, only the overall limit.
    QVERIFY(!d.inactivityDeadlineMs());
    QCOMPARE(d.check(599000), CaptureDeadlines::Expiry::None);
    d.lineReceived(1000, false);
    d.lineReceived(1000, true); // START among the first 20 lines
    QCOMPARE(d.inactivityDeadlineMs(), std::optional<qint64>(301000));
    // The announce raises only the overall deadline on USB CDC.
    d.cleanWindowAnnounced(590000, 3600.0);
    QCOMPARE(d.overallDeadlineMs(), std::optional<qint64>(4190000));
    QCOMPARE(d.inactivityDeadlineMs(), std::optional<qint64>(301000));

    CaptureDeadlines late({ TransportKind::UsbCdc, true, 30.0, std::nullopt }, 0);
    for (int i = 0; i < 25; ++i)
        late.lineReceived(100, false);
    late.lineReceived(100, true); // START as line 26: keep waiting on silence
    QVERIFY(!late.inactivityDeadlineMs());
}

QTEST_GUILESS_MAIN(TestCaptureTiming)
#include "tst_capturetiming.moc"
