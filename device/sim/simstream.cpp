#include "device/sim/simstream.h"

#include "device/sim/simevents.h"
#include "device/sim/simpower.h"
#include "model/board/counters.h"

#include <QCoreApplication>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>

#include <algorithm>
#include <cmath>

namespace hpx::device {

namespace {
constexpr quint64 Wrap32 = quint64(1) << 32;
using Fields = QVector<QPair<QByteArray, QByteArray>>;

QByteArray num(qint64 v)
{
    return QByteArray::number(v);
}

int builtinCode(const QString &op)
{
    static const QHash<QString, int> codes = {
        { QStringLiteral("ADD"), 0 },
        { QStringLiteral("AVERAGE_POOL_2D"), 1 },
        { QStringLiteral("CONCATENATION"), 2 },
        { QStringLiteral("CONV_2D"), 3 },
        { QStringLiteral("DEPTHWISE_CONV_2D"), 4 },
        { QStringLiteral("DEQUANTIZE"), 6 },
        { QStringLiteral("FULLY_CONNECTED"), 9 },
        { QStringLiteral("LOGISTIC"), 14 },
        { QStringLiteral("MAX_POOL_2D"), 17 },
        { QStringLiteral("MUL"), 18 },
        { QStringLiteral("RELU"), 19 },
        { QStringLiteral("RELU6"), 21 },
        { QStringLiteral("RESHAPE"), 22 },
        { QStringLiteral("SOFTMAX"), 25 },
        { QStringLiteral("TANH"), 28 },
        { QStringLiteral("PAD"), 34 },
        { QStringLiteral("MEAN"), 40 },
        { QStringLiteral("SUB"), 41 },
        { QStringLiteral("SQUEEZE"), 43 },
        { QStringLiteral("STRIDED_SLICE"), 45 },
        { QStringLiteral("LESS"), 58 },
        { QStringLiteral("QUANTIZE"), 114 },
        { QStringLiteral("WHILE"), 119 },
        { QStringLiteral("CALL_ONCE"), 129 },
        { QStringLiteral("VAR_HANDLE"), 142 },
        { QStringLiteral("READ_VARIABLE"), 143 },
        { QStringLiteral("ASSIGN_VARIABLE"), 144 },
    };
    return codes.value(op, -1);
}

int tensorTypeNumber(const QString &type)
{
    static const QStringList types = { QStringLiteral("FLOAT32"), QStringLiteral("FLOAT16"), QStringLiteral("INT32"),
        QStringLiteral("UINT8"), QStringLiteral("INT64"), QStringLiteral("STRING"), QStringLiteral("BOOL"),
        QStringLiteral("INT16"), QStringLiteral("COMPLEX64"), QStringLiteral("INT8"), QStringLiteral("FLOAT64"),
        QStringLiteral("COMPLEX128"), QStringLiteral("UINT64") };
    return int(types.indexOf(type));
}

bool unusualType(const QString &type)
{
    return type == QLatin1String("INT64") || type == QLatin1String("FLOAT64") || type == QLatin1String("STRING")
        || type == QLatin1String("COMPLEX64") || type == QLatin1String("COMPLEX128") || type == QLatin1String("UINT64");
}

qint64 tensorBytes(const hpx::model::SubgraphInfo &sg, const QVector<int> &list)
{
    if (list.isEmpty() || list.first() < 0 || list.first() >= sg.tensors.size())
        return 0;
    return sg.tensors.at(list.first()).bytes;
}

struct MemoryFigures {
    qint64 modelSize = 0, allocated = 0, arena = 0;
};

MemoryFigures memoryFigures(const hpx::model::ModelInfo &model)
{
    MemoryFigures m;
    qint64 params = 0, activations = 0;
    int tensors = 0;
    for (const auto &sg : model.subgraphs)
        for (const auto &t : sg.tensors) {
            (t.isConstant ? params : activations) += t.bytes;
            ++tensors;
        }
    m.modelSize = model.sizeBytes > 0 ? model.sizeBytes : params + 1024;
    // The TFLM planner shares buffers between tensors whose lifetimes do not overlap: about 60 % of the sum.
    m.allocated = ((activations * 6 / 10 + 15) / 16) * 16 + 64LL * tensors + 1024;
    m.arena = ((m.allocated * 5 / 4 + 4095) / 4096) * 4096;
    return m;
}
} // namespace

SimStreamRenderer::SimStreamRenderer(const SimulatorConfig &config)
    : m_config(config)
    , m_exec(simExecution(config))
    , m_cost(config)
    , m_writer(config.seed, config.faults.corruptRate, config.faults.dropLineRate)
{
    m_base.reserve(m_exec.layers.size());
    for (const SimLayer &layer : m_exec.layers)
        m_base.append(m_cost.base(layer));
    m_children.resize(m_exec.layers.size());
    for (int i = 0; i < m_exec.layers.size(); ++i) {
        const int parent = m_exec.layers.at(i).parent;
        if (parent >= 0 && parent < m_children.size())
            m_children[parent].append(i);
    }
}

quint64 SimStreamRenderer::inclusiveSample(int eventIndex, int pass, int iteration, int position) const
{
    // What the firmware prints for an event that encloses others: its own work plus everything it called.
    quint64 value = m_cost.sample(m_base.at(position), eventIndex, pass, iteration, position);
    for (int child : m_children.at(position))
        value += inclusiveSample(eventIndex, pass, iteration, child);
    return value;
}

SimPlan SimStreamRenderer::builtInPlan() const
{
    SimPlan plan;
    plan.passes = m_config.passes.isEmpty() ? defaultSimPasses(m_config.soc) : m_config.passes;
    plan.iterations = m_config.iterations;
    plan.warmup = m_config.warmup;
    return plan;
}

QStringList SimStreamRenderer::counterLabels(const WirePass &pass) const
{
    if (m_config.soc.pmuTier == model::PmuTier::Dwt)
        return { model::cyclesCounterName() };
    QStringList labels;
    for (const QString &name : pass.events) {
        const model::CounterInfo *event = findSimEvent(name);
        if (!event)
            labels.append(name);
        else if (name.startsWith(QLatin1String("0x"), Qt::CaseInsensitive))
            labels.append(
                QString::asprintf("0x%04x", unsigned(event->number))); // no name given: firmware prints the number
        else
            labels.append(event->name);
    }
    return labels;
}

QVector<int> SimStreamRenderer::eventIndices(const WirePass &pass) const
{
    if (m_config.soc.pmuTier == model::PmuTier::Dwt)
        return { CostModel::eventIndex(CpuCyclesEvent) };
    QVector<int> indices;
    for (const QString &name : pass.events) {
        const model::CounterInfo *event = findSimEvent(name);
        indices.append(event ? CostModel::eventIndex(event->number) : -1);
    }
    return indices;
}

GroundTruthRow SimStreamRenderer::row(const SimPlan &plan, int pass, int iteration, int position) const
{
    GroundTruthRow r;
    r.layer = position;
    r.op = m_exec.layers.at(position).tag;
    const QVector<int> indices = eventIndices(plan.passes.at(pass));
    for (int c = 0; c < indices.size(); ++c) {
        const quint64 value = indices.at(c) < 0 ? 0 : inclusiveSample(indices.at(c), pass, iteration, position);
        r.trueValues.append(value);
        r.values.append(quint32(value % Wrap32));
        if (value >= Wrap32 && m_config.soc.pmuTier != model::PmuTier::Dwt)
            r.overflow = true;
    }
    if (m_config.wrap && iteration > 0 && !indices.isEmpty() && !m_exec.layers.isEmpty()) {
        // A reading taken across a counter reset: a small negative delta seen as a huge unsigned value.
        const quint64 h = CostModel::hash(m_config.seed, 0xA5, quint64(pass), quint64(iteration));
        if (int(h % quint64(m_exec.layers.size())) == position) {
            const int column = int((h >> 20) % quint64(indices.size()));
            r.values[column] = quint32(Wrap32 - 1 - (h >> 40) % 5000);
        }
    }
    return r;
}

QVector<SimStep> SimStreamRenderer::preamble()
{
    StreamWriter &w = m_writer;
    w.setSessionActive(false);
    w.setLocation(-1, -1, -1);
    const double ts = m_config.timeScale;
    switch (m_config.firmwareTransport) {
    case model::FirmwareTransport::Uart:
        for (int i = 0; i < 40; ++i) {
            w.line("HPX_READY");
            w.delay(20 * ts);
        }
        break;
    case model::FirmwareTransport::UsbCdc:
        w.step(SimStep::Kind::WaitDtr);
        w.delay(200 * ts);
        break;
    case model::FirmwareTransport::Rtt:
    case model::FirmwareTransport::Swo: // SWO firmware starts like RTT firmware (docs/compatibility.md §2.3)
        w.line("HPX_READY");
        break;
    }
    if (errorIs("psram_init_failed") || errorIs("psram_info_failed")) {
        w.logFault(QStringLiteral("error"), m_config.faults.error);
        w.line("HPX_ERROR=" + m_config.faults.error.toLatin1());
        w.step(SimStep::Kind::Halt);
        return w.takeSteps();
    }
    if (m_config.hostPlanSupport) {
        w.line("HPX_PLAN_SUPPORTED=1");
        w.step(SimStep::Kind::WaitPlan);
    }
    return w.takeSteps();
}

QVector<SimStep> SimStreamRenderer::session(const SimPlan &plan)
{
    renderSession(m_writer, plan, true, nullptr);
    return m_writer.takeSteps();
}

GroundTruth SimStreamRenderer::groundTruth(const SimPlan &plan) const
{
    GroundTruth truth;
    truth.engine = model::engineName(m_config.engine);
    truth.soc = m_config.soc.name;
    truth.transport = model::firmwareTransportName(m_config.firmwareTransport);
    truth.modelFile = m_config.model.fileName;
    truth.modelSha256 = m_config.model.sha256;
    truth.seed = m_config.seed;
    truth.iterations = plan.iterations;
    truth.warmup = plan.warmup;
    truth.planSource = plan.fromHost ? QStringLiteral("host") : QStringLiteral("built-in");
    for (int i = 0; i < m_exec.layers.size(); ++i) {
        const SimLayer &l = m_exec.layers.at(i);
        GroundTruthLayer g { i, l.tag, l.instruction, {}, l.parent };
        for (const SimOpRef &m : l.members)
            g.members.append({ m.subgraph, m.op });
        truth.layers.append(g);
    }
    // A fault-free render into a scratch writer gives the metadata and rows exactly as printed.
    StreamWriter scratch(m_config.seed, 0, 0);
    const_cast<SimStreamRenderer *>(this)->renderSession(scratch, plan, false, &truth);
    return truth;
}

QVector<SimFaultEvent> SimStreamRenderer::takeFaults()
{
    return m_writer.takeFaults();
}

void SimStreamRenderer::inference(StreamWriter &w, int labelPass, int labelIter, double *elapsedUs)
{
    const double clock = double(m_config.clockHz);
    const int everyN = m_config.heartbeatEveryNOps;
    const double everyCycles = m_config.heartbeatEveryMs > 0 ? m_config.heartbeatEveryMs * clock / 1000.0 : 0.0;
    double sinceBeat = 0, pending = 0, total = 0;
    for (int i = 0; i < m_base.size(); ++i) {
        const double c = m_cost.cycles(m_base.at(i)) + 180; // + the profiler hook around each operator
        sinceBeat += c;
        pending += c;
        total += c;
        const int recorded = i + 1;
        if (everyN > 0 && (recorded % everyN == 0 || (everyCycles > 0 && sinceBeat >= everyCycles))) {
            w.delay(pending / clock * 1000.0 * m_config.timeScale);
            pending = 0;
            sinceBeat = 0;
            w.line(v1::heartbeat(
                "infer", { { "pass", num(labelPass) }, { "iter", num(labelIter) }, { "layer", num(recorded) } }));
        }
    }
    w.delay(pending / clock * 1000.0 * m_config.timeScale);
    if (elapsedUs)
        *elapsedUs += total / clock * 1e6;
}

// What every phase of one session shares: where it writes, the plan, what the engine prints and the error to inject.
struct SimStreamRenderer::Session {
    StreamWriter &w;
    const SimPlan &plan;
    bool faults;
    GroundTruth *truth;
    model::Engine engine;
    bool tflmLike; // TFLM and heliaRT print the same set-up lines
    bool aot;
    bool et;
    bool hb;
    const model::SubgraphInfo &sg0;
    MemoryFigures mem;
    double clock;
    QString error;
    qint64 cleanAvgUs; // HPX_CLEAN_INFER_AVG_US as printed, 0 before the clean window

