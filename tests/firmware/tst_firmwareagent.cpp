// The hpx agent's C code (firmware/) on the host, against a modelled core (fakecore.h), judged by the wire parser
// that reads real boards (device::WireParser) and by the simulated board's plan handling (docs/protocol.md).
#include "device/sim/simevents.h"
#include "device/sim/simstream.h"
#include "device/wire/hostplan.h"
#include "device/wire/wireparser.h"
#include "fakecore.h"
#include "hpx_agent.h"

#include <QtTest>

#include <cstring>

using hpx::firmwaretest::CoreKind;
using hpx::firmwaretest::FakeCore;

// The agent's own lookup (firmware/src/hpx_internal.h).
extern "C" int32_t hpx_event_number(const char *text, size_t len);

namespace {

// One operator of the scripted model: its own work, and the operators a control-flow op runs inside its event.
struct Op {
    const char *tag;
    QVector<Op> body;
};

// What a row must read back as.
struct ExpectedRow {
    QString op;
    QVector<quint64> truth; // 64-bit sums, before the 32-bit wrap
};

struct Recorder {
    QStringList passEvents; // counters of the running pass, as the header names them
    QVector<QVector<QVector<ExpectedRow>>> passes; // [pass][iteration][layer]
};

constexpr uint16_t Cycles = 0x0011;

QStringList names(std::initializer_list<const char *> list)
{
    QStringList out;
    for (const char *n : list)
        out.append(QString::fromLatin1(n));
    return out;
}

uint16_t eventNumber(const QString &name)
{
    const auto *e = hpx::device::findSimEvent(name);
    return e ? e->number : 0xFFFF;
}

// Deterministic work per (pass, iteration, layer, event): every value differs, so a row landing on the wrong layer,
// pass, iteration or column shows.
quint64 amount(uint16_t event, int pass, int iteration, int layer)
{
    return 1000 + quint64(event) * 7 + quint64(layer) * 131 + quint64(iteration) * 17 + quint64(pass) * 1009;
}

class Runner {
public:
    explicit Runner(QVector<Op> model)
        : m_model(std::move(model))
    {
    }

    // Runs one inference through the agent; returns each layer's true counts (by position) for `events`.
    QVector<ExpectedRow> infer(const QStringList &events, int pass, int iteration, quint64 bigEventAmount = 0)
    {
        m_rows.clear();
        m_next = 0;
        m_events.clear();
        for (const QString &e : events)
            m_events.append(eventNumber(e));
        m_pass = pass;
        m_iteration = iteration;
        m_big = bigEventAmount;
        hpx_inference_begin();
        work(7, {}); // interpreter overhead outside any operator: in no row
        for (const Op &op : m_model)
            run(op);
        hpx_inference_end();
        return m_rows;
    }

private:
    QHash<uint16_t, quint64> work(int layer, QVector<quint64> *into)
    {
        QHash<uint16_t, quint64> events;
        const quint64 cycles = amount(Cycles, m_pass, m_iteration, layer);
        for (uint16_t e : m_events)
            if (e != Cycles)
                events.insert(e, amount(e, m_pass, m_iteration, layer) + (layer == 1 ? m_big : 0));
        FakeCore::instance().run(cycles, events);
        if (into)
            for (int c = 0; c < m_events.size(); ++c)
                (*into)[c] += m_events.at(c) == Cycles ? cycles : events.value(m_events.at(c));
        return events;
    }

    void run(const Op &op)
    {
        const int index = m_next++;
        m_rows.resize(m_next);
        m_rows[index].op = QString::fromLatin1(op.tag);
        m_rows[index].truth.fill(0, m_events.size());
        hpx_layer_begin(uint16_t(index), op.tag);
        QVector<quint64> own(m_events.size(), 0);
        work(index, &own);
        for (const Op &inner : op.body) {
            const int child = m_next; // the child's row already holds its own children's work
            run(inner);
            for (int c = 0; c < m_events.size(); ++c)
                own[c] += m_rows.at(child).truth.at(c);
        }
        if (!op.body.isEmpty()) // a control-flow op's own work after its body: lands in the wrong row if an inner
            work(index + 100, &own); // end closed it early
        hpx_layer_end();
        m_rows[index].truth = own;
    }

    QVector<Op> m_model;
    QVector<ExpectedRow> m_rows;
    QVector<uint16_t> m_events;
    int m_next = 0, m_pass = 0, m_iteration = 0;
    quint64 m_big = 0;
};

hpx_row_t g_rows[64];
char g_planBuffer[1024];

hpx_config_t config(CoreKind kind, const char *builtin = nullptr)
{
    hpx_config_t c {};
    c.write = FakeCore::write;
    c.read = FakeCore::read;
    c.cycles = kind == CoreKind::M55Qemu ? FakeCore::cycles : nullptr;
    c.cycles_name = "systick";
    c.clock_hz = 100'000'000;
    c.transport = HPX_TRANSPORT_RTT;
    c.engine = "tflm";
    c.model_size = 18424;
    c.arena_size = 32768;
    c.builtin_passes = builtin;
    c.iterations = 2;
    c.warmup = 1;
    c.heartbeat_every_n_ops = 3;
    c.heartbeat_every_ms = 1000;
    c.rows = g_rows;
    c.max_layers = 64;
    c.plan_buffer = g_planBuffer;
    c.plan_buffer_size = sizeof g_planBuffer;
    return c;
}

// Ops nested `depth` deep (a WHILE in a WHILE ...), then one operator after them.
QVector<Op> nestedModel(int depth)
{
    Op inner { "ADD", {} };
    for (int d = 1; d < depth; ++d)
        inner = Op { "WHILE", { inner } };
    return { inner, { "SOFTMAX", {} } };
}

QVector<Op> smallModel()
{
    return { { "CONV_2D", {} }, { "WHILE", { { "LESS", {} }, { "ADD", {} }, { "LESS", {} } } },
        { "FULLY_CONNECTED", {} }, { "SOFTMAX", {} } };
}

} // namespace

