#include "device/sim/costmodel.h"

#include "device/sim/simevents.h"

#include <QHash>
#include <QSet>

#include <algorithm>
#include <cmath>

namespace hpx::device {

namespace {

enum class OpClass { Mac, Elementwise, Transcendental, Reduce, View, Control };

OpClass classify(const hpx::model::OperatorInfo &op)
{
    static const QSet<QString> mac = { QStringLiteral("CONV_2D"), QStringLiteral("DEPTHWISE_CONV_2D"),
        QStringLiteral("FULLY_CONNECTED"), QStringLiteral("TRANSPOSE_CONV"), QStringLiteral("BATCH_MATMUL") };
    static const QSet<QString> transcendental = { QStringLiteral("LOGISTIC"), QStringLiteral("TANH"),
        QStringLiteral("SOFTMAX"), QStringLiteral("LOG_SOFTMAX"), QStringLiteral("EXP"), QStringLiteral("LOG"),
        QStringLiteral("RSQRT"), QStringLiteral("SQRT"), QStringLiteral("GELU"), QStringLiteral("HARD_SWISH") };
    static const QSet<QString> reduce = { QStringLiteral("AVERAGE_POOL_2D"), QStringLiteral("MAX_POOL_2D"),
        QStringLiteral("MEAN"), QStringLiteral("SUM"), QStringLiteral("REDUCE_MAX"), QStringLiteral("REDUCE_MIN"),
        QStringLiteral("REDUCE_PROD"), QStringLiteral("L2_POOL_2D") };
    static const QSet<QString> view
        = { QStringLiteral("RESHAPE"), QStringLiteral("SQUEEZE"), QStringLiteral("EXPAND_DIMS"),
              QStringLiteral("VAR_HANDLE"), QStringLiteral("READ_VARIABLE"), QStringLiteral("ASSIGN_VARIABLE") };
    static const QSet<QString> control = { QStringLiteral("WHILE"), QStringLiteral("IF"), QStringLiteral("CALL_ONCE") };
    if (mac.contains(op.op))
        return OpClass::Mac;
    if (transcendental.contains(op.op))
        return OpClass::Transcendental;
    if (reduce.contains(op.op))
        return OpClass::Reduce;
    if (view.contains(op.op))
        return OpClass::View;
    if (control.contains(op.op))
        return OpClass::Control;
    return OpClass::Elementwise;
}

int elementSize(const QString &type)
{
    if (type == QLatin1String("FLOAT32") || type == QLatin1String("INT32") || type == QLatin1String("UINT32"))
        return 4;
    if (type == QLatin1String("INT16") || type == QLatin1String("FLOAT16") || type == QLatin1String("UINT16"))
        return 2;
    if (type == QLatin1String("INT64") || type == QLatin1String("FLOAT64") || type == QLatin1String("UINT64"))
        return 8;
    return 1;
}

struct EngineFactors {
    double overheadInst; // kernel dispatch + profiler hook, instructions
    double compute; // multiplier on kernel instructions
};

EngineFactors engineFactors(model::Engine engine)
{
    switch (engine) {
    case model::Engine::Tflm:
        return { 420, 1.0 };
    case model::Engine::HeliaRt:
        return { 300, 0.82 };
    case model::Engine::HeliaAot:
        return { 120, 0.74 };
    case model::Engine::Executorch:
        return { 520, 0.95 };
    }
    return { 420, 1.0 };
}

// Fills every event of one operator from a handful of work quantities. Relations kept (per row, noise-free):
// CPU_CYCLES >= INST_RETIRED >= LD+ST; STALL = STALL_FRONTEND + STALL_BACKEND < CPU_CYCLES; MEM_ACCESS >=
// L1D_CACHE >= L1D_CACHE_RD >= L1D_CACHE_MISS_RD; MVE_INST_RETIRED <= INST_RETIRED; MVE_LDST = MVE_LD + MVE_ST ...
QHash<quint16, double> eventsFor(double scalarInst, double mveMac, double mveLd, double mveSt, double mveOther,
    bool isFloat, double paramBytes, double actBytes, bool hasMve, double codeLines)
{
    QHash<quint16, double> v;
    const double mveLdst = mveLd + mveSt;
    const double mveInst = hasMve ? mveMac + mveLdst + mveOther : 0.0;
    if (!hasMve) {
        mveMac = mveLd = mveSt = mveOther = 0;
    }
    const double inst = scalarInst + mveInst;
    const double ld = scalarInst * 0.21;
    const double st = scalarInst * 0.09;
    const double memAccess = ld + st + (hasMve ? mveLdst : 0.0);
    const double l1dAccess = memAccess * 0.55; // the rest hits DTCM (arena) and bypasses the D-cache
    const double l1dRead = l1dAccess * 0.85;
    const double l1dRefill = paramBytes / 32.0 * (paramBytes > 32768 ? 1.5 : 1.0) + actBytes / 32.0 * 0.05 + 2;
    const double l1dMissRd = std::min(l1dRefill * 0.92, l1dRead);
    const double l1iRefill = 1 + codeLines * 0.1; // kernels stay warm in the 32 KB I-cache between invocations
    const double branches = scalarInst * 0.11 + 4;
    const double loopEnds = (hasMve ? mveInst / 4.0 : 0.0) + scalarInst * 0.02;
    const double brMis = branches * 0.03;
    const double mveStall = mveInst * 0.35;
    const double stallBack = l1dRefill * 14 + mveStall * 0.6 + ld * 0.1;
    const double stallFront = l1iRefill * 18 + brMis * 3 + inst * 0.01;
    const double cycles = inst + mveInst + stallBack + stallFront; // MVE is dual-beat: 2 cycles per vector op

    v[0x0000] = 0; // SW_INCR
    v[0x0001] = l1iRefill; // L1I_CACHE_REFILL
    v[0x0006] = ld; // LD_RETIRED
    v[0x0007] = st; // ST_RETIRED
    v[0x0008] = inst; // INST_RETIRED
    v[0x0009] = 0; // EXC_TAKEN: timers are paused during measured inferences
    v[0x000A] = 0; // EXC_RETURN
    v[0x000C] = branches * 0.8 + 6; // PC_WRITE_RETIRED
    v[0x000D] = branches * 0.6; // BR_IMMED_RETIRED
    v[0x000E] = 6 + codeLines * 0.5; // BR_RETURN_RETIRED
    v[0x000F] = ld * 0.03; // UNALIGNED_LDST_RETIRED
    v[0x0011] = cycles; // CPU_CYCLES
    v[0x0021] = branches; // BR_RETIRED
    v[0x0022] = brMis; // BR_MIS_PRED_RETIRED
    v[0x0023] = stallFront; // STALL_FRONTEND
    v[0x0024] = stallBack; // STALL_BACKEND
    v[0x003C] = stallFront + stallBack; // STALL
    v[0x0100] = loopEnds; // LE_RETIRED
    v[0x0108] = loopEnds * 0.02; // LE_CANCEL
    v[0x0114] = 0; // SE_CALL_S: no TrustZone calls in a profiled kernel
    v[0x0115] = 0; // SE_CALL_NS
    v[0x0003] = l1dRefill; // L1D_CACHE_REFILL
    v[0x0004] = l1dAccess; // L1D_CACHE
    v[0x0013] = memAccess; // MEM_ACCESS
    v[0x0014] = inst * 0.55; // L1I_CACHE
    v[0x0015] = (st + mveSt) * 0.01; // L1D_CACHE_WB
    v[0x0019] = (l1dRefill + l1iRefill) * 4 + st * 0.05; // BUS_ACCESS: 4 beats per 32-byte line + write-through
    v[0x001A] = 0; // MEMORY_ERROR
    v[0x001D] = cycles; // BUS_CYCLES: bus and core share the clock
    v[0x001F] = (st + mveSt) * 0.005; // L1D_CACHE_ALLOCATE
    v[0x0036] = l1dMissRd + l1iRefill; // LL_CACHE_RD: misses go to the MRAM read cache
    v[0x0037] = (l1dMissRd + l1iRefill) * 0.25; // LL_CACHE_MISS_RD
    v[0x0039] = l1dMissRd; // L1D_CACHE_MISS_RD
    v[0x0040] = l1dRead; // L1D_CACHE_RD
    v[0x4007] = inst * 0.02; // ITCM_ACCESS: vector table and veneers
    v[0x4008] = memAccess - l1dAccess; // DTCM_ACCESS
    // MVE
    const double arith = mveMac + mveOther;
    v[0x0200] = mveInst;
    v[0x0204] = isFloat ? arith : 0;
    v[0x0208] = 0;
    v[0x020C] = isFloat ? arith : 0;
    v[0x0214] = isFloat ? mveMac : 0;
    v[0x0224] = isFloat ? 0 : arith;
    v[0x0228] = isFloat ? 0 : mveMac;
    v[0x0238] = mveLdst;
    v[0x023C] = mveLd;
    v[0x0240] = mveSt;
    v[0x0244] = mveLdst * 0.9;
    v[0x0248] = mveLd * 0.9;
    v[0x024C] = mveSt * 0.9;
    v[0x0250] = mveLdst * 0.1;
    v[0x0254] = mveLd * 0.1;
    v[0x0258] = mveSt * 0.1;
    v[0x025C] = mveLdst * 0.02;
    v[0x0260] = mveLd * 0.02;
    v[0x0264] = mveSt * 0.02;
    v[0x028C] = mveLdst * 0.15;
    v[0x0290] = mveLd * 0.15;
    v[0x0294] = mveSt * 0.15;
    v[0x0298] = mveLdst * 0.01;
    v[0x02A0] = mveMac * 0.5;
    v[0x02A4] = isFloat ? mveMac * 0.5 : 0;
    v[0x02A8] = isFloat ? 0 : mveMac * 0.5;
    v[0x02B8] = mveInst * 0.05;
    v[0x02CC] = mveStall;
    v[0x02CD] = mveStall * 0.7;
    v[0x02CE] = mveStall * 0.5;
    v[0x02CF] = isFloat ? mveStall * 0.2 : 0;
    v[0x02D0] = isFloat ? 0 : mveStall * 0.2;
    v[0x02D3] = mveStall * 0.1;
    v[0x02D4] = mveStall * 0.2;
    return v;
}

quint64 splitmix(quint64 x)
{
    x += 0x9E3779B97F4A7C15ULL;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
    return x ^ (x >> 31);
}

} // namespace

CostModel::CostModel(const SimulatorConfig &config)
    : m_config(config)
{
}

quint64 CostModel::hash(quint64 seed, quint64 a, quint64 b, quint64 c, quint64 d)
{
    quint64 h = splitmix(seed);
    h = splitmix(h ^ a);
    h = splitmix(h ^ (b + 0x1000193));
    h = splitmix(h ^ (c + 0x811C9DC5));
    return splitmix(h ^ (d + 0x51ED27));
}

double CostModel::gaussian(quint64 h)
{
    const double u1 = (double((h >> 11) & ((1ULL << 26) - 1)) + 0.5) / double(1ULL << 26);
    const double u2 = (double(h >> 37) + 0.5) / double(1ULL << 27);
    return std::sqrt(-2.0 * std::log(u1)) * std::cos(6.283185307179586 * u2);
}

int CostModel::eventIndex(quint16 number)
{
    static const QHash<quint16, int> index = [] {
        QHash<quint16, int> h;
        const auto &events = simEvents();
        for (int i = 0; i < events.size(); ++i)
            h.insert(events.at(i).number, i);
        return h;
    }();
    return index.value(number, -1);
}

bool CostModel::isTimingEvent(quint16 n)
{
    return n == 0x0011 || n == 0x0023 || n == 0x0024 || n == 0x003C || n == 0x001D || (n >= 0x02CC && n <= 0x02D4);
}

bool CostModel::isCacheEvent(quint16 n)
{
    return n == 0x0001 || n == 0x0003 || n == 0x0015 || n == 0x0019 || n == 0x001F || n == 0x0036 || n == 0x0037
        || n == 0x0039;
}

QVector<double> CostModel::opBase(const SimOpRef &ref) const
{
    const auto &sg = m_config.model.subgraphs.at(ref.subgraph);
    const auto &op = sg.operators.at(ref.op);
    const bool hasMve = m_config.soc.hasMve;
    const EngineFactors ef = engineFactors(m_config.engine);

    // Element counts from the tensors; float when any output is FLOAT32.
    bool isFloat = false;
    double outElems = 0, inElems = 0;
    int elemSize = 1;
    for (int t : op.outputs) {
        if (t < 0 || t >= sg.tensors.size())
            continue;
        const auto &tensor = sg.tensors.at(t);
        elemSize = elementSize(tensor.type);
        isFloat = isFloat || tensor.type == QLatin1String("FLOAT32");
        outElems += double(tensor.bytes) / elementSize(tensor.type);
    }
    for (int t : op.inputs) {
        if (t < 0 || t >= sg.tensors.size() || sg.tensors.at(t).isConstant)
            continue;
        inElems += double(sg.tensors.at(t).bytes) / elementSize(sg.tensors.at(t).type);
    }
    if (outElems <= 0 && inElems <= 0 && op.activationBytes > 0)
        outElems = double(op.activationBytes) / 2.0; // tensors unknown: half the bytes are the output
    const double lanes = isFloat ? 4.0 : (elemSize == 2 ? 8.0 : 16.0);
    const double macs = double(op.macs);
    const double params = double(op.parameterBytes);
    const double acts = double(op.activationBytes);

    double scalar = ef.overheadInst, mveMac = 0, mveLd = 0, mveSt = 0, mveOther = 0, code = 10;
    switch (classify(op)) {
    case OpClass::Mac:
        code = 48;
        if (hasMve) {
            mveMac = macs / lanes * ef.compute;
            mveLd = mveMac * 1.2;
            mveSt = outElems / lanes;
            mveOther = outElems / lanes * 4; // requantisation
            scalar += mveMac * 0.35 + outElems * 0.5;
        } else {
            scalar += (macs * (isFloat ? 2.2 : 0.9) + outElems * 3) * ef.compute;
        }
        break;
    case OpClass::Elementwise:
    case OpClass::Reduce: {
        code = 24;
        const double work = std::max(outElems, classify(op) == OpClass::Reduce ? inElems : outElems);
        if (hasMve) {
            const double vec = work / lanes * ef.compute;
            mveLd = vec * (classify(op) == OpClass::Reduce ? 1.0 : 2.0);
            mveSt = outElems / lanes;
            mveOther = vec * 2;
            scalar += work * 0.05;
        } else {
            scalar += work * 4 * ef.compute;
        }
        break;
    }
    case OpClass::Transcendental:
        code = 36;
        scalar += std::max(outElems, inElems) * 14 * ef.compute; // look-up tables and polynomials, scalar
        break;
    case OpClass::View:
        code = 6;
        scalar += acts / 8.0; // a copy when input and output do not share a buffer
        break;
    case OpClass::Control:
        code = 12;
        scalar += 150;
        break;
    }

    const QHash<quint16, double> values
        = eventsFor(scalar, mveMac, mveLd, mveSt, mveOther, isFloat, params, acts, hasMve, code);
    QVector<double> out(simEvents().size(), 0.0);
    for (auto it = values.cbegin(); it != values.cend(); ++it) {
        const int i = eventIndex(it.key());
        if (i >= 0)
            out[i] = std::max(0.0, it.value());
    }
    if (!hasMve) {
        // Cortex-M4 with DWT only: the cycle counter is all there is; no D-cache, single-cycle SRAM.
        const int cyc = eventIndex(CpuCyclesEvent);
        const double cycles = scalar * 1.3 + params * 0.05 + code * 10;
        std::fill(out.begin(), out.end(), 0.0);
        out[cyc] = m_config.debuggerAttached ? cycles : 0.0;
    }
    return out;
}

QVector<double> CostModel::base(const SimLayer &layer) const
{
    QVector<double> sum(simEvents().size(), 0.0);
    for (const SimOpRef &ref : layer.members) {
        const QVector<double> one = opBase(ref);
        for (int i = 0; i < sum.size(); ++i)
            sum[i] += one.at(i);
    }
    return sum;
}

double CostModel::cycles(const QVector<double> &base) const
{
    return base.value(eventIndex(CpuCyclesEvent));
}

quint64 CostModel::sample(const QVector<double> &base, int eventIndex, int pass, int iteration, int position) const
{
    const double value = base.value(eventIndex);
    if (value <= 0)
        return 0;
    const quint16 number = simEvents().at(eventIndex).number;
    double factor = 1.0;
    // One draw per row for all timing events (and one for cache events) keeps their relations within a row.
    if (isTimingEvent(number))
        factor
            += m_config.noise * gaussian(hash(m_config.seed, 1, quint64(pass), quint64(iteration), quint64(position)));
    else if (isCacheEvent(number))
        factor += 0.5 * m_config.noise
            * gaussian(hash(m_config.seed, 2, quint64(pass), quint64(iteration), quint64(position)));
    factor = std::max(factor, 0.5);
    return quint64(std::llround(value * factor));
}

} // namespace hpx::device
