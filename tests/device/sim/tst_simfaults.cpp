#include "device/sim/simfaults.h"
#include "device/sim/simstream.h"
#include "simtestsupport.h"

#include <QTest>

using namespace hpx::device;
using hpx::simtest::compareWithTruth;
using hpx::simtest::parseStrict;

namespace {
SimulatorConfig baseConfig(hpx::model::Engine engine = hpx::model::Engine::Tflm)
{
    SimulatorConfig c;
    c.model = hpx::simtest::smallModel();
    c.engine = engine;
    c.iterations = 3;
    c.passes = { WirePass { QStringLiteral("cpu_0"), { QStringLiteral("ARM_PMU_CPU_CYCLES") } },
        WirePass { QStringLiteral("cpu_1"), { QStringLiteral("ARM_PMU_INST_RETIRED") } },
        WirePass { QStringLiteral("memory_0"), { QStringLiteral("ARM_PMU_MEM_ACCESS") } } };
    return c;
}

int indexOfLine(const QList<QByteArray> &lines, const QByteArray &prefix, int from = 0)
{
    for (int i = from; i < lines.size(); ++i)
        if (lines.at(i).startsWith(prefix))
            return i;
    return -1;
}
} // namespace

class TestSimFaults : public QObject {
    Q_OBJECT
private slots:
    void errorKindsAtTheirPlace_data()
    {
        QTest::addColumn<QString>("code");
        QTest::addColumn<int>("engine");
        QTest::addColumn<QByteArray>("after"); // the line the error follows (prefix), empty = before START
        QTest::addColumn<QByteArray>("payload"); // expected payload prefix
        const int T = int(hpx::model::Engine::Tflm), R = int(hpx::model::Engine::HeliaRt),
                  A = int(hpx::model::Engine::HeliaAot), E = int(hpx::model::Engine::Executorch);
        QTest::newRow("schema_mismatch") << QStringLiteral("schema_mismatch") << T
                                         << QByteArray("HPX_HEARTBEAT phase=init")
                                         << QByteArray("schema_mismatch:4_vs_3");
        QTest::newRow("unsupported_op") << QStringLiteral("unsupported_op") << R
                                        << QByteArray("HPX_HEARTBEAT phase=init")
                                        << QByteArray("unsupported_op kind=builtin builtin=25 name=SOFTMAX index=4");
        QTest::newRow("missing_ops") << QStringLiteral("missing_ops") << T << QByteArray("HPX_HEARTBEAT phase=init")
                                     << QByteArray("missing_ops count=1 hint=rebuild_with_op_registration");
        QTest::newRow("alloc_tensors_failed")
            << QStringLiteral("alloc_tensors_failed") << T << QByteArray("HPX_HEARTBEAT phase=allocate")
            << QByteArray("alloc_tensors_failed arena=");
        QTest::newRow("psram_init_failed")
            << QStringLiteral("psram_init_failed") << A << QByteArray() << QByteArray("psram_init_failed");
        QTest::newRow("psram_info_failed")
            << QStringLiteral("psram_info_failed") << T << QByteArray() << QByteArray("psram_info_failed");
        QTest::newRow("bind_arena_failed")
            << QStringLiteral("bind_arena_failed") << A << QByteArray("HPX_HEARTBEAT phase=init")
            << QByteArray("bind_arena_failed:");
        QTest::newRow("const_blob") << QStringLiteral("const_blob_psram_write_failed") << A
                                    << QByteArray("HPX_ARENAS_BOUND=1")
                                    << QByteArray("const_blob_psram_write_failed:-1:region=1");
        QTest::newRow("model_init_failed") << QStringLiteral("model_init_failed") << A
                                           << QByteArray("HPX_ARENAS_BOUND=1") << QByteArray("model_init_failed:3");
        QTest::newRow("executorch") << QStringLiteral("executorch") << E << QByteArray("HPX_HEARTBEAT phase=init")
                                    << QByteArray("executorch stage=load_method error=33 planned=");
        QTest::newRow("capacity") << QStringLiteral("operator_count_exceeds_capacity") << E
                                  << QByteArray("--- HPX_ITER 0 ---")
                                  << QByteArray("operator_count_exceeds_capacity capacity=4096");
        QTest::newRow("pmu_selftest") << QStringLiteral("pmu_init_or_selftest_failed") << E
                                      << QByteArray("--- HPX_PRESET cpu_0 ---")
                                      << QByteArray("pmu_init_or_selftest_failed pass=cpu_0");
    }
    void errorKindsAtTheirPlace()
    {
        QFETCH(QString, code);
        QFETCH(int, engine);
        QFETCH(QByteArray, after);
        QFETCH(QByteArray, payload);
        SimulatorConfig c = baseConfig(hpx::model::Engine(engine));
        c.faults.error = code;
        QCOMPARE(validateSimulatorConfig(c), QString());
        const QByteArray stream = renderSimulatedStream(c);
        QList<QByteArray> lines = stream.split('\n');
        lines.removeLast();
        const int at = indexOfLine(lines, "HPX_ERROR=");
        QVERIFY(at > 0);
        QVERIFY2(lines.at(at).startsWith(QByteArray("HPX_ERROR=" + payload)), lines.at(at).constData());
        QCOMPARE(at, lines.size() - 1); // the firmware halts: nothing follows
        if (after.isEmpty())
            QCOMPARE(indexOfLine(lines, "--- HPX_START ---"), -1);
        else
            QVERIFY2(lines.at(at - 1).startsWith(after), lines.at(at - 1).constData());
        const auto parsed = parseStrict(stream);
        QVERIFY2(parsed.error.isEmpty(), qPrintable(parsed.error));
        QCOMPARE(parsed.errors.size(), 1);
        QVERIFY(!parsed.sawEnd);
    }