class TestFirmwareAgent : public QObject {
    Q_OBJECT

private:
    // A whole session with a host plan on `kind`; returns the parsed capture and the true counts.
    hpx::model::Capture profile(CoreKind kind, const QByteArray &plan, const QVector<QStringList> &passEvents,
        int iterations, int warmup, QVector<QVector<QVector<ExpectedRow>>> *truth, quint64 big = 0)
    {
        FakeCore &core = FakeCore::instance();
        core.reset(kind);
        const hpx_config_t c = config(kind);
        hpx_init(&c);
        core.probing = false;
        core.toBoard = "\n" + plan + "\n";
        hpx_session_begin();
        hpx_clean_window_begin(2, 0);
        core.run(5000);
        hpx_clean_window_end();
        Runner runner(smallModel());
        int pass = 0, inference = 0;
        truth->resize(passEvents.size());
        while (hpx_session_next()) {
            if (inference == warmup + iterations) {
                ++pass;
                inference = 0;
            }
            const auto rows = runner.infer(passEvents.at(pass), pass, inference - warmup, big);
            if (inference >= warmup)
                (*truth)[pass].append(rows);
            ++inference;
        }
        hpx_session_end();
        return hpx::device::WireParser::parse(core.fromBoard);
    }

    void compare(const hpx::model::Capture &cap, const QVector<QStringList> &passEvents,
        const QVector<QVector<QVector<ExpectedRow>>> &truth, bool eventsCounted, const QSet<int> &overflowLayers = {})
    {
        QVERIFY(cap.sawStart);
        QVERIFY(cap.sawEnd);
        for (const auto &problem : cap.problems) // HPX_WARN lines are reported, as they should be; nothing else
            QVERIFY2(problem.kind == QLatin1String("firmware_warning"), qPrintable(problem.message));
        QVERIFY(!cap.error);
        QCOMPARE(cap.passes.size(), passEvents.size());
        for (int p = 0; p < cap.passes.size(); ++p) {
            const auto &pass = cap.passes.at(p);
            // A counter the core does not count is left out of the header and the rows, never printed as 0.
            QStringList counted;
            QVector<int> planned; // column of each counted counter in the plan's pass
            for (int c = 0; c < passEvents.at(p).size(); ++c)
                if (eventsCounted || passEvents.at(p).at(c) == QLatin1String("ARM_PMU_CPU_CYCLES")) {
                    counted.append(passEvents.at(p).at(c));
                    planned.append(c);
                }
            QCOMPARE(pass.counters, counted);
            QCOMPARE(pass.iterations.size(), truth.at(p).size());
            for (int i = 0; i < pass.iterations.size(); ++i) {
                const auto &rows = pass.iterations.at(i).rows;
                const auto &expected = truth.at(p).at(i);
                QCOMPARE(rows.size(), expected.size());
                for (int l = 0; l < rows.size(); ++l) {
                    QCOMPARE(rows.at(l).position, l);
                    QCOMPARE(rows.at(l).op, expected.at(l).op);
                    QCOMPARE(rows.at(l).overflow, overflowLayers.contains(l));
                    QCOMPARE(rows.at(l).values.size(), counted.size());
                    for (int c = 0; c < counted.size(); ++c) {
                        const quint64 want = expected.at(l).truth.at(planned.at(c)) % (quint64(1) << 32);
                        QVERIFY2(rows.at(l).values.at(c).has_value(), "missing cell");
                        QCOMPARE(quint64(*rows.at(l).values.at(c)), want);
                    }
                }
            }
        }
    }

    // One profiled inference of `model` (no warmup) on a Cortex-M55 with a PMU and rows for `maxLayers` operators.
    hpx::model::Capture profileOnce(const QVector<Op> &model, uint16_t maxLayers, QVector<ExpectedRow> *truth)
    {
        FakeCore &core = FakeCore::instance();
        core.reset(CoreKind::M55);
        hpx_config_t c = config(CoreKind::M55);
        c.max_layers = maxLayers;
        hpx_init(&c);
        core.probing = false;
        core.toBoard = "\nHPX_PLAN iterations=1 warmup=0 pass=cpu_0:ARM_PMU_CPU_CYCLES,ARM_PMU_INST_RETIRED\n";
        hpx_session_begin();
        Runner runner(model);
        while (hpx_session_next())
            *truth = runner.infer(names({ "ARM_PMU_CPU_CYCLES", "ARM_PMU_INST_RETIRED" }), 0, 0);
        hpx_session_end();
        return hpx::device::WireParser::parse(core.fromBoard);
    }

