#include "device/sim/simulatedboard.h"
#include "simtestsupport.h"

#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTest>
#include <QThread>

using namespace hpx::device;
using hpx::simtest::compareWithTruth;
using hpx::simtest::parseStrict;

namespace {
SimulatorConfig baseConfig()
{
    SimulatorConfig c;
    c.model = hpx::simtest::smallModel();
    c.iterations = 2;
    c.passes = { WirePass {
        QStringLiteral("cpu_0"), { QStringLiteral("ARM_PMU_CPU_CYCLES"), QStringLiteral("ARM_PMU_INST_RETIRED") } } };
    return c;
}

// Collects what a board prints until it finishes.
struct Capture {
    explicit Capture(SimulatedBoard &board)
        : finished(&board, &SimulatedBoard::finished)
    {
        QObject::connect(&board, &SimulatedBoard::deviceBytes, &board, [this](const QByteArray &b) {
            bytes += b;
            ++chunks;
        });
    }
    bool wait(int ms = 10000) { return !finished.isEmpty() || finished.wait(ms); }
    QByteArray bytes;
    int chunks = 0;
    QSignalSpy finished;
};
} // namespace

class TestSimulatedBoard : public QObject {
    Q_OBJECT
private slots:
    void printsTheRenderedStream_data()
    {
        QTest::addColumn<int>("transport");
        QTest::newRow("uart") << int(hpx::model::FirmwareTransport::Uart);
        QTest::newRow("rtt") << int(hpx::model::FirmwareTransport::Rtt);
    }
    void printsTheRenderedStream()
    {
        QFETCH(int, transport);
        SimulatorConfig c = baseConfig();
        c.firmwareTransport = hpx::model::FirmwareTransport(transport);
        SimulatedBoard board(c);
        QVERIFY(board.configError().isEmpty());
        Capture cap(board);
        board.reset();
        QVERIFY(cap.wait());
        QCOMPARE(cap.finished.size(), 1);
        QCOMPARE(cap.bytes, renderSimulatedStream(c));
        QCOMPARE(board.bytesEmitted(), cap.bytes.size());
        QVERIFY(!board.isRunning());
        const auto parsed = parseStrict(cap.bytes);
        QVERIFY2(parsed.error.isEmpty(), qPrintable(parsed.error));
        QCOMPARE(compareWithTruth(parsed, board.groundTruth()), QString());
        QCOMPARE(board.groundTruth().planSource, QStringLiteral("built-in"));
    }

    void usbCdcWaitsForDtr()
    {
        SimulatorConfig c = baseConfig();
        c.firmwareTransport = hpx::model::FirmwareTransport::UsbCdc;
        SimulatedBoard board(c);
        Capture cap(board);
        board.reset();
        QTest::qWait(100);
        QCOMPARE(cap.bytes.size(), 0); // blocked on DTR
        board.setDtr(true);
        QVERIFY(cap.wait());
        QVERIFY(cap.bytes.startsWith("\n--- HPX_START ---\n"));
        QVERIFY(cap.bytes.endsWith("--- HPX_END ---\n"));
    }

    void hostPlanAccepted()
    {
        SimulatorConfig c = baseConfig();
        c.hostPlanSupport = true;
        SimulatedBoard board(c);
        Capture cap(board);
        QSignalSpy decided(&board, &SimulatedBoard::planDecided);
        board.reset();
        QTRY_VERIFY(cap.bytes.endsWith("HPX_PLAN_SUPPORTED=1\n"));
        QTest::qWait(50);
        QVERIFY(!cap.bytes.contains("HPX_START")); // waiting for the host
        board.hostWrite("HPX_PLAN iterations=3 warmup=0 pass=mve_0:ARM_PMU_MVE_INST_RETIRED,0x0264 ");
        board.hostWrite("pass=cpu_7:ARM_PMU_CPU_CYCLES\r\n");
        QVERIFY(cap.wait());
        QCOMPARE(decided.size(), 1);
        QCOMPARE(decided.first().at(0).toBool(), true);
        QCOMPARE(decided.first().at(1).toInt(), 2);
        QVERIFY(cap.bytes.contains("HPX_PLAN_SUPPORTED=1\nHPX_PLAN_ACK passes=2\n\n--- HPX_START ---\n"));
        QVERIFY(cap.bytes.contains("HPX_PRESETS=mve_0,cpu_7\n"));
        QVERIFY(cap.bytes.contains("\"Layer\",\"Op\",\"ARM_PMU_MVE_INST_RETIRED\",\"0x0264\",\"overflow\"\n"));
        const auto parsed = parseStrict(cap.bytes);
        QVERIFY2(parsed.error.isEmpty(), qPrintable(parsed.error));
        const GroundTruth truth = board.groundTruth();
        QCOMPARE(truth.planSource, QStringLiteral("host"));
        QCOMPARE(truth.iterations, 3);
        QCOMPARE(compareWithTruth(parsed, truth), QString());
        // The pure renderer agrees with the live board for the same plan.
        SimPlan plan = board.activePlan();
        QCOMPARE(renderSimulatedStream(c, plan), cap.bytes);
    }

