// The TFLM adapter (firmware/tflm/hpx_tflm_profiler.*), compiled against a copy of MicroProfilerInterface's
// declaration (tests/firmware/tflm), driven the way TFLM's interpreter drives a profiler: one event per operator,
// nested inside WHILE / IF / CALL_ONCE for the operators of the subgraphs they call. The rows must parse back and
// be attributed by hpx Studio to the right (subgraph, operator).
#include "device/wire/wireparser.h"
#include "fakecore.h"
#include "hpx_agent.h"
#include "hpx_tflm_profiler.h"
#include "model/results/merge.h"
#include "model/tflite/tflitemodel.h"
#include "tests/support/testdata.h"

#include <QtTest>

using hpx::firmwaretest::CoreKind;
using hpx::firmwaretest::FakeCore;

namespace {

// What MicroInterpreterGraph::InvokeSubgraph does, reduced to the profiler calls: ScopedMicroProfiler around each
// operator's Eval, which for control flow invokes the called subgraphs.
class FakeInterpreter {
public:
    FakeInterpreter(const hpx::model::ModelInfo &model, tflite::MicroProfilerInterface *profiler)
        : m_model(model)
        , m_profiler(profiler)
    {
        for (const auto &sg : m_model.subgraphs)
            for (const auto &op : sg.operators)
                m_tags.append((op.op == QLatin1String("CUSTOM") ? op.customCode : op.op).toLatin1());
    }

    // Runs subgraph 0 once; returns the (subgraph, operator) of every event, in begin order.
    QVector<QPair<int, int>> invoke()
    {
        m_order.clear();
        invokeSubgraph(0, 0);
        return m_order;
    }

    static constexpr int WhileIterations = 3;

    // HpxTflmProfiler's position source: the operator being invoked, as MicroInterpreterGraph keeps it.
    static bool position(void *self, uint16_t *subgraph, uint16_t *op_index)
    {
        const auto *interpreter = static_cast<const FakeInterpreter *>(self);
        *subgraph = uint16_t(interpreter->m_current.first);
        *op_index = uint16_t(interpreter->m_current.second);
        return true;
    }

private:
    const char *tag(int sg, int op) const
    {
        int flat = 0;
        for (int s = 0; s < sg; ++s)
            flat += m_model.subgraphs.at(s).operators.size();
        return m_tags.at(flat + op).constData();
    }

    void invokeSubgraph(int sg, int depth)
    {
        const auto &ops = m_model.subgraphs.at(sg).operators;
        for (int i = 0; i < ops.size(); ++i) {
            const auto &op = ops.at(i);
            m_current = { sg, i };
            const uint32_t handle = m_profiler->BeginEvent(tag(sg, i));
            m_order.append({ sg, i });
            FakeCore::instance().run(500 + 10 * quint64(i), { { 0x0008, 300 + quint64(i) } });
            const QVector<int> &called = op.calledSubgraphs;
            if (depth < 8 && op.op == QLatin1String("WHILE") && called.size() >= 2) {
                for (int k = 0; k < WhileIterations; ++k) {
                    invokeSubgraph(called.at(0), depth + 1);
                    invokeSubgraph(called.at(1), depth + 1);
                }
                invokeSubgraph(called.at(0), depth + 1); // the condition that ends the loop
            } else if (depth < 8 && op.op == QLatin1String("IF") && !called.isEmpty()) {
                invokeSubgraph(called.at(0), depth + 1);
            } else if (depth < 8 && op.op == QLatin1String("CALL_ONCE") && !called.isEmpty() && !m_calledOnce) {
                m_calledOnce = true; // TFLM's CALL_ONCE runs its init subgraph on the first Invoke only
                invokeSubgraph(called.at(0), depth + 1);
            }
            m_current = { sg, i };
            m_profiler->EndEvent(handle);
        }
    }

    const hpx::model::ModelInfo &m_model;
    tflite::MicroProfilerInterface *m_profiler;
    QVector<QByteArray> m_tags;
    QVector<QPair<int, int>> m_order;
    QPair<int, int> m_current;
    bool m_calledOnce = false;
};

hpx_row_t g_rows[256];
char g_plan[512];

hpx_config_t pmuConfig(uint16_t maxLayers)
{
    hpx_config_t c {};
    c.write = FakeCore::write;
    c.read = FakeCore::read;
    c.clock_hz = 100'000'000;
    c.transport = HPX_TRANSPORT_RTT;
    c.builtin_passes = "pass=cpu_0:ARM_PMU_CPU_CYCLES,ARM_PMU_INST_RETIRED";
    c.iterations = 1;
    c.warmup = 0;
    c.rows = g_rows;
    c.max_layers = maxLayers;
    c.plan_buffer = g_plan;
    c.plan_buffer_size = sizeof g_plan;
    return c;
}

// The events TFLM gives a profiler for one operator with a body (a WHILE running `body` ops, each `depth` - 1
// deep): its own work before and after the body. Returns the cycles inside the event.
quint64 scriptedEvent(HpxTflmProfiler &profiler, int depth, int body, quint64 *next)
{
    const uint32_t handle = profiler.BeginEvent(depth > 1 ? "WHILE" : "ADD");
    quint64 cycles = 100 + (*next)++;
    FakeCore::instance().run(cycles);
    for (int k = 0; depth > 1 && k < body; ++k)
        cycles += scriptedEvent(profiler, depth - 1, 1, next);
    if (depth > 1) {
        FakeCore::instance().run(1000);
        cycles += 1000;
    }
    profiler.EndEvent(handle);
    return cycles;
}

} // namespace