    // Every row of the capture's one iteration holds exactly its layer's true counts.
    void compareRows(const hpx::model::Capture &cap, const QVector<ExpectedRow> &truth, const QVector<int> &positions)
    {
        QCOMPARE(cap.passes.size(), 1);
        QCOMPARE(cap.passes.at(0).iterations.size(), 1);
        const auto &rows = cap.passes.at(0).iterations.at(0).rows;
        QCOMPARE(rows.size(), positions.size());
        for (int r = 0; r < rows.size(); ++r) {
            const int position = positions.at(r);
            QCOMPARE(rows.at(r).position, position);
            QCOMPARE(rows.at(r).op, truth.at(position).op);
            QVERIFY(!rows.at(r).overflow);
            QCOMPARE(rows.at(r).values.size(), 2);
            for (int c = 0; c < 2; ++c)
                QCOMPARE(quint64(*rows.at(r).values.at(c)), truth.at(position).truth.at(c));
        }
    }

private Q_SLOTS:
    void layersDroppedForCapacityKeepBeginAndEndPaired()
    {
        // Rows for 3 operators: CONV_2D, WHILE and its first LESS are recorded; ADD, LESS, FULLY_CONNECTED and
        // SOFTMAX are not. The unrecorded ADD's end must not close the WHILE: its row holds its whole body.
        QVector<ExpectedRow> truth;
        const auto cap = profileOnce(smallModel(), 3, &truth);
        QCOMPARE(truth.size(), 7);
        compareRows(cap, truth, { 0, 1, 2 });
        QCOMPARE(*cap.passes.at(0).iterations.at(0).rows.at(1).values.at(0),
            double(amount(Cycles, 0, 0, 1) + amount(Cycles, 0, 0, 2) + amount(Cycles, 0, 0, 3) + amount(Cycles, 0, 0, 4)
                + amount(Cycles, 0, 0, 101)));
        QVERIFY(FakeCore::instance().fromBoard.contains("HPX_WARN=layers_exceed_capacity capacity=3\n"));
    }

    void layersDroppedForDepthKeepBeginAndEndPaired()
    {
        // Ten nested operators: the 8 outer ones are recorded (HPX_MAX_DEPTH), each holding everything inside it;
        // the operator after them is recorded at its own position with its own counts.
        QVector<ExpectedRow> truth;
        const auto cap = profileOnce(nestedModel(10), 64, &truth);
        QCOMPARE(truth.size(), 11);
        compareRows(cap, truth, { 0, 1, 2, 3, 4, 5, 6, 7, 10 });
        QVERIFY(FakeCore::instance().fromBoard.contains("HPX_WARN=layers_exceed_capacity capacity=64\n"));
    }

    void cycleCounterOwnedByAnRtosIsOnlyRead_data()
    {
        QTest::addColumn<int>("kind");
        QTest::newRow("cortex-m4 dwt") << int(CoreKind::M4);
        QTest::newRow("cortex-m55 pmu") << int(CoreKind::M55);
    }

    void cycleCounterOwnedByAnRtosIsOnlyRead()
    {
        // An RTOS keeps time with CYCCNT (the PMU's CCNTR on Armv8.1-M) and has it near its wrap: the agent never
        // writes, resets or stops it, and a layer across the wrap still reads its own cycles.
        QFETCH(int, kind);
        FakeCore &core = FakeCore::instance();
        core.reset(CoreKind(kind));
        core.write32(0xE000EDFCu, 1u << 24); // the RTOS enabled the counter before the agent starts
        core.write32(0xE0001000u, 1u);
        core.presetCycleCounter(0xFFFFF000u);
        core.clobbers.clear();
        const hpx_config_t c = config(CoreKind(kind));
        QCOMPARE(hpx_init(&c), kind == int(CoreKind::M4) ? HPX_COUNTERS_DWT : HPX_COUNTERS_PMU);
        core.probing = false;
        core.toBoard = "\nHPX_PLAN iterations=2 warmup=1 pass=cpu_0:ARM_PMU_CPU_CYCLES\n";
        hpx_session_begin();
        while (hpx_session_next()) {
            hpx_inference_begin();
            hpx_layer_begin(0, "CONV_2D");
            core.run(0x3000);
            hpx_layer_end();
            hpx_inference_end();
        }
        hpx_session_end();
        QVERIFY2(core.clobbers.isEmpty(), qPrintable(core.clobbers.join(u'\n')));
        QVERIFY2(core.faults.isEmpty(), qPrintable(core.faults.join(u'\n')));
        const auto cap = hpx::device::WireParser::parse(core.fromBoard);
        QCOMPARE(cap.passes.size(), 1);
        QCOMPARE(cap.passes.at(0).iterations.size(), 2);
        for (const auto &it : cap.passes.at(0).iterations) {
            QCOMPARE(it.rows.size(), 1);
            QCOMPARE(*it.rows.at(0).values.at(0), double(0x3000));
            QVERIFY(!it.rows.at(0).overflow);
        }
    }

    void unprivilegedAgentNeverTouchesTheCounters()
    {
        // hpx_init() from an unprivileged RTOS task: no CPUID, DWT or PMU access (each would fault); the cycle
        // callback counts instead and the stream says why.
        FakeCore &core = FakeCore::instance();
        core.reset(CoreKind::M55);
        core.privileged = false;
        hpx_config_t c = config(CoreKind::M55);
        c.cycles = FakeCore::cycles;
        QCOMPARE(hpx_init(&c), HPX_COUNTERS_CALLBACK);
        core.probing = false;
        core.toBoard = "\nHPX_PLAN iterations=1 warmup=0 pass=cpu_0:ARM_PMU_CPU_CYCLES\n";
        hpx_session_begin();
        while (hpx_session_next()) {
            hpx_inference_begin();
            hpx_layer_begin(0, "CONV_2D");
            core.run(777);
            hpx_layer_end();
            hpx_inference_end();
        }
        hpx_session_end();
        QVERIFY2(core.faults.isEmpty(), qPrintable(core.faults.join(u'\n')));
        QVERIFY(core.fromBoard.contains("HPX_WARN=unprivileged cycles=systick\n"));
        const auto cap = hpx::device::WireParser::parse(core.fromBoard);
        QCOMPARE(cap.meta(QStringLiteral("cycle_source")).toString(), QStringLiteral("systick"));
        QCOMPARE(*cap.passes.at(0).iterations.at(0).rows.at(0).values.at(0), 777.0);
    }