    void errorKindMustMatchEngine()
    {
        SimulatorConfig c = baseConfig(hpx::model::Engine::Tflm);
        c.faults.error = QStringLiteral("executorch");
        QVERIFY(validateSimulatorConfig(c).contains(QStringLiteral("never prints")));
        c.faults.error = QStringLiteral("no_such_error");
        QVERIFY(validateSimulatorConfig(c).contains(QStringLiteral("Unknown firmware error")));
    }

    void corruptBytesKeepLinesAndAreLogged()
    {
        SimulatorConfig c = baseConfig();
        const QByteArray clean = renderSimulatedStream(c);
        c.faults.corruptRate = 0.01;
        const QByteArray noisy = renderSimulatedStream(c);
        QCOMPARE(noisy.size(), clean.size());
        QCOMPARE(noisy.count('\n'), clean.count('\n'));
        int differing = 0;
        for (int i = 0; i < clean.size(); ++i)
            differing += clean.at(i) != noisy.at(i);
        QVERIFY(differing > clean.size() / 200);
        QVERIFY(differing < clean.size() / 40);
        SimStreamRenderer r(c);
        r.preamble();
        r.session(r.builtInPlan());
        const auto faults = r.takeFaults();
        QVERIFY(!faults.isEmpty());
        QCOMPARE(faults.first().kind, QStringLiteral("corrupt"));
        // Deterministic per seed.
        QCOMPARE(renderSimulatedStream(c), noisy);
    }

    void dropLinesOnlyInsideTheSession()
    {
        SimulatorConfig c = baseConfig();
        c.firmwareTransport = hpx::model::FirmwareTransport::Uart;
        const QByteArray clean = renderSimulatedStream(c);
        c.faults.dropLineRate = 0.05;
        const QByteArray dropped = renderSimulatedStream(c);
        QVERIFY(dropped.count('\n') < clean.count('\n'));
        QCOMPARE(dropped.count("HPX_READY\n"), 40); // the preamble is outside the session
        SimStreamRenderer r(c);
        r.preamble();
        r.session(r.builtInPlan());
        const auto faults = r.takeFaults();
        QCOMPARE(faults.size(), clean.count('\n') - dropped.count('\n'));
        for (const auto &f : faults)
            QCOMPARE(f.kind, QStringLiteral("drop"));
    }

    void resetMidPassRestartsAtStart()
    {
        SimulatorConfig c = baseConfig();
        c.faults.resetMidPass = true;
        c.faults.resetAt = SimFaultLocation { 1, 1, 2 };
        const QByteArray stream = renderSimulatedStream(c);
        QCOMPARE(stream.count("--- HPX_START ---"), 2);
        QCOMPARE(stream.count("HPX_READY\n"), 2); // RTT preamble again after the reset
        // The first session stops after two rows of pass 1, iteration 1.
        const int restart = stream.indexOf("HPX_READY", stream.indexOf("--- HPX_PRESET cpu_1 ---"));
        const QByteArray cut = stream.left(restart);
        const QList<QByteArray> cutLines = cut.split('\n');
        QVERIFY(cutLines.at(cutLines.size() - 3).startsWith("0,CONV_2D,"));
        QVERIFY(cutLines.at(cutLines.size() - 2).startsWith("1,DEPTHWISE_CONV_2D,"));
        QVERIFY(cut.contains("--- HPX_ITER 1 ---"));
        QVERIFY(!cut.mid(cut.indexOf("--- HPX_PRESET cpu_1 ---")).contains("--- HPX_ITER 2 ---"));
        // The restarted session is complete and equals the ground truth.
        const auto parsed = parseStrict(stream);
        QVERIFY2(parsed.error.isEmpty(), qPrintable(parsed.error));
        QCOMPARE(parsed.restarts, 1);
        SimStreamRenderer r(baseConfig());
        QCOMPARE(compareWithTruth(parsed, r.groundTruth(r.builtInPlan())), QString());
    }

