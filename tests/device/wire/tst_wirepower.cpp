// The power terminal record in the wire stream (docs/power.md): read with heliaPROFILER's envelope rule, wherever it
// comes, and never taken as metadata.
#include "device/wire/wireparser.h"

#include <QTest>

using namespace hpx::device;

namespace {

QByteArray record(int completed)
{
    return "--- HPX_POWER_TERMINAL_START ---\r\nHPX_POWER_TERMINAL_VERSION=1\r\nHPX_POWER_STATUS=ok\r\n"
           "HPX_POWER_REQUESTED_COUNT=10\r\nHPX_POWER_COMPLETED_COUNT="
        + QByteArray::number(completed)
        + "\r\nHPX_POWER_ELAPSED_US=1234\r\nHPX_POWER_FINAL_PHASE=done\r\nHPX_POWER_ERROR_CODE=0\r\n"
          "HPX_POWER_GATE_ASSERTED=1\r\nHPX_POWER_GATE_LOWERED=1\r\n--- HPX_POWER_TERMINAL_END ---\r\n";
}

const QByteArray kSession = "--- HPX_START ---\r\nHPX_PROTOCOL_VERSION=1\r\n--- HPX_PRESET cpu_0 ---\r\n"
                            "--- HPX_ITER 0 ---\r\nLayer,Op,ARM_PMU_CPU_CYCLES\r\n0,CONV_2D,100\r\n";

} // namespace

class TstWirePower : public QObject {
    Q_OBJECT
private slots:
    void insideSession()
    {
        const QByteArray stream = kSession + record(10) + "--- HPX_END ---\r\n";
        const auto cap = WireParser::parse(stream);
        QVERIFY(cap.powerTerminal);
        QCOMPARE(cap.powerTerminal->completedCount, 10);
        QVERIFY(!cap.hasMeta(QStringLiteral("power_status")));
        QVERIFY(!cap.hasMeta(QStringLiteral("power_completed_count")));
        QCOMPARE(cap.passes.size(), 1);
        QVERIFY(cap.sawEnd);
    }
    void resentAfterEnd()
    {
        // UART: re-sent every 250 ms after the run; the host joined mid-record, then whole copies.
        const QByteArray r8 = record(8);
        const QByteArray stream
            = kSession + "--- HPX_END ---\r\n" + r8.left(r8.size() / 2) + record(9) + record(10) + r8.left(60);
        QVector<WireEvent> events;
        WireParser p;
        // One byte at a time gives the same answer.
        for (char c : stream)
            p.feed(QByteArrayView(&c, 1));
        const auto cap = p.finish(&events);
        QVERIFY(cap.powerTerminal);
        QCOMPARE(cap.powerTerminal->completedCount, 10);
    }
    void rejectedRecord()
    {
        QByteArray bad = record(11); // completed 11 of 10 requested
        const auto cap = WireParser::parse(QByteArray(kSession + "--- HPX_END ---\r\n" + bad));
        QVERIFY(!cap.powerTerminal);
        QVERIFY2(cap.powerTerminalError.contains(QStringLiteral("11")), qPrintable(cap.powerTerminalError));
    }
    void none()
    {
        const auto cap = WireParser::parse(QByteArray(kSession + "--- HPX_END ---\r\n"));
        QVERIFY(!cap.powerTerminal);
        QVERIFY(cap.powerTerminalError.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TstWirePower)
#include "tst_wirepower.moc"