    void hooksThatTurnUnprivilegedFallBack()
    {
        // Set up in privileged main(), then the inferences run in an unprivileged task: the first hook that finds
        // itself unprivileged switches to the cycle callback without touching a counter, the inference under way
        // does not count, and the pass whose rows already went out with PMU columns starts again.
        FakeCore &core = FakeCore::instance();
        core.reset(CoreKind::M55);
        hpx_config_t c = config(CoreKind::M55, "pass=cpu_0:ARM_PMU_CPU_CYCLES,ARM_PMU_INST_RETIRED");
        c.cycles = FakeCore::cycles;
        c.read = nullptr; // the built-in pass
        QCOMPARE(hpx_init(&c), HPX_COUNTERS_PMU);
        core.probing = false;
        hpx_session_begin();
        int inferences = 0;
        while (hpx_session_next()) {
            if (++inferences == 3) // warmup and the first profiled inference ran privileged
                core.privileged = false;
            hpx_inference_begin();
            hpx_layer_begin(0, "CONV_2D");
            core.run(1000 + quint64(inferences), { { 0x0008, 50 } });
            hpx_layer_end();
            hpx_inference_end();
        }
        hpx_session_end();
        QVERIFY2(core.faults.isEmpty(), qPrintable(core.faults.join(u'\n')));
        QVERIFY(core.fromBoard.contains("HPX_WARN=unprivileged cycles=systick\n"));
        QVERIFY(core.fromBoard.contains("HPX_WARN=not_counted pass=cpu_0 counters=ARM_PMU_INST_RETIRED\n"));
        QCOMPARE(core.fromBoard.count("--- HPX_PRESET cpu_0 ---"), 2);
        // Voided inference 3, then the pass again: warmup 4, profiled 5 and 6.
        QCOMPARE(inferences, 6);
        const auto cap = hpx::device::WireParser::parse(core.fromBoard);
        QVERIFY(cap.sawEnd);
        QCOMPARE(cap.passes.size(), 1);
        const auto &pass = cap.passes.at(0);
        QCOMPARE(pass.counters, QStringList { QStringLiteral("ARM_PMU_CPU_CYCLES") });
        QCOMPARE(pass.iterations.size(), 2);
        QCOMPARE(*pass.iterations.at(0).rows.at(0).values.at(0), 1005.0);
        QCOMPARE(*pass.iterations.at(1).rows.at(0).values.at(0), 1006.0);
    }

    void inferenceWithoutLayersIsAWarning()
    {
        // A TFLM built with TF_LITE_STRIP_ERROR_STRINGS never calls the profiler: the stream says so, once.
        FakeCore &core = FakeCore::instance();
        core.reset(CoreKind::M55);
        const hpx_config_t c = config(CoreKind::M55);
        hpx_init(&c);
        core.probing = false;
        core.toBoard = "\nHPX_PLAN iterations=2 warmup=1 pass=cpu_0:ARM_PMU_CPU_CYCLES\n";
        hpx_session_begin();
        while (hpx_session_next()) {
            hpx_inference_begin();
            core.run(5000);
            hpx_inference_end();
        }
        hpx_session_end();
        QCOMPARE(core.fromBoard.count("HPX_WARN=no_layers_recorded pass=cpu_0\n"), 1);
        const auto cap = hpx::device::WireParser::parse(core.fromBoard);
        bool reported = false;
        for (const auto &problem : cap.problems)
            reported |= problem.kind == QLatin1String("firmware_warning")
                && problem.message.contains(QLatin1String("no_layers_recorded"));
        QVERIFY(reported);

        // With layers, no such warning.
        QVector<ExpectedRow> truth;
        profileOnce(smallModel(), 64, &truth);
        QVERIFY(!FakeCore::instance().fromBoard.contains("no_layers_recorded"));
    }

    void everyIterationOfEveryPassParsesBack_data()
    {
        QTest::addColumn<int>("kind");
        QTest::addColumn<bool>("eventsCounted");
        QTest::newRow("cortex-m55 pmu") << int(CoreKind::M55) << true;
        QTest::newRow("cortex-m55 under qemu") << int(CoreKind::M55Qemu) << false;
    }