class TestFirmwareTflm : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void droppedEventsKeepBeginAndEndPaired_data();
    void droppedEventsKeepBeginAndEndPaired();
    void strippedProfilerCallsAreAWarning();

    void rowsAreAttributedToTheirSubgraphs_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<bool>("positions");
        for (const bool positions : { false, true }) {
            const char *how = positions ? " with positions" : " by op tag";
            QTest::addRow("WHILE%s", how) << QStringLiteral("models/multi_subgraphs_while.tflite") << positions;
            QTest::addRow("CALL_ONCE%s", how) << QStringLiteral("models/mww_okay_nabu_v2.tflite") << positions;
            QTest::addRow("flat%s", how) << QStringLiteral("models/kws_ref_model.tflite") << positions;
        }
    }

    void rowsAreAttributedToTheirSubgraphs()
    {
        QFETCH(QString, model);
        QFETCH(bool, positions);
        const auto loaded = hpx::model::loadModel(hpx::test::dataPath(model));
        QVERIFY2(loaded.model, qPrintable(loaded.error));

        FakeCore &core = FakeCore::instance();
        core.reset(CoreKind::M55);
        hpx_config_t c {};
        c.write = FakeCore::write;
        c.read = FakeCore::read;
        c.clock_hz = 100'000'000;
        c.transport = HPX_TRANSPORT_RTT;
        c.builtin_passes = "pass=cpu_0:ARM_PMU_CPU_CYCLES,ARM_PMU_INST_RETIRED";
        c.iterations = 2;
        c.warmup = 1;
        c.rows = g_rows;
        c.max_layers = 256;
        c.plan_buffer = g_plan;
        c.plan_buffer_size = sizeof g_plan;
        QCOMPARE(hpx_init(&c), HPX_COUNTERS_PMU);
        core.probing = false;

        HpxTflmProfiler profiler;
        FakeInterpreter interpreter(*loaded.model, &profiler);
        if (positions)
            profiler.SetPositionSource(&FakeInterpreter::position, &interpreter);
        // Events outside an inference (TFLM's set-up) are not recorded.
        QCOMPARE(profiler.BeginEvent("CONV_2D"), HpxTflmProfiler::NoEvent);
        profiler.EndEvent(HpxTflmProfiler::NoEvent);

        hpx_session_begin();
        QVector<QPair<int, int>> order;
        while (hpx_session_next()) {
            profiler.BeginInference();
            order = interpreter.invoke();
            profiler.EndInference();
        }
        hpx_session_end();

        const auto cap = hpx::device::WireParser::parse(core.fromBoard);
        QVERIFY(cap.sawEnd);
        QCOMPARE(cap.passes.size(), 1);
        QCOMPARE(cap.passes.at(0).iterations.size(), 2);
        for (const auto &it : cap.passes.at(0).iterations) {
            QCOMPARE(it.rows.size(), order.size());
            for (int r = 0; r < order.size(); ++r)
                QCOMPARE(it.rows.at(r).op,
                    loaded.model->subgraphs.at(order.at(r).first).operators.at(order.at(r).second).op);
        }

        // With a position source, each iteration names every row's (subgraph, operator) after its rows.
        QCOMPARE(cap.layerPositions.iterations, positions ? 2 : 0);
        QVERIFY(!cap.layerPositions.differ);
        if (positions) {
            const auto named = hpx::model::parseLayerPositions(cap.layerPositions.value);
            QVERIFY2(named, qPrintable(cap.layerPositions.value));
            QCOMPARE(named->size(), order.size());
            for (int r = 0; r < order.size(); ++r)
                QCOMPARE(qMakePair(named->at(r).subgraph, named->at(r).operatorIndex), order.at(r));
            // A straight model's line is one range.
            if (model.contains(QLatin1String("kws")))
                QCOMPARE(cap.layerPositions.value, QStringLiteral("0.0-%1").arg(order.size() - 1));
        } else {
            QVERIFY(!core.fromBoard.contains("HPX_LAYER_POSITIONS"));
        }

        hpx::model::MergeOptions options;
        options.engine = hpx::model::Engine::Tflm;
        options.model = &*loaded.model;
        const auto merged = hpx::model::mergeCapture(cap, options);
        QVERIFY2(merged.ok(), qPrintable(merged.error));
        QVERIFY2(merged.result->unresolved.isEmpty(), qPrintable(merged.result->unresolved.value(0).reason));
        // An operator that ran several times in one inference (a WHILE body) is one layer, summed (§0.2), with as many
        // invocations as it ran.
        QHash<QPair<int, int>, int> runs;
        for (const auto &op : std::as_const(order))
            ++runs[op];
        QCOMPARE(merged.result->layers.size(), runs.size());
        for (const auto &layer : merged.result->layers)
            QCOMPARE(layer.invocations, runs.value({ layer.subgraph, layer.sourceIndex }));
        // Every cycle once: the self values add up to the top-level rows' cycles (the median of two iterations is
        // their mean, so the sums agree).
        double topLevel = 0;
        for (const auto &iteration : cap.passes.at(0).iterations) {
            for (int r = 0; r < order.size(); ++r)
                topLevel += order.at(r).first == 0 ? *iteration.rows.at(r).values.at(0) / 2 : 0.0;
        }
        QVERIFY2(qAbs(merged.result->selfTotalCycles() - topLevel) < 1e-6,
            qPrintable(QStringLiteral("%1 vs %2").arg(merged.result->selfTotalCycles()).arg(topLevel)));
    }
};