    void disconnectEndsTheStream()
    {
        SimulatorConfig c = baseConfig();
        c.faults.disconnect = true; // default: middle pass, iteration 0, middle layer
        const QByteArray stream = renderSimulatedStream(c);
        QVERIFY(!stream.contains("--- HPX_END ---"));
        QVERIFY(stream.contains("--- HPX_PRESET cpu_1 ---"));
        QVERIFY(!stream.contains("--- HPX_PRESET memory_0 ---"));
        const QList<QByteArray> lines = stream.split('\n');
        QVERIFY(lines.at(lines.size() - 2).startsWith("1,DEPTHWISE_CONV_2D,")); // middle layer: rows 0 and 1 printed
        SimStreamRenderer r(c);
        r.preamble();
        const auto steps = r.session(r.builtInPlan());
        QCOMPARE(steps.last().kind, SimStep::Kind::Disconnect);
        const auto faults = r.takeFaults();
        QCOMPARE(faults.size(), 1);
        QCOMPARE(faults.first().kind, QStringLiteral("disconnect"));
        QCOMPARE(faults.first().pass, 1);
        QCOMPARE(faults.first().iteration, 0);
    }

    void stallIsASilentStepMidPass()
    {
        SimulatorConfig c = baseConfig();
        c.faults.stallSeconds = 35;
        c.faults.stallAt = SimFaultLocation { 2, 2, 0 };
        SimStreamRenderer r(c);
        r.preamble();
        const auto steps = r.session(r.builtInPlan());
        int stall = -1;
        for (int i = 0; i < steps.size(); ++i)
            if (steps.at(i).kind == SimStep::Kind::Stall)
                stall = i;
        QVERIFY(stall > 0);
        QCOMPARE(steps.at(stall).ms, 35000.0);
        QVERIFY(steps.at(stall - 1).bytes.endsWith("\"overflow\"\n")); // right after the header: before row 0
        QCOMPARE(steps.last().kind, SimStep::Kind::End);
        // Bytes are unchanged: a stall only delays them.
        QCOMPARE(renderSimulatedStream(c), renderSimulatedStream(baseConfig()));
    }

    void faultSpecs()
    {
        SimFaults f;
        QString error;
        QVERIFY(applyFaultSpec(f, QStringLiteral("corrupt=0.001"), &error));
        QCOMPARE(f.corruptRate, 0.001);
        QVERIFY(applyFaultSpec(f, QStringLiteral("drop=0.5"), &error));
        QCOMPARE(f.dropLineRate, 0.5);
        QVERIFY(applyFaultSpec(f, QStringLiteral("stall=35@1:2:3"), &error));
        QCOMPARE(f.stallSeconds, 35.0);
        QCOMPARE(f.stallAt.pass, 1);
        QCOMPARE(f.stallAt.iteration, 2);
        QCOMPARE(f.stallAt.layer, 3);
        QVERIFY(applyFaultSpec(f, QStringLiteral("reset@2"), &error));
        QVERIFY(f.resetMidPass);
        QCOMPARE(f.resetAt.pass, 2);
        QCOMPARE(f.resetAt.layer, -1); // default: the middle row
        QVERIFY(applyFaultSpec(f, QStringLiteral("disconnect@::4"), &error));
        QVERIFY(f.disconnect);
        QCOMPARE(f.disconnectAt.pass, -1);
        QCOMPARE(f.disconnectAt.layer, 4);
        QVERIFY(applyFaultSpec(f, QStringLiteral("error=missing_ops"), &error));
        QCOMPARE(f.error, QStringLiteral("missing_ops"));
        const char *bad[] = { "corrupt=2", "drop=x", "stall=0", "stall=5@a", "reset=1", "error=nope", "corrupt=0.1@1",
            "boom", "stall=5@1:2:3:4" };
        for (const char *spec : bad) {
            error.clear();
            QVERIFY2(!applyFaultSpec(f, QLatin1String(spec), &error), spec);
            QVERIFY2(!error.isEmpty(), spec);
        }
    }
};

QTEST_GUILESS_MAIN(TestSimFaults)
#include "tst_simfaults.moc"