    void hostPlanRejected_data()
    {
        QTest::addColumn<QByteArray>("command");
        QTest::addColumn<QByteArray>("reason");
        QTest::newRow("5 events") << QByteArray("HPX_PLAN iterations=1 warmup=0 pass=a:CPU_CYCLES,INST_RETIRED,STALL,"
                                                "LD_RETIRED,ST_RETIRED,BR_RETIRED")
                                  << QByteArray("too_many_events pass=a count=5 max=4");
        QTest::newRow("unknown event") << QByteArray("HPX_PLAN pass=a:ARM_PMU_NOPE")
                                       << QByteArray("unknown_event pass=a event=ARM_PMU_NOPE");
        QTest::newRow("bad iterations") << QByteArray("HPX_PLAN iterations=0 pass=a:ARM_PMU_CPU_CYCLES")
                                        << QByteArray("bad_number field=iterations");
        QTest::newRow("no passes") << QByteArray("HPX_PLAN iterations=2") << QByteArray("no_passes");
        QTest::newRow("unknown field") << QByteArray("HPX_PLAN speed=9 pass=a:ARM_PMU_CPU_CYCLES")
                                       << QByteArray("unknown_field field=speed");
        QTest::newRow("duplicate pass") << QByteArray("HPX_PLAN pass=a:ARM_PMU_CPU_CYCLES pass=a:ARM_PMU_INST_RETIRED")
                                        << QByteArray("duplicate_pass pass=a");
    }
    void hostPlanRejected()
    {
        QFETCH(QByteArray, command);
        QFETCH(QByteArray, reason);
        SimulatorConfig c = baseConfig();
        c.hostPlanSupport = true;
        SimulatedBoard board(c);
        Capture cap(board);
        board.hostWrite(command + '\n'); // arrives before the board listens: answered once it does
        board.reset();
        QVERIFY(cap.wait());
        QVERIFY2(cap.bytes.contains(
                     QByteArray("HPX_PLAN_SUPPORTED=1\nHPX_PLAN_NAK reason=" + reason + "\n\n--- HPX_START ---")),
            cap.bytes.left(300).constData());
        QVERIFY(cap.bytes.contains("HPX_PRESETS=cpu_0\n")); // built-in passes after a NAK
        QCOMPARE(board.groundTruth().planSource, QStringLiteral("built-in"));
    }

    void dwtBoardRejectsPmuEvents()
    {
        SimulatorConfig c = baseConfig();
        c.soc = *hpx::model::socs::byName(QStringLiteral("apollo4p"));
        c.passes.clear();
        const auto reply = answerPlanCommand("HPX_PLAN pass=cpu_0:ARM_PMU_CPU_CYCLES,ARM_PMU_INST_RETIRED", c);
        QVERIFY(reply);
        QVERIFY(!reply->plan);
        QCOMPARE(reply->reply,
            QByteArray("HPX_PLAN_NAK reason=event_not_capturable pass=cpu_0 event=ARM_PMU_INST_RETIRED soc=apollo4p"));
        const auto ok = answerPlanCommand("HPX_PLAN iterations=4 warmup=2 pass=cpu_0:0x0011", c);
        QVERIFY(ok && ok->plan);
        QCOMPARE(ok->reply, QByteArray("HPX_PLAN_ACK passes=1"));
        QCOMPARE(ok->plan->iterations, 4);
        QCOMPARE(ok->plan->warmup, 2);
        QVERIFY(!answerPlanCommand("HPX_GO", c));
        // Cortex-M55: four PMU events plus the cycle counter (CCNTR) in one pass.
        SimulatorConfig m55 = baseConfig();
        const auto five = answerPlanCommand("HPX_PLAN pass=memory_0:ARM_PMU_CPU_CYCLES,ARM_PMU_MEM_ACCESS,"
                                            "ARM_PMU_L1D_CACHE_REFILL,ARM_PMU_BUS_ACCESS,ARM_PMU_BUS_CYCLES",
            m55);
        QVERIFY(five && five->plan);
        m55.passes = five->plan->passes;
        QVERIFY(renderSimulatedStream(m55).contains(
            "\"Layer\",\"Op\",\"ARM_PMU_CPU_CYCLES\",\"ARM_PMU_MEM_ACCESS\",\"ARM_PMU_L1D_CACHE_REFILL\","
            "\"ARM_PMU_BUS_ACCESS\",\"ARM_PMU_BUS_CYCLES\",\"overflow\"\n"));
        QVERIFY(!answerPlanCommand("HPX_PLANET x", c));
    }

    void noCommandRunsBuiltInPasses()
    {
        SimulatorConfig c = baseConfig();
        c.hostPlanSupport = true;
        c.planWaitMs = 50;
        SimulatedBoard board(c);
        Capture cap(board);
        QSignalSpy decided(&board, &SimulatedBoard::planDecided);
        board.reset();
        QVERIFY(cap.wait());
        QCOMPARE(decided.first().at(0).toBool(), false);
        QVERIFY(cap.bytes.contains("HPX_PLAN_SUPPORTED=1\n\n--- HPX_START ---"));
        QVERIFY(!cap.bytes.contains("HPX_PLAN_ACK"));
        QCOMPARE(cap.bytes.mid(cap.bytes.indexOf("\n--- HPX_START")),
            renderSimulatedStream(baseConfig()).mid(renderSimulatedStream(baseConfig()).indexOf("\n--- HPX_START")));
    }

