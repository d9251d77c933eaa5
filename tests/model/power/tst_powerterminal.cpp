// heliaPROFILER's power terminal record: the envelope rule and every rejection of hpx-power.md.
#include "model/results/powerterminal.h"

#include <QTest>

using namespace hpx::model::power;

namespace {

QVector<QByteArray> validLines()
{
    return { "HPX_POWER_TERMINAL_VERSION=1", "HPX_POWER_STATUS=ok", "HPX_POWER_REQUESTED_COUNT=10",
        "HPX_POWER_COMPLETED_COUNT=10", "HPX_POWER_ELAPSED_US=12345", "HPX_POWER_FINAL_PHASE=complete",
        "HPX_POWER_ERROR_CODE=0", "HPX_POWER_GATE_ASSERTED=1", "HPX_POWER_GATE_LOWERED=1" };
}

QVector<QByteArray> with(const QByteArray &key, const QByteArray &value)
{
    QVector<QByteArray> lines = validLines();
    for (QByteArray &l : lines) {
        if (l.startsWith(QByteArray(key + '=')))
            l = key + '=' + value;
    }
    return lines;
}

} // namespace

class TstPowerTerminal : public QObject {
    Q_OBJECT
private slots:
    void valid()
    {
        QString error;
        const auto r = PowerTerminalParser::parse(validLines(), &error);
        QVERIFY2(r, qPrintable(error));
        QVERIFY(r->ok);
        QCOMPARE(r->requestedCount, 10);
        QCOMPARE(r->completedCount, 10);
        QCOMPARE(r->elapsedUs, 12345);
        QCOMPARE(r->finalPhase, QStringLiteral("complete"));
        QVERIFY(r->gateAsserted && r->gateLowered);
        QVERIFY(r->measurement.isEmpty());
    }
    void rejected_data()
    {
        QTest::addColumn<QVector<QByteArray>>("lines");
        QTest::addColumn<QString>("words");
        QVector<QByteArray> missing = validLines();
        missing.removeAt(4);
        QTest::newRow("missing key") << missing << QStringLiteral("no HPX_POWER_ELAPSED_US");
        QTest::newRow("no =") << (validLines() << "HPX_POWER_STATUS") << QStringLiteral("without");
        QTest::newRow("duplicate key") << (validLines() << "HPX_POWER_STATUS=ok") << QStringLiteral("twice");
        QTest::newRow("unknown key") << (validLines() << "HPX_POWER_FOO=1") << QStringLiteral("unknown key");
        QTest::newRow("version") << with("HPX_POWER_TERMINAL_VERSION", "2") << QStringLiteral("version 2");
        QTest::newRow("status") << with("HPX_POWER_STATUS", "fine") << QStringLiteral("not ok or error");
        QTest::newRow("negative") << with("HPX_POWER_ELAPSED_US", "-1") << QStringLiteral("whole number");
        QTest::newRow("text count") << with("HPX_POWER_REQUESTED_COUNT", "ten") << QStringLiteral("whole number");
        QTest::newRow("completed > requested") << with("HPX_POWER_COMPLETED_COUNT", "11") << QStringLiteral("of 10");
        QTest::newRow("ok with error") << with("HPX_POWER_ERROR_CODE", "3") << QStringLiteral("error code 3");
        QVector<QByteArray> err = with("HPX_POWER_STATUS", "error");
        QTest::newRow("error with 0") << err << QStringLiteral("error code 0");
        QTest::newRow("empty phase") << with("HPX_POWER_FINAL_PHASE", "") << QStringLiteral("empty");
        QTest::newRow("boolean") << with("HPX_POWER_GATE_LOWERED", "yes") << QStringLiteral("not 0 or 1");
        QTest::newRow("source without energy")
            << (validLines() << "HPX_POWER_MEASUREMENT_SOURCE=ina228") << QStringLiteral("only together");
    }
    void rejected()
    {
        QFETCH(QVector<QByteArray>, lines);
        QFETCH(QString, words);
        QString error;
        QVERIFY(!PowerTerminalParser::parse(lines, &error));
        QVERIFY2(error.contains(words), qPrintable(error));
    }
    void errorStatus()
    {
        QVector<QByteArray> lines = with("HPX_POWER_STATUS", "error");
        for (QByteArray &l : lines) {
            if (l.startsWith("HPX_POWER_ERROR_CODE"))
                l = "HPX_POWER_ERROR_CODE=7";
        }
        QString error;
        const auto r = PowerTerminalParser::parse(lines, &error);
        QVERIFY2(r, qPrintable(error));
        QVERIFY(!r->ok);
        QCOMPARE(r->errorCode, 7);
    }
    void envelope()
    {
        // Re-sent every 250 ms: a partial first copy is discarded, the last complete pair is taken.
        PowerTerminalParser p;
        QVERIFY(!p.feed("HPX_PROFILER_DONE"));
        QVERIFY(p.feed(PowerTerminalParser::startSentinel()));
        QVERIFY(p.feed("HPX_POWER_TERMINAL_VERSION=1"));
        // cut here
        QVERIFY(p.feed(PowerTerminalParser::startSentinel()));
        QVERIFY(p.lastError().contains(QStringLiteral("duplicate start")));
        for (const QByteArray &l : validLines())
            QVERIFY(p.feed(QByteArray(l + "\r")));
        QVERIFY(p.feed(PowerTerminalParser::endSentinel()));
        QVERIFY(p.record());
        QCOMPARE(p.record()->completedCount, 10);
        QVERIFY(p.lastError().isEmpty());
        QVERIFY(p.feed(PowerTerminalParser::startSentinel()));
        for (const QByteArray &l : with("HPX_POWER_COMPLETED_COUNT", "9"))
            p.feed(l);
        p.feed(PowerTerminalParser::endSentinel());
        QCOMPARE(p.record()->completedCount, 9);
        QCOMPARE(p.completePairs(), 2);
        // A trailing partial copy does not replace the complete one.
        p.feed(PowerTerminalParser::startSentinel());
        p.feed("HPX_POWER_TERMINAL_VERSION=1");
        QCOMPARE(p.record()->completedCount, 9);
    }
    void endBeforeStart()
    {
        PowerTerminalParser p;
        QVERIFY(p.feed(PowerTerminalParser::endSentinel()));
        QVERIFY(!p.record());
        QVERIFY(p.lastError().contains(QStringLiteral("ended before")));
    }
    void lastPairInvalid()
    {
        PowerTerminalParser p;
        p.feed(PowerTerminalParser::startSentinel());
        for (const QByteArray &l : validLines())
            p.feed(l);
        p.feed(PowerTerminalParser::endSentinel());
        QVERIFY(p.record());
        p.feed(PowerTerminalParser::startSentinel());
        for (const QByteArray &l : with("HPX_POWER_STATUS", "maybe"))
            p.feed(l);
        p.feed(PowerTerminalParser::endSentinel());
        QVERIFY(!p.record()); // the last complete pair is the one that counts
        QVERIFY(!p.lastError().isEmpty());
    }
};

QTEST_GUILESS_MAIN(TstPowerTerminal)
#include "tst_powerterminal.moc"
