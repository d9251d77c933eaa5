#include "device/capture/streamtracker.h"
#include "device/wire/wireparser.h"
#include "tests/support/testdata.h"

#include <QTest>

using namespace hpx::device;
using E = StreamTracker::Event;

namespace {
QString summary(const QVector<E> &events)
{
    QStringList out;
    for (const E &e : events)
        out << QStringLiteral("%1@%2:%3%4")
                   .arg(int(e.type))
                   .arg(e.line)
                   .arg(e.text)
                   .arg(e.restart ? QStringLiteral("!") : QString());
    return out.join(QLatin1Char(' '));
}
} // namespace

class TstStreamTracker : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void example();
    void everyChunkingGivesTheSameEvents();
    void handshakeAndPlanReplies();
    void restartAndErrors();
    void glitchAndCrlf();
    void glitchRuleFollowsTheFirmwareTransport_data();
    void glitchRuleFollowsTheFirmwareTransport();
    void planLine();
};

void TstStreamTracker::example()
{
    const QByteArray stream = hpx::test::readData(QStringLiteral("link/example_1_10.txt"));
    StreamTracker t;
    const auto events = t.feed(stream);
    QVERIFY(t.sawStart());
    QVERIFY(t.sawEnd());
    QCOMPARE(t.startCount(), 1);
    QCOMPARE(t.passCount(), 2);
    QCOMPARE(t.presets(), QStringList({ QStringLiteral("cpu_0"), QStringLiteral("memory_0") }));
    QCOMPARE(t.pass(), QStringLiteral("memory_0"));
    QCOMPARE(t.passNumber(), 2);
    QCOMPARE(t.iteration(), 1);
    QCOMPARE(t.layer(), 3);
    QVERIFY(t.heartbeatsEnabled());
    QVERIFY(!t.firstError());
    int presets = 0, iters = 0, clean = 0;
    for (const E &e : events) {
        presets += e.type == E::Preset;
        iters += e.type == E::Iteration;
        if (e.type == E::CleanWindow) {
            ++clean;
            QCOMPARE(e.estMs, 999);
        }
    }
    QCOMPARE(presets, 2);
    QCOMPARE(iters, 4);
    QCOMPARE(clean, 1);
    QCOMPARE(events.last().type, E::End);
    QCOMPARE(events.last().line, t.lineCount() - 0);
}

void TstStreamTracker::everyChunkingGivesTheSameEvents()
{
    const QByteArray stream = "noise\r\nHPX_READY\r\n" + hpx::test::readData(QStringLiteral("link/example_1_10.txt"));
    StreamTracker whole;
    const QString expected = summary(whole.feed(stream));
    for (int chunk : { 1, 2, 3, 7, 64, 511 }) {
        StreamTracker t;
        QVector<E> events;
        for (qsizetype i = 0; i < stream.size(); i += chunk)
            events += t.feed(stream.mid(i, chunk));
        QCOMPARE(summary(events), expected);
        QCOMPARE(t.lineCount(), whole.lineCount());
        QCOMPARE(t.startOffset(), whole.startOffset());
    }
    QCOMPARE(whole.startOffset(), qint64(stream.indexOf("--- HPX_START ---")));
}

void TstStreamTracker::handshakeAndPlanReplies()
{
    StreamTracker t;
    const auto events = t.feed("HPX_READY\nHPX_READY\nHPX_PLAN_SUPPORTED=1\nHPX_PLAN_ACK passes=3\n"
                               "HPX_PLAN_NAK reason=unknown_event ARM_PMU_FOO\n--- HPX_START ---\n");
    QCOMPARE(events.size(), 6);
    QCOMPARE(t.readyCount(), 2);
    QCOMPARE(events.at(2).type, E::PlanSupported);
    QCOMPARE(events.at(3).type, E::PlanAnswer);
    QVERIFY(events.at(3).reply->accepted);
    QCOMPARE(events.at(3).reply->passes, 3);
    QVERIFY(!events.at(4).reply->accepted);
    QCOMPARE(events.at(4).reply->reason, QStringLiteral("unknown_event ARM_PMU_FOO"));
    QCOMPARE(events.at(5).type, E::Start);
    // Once streaming, plan-like lines are data, not control.
    QVERIFY(t.feed("HPX_PLAN_SUPPORTED=1\n").isEmpty());
}