    void everyIterationOfEveryPassParsesBack()
    {
        QFETCH(int, kind);
        QFETCH(bool, eventsCounted);
        const QVector<QStringList> events = {
            names({ "ARM_PMU_CPU_CYCLES", "ARM_PMU_INST_RETIRED", "ARM_PMU_STALL_FRONTEND", "ARM_PMU_STALL_BACKEND",
                "ARM_PMU_LD_RETIRED" }),
            names({ "ARM_PMU_MEM_ACCESS", "ARM_PMU_L1D_CACHE_REFILL", "ARM_PMU_BUS_ACCESS", "ARM_PMU_BUS_CYCLES" }),
            names({ "ARM_PMU_CPU_CYCLES", "0x0200" }),
        };
        const QByteArray plan = "HPX_PLAN iterations=3 warmup=1 pass=cpu_0:ARM_PMU_CPU_CYCLES,INST_RETIRED,"
                                "ARM_PMU_STALL_FRONTEND,ARM_PMU_STALL_BACKEND,ARM_PMU_LD_RETIRED "
                                "pass=memory_0:ARM_PMU_MEM_ACCESS,ARM_PMU_L1D_CACHE_REFILL,ARM_PMU_BUS_ACCESS,"
                                "ARM_PMU_BUS_CYCLES pass=mve_0:ARM_PMU_CPU_CYCLES,0x0200";
        QVector<QVector<QVector<ExpectedRow>>> truth;
        const auto cap = profile(CoreKind(kind), plan, events, 3, 1, &truth);
        QVERIFY2(FakeCore::instance().faults.isEmpty(), qPrintable(FakeCore::instance().faults.join(u'\n')));
        QVERIFY2(FakeCore::instance().clobbers.isEmpty(), qPrintable(FakeCore::instance().clobbers.join(u'\n')));
        compare(cap, events, truth, eventsCounted);
        QCOMPARE(cap.meta(QStringLiteral("iterations")).toInt(), 3);
        QCOMPARE(cap.announcedPresets, names({ "cpu_0", "memory_0", "mve_0" }));
        QCOMPARE(cap.meta(QStringLiteral("core")).toString(), QStringLiteral("cortex-m55"));
        QCOMPARE(cap.meta(QStringLiteral("plan_source")).toString(), QStringLiteral("host"));
        QVERIFY(cap.heartbeatCount > 0);
        const QString stream = QString::fromLatin1(FakeCore::instance().fromBoard);
        QVERIFY(stream.contains(QLatin1String("HPX_PLAN_ACK passes=3\n")));
        if (eventsCounted) {
            QCOMPARE(cap.meta(QStringLiteral("cycle_source")).toString(), QStringLiteral("pmu"));
            QVERIFY(!stream.contains(QLatin1String("HPX_WARN=")));
        } else {
            // No PMU counts: cycles from the application's callback, the events left out, and the stream names them.
            QCOMPARE(cap.meta(QStringLiteral("cycle_source")).toString(), QStringLiteral("systick"));
            QVERIFY(stream.contains(
                QLatin1String("HPX_WARN=pmu_unavailable core=cortex-m55 cycles=systick event_counters=0\n")));
            QVERIFY(stream.contains(
                QLatin1String("HPX_WARN=not_counted pass=cpu_0 counters=ARM_PMU_INST_RETIRED,ARM_PMU_STALL_FRONTEND,"
                              "ARM_PMU_STALL_BACKEND,ARM_PMU_LD_RETIRED\n")));
            QVERIFY(stream.contains(
                QLatin1String("HPX_WARN=not_counted pass=memory_0 counters=ARM_PMU_MEM_ACCESS,ARM_PMU_L1D_CACHE_REFILL,"
                              "ARM_PMU_BUS_ACCESS,ARM_PMU_BUS_CYCLES\n")));
            QVERIFY(stream.contains(QLatin1String("HPX_WARN=not_counted pass=mve_0 counters=0x0200\n")));
            QVERIFY(!stream.contains(QLatin1String("\"ARM_PMU_INST_RETIRED\"")));
            QCOMPARE(cap.passes.at(1).counters, QStringList());
            QVERIFY(cap.passes.at(1).iterations.at(0).rows.at(0).values.isEmpty());
        }
    }

    void layersNestInsideControlFlow()
    {
        // The WHILE row (position 1) holds its own work and its body's three operators (positions 2..4).
        const QVector<QStringList> events = { names({ "ARM_PMU_CPU_CYCLES", "ARM_PMU_INST_RETIRED" }) };
        QVector<QVector<QVector<ExpectedRow>>> truth;
        const auto cap = profile(CoreKind::M55,
            "HPX_PLAN iterations=1 warmup=0 pass=cpu_0:ARM_PMU_CPU_CYCLES,ARM_PMU_INST_RETIRED", events, 1, 0, &truth);
        compare(cap, events, truth, true);
        QCOMPARE(cap.passes.at(0).iterations.size(), 1);
        const auto &rows = cap.passes.at(0).iterations.at(0).rows;
        QCOMPARE(rows.size(), 7);
        QCOMPARE(*rows.at(1).values.at(0),
            double(amount(Cycles, 0, 0, 1) + amount(Cycles, 0, 0, 2) + amount(Cycles, 0, 0, 3) + amount(Cycles, 0, 0, 4)
                + amount(Cycles, 0, 0, 101)));
    }

    void overflowColumn()
    {
        // Layer 1 (the WHILE, enclosing 2..4) counts 2^32 more INST_RETIRED than fits: its row says overflow.
        const QVector<QStringList> events = { names({ "ARM_PMU_CPU_CYCLES", "ARM_PMU_INST_RETIRED" }) };
        QVector<QVector<QVector<ExpectedRow>>> truth;
        const auto cap = profile(CoreKind::M55,
            "HPX_PLAN iterations=2 warmup=0 pass=cpu_0:ARM_PMU_CPU_CYCLES,ARM_PMU_INST_RETIRED", events, 2, 0, &truth,
            quint64(1) << 32);
        compare(cap, events, truth, true, { 1 });
    }