    void meta(const QByteArray &key, const QByteArray &value)
    {
        w.line(v1::meta(key.constData(), value));
        // HPX_HEARTBEAT_* keys classify as heartbeats (§1.2 rule 3), never as metadata.
        if (truth && !key.startsWith("HEARTBEAT"))
            truth->metadata.append({ QString::fromLatin1("HPX_" + key), QString::fromLatin1(value) });
    }
    void fail(const QByteArray &payload)
    {
        w.logFault(QStringLiteral("error"), QString::fromLatin1(payload));
        w.line("HPX_ERROR=" + payload);
        w.step(SimStep::Kind::Halt);
    }
    void beat(const char *phase, const Fields &fields = {})
    {
        if (hb)
            w.line(v1::heartbeat(phase, fields));
    }
};

void SimStreamRenderer::renderSession(StreamWriter &w, const SimPlan &plan, bool faults, GroundTruth *truth)
{
    const SimulatorConfig &cfg = m_config;
    const model::Engine engine = cfg.engine;
    Session s { w, plan, faults, truth, engine, engine == model::Engine::Tflm || engine == model::Engine::HeliaRt,
        engine == model::Engine::HeliaAot, engine == model::Engine::Executorch, cfg.heartbeatEveryNOps > 0,
        cfg.model.subgraphs.first(), memoryFigures(cfg.model), double(cfg.clockHz),
        faults ? cfg.faults.error : QString(), 0 };

    renderSessionHeader(s);
    if (!renderEngineSetup(s))
        return;
    renderCleanWindow(s);
    double profiledUs = 0;
    if (!renderPasses(s, &profiledUs))
        return;
    renderSessionEnd(s, profiledUs);
}

// 2. Session header.
void SimStreamRenderer::renderSessionHeader(Session &s)
{
    const SimulatorConfig &cfg = m_config;
    StreamWriter &w = s.w;
    w.setLocation(-1, -1, -1);
    w.blank();
    w.line(v1::start());
    w.setSessionActive(true);
    QStringList presetNames;
    for (const WirePass &p : s.plan.passes)
        presetNames.append(p.name);
    if (s.truth)
        s.truth->presets = presetNames;
    s.meta("VERSION", "1");
    s.meta("ENGINE", model::engineWireName(s.engine).toLatin1());
    s.meta("EXTREME_MODE", "0");
    if (!s.aot) {
        s.meta("MODEL_SIZE", num(s.mem.modelSize));
        s.meta("ARENA_SIZE", num(s.mem.arena));
    }
    if (s.et) {
        s.meta("INPUT_SIZE", num(tensorBytes(s.sg0, s.sg0.inputs)));
        s.meta("OUTPUT_SIZE", num(tensorBytes(s.sg0, s.sg0.outputs)));
    }
    s.meta("ITERATIONS", num(s.plan.iterations));
    s.meta("WARMUP", num(s.plan.warmup));
    s.meta("NUM_PRESETS", num(s.plan.passes.size()));
    s.meta("PRESETS", presetNames.join(QLatin1Char(',')).toLatin1());
    // The agent's gate GPIO frames its power windows (docs/power.md); its pin number is the simulated board's own.
    s.meta("POWER_SYNC", m_config.powerInferences > 0 ? "gpio" : "none");
    if (m_config.powerInferences > 0)
        s.meta("SYNC_GPIO", "0");
    s.meta("HEARTBEAT_ENABLED", s.hb ? "1" : "0");
    if (s.hb) {
        s.meta("HEARTBEAT_EVERY_N_OPS", num(cfg.heartbeatEveryNOps));
        s.meta("HEARTBEAT_EVERY_MS", num(cfg.heartbeatEveryMs));
    }
    s.tflmLike ? s.beat("init", { { "t", "0" } }) : s.beat("init");
}

// 3. Engine set-up, where most of the firmware's errors strike. False when an injected error ended the session.
bool SimStreamRenderer::renderEngineSetup(Session &s)
{
    const SimulatorConfig &cfg = m_config;
    const model::SubgraphInfo &sg0 = s.sg0;
    const QString &error = s.error;
    if (s.tflmLike) {
        if (error == QLatin1String("schema_mismatch")) {
            s.fail("schema_mismatch:"
                + num(cfg.model.schemaVersion && cfg.model.schemaVersion != 3 ? cfg.model.schemaVersion : 4) + "_vs_3");
            return false;
        }
        if (error == QLatin1String("unsupported_op")) {
            const auto &op = sg0.operators.last();
            if (op.op == QLatin1String("CUSTOM")) {
                s.fail("unsupported_op kind=custom name=" + op.customCode.toLatin1() + " index=" + num(op.index));
                return false;
            }
            const int code = builtinCode(op.op);
            s.fail("unsupported_op kind=builtin builtin=" + num(code >= 0 ? code : op.opcodeIndex)
                + " name=" + op.op.toLatin1() + " index=" + num(op.index));
            return false;
        }
        if (error == QLatin1String("missing_ops")) {
            s.fail("missing_ops count=1 hint=rebuild_with_op_registration");
            return false;
        }
        for (const auto &t : sg0.tensors)
            if (unusualType(t.type))
                s.w.line("HPX_WARN=unusual_dtype tensor=" + num(t.index) + " dtype=" + num(tensorTypeNumber(t.type))
                    + " name=" + t.name.toLatin1());
        s.beat("allocate");
        if (error == QLatin1String("alloc_tensors_failed")) {
            s.fail("alloc_tensors_failed arena=" + num(s.mem.arena)
                + " status=1 hint=arena_too_small_or_kernel_prepare_failed");
            return false;
        }
        s.beat("allocated", { { "arena_used", num(s.mem.allocated) } });
        s.meta("INPUT_SIZE", num(tensorBytes(sg0, sg0.inputs)));
        s.meta("OUTPUT_SIZE", num(tensorBytes(sg0, sg0.outputs)));
        s.meta("ALLOCATED_ARENA", num(s.mem.allocated));
        s.meta("NUM_TENSORS", num(sg0.tensors.size()));
        s.meta("NUM_INPUTS", num(sg0.inputs.size()));
        s.meta("NUM_OUTPUTS", num(sg0.outputs.size()));
    } else if (s.aot) {
        if (error == QLatin1String("bind_arena_failed")) {
            s.fail("bind_arena_failed:-1:region=0");
            return false;
        }
        s.meta("ARENAS_BOUND", "1");
        if (error == QLatin1String("const_blob_psram_write_failed")) {
            s.fail("const_blob_psram_write_failed:-1:region=1");
            return false;
        }
        if (error == QLatin1String("model_init_failed")) {
            s.fail("model_init_failed:3");
            return false;
        }
        s.beat("model_init_done");
        s.meta("NUM_INPUTS", num(sg0.inputs.size()));
        s.meta("NUM_OUTPUTS", num(sg0.outputs.size()));
    } else if (error == QLatin1String("executorch")) {
        s.fail("executorch stage=load_method error=33 planned=" + num(s.mem.arena));
        return false;
    }
    s.meta("SYSTEM_CLOCK_HZ", num(cfg.clockHz));
    if (s.aot) {
        for (int i = 0; i < sg0.inputs.size(); ++i)
            s.meta("INPUT_" + num(i) + "_SIZE", num(tensorBytes(sg0, { sg0.inputs.at(i) })));
        for (int i = 0; i < sg0.outputs.size(); ++i)
            s.meta("OUTPUT_" + num(i) + "_SIZE", num(tensorBytes(sg0, { sg0.outputs.at(i) })));
    }
    return true;
}

// 4. Clean window: uninstrumented inferences timed as a block.
void SimStreamRenderer::renderCleanWindow(Session &s)
{
    const SimulatorConfig &cfg = m_config;
    const double clock = s.clock;
    double perInference = 200; // Invoke() overhead
    for (const auto &b : m_base)
        perInference += m_cost.cycles(b) * 0.96;
    const double avgUs = perInference / clock * 1e6;
    const qint64 iters = std::clamp<qint64>(qint64(std::llround(1000.0 / std::max(avgUs / 1000.0, 1e-6))), 10, 500000);
    const qint64 estMs = qint64(std::llround(double(iters) * avgUs / 1000.0));
    s.beat("clean_window_begin", { { "iters", num(iters) }, { "est_ms", num(estMs) } });
    s.w.delay(double(estMs) * cfg.timeScale);
    const qint64 totalUs = qint64(std::llround(double(iters) * avgUs));
    s.cleanAvgUs = qint64(std::llround(avgUs));
    const QByteArray glitch
        = cfg.firmwareTransport == model::FirmwareTransport::Uart && cfg.uartGlitch ? QByteArray("\xE0") : QByteArray();
    s.w.line(glitch + v1::meta("CLEAN_INFER_COUNT", iters));
    if (s.truth)
        s.truth->metadata.append({ QStringLiteral("HPX_CLEAN_INFER_COUNT"), QString::number(iters) });
    if (cfg.soc.cleanWindowTimer == QLatin1String("stimer")) {
        // STIMER builds back-compute cycles from microseconds.
        s.meta("CLEAN_INFER_TOTAL_CYCLES", num(qint64(std::llround(double(totalUs) * clock / 1e6))));
        s.meta("CLEAN_INFER_AVG_CYCLES", num(qint64(std::llround(perInference))));
        s.meta("CLEAN_INFER_AVG_US", num(qint64(std::llround(avgUs))));
    } else {
        s.meta("CLEAN_INFER_TOTAL_CYCLES", num(cfg.debuggerAttached ? qint64(std::llround(perInference * iters)) : 0));
        s.meta("CLEAN_INFER_AVG_CYCLES", num(cfg.debuggerAttached ? qint64(std::llround(perInference)) : 0));
        s.meta("CLEAN_INFER_AVG_US", num(qint64(std::llround(avgUs))));
        s.meta("CLEAN_STALLED_ITERS", "0");
        s.meta("CLEAN_PARTIAL_ITERS", "0");
        s.meta("CLEAN_REF_CYCLES", num(cfg.debuggerAttached ? cfg.clockHz / 1000 : 0));
        s.meta("CLEAN_DWT_RATE_CYC", num(cfg.debuggerAttached ? cfg.clockHz / 1000 : 0));
        s.meta("CLEAN_DWT_RATE_US", "1000");
        s.meta("CLEAN_ATTACH_WAIT_US", "0");
    }
}

// Positional faults strike before row `position` of `iteration` of `pass`; true when the session ends there.
bool SimStreamRenderer::injectPositionalFault(Session &s, int pass, int iteration, int position)
{
    if (!s.faults)
        return false;
    const int nPasses = s.plan.passes.size();
    const int nLayers = m_exec.layers.size();
    auto resolve = [&](const SimFaultLocation &loc, int *p, int *i, int *l) {
        *p = loc.pass < 0 ? nPasses / 2 : std::min(loc.pass, nPasses - 1);
        *i = std::clamp(loc.iteration, 0, s.plan.iterations - 1);
        *l = loc.layer < 0 ? nLayers / 2 : std::min(loc.layer, nLayers);
    };
    int p, i, l;
    const SimFaults &f = m_config.faults;
    resolve(f.stallAt, &p, &i, &l);
    if (f.stallSeconds > 0 && !m_stallFired && p == pass && i == iteration && l == position) {
        m_stallFired = true;
        s.w.logFault(QStringLiteral("stall"), QString::number(f.stallSeconds) + QStringLiteral(" s"));
        s.w.delay(f.stallSeconds * 1000.0, SimStep::Kind::Stall);
    }
    resolve(f.disconnectAt, &p, &i, &l);
    if (f.disconnect && !m_disconnectFired && p == pass && i == iteration && l == position) {
        m_disconnectFired = true;
        s.w.logFault(QStringLiteral("disconnect"), {});
        s.w.step(SimStep::Kind::Disconnect);
        return true;
    }
    resolve(f.resetAt, &p, &i, &l);
    if (f.resetMidPass && !m_resetFired && p == pass && i == iteration && l == position) {
        m_resetFired = true;
        s.w.logFault(QStringLiteral("reset"), {});
        s.w.step(SimStep::Kind::Reset);
        return true;
    }
    return false;
}

// 5. Passes: warm-up, then each iteration's inference, header and rows. False when a fault or error ended the
// session; `profiledUs` adds up the modelled time of the profiled inferences.
bool SimStreamRenderer::renderPasses(Session &s, double *profiledUs)
{
    const SimulatorConfig &cfg = m_config;
    StreamWriter &w = s.w;
    const SimPlan &plan = s.plan;
    const int nPasses = plan.passes.size();
    const int nLayers = m_exec.layers.size();
    int labelPass = 0, labelIter = 0;
    for (int p = 0; p < nPasses; ++p) {
        const WirePass &pass = plan.passes.at(p);
        const QStringList labels = counterLabels(pass);
        GroundTruthPass truthPass { pass.name, labels, {} };
        w.setLocation(p, -1, -1);
        w.blank();
        w.line(v1::preset(pass.name));
        if (s.et) {
            if (s.error == QLatin1String("pmu_init_or_selftest_failed")) {
                s.fail("pmu_init_or_selftest_failed pass=" + pass.name.toLatin1());
                return false;
            }
            s.meta("PMU_INIT_STATUS", "0");
            s.meta("PMU_SELFTEST_CPU_CYCLES", num(qint64(1000 + CostModel::hash(cfg.seed, 0x5E, quint64(p)) % 24)));
        }
        for (int k = 0; k < plan.warmup; ++k)
            inference(w, labelPass, labelIter, nullptr); // stale labels: real firmware behaviour
        s.beat("warmup_done", { { "pass", num(p) } });
        for (int it = 0; it < plan.iterations; ++it) {
            labelPass = p;
            labelIter = it;
            w.setLocation(p, it, -1);
            inference(w, p, it, profiledUs);
            w.blank();
            w.line(v1::iter(it));
            if (s.et
                && ((p == 0 && it == 0 && s.error == QLatin1String("operator_count_exceeds_capacity"))
                    || m_exec.exceedsCapacity)) {
                s.fail("operator_count_exceeds_capacity capacity=" + num(cfg.soc.pmuMaxOps));
                return false;
            }
            QVector<QByteArray> headerParts { "\"Layer\",\"Op\"" };
            for (const QString &label : labels)
                headerParts.append(",\"" + label.toLatin1() + '"');
            headerParts.append(",\"overflow\"");
            w.writes(headerParts); // the firmware prints the header column by column
            GroundTruthIteration truthIter { it, {} };
            for (int l = 0; l < nLayers; ++l) {
                if (injectPositionalFault(s, p, it, l))
                    return false;
                const GroundTruthRow r = row(plan, p, it, l);
                w.setLocation(p, it, l);
                w.line(v1::row(r.layer, r.op, r.values, r.overflow));
                if (s.truth)
                    truthIter.rows.append(r);
            }
            if (injectPositionalFault(s, p, it, nLayers))
                return false;
            truthPass.iterations.append(truthIter);
        }
        if (s.truth)
            s.truth->passes.append(truthPass);
    }
    return true;
}

// 6. Summary and end.
void SimStreamRenderer::renderSessionEnd(Session &s, double profiledUs)
{
    StreamWriter &w = s.w;
    w.setLocation(-1, -1, -1);
    if (!s.et) {
        const qint64 count = qint64(s.plan.passes.size()) * s.plan.iterations;
        const qint64 total = qint64(std::llround(profiledUs));
        s.meta("PROFILED_INFER_COUNT", num(count));
        s.meta("PROFILED_INFER_TOTAL_US", num(total));
        s.meta("PROFILED_INFER_AVG_US", num(count ? qint64(std::llround(double(total) / double(count))) : 0));
    }
    if (m_config.powerInferences > 0 && s.cleanAvgUs > 0) {
        // The agent's power and marker windows ran after the passes (docs/power.md): their terminal record.
        const qint64 n = m_config.powerInferences;
        for (const QByteArray &line : SimPower::terminalRecord(n, n * s.cleanAvgUs))
            w.line(line);
    }
    if (m_config.firmwareTransport == model::FirmwareTransport::Rtt)
        s.beat("flushing");
    w.blank();
    w.line(v1::end());
    w.setSessionActive(false);
    w.step(SimStep::Kind::End);
}

QByteArray renderSimulatedStream(const SimulatorConfig &config, const std::optional<SimPlan> &hostPlan)
{
    SimStreamRenderer renderer(config);
    QByteArray out;
    std::optional<SimPlan> plan = hostPlan;
    for (int power = 0; power < 2; ++power) {
        QVector<SimStep> steps = renderer.preamble();
        bool waitingPlan = false;
        for (const SimStep &s : steps) {
            if (s.kind == SimStep::Kind::Bytes)
                out += s.bytes;
            if (s.kind == SimStep::Kind::Halt)
                return out;
            waitingPlan = waitingPlan || s.kind == SimStep::Kind::WaitPlan;
        }
        SimPlan active = renderer.builtInPlan();
        if (waitingPlan && plan) {
            if (const auto reply = answerPlanCommand(simPlanCommand(*plan), config)) {
                out += reply->reply + '\n';
                if (reply->plan)
                    active = *reply->plan;
            }
        }
        bool restart = false;
        for (const SimStep &s : renderer.session(active)) {
            if (s.kind == SimStep::Kind::Bytes)
                out += s.bytes;
            else if (s.kind == SimStep::Kind::Reset)
                restart = true;
        }
        if (!restart)
            break;
    }
    return out;
}

QByteArray SimStreamRenderer::aotManifestJson() const
{
    QJsonArray ops;
    const auto &sg0 = m_config.model.subgraphs.value(0);
    auto tensor = [&](int index) {
        QJsonObject o;
        if (index < 0 || index >= sg0.tensors.size())
            return o;
        const auto &t = sg0.tensors.at(index);
        QJsonArray shape;
        for (qint64 d : t.shape)
            shape.append(d);
        o[QStringLiteral("id")] = t.index;
        o[QStringLiteral("name")] = t.name;
        o[QStringLiteral("dtype")] = t.type.toLower();
        o[QStringLiteral("shape")] = shape;
        o[QStringLiteral("ndim")] = int(t.shape.size());
        o[QStringLiteral("nbytes")] = t.bytes;
        o[QStringLiteral("kind")] = t.isConstant ? QStringLiteral("constant") : QStringLiteral("activation");
        o[QStringLiteral("memory")] = t.isConstant ? QStringLiteral("mram") : QStringLiteral("sram");
        o[QStringLiteral("is_constant")] = t.isConstant;
        if (t.isConstant)
            o[QStringLiteral("buffer_index")] = t.buffer;
        return o;
    };
    for (int idx = 0; idx < m_exec.layers.size(); ++idx) {
        const SimOpRef ref = m_exec.layers.at(idx).members.first();
        const auto &op = sg0.operators.at(ref.op);
        QJsonArray inputs, outputs;
        for (int t : op.inputs)
            if (t >= 0)
                inputs.append(tensor(t));
        for (int t : op.outputs)
            outputs.append(tensor(t));
        const int id = op.index >= 0 ? op.index : ref.op;
        ops.append(QJsonObject { { QStringLiteral("idx"), idx }, { QStringLiteral("id"), id },
            { QStringLiteral("op_type"), op.op.toUpper() },
            { QStringLiteral("name"), QString(op.op.toLower() + QLatin1Char('_') + QString::number(id)) },
            { QStringLiteral("inputs"), inputs }, { QStringLiteral("outputs"), outputs } });
    }
    return QJsonDocument(ops).toJson(QJsonDocument::Indented);
}

bool SimStreamRenderer::writeAotManifest(const QString &path, QString *error) const
{
    QSaveFile file(path);
    if (file.open(QIODevice::WriteOnly)) {
        file.write(aotManifestJson());
        if (file.commit())
            return true;
    }
    if (error)
        *error = tr("Cannot write %1: %2").arg(path, file.errorString());
    return false;
}

} // namespace hpx::device