void TstStreamTracker::restartAndErrors()
{
    StreamTracker t;
    t.feed("HPX_ERROR=psram_init_failed\n");
    QVERIFY(t.firstError());
    QCOMPARE(t.firstError()->text, QStringLiteral("psram_init_failed"));
    QCOMPARE(t.firstError()->line, 1);
    QVERIFY(t.errorPass().isEmpty());

    StreamTracker r;
    r.feed("--- HPX_START ---\nHPX_NUM_PRESETS=2\n--- HPX_PRESET cpu_0 ---\n--- HPX_ITER 0 ---\n\"Layer\"\n0,A,1,0\n");
    QCOMPARE(r.pass(), QStringLiteral("cpu_0"));
    const auto events = r.feed("HPX_READY\n--- HPX_START ---\n");
    QCOMPARE(events.size(), 1); // READY inside a session is data, not a handshake
    QVERIFY(events.first().restart);
    QCOMPARE(r.startCount(), 2);
    QCOMPARE(r.startLine(), 8);
    QVERIFY(r.pass().isEmpty());
    QCOMPARE(r.passNumber(), 0);
    r.feed("--- HPX_PRESET cpu_1 ---\nHPX_ERROR=unsupported_op kind=builtin builtin=9 name=X index=2\n"
           "HPX_ERROR=second\n");
    QCOMPARE(r.firstError()->text, QStringLiteral("unsupported_op kind=builtin builtin=9 name=X index=2"));
    QCOMPARE(r.errorPass(), QStringLiteral("cpu_1"));

    StreamTracker legacy;
    legacy.feed("--- HPX_START ---\n--- HPX_ITER 0 ---\n");
    QCOMPARE(legacy.pass(), QStringLiteral("_default"));
    QCOMPARE(legacy.passNumber(), 1);
}

void TstStreamTracker::glitchAndCrlf()
{
    QCOMPARE(StreamTracker::cleanLine("\xff\xfe--- HPX_START ---\r"), QStringLiteral("--- HPX_START ---"));
    QCOMPARE(StreamTracker::cleanLine("  HPX_READY \r"), QStringLiteral("HPX_READY"));
    QCOMPARE(StreamTracker::cleanLine("\xff\x01\x02"), QString());
    StreamTracker t(hpx::model::FirmwareTransport::Uart);
    const auto events = t.feed("\xc3\xa9HPX_READY\r\n\x80--- HPX_START ---\r\n");
    QCOMPARE(events.size(), 2);
    QCOMPARE(events.at(1).type, E::Start);
}

void TstStreamTracker::glitchRuleFollowsTheFirmwareTransport_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<bool>("rule");
    QTest::newRow("uart") << QStringLiteral("uart") << true;
    QTest::newRow("rtt") << QStringLiteral("rtt") << true;
    QTest::newRow("swo") << QStringLiteral("swo") << true;
    QTest::newRow("usb_cdc") << QStringLiteral("usb_cdc") << false;
    QTest::newRow("none") << QStringLiteral("none") << false;
}

void TstStreamTracker::glitchRuleFollowsTheFirmwareTransport()
{
    // The tracker decides when a capture ends; it must read the lines the parser reads (§1.1: no rule on USB CDC).
    QFETCH(QString, kind);
    QFETCH(bool, rule);
    const QByteArray stream = "--- HPX_START ---\n--- HPX_PRESET cpu_0 ---\n\xe0--- HPX_END ---\n";
    StreamTracker t { StreamOrigin(hpx::model::firmwareTransportFromName(kind)) };
    const auto events = t.feed(stream);
    QCOMPARE(t.sawEnd(), rule);
    QCOMPARE(!events.isEmpty() && events.last().type == E::End, rule);
    WireParser parser { StreamOrigin(hpx::model::firmwareTransportFromName(kind)) };
    parser.feed(stream);
    QCOMPARE(parser.finish().sawEnd, rule);
}

void TstStreamTracker::planLine()
{
    HostPlan plan;
    plan.iterations = 3;
    plan.warmup = 1;
    plan.passes = { { QStringLiteral("cpu_0"),
                        { QStringLiteral("ARM_PMU_CPU_CYCLES"), QStringLiteral("ARM_PMU_INST_RETIRED") } },
        { QStringLiteral("mem_0"), { QStringLiteral("ARM_PMU_MEM_ACCESS") } } };
    QCOMPARE(plan.commandLine(),
        QByteArray("HPX_PLAN iterations=3 warmup=1 pass=cpu_0:ARM_PMU_CPU_CYCLES,"
                   "ARM_PMU_INST_RETIRED pass=mem_0:ARM_PMU_MEM_ACCESS\n"));
    QString error;
    HostPlan bad = plan;
    bad.passes[0].name = QStringLiteral("cpu 0");
    QVERIFY(bad.commandLine(&error).isEmpty());
    QVERIFY(error.contains(QLatin1String("cpu 0")));
    bad = plan;
    bad.iterations = 0;
    QVERIFY(bad.commandLine(&error).isEmpty());
    bad = plan;
    bad.passes[1].events.clear();
    QVERIFY(bad.commandLine(&error).isEmpty());
    QVERIFY(error.contains(QLatin1String("mem_0")));
    QVERIFY(!parsePlanReply(QStringLiteral("HPX_PLAN_ACK")));
    QVERIFY(!parsePlanReply(QStringLiteral("HPX_READY")));
    QVERIFY(parsePlanReply(QStringLiteral("HPX_PLAN_NAK"))->reason.isEmpty());
}

QTEST_GUILESS_MAIN(TstStreamTracker)
#include "tst_streamtracker.moc"