    void harmlessWrapIsNotOverflow()
    {
        // A counter that passes 2^32 once inside a layer still gives the right delta, and no overflow flag.
        FakeCore &core = FakeCore::instance();
        core.reset(CoreKind::M55);
        const hpx_config_t c = config(CoreKind::M55, "pass=cpu_0:ARM_PMU_CPU_CYCLES,ARM_PMU_INST_RETIRED");
        hpx_init(&c);
        core.probing = false;
        hpx_session_begin(); // no host bytes: the built-in pass after the plan wait
        QVERIFY(hpx_session_next()); // warmup
        hpx_inference_begin();
        hpx_inference_end();
        QVERIFY(hpx_session_next());
        core.presetEventCount(0x0008, 0xFFFFFFF0u);
        core.presetEventCount(Cycles, 0xFFFFFF00u);
        hpx_inference_begin();
        hpx_layer_begin(0, "CONV_2D");
        core.run(0x1000, { { 0x0008, 0x40 } });
        hpx_layer_end();
        hpx_inference_end();
        while (hpx_session_next()) {
            hpx_inference_begin();
            hpx_inference_end();
        }
        hpx_session_end();
        const auto cap = hpx::device::WireParser::parse(core.fromBoard);
        QCOMPARE(cap.meta(QStringLiteral("plan_source")).toString(), QStringLiteral("built-in"));
        QCOMPARE(cap.passes.size(), 1);
        QCOMPARE(cap.passes.at(0).iterations.size(), 2);
        QCOMPARE(cap.passes.at(0).iterations.at(0).rows.size(), 1);
        const auto &row = cap.passes.at(0).iterations.at(0).rows.at(0);
        QCOMPARE(*row.values.at(0), double(0x1000));
        QCOMPARE(*row.values.at(1), double(0x40));
        QVERIFY(!row.overflow);
    }

    void planCommandsMatchTheSimulatedBoard_data()
    {
        QTest::addColumn<QByteArray>("command");
        QTest::newRow("two passes") << QByteArray("HPX_PLAN iterations=3 warmup=1 pass=cpu_0:ARM_PMU_CPU_CYCLES,"
                                                  "ARM_PMU_INST_RETIRED pass=mve_0:0x0200");
        QTest::newRow("defaults kept") << QByteArray("HPX_PLAN pass=a:CPU_CYCLES");
        QTest::newRow("cycles on top of four")
            << QByteArray("HPX_PLAN pass=p:CPU_CYCLES,INST_RETIRED,LD_RETIRED,ST_RETIRED,BR_RETIRED");
        QTest::newRow("tabs and CR") << QByteArray("HPX_PLAN\titerations=2  pass=x.y-z:0x0011\r");
        QTest::newRow("malformed token") << QByteArray("HPX_PLAN iterations pass=a:CPU_CYCLES");
        QTest::newRow("empty key") << QByteArray("HPX_PLAN =3 pass=a:CPU_CYCLES");
        QTest::newRow("unknown field") << QByteArray("HPX_PLAN speed=3 pass=a:CPU_CYCLES");
        QTest::newRow("bad iterations") << QByteArray("HPX_PLAN iterations=0 pass=a:CPU_CYCLES");
        QTest::newRow("iterations too large") << QByteArray("HPX_PLAN iterations=100001 pass=a:CPU_CYCLES");
        QTest::newRow("bad warmup") << QByteArray("HPX_PLAN warmup=x pass=a:CPU_CYCLES");
        QTest::newRow("malformed pass") << QByteArray("HPX_PLAN pass=nocolon");
        QTest::newRow("no passes") << QByteArray("HPX_PLAN iterations=2");
        QTest::newRow("bare command") << QByteArray("HPX_PLAN");
        QTest::newRow("bad pass name") << QByteArray("HPX_PLAN pass=a/b:CPU_CYCLES");
        QTest::newRow("duplicate pass") << QByteArray("HPX_PLAN pass=a:CPU_CYCLES pass=a:INST_RETIRED");
        QTest::newRow("empty pass") << QByteArray("HPX_PLAN pass=a:");
        QTest::newRow("too many events") << QByteArray(
            "HPX_PLAN pass=p:INST_RETIRED,LD_RETIRED,ST_RETIRED,BR_RETIRED,STALL");
        QTest::newRow("unknown event") << QByteArray("HPX_PLAN pass=p:CPU_CYCLES,NOT_AN_EVENT");
        QTest::newRow("unknown number") << QByteArray("HPX_PLAN pass=p:0x7777");
        QTest::newRow("duplicate event") << QByteArray("HPX_PLAN pass=p:CPU_CYCLES,0x0011");
        QByteArray many = "HPX_PLAN";
        for (int i = 0; i < 65; ++i)
            many += " pass=a:0x0011"; // short enough for the 1 KB plan buffer; the count is refused first
        QTest::newRow("too many passes") << many;
    }

    void planCommandsMatchTheSimulatedBoard()
    {
        // The simulated board implements docs/protocol.md; the agent must answer every command as it does.
        QFETCH(QByteArray, command);
        hpx::device::SimulatorConfig sim;
        sim.soc = *hpx::model::socs::byName(QStringLiteral("apollo510"));
        const auto reference = hpx::device::answerPlanCommand(command, sim);
        QVERIFY(reference);

        FakeCore &core = FakeCore::instance();
        core.reset(CoreKind::M55);
        const hpx_config_t c = config(CoreKind::M55);
        hpx_init(&c);
        core.toBoard = "\n" + command + "\n";
        hpx_session_begin();
        const QList<QByteArray> lines = core.fromBoard.split('\n');
        QByteArray reply;
        for (const QByteArray &line : lines)
            if (line.startsWith("HPX_PLAN_ACK") || line.startsWith("HPX_PLAN_NAK"))
                reply = line;
        QCOMPARE(reply, reference->reply);
        const auto parsed = hpx::device::parsePlanReply(QString::fromLatin1(reply));
        QVERIFY(parsed);
        QCOMPARE(parsed->accepted, reference->plan.has_value());
        // The session that follows runs the plan when accepted, its built-in pass otherwise.
        const auto cap = hpx::device::WireParser::parse(core.fromBoard);
        if (reference->plan) {
            QStringList names;
            for (const auto &p : reference->plan->passes)
                names.append(p.name);
            QCOMPARE(cap.announcedPresets, names);
            QCOMPARE(cap.meta(QStringLiteral("iterations")).toInt(), reference->plan->iterations);
            QCOMPARE(cap.meta(QStringLiteral("warmup")).toInt(), reference->plan->warmup);
        } else {
            QCOMPARE(cap.announcedPresets, QStringList { QStringLiteral("cpu_0") });
        }
    }