void TestFirmwareTflm::droppedEventsKeepBeginAndEndPaired_data()
{
    QTest::addColumn<int>("maxLayers");
    QTest::addColumn<int>("depth");
    QTest::addColumn<int>("body");
    QTest::addColumn<int>("recorded");
    // WHILE { ADD, ADD, ADD } with rows for 2: the WHILE and its first ADD.
    QTest::newRow("capacity") << 2 << 2 << 3 << 2;
    // Ten nested events: the outer 8 are recorded (HPX_MAX_DEPTH).
    QTest::newRow("depth") << 64 << 10 << 1 << 8;
}

void TestFirmwareTflm::droppedEventsKeepBeginAndEndPaired()
{
    // An event the agent does not record still ends its own begin: the enclosing WHILE's row holds its whole body
    // and the work after it, not only what ran before the first unrecorded event.
    QFETCH(int, maxLayers);
    QFETCH(int, depth);
    QFETCH(int, body);
    QFETCH(int, recorded);
    FakeCore &core = FakeCore::instance();
    core.reset(CoreKind::M55);
    const hpx_config_t c = pmuConfig(uint16_t(maxLayers));
    QCOMPARE(hpx_init(&c), HPX_COUNTERS_PMU);
    core.probing = false;
    HpxTflmProfiler profiler;
    hpx_session_begin();
    quint64 whileCycles = 0;
    while (hpx_session_next()) {
        profiler.BeginInference();
        quint64 next = 0;
        whileCycles = scriptedEvent(profiler, depth, body, &next);
        const uint32_t after = profiler.BeginEvent("SOFTMAX"); // an operator after the loop
        core.run(77);
        profiler.EndEvent(after);
        profiler.EndInference();
    }
    hpx_session_end();
    QVERIFY(core.fromBoard.contains("HPX_WARN=layers_exceed_capacity"));
    const auto cap = hpx::device::WireParser::parse(core.fromBoard);
    QCOMPARE(cap.passes.size(), 1);
    QCOMPARE(cap.passes.at(0).iterations.size(), 1);
    const auto &rows = cap.passes.at(0).iterations.at(0).rows;
    QCOMPARE(rows.size(), maxLayers > depth * body ? recorded + 1 : recorded);
    QCOMPARE(rows.at(0).op, QStringLiteral("WHILE"));
    QCOMPARE(*rows.at(0).values.at(0), double(whileCycles));
    if (rows.size() > recorded) {
        QCOMPARE(rows.last().op, QStringLiteral("SOFTMAX"));
        QCOMPARE(*rows.last().values.at(0), 77.0);
    }
}

void TestFirmwareTflm::strippedProfilerCallsAreAWarning()
{
    // TFLM built with TF_LITE_STRIP_ERROR_STRINGS compiles ScopedMicroProfiler out: Invoke() begins no event.
    FakeCore &core = FakeCore::instance();
    core.reset(CoreKind::M55);
    const hpx_config_t c = pmuConfig(16);
    hpx_init(&c);
    core.probing = false;
    HpxTflmProfiler profiler;
    hpx_session_begin();
    while (hpx_session_next()) {
        profiler.BeginInference();
        core.run(5000);
        profiler.EndInference();
    }
    hpx_session_end();
    QVERIFY(core.fromBoard.contains("HPX_WARN=no_layers_recorded pass=cpu_0\n"));
}

QTEST_GUILESS_MAIN(TestFirmwareTflm)
#include "tst_firmwaretflm.moc"