    void stallGoesSilent()
    {
        SimulatorConfig c = baseConfig();
        c.faults.stallSeconds = 0.3;
        SimulatedBoard board(c);
        Capture cap(board);
        QElapsedTimer clock;
        clock.start();
        board.reset();
        QVERIFY(cap.wait());
        QVERIFY(clock.elapsed() >= 300); // a lower bound: the board stayed silent at least that long
        QCOMPARE(cap.bytes, renderSimulatedStream(baseConfig()));
        const auto faults = board.groundTruth().faults;
        QCOMPARE(faults.size(), 1);
        QCOMPARE(faults.first().kind, QStringLiteral("stall"));
    }

    void disconnectAndResetFaults()
    {
        SimulatorConfig c = baseConfig();
        c.faults.disconnect = true;
        SimulatedBoard board(c);
        Capture cap(board);
        QSignalSpy gone(&board, &SimulatedBoard::disconnected);
        board.reset();
        QVERIFY(cap.wait());
        QCOMPARE(gone.size(), 1);
        QVERIFY(!cap.bytes.contains("HPX_END"));

        SimulatorConfig r = baseConfig();
        r.faults.resetMidPass = true;
        r.hostPlanSupport = true;
        r.planWaitMs = 2000;
        SimulatedBoard resetting(r);
        Capture cap2(resetting);
        resetting.reset();
        QTRY_VERIFY(cap2.bytes.contains("HPX_PLAN_SUPPORTED=1\n"));
        resetting.hostWrite("HPX_PLAN iterations=2 warmup=0 pass=x:ARM_PMU_CPU_CYCLES\n");
        // After the reset the board asks again; without an answer it keeps the plan it accepted (retained RAM).
        QTRY_COMPARE(cap2.bytes.count("HPX_PLAN_SUPPORTED=1\n"), 2);
        QVERIFY(cap2.wait());
        QCOMPARE(cap2.finished.size(), 1);
        QCOMPARE(cap2.bytes.count("--- HPX_START ---"), 2);
        const auto parsed = parseStrict(cap2.bytes);
        QVERIFY2(parsed.error.isEmpty(), qPrintable(parsed.error));
        QCOMPARE(parsed.presets, QStringList { QStringLiteral("x") });
        QCOMPARE(compareWithTruth(parsed, resetting.groundTruth()), QString());
    }

    void pacedAtBaudRate()
    {
        SimulatorConfig c = baseConfig();
        c.iterations = 1;
        c.baud = 115200;
        SimulatedBoard board(c);
        Capture cap(board);
        QElapsedTimer clock;
        clock.start();
        board.reset();
        QVERIFY(cap.wait(30000));
        const qint64 elapsedMs = clock.elapsed();
        const double lowerBoundMs = cap.bytes.size() * 10.0 * 1000.0 / c.baud;
        QCOMPARE(cap.bytes, renderSimulatedStream(c));
        // Never faster than the line allows (bytes x 10 / baud), and sent in many small chunks.
        QVERIFY2(elapsedMs >= 0.95 * lowerBoundMs,
            qPrintable(QStringLiteral("%1 ms < %2 ms").arg(elapsedMs).arg(lowerBoundMs)));
        QVERIFY(cap.chunks > 10);
    }

    void runsInAWorkerThread()
    {
        QThread thread;
        auto *board = new SimulatedBoard(baseConfig());
        board->moveToThread(&thread);
        QObject::connect(&thread, &QThread::finished, board, &QObject::deleteLater);
        QByteArray bytes;
        QObject::connect(board, &SimulatedBoard::deviceBytes, this, [&bytes](const QByteArray &b) { bytes += b; });
        QSignalSpy finished(board, &SimulatedBoard::finished);
        thread.start();
        QMetaObject::invokeMethod(board, &SimulatedBoard::reset, Qt::QueuedConnection);
        QVERIFY(finished.wait(10000));
        QTRY_COMPARE(bytes, renderSimulatedStream(baseConfig()));
        thread.quit();
        thread.wait();
    }

    void invalidConfigFinishesAtOnce()
    {
        SimulatorConfig c = baseConfig();
        c.passes = { WirePass { QStringLiteral("cpu_0"),
            { QStringLiteral("ARM_PMU_BR_RETIRED"), QStringLiteral("ARM_PMU_INST_RETIRED"),
                QStringLiteral("ARM_PMU_STALL"), QStringLiteral("ARM_PMU_LD_RETIRED"),
                QStringLiteral("ARM_PMU_ST_RETIRED") } } };
        SimulatedBoard board(c);
        QVERIFY(board.configError().contains(QStringLiteral("at most 4")));
        Capture cap(board);
        board.reset();
        QVERIFY(cap.wait(1000));
        QVERIFY(cap.bytes.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestSimulatedBoard)
#include "tst_simulatedboard.moc"