    void hostPlanFromTheAppIsAccepted()
    {
        // The line hpx Studio itself sends (device::HostPlan), for cpu:default + memory:default.
        hpx::device::HostPlan plan;
        plan.iterations = 2;
        plan.warmup = 0;
        plan.passes = { { QStringLiteral("cpu_0"),
                            { QStringLiteral("ARM_PMU_CPU_CYCLES"), QStringLiteral("ARM_PMU_INST_RETIRED"),
                                QStringLiteral("ARM_PMU_STALL_FRONTEND"), QStringLiteral("ARM_PMU_STALL_BACKEND") } },
            { QStringLiteral("memory_0"),
                { QStringLiteral("ARM_PMU_MEM_ACCESS"), QStringLiteral("ARM_PMU_L1D_CACHE_REFILL"),
                    QStringLiteral("ARM_PMU_BUS_ACCESS"), QStringLiteral("ARM_PMU_BUS_CYCLES") } } };
        const QByteArray line = plan.commandLine().trimmed();
        QVERIFY(!line.isEmpty());
        QVector<QStringList> events;
        for (const auto &p : plan.passes)
            events.append(p.events);
        QVector<QVector<QVector<ExpectedRow>>> truth;
        const auto cap = profile(CoreKind::M55, line, events, 2, 0, &truth);
        compare(cap, events, truth, true);
    }

    void dwtOnlyCoreRefusesEventsAndNeverTouchesThePmu()
    {
        FakeCore &core = FakeCore::instance();
        core.reset(CoreKind::M4);
        const hpx_config_t c = config(CoreKind::M4);
        QCOMPARE(hpx_init(&c), HPX_COUNTERS_DWT);
        core.toBoard = "\nHPX_PLAN pass=cpu_0:ARM_PMU_CPU_CYCLES,ARM_PMU_INST_RETIRED\n";
        hpx_session_begin();
        QVERIFY(core.fromBoard.contains(
            "HPX_PLAN_NAK reason=event_not_capturable pass=cpu_0 event=ARM_PMU_INST_RETIRED soc=cortex-m4\n"));
        QVERIFY2(core.faults.isEmpty(), qPrintable(core.faults.join(u'\n')));
        // The reference answer names the simulated Apollo4 instead of the core.
        hpx::device::SimulatorConfig sim;
        sim.soc = *hpx::model::socs::byName(QStringLiteral("apollo4p"));
        QCOMPARE(
            hpx::device::answerPlanCommand("HPX_PLAN pass=cpu_0:ARM_PMU_CPU_CYCLES,ARM_PMU_INST_RETIRED", sim)->reply,
            QByteArray("HPX_PLAN_NAK reason=event_not_capturable pass=cpu_0 event=ARM_PMU_INST_RETIRED soc=apollo4p"));
    }

    void builtInPassesThisCoreCannotRun()
    {
        // Built-in passes with PMU events on a DWT-only core: the agent counts cycles instead and says why.
        FakeCore &core = FakeCore::instance();
        core.reset(CoreKind::M4);
        const hpx_config_t c = config(CoreKind::M4, "pass=cpu_0:ARM_PMU_CPU_CYCLES,ARM_PMU_INST_RETIRED");
        hpx_init(&c);
        core.probing = false;
        hpx_session_begin();
        const auto cap = hpx::device::WireParser::parse(core.fromBoard);
        QCOMPARE(cap.announcedPresets, QStringList { QStringLiteral("cpu_0") });
        QVERIFY(core.fromBoard.contains("HPX_WARN=builtin_passes_refused reason=event_not_capturable\n"));
        QVERIFY(core.fromBoard.indexOf("HPX_WARN=builtin") > core.fromBoard.indexOf("--- HPX_START ---"));
        for (int k = 0; k < 2; ++k) { // the warmup inference, then a profiled one
            QVERIFY(hpx_session_next());
            hpx_inference_begin();
            hpx_layer_begin(0, "CONV_2D");
            core.run(1234);
            hpx_layer_end();
            hpx_inference_end();
        }
        QVERIFY(core.fromBoard.contains("\"Layer\",\"Op\",\"ARM_PMU_CPU_CYCLES\",\"overflow\"\n0,CONV_2D,1234,0\n"));
    }

    void coreWithoutCountersStillStreams()
    {
        // Cortex-M0: no DWT cycle counter, no PMU, no callback: values 0, nothing touched that would fault.
        FakeCore &core = FakeCore::instance();
        core.reset(CoreKind::M0);
        const hpx_config_t c = config(CoreKind::M0);
        QCOMPARE(hpx_init(&c), HPX_COUNTERS_NONE);
        core.toBoard = "\nHPX_PLAN iterations=1 warmup=0 pass=cpu_0:ARM_PMU_CPU_CYCLES\n";
        hpx_session_begin();
        while (hpx_session_next()) {
            hpx_inference_begin();
            hpx_layer_begin(0, "CONV_2D");
            core.run(100);
            hpx_layer_end();
            hpx_inference_end();
        }
        hpx_session_end();
        QVERIFY2(core.faults.isEmpty(), qPrintable(core.faults.join(u'\n')));
        const auto cap = hpx::device::WireParser::parse(core.fromBoard);
        QVERIFY(cap.sawEnd);
        QCOMPARE(cap.meta(QStringLiteral("cycle_source")).toString(), QStringLiteral("none"));
        QCOMPARE(cap.passes.size(), 1);
        QCOMPARE(cap.passes.at(0).iterations.size(), 1);
        // Nothing counts cycles: the column is left out (never a 0 nobody measured) and the stream says so.
        QCOMPARE(cap.passes.at(0).counters, QStringList());
        QCOMPARE(cap.passes.at(0).iterations.at(0).rows.size(), 1);
        QVERIFY(cap.passes.at(0).iterations.at(0).rows.at(0).values.isEmpty());
        QVERIFY(core.fromBoard.contains("\"Layer\",\"Op\",\"overflow\"\n0,CONV_2D,0\n"));
        QVERIFY(core.fromBoard.contains("HPX_WARN=not_counted pass=cpu_0 counters=ARM_PMU_CPU_CYCLES\n"));
    }

    void everyCatalogueEventIsKnown()
    {
        // The agent matches names by hash (firmware/src/hpx_plan.c): every catalogue name and number must map.
        for (const auto &e : hpx::model::counters::catalogue()) {
            const QByteArray number = "0x" + QByteArray::number(e.number, 16).rightJustified(4, '0');
            for (const QByteArray &text : { e.name.toLatin1(), e.shortName.toLatin1(), number }) {
                FakeCore &core = FakeCore::instance();
                core.reset(CoreKind::M55);
                const hpx_config_t c = config(CoreKind::M55);
                hpx_init(&c);
                core.toBoard = "\nHPX_PLAN pass=p:" + text + "\n";
                hpx_session_begin();
                QVERIFY2(core.fromBoard.contains("HPX_PLAN_ACK passes=1\n"), text.constData());
            }
        }
    }

    void generatedEventTableIsTheCatalogue()
    {
        // firmware/src/hpx_plan.c's table is generated from model/board/pmuevents.def at build time: every event
        // number the agent accepts is a catalogue event, every catalogue event is accepted, and every catalogue name
        // (with or without ARM_PMU_) hashes to its own number.
        int accepted = 0;
        for (uint number = 0; number <= 0xFFFF; ++number) {
            const QByteArray text = QByteArray("0x") + QByteArray::number(number, 16).rightJustified(4, '0');
            const int32_t found = hpx_event_number(text.constData(), size_t(text.size()));
            const hpx::model::CounterInfo *info = hpx::model::counters::byNumber(quint16(number));
            QCOMPARE(found, info ? int32_t(number) : -1);
            accepted += found >= 0;
        }
        QCOMPARE(accepted, hpx::model::counters::catalogue().size());
        for (const hpx::model::CounterInfo &info : hpx::model::counters::catalogue()) {
            for (const QByteArray &name : { info.name.toLatin1(), info.shortName.toLatin1() })
                QCOMPARE(hpx_event_number(name.constData(), size_t(name.size())), int32_t(info.number));
        }
        for (const char *unknown : { "ARM_PMU_CHAIN", "CHAIN", "ARM_PMU_CPU_CYCLE", "cpu_cycles", "" })
            QCOMPARE(hpx_event_number(unknown, strlen(unknown)), -1);
    }

    void waitingForTheHost()
    {
        FakeCore &core = FakeCore::instance();
        core.reset(CoreKind::M55Qemu);
        hpx_config_t c = config(CoreKind::M55Qemu);
        hpx_init(&c);
        QCOMPARE(hpx_wait_host(50), 0); // a millisecond per poll of the fake link: times out
        QVERIFY(core.callbackCycles >= 50 * 100'000);
        core.toBoard = "\n";
        QCOMPARE(hpx_wait_host(0), 1);
        c.read = nullptr;
        hpx_init(&c);
        QCOMPARE(hpx_wait_host(0), 0); // no link to wait on: never blocks
    }

    void errorsAndLimits()
    {
        FakeCore &core = FakeCore::instance();
        core.reset(CoreKind::M55);
        hpx_config_t c = config(CoreKind::M55);
        c.max_layers = 2;
        hpx_init(&c);
        hpx_session_begin();
        QVERIFY(hpx_session_next());
        hpx_inference_begin();
        for (uint16_t i = 0; i < 4; ++i) {
            hpx_layer_begin(i, "ADD");
            hpx_layer_end();
        }
        hpx_inference_end();
        hpx_error("alloc_tensors_failed arena=1024 status=1 hint=arena_too_small_or_kernel_prepare_failed");
        const auto cap = hpx::device::WireParser::parse(core.fromBoard);
        QVERIFY(cap.error);
        QCOMPARE(cap.error->code, QStringLiteral("alloc_tensors_failed"));
        QVERIFY(core.fromBoard.contains("HPX_WARN=layers_exceed_capacity capacity=2\n"));

        // A plan line longer than the buffer is refused, not cut.
        core.reset(CoreKind::M55);
        c = config(CoreKind::M55);
        c.plan_buffer_size = 32;
        hpx_init(&c);
        core.toBoard = "\nHPX_PLAN pass=cpu_0:ARM_PMU_CPU_CYCLES,ARM_PMU_INST_RETIRED\n";
        hpx_session_begin();
        QVERIFY(core.fromBoard.contains("HPX_PLAN_NAK reason=line_too_long max=31\n"));
    }
};

QTEST_GUILESS_MAIN(TestFirmwareAgent)
#include "tst_firmwareagent.moc"
