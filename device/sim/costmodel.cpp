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
    using E = model::PmuEvent;
    const auto set = [&v](E event, double value) { v[model::pmuEventNumber(event)] = value; };
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

    set(E::SW_INCR, 0);
    set(E::L1I_CACHE_REFILL, l1iRefill);
    set(E::LD_RETIRED, ld);
    set(E::ST_RETIRED, st);
    set(E::INST_RETIRED, inst);
    set(E::EXC_TAKEN, 0); // timers are paused during measured inferences
    set(E::EXC_RETURN, 0);
    set(E::PC_WRITE_RETIRED, branches * 0.8 + 6);
    set(E::BR_IMMED_RETIRED, branches * 0.6);
    set(E::BR_RETURN_RETIRED, 6 + codeLines * 0.5);
    set(E::UNALIGNED_LDST_RETIRED, ld * 0.03);
    set(E::CPU_CYCLES, cycles);
    set(E::BR_RETIRED, branches);
    set(E::BR_MIS_PRED_RETIRED, brMis);
    set(E::STALL_FRONTEND, stallFront);
    set(E::STALL_BACKEND, stallBack);
    set(E::STALL, stallFront + stallBack);
    set(E::LE_RETIRED, loopEnds);
    set(E::LE_CANCEL, loopEnds * 0.02);
    set(E::SE_CALL_S, 0); // no TrustZone calls in a profiled kernel
    set(E::SE_CALL_NS, 0);
    set(E::L1D_CACHE_REFILL, l1dRefill);
    set(E::L1D_CACHE, l1dAccess);
    set(E::MEM_ACCESS, memAccess);
    set(E::L1I_CACHE, inst * 0.55);
    set(E::L1D_CACHE_WB, (st + mveSt) * 0.01);
    set(E::BUS_ACCESS, (l1dRefill + l1iRefill) * 4 + st * 0.05); // 4 beats per 32-byte line + write-through
    set(E::MEMORY_ERROR, 0);
    set(E::BUS_CYCLES, cycles); // bus and core share the clock
    set(E::L1D_CACHE_ALLOCATE, (st + mveSt) * 0.005);
    set(E::LL_CACHE_RD, l1dMissRd + l1iRefill); // misses go to the MRAM read cache
    set(E::LL_CACHE_MISS_RD, (l1dMissRd + l1iRefill) * 0.25);
    set(E::L1D_CACHE_MISS_RD, l1dMissRd);
    set(E::L1D_CACHE_RD, l1dRead);
    set(E::ITCM_ACCESS, inst * 0.02); // vector table and veneers
    set(E::DTCM_ACCESS, memAccess - l1dAccess);
    // MVE
    const double arith = mveMac + mveOther;
    set(E::MVE_INST_RETIRED, mveInst);
    set(E::MVE_FP_RETIRED, isFloat ? arith : 0);
    set(E::MVE_FP_HP_RETIRED, 0);
    set(E::MVE_FP_SP_RETIRED, isFloat ? arith : 0);
    set(E::MVE_FP_MAC_RETIRED, isFloat ? mveMac : 0);
    set(E::MVE_INT_RETIRED, isFloat ? 0 : arith);
    set(E::MVE_INT_MAC_RETIRED, isFloat ? 0 : mveMac);
    set(E::MVE_LDST_RETIRED, mveLdst);
    set(E::MVE_LD_RETIRED, mveLd);
    set(E::MVE_ST_RETIRED, mveSt);
    set(E::MVE_LDST_CONTIG_RETIRED, mveLdst * 0.9);
    set(E::MVE_LD_CONTIG_RETIRED, mveLd * 0.9);
    set(E::MVE_ST_CONTIG_RETIRED, mveSt * 0.9);
    set(E::MVE_LDST_NONCONTIG_RETIRED, mveLdst * 0.1);
    set(E::MVE_LD_NONCONTIG_RETIRED, mveLd * 0.1);
    set(E::MVE_ST_NONCONTIG_RETIRED, mveSt * 0.1);
    set(E::MVE_LDST_MULTI_RETIRED, mveLdst * 0.02);
    set(E::MVE_LD_MULTI_RETIRED, mveLd * 0.02);
    set(E::MVE_ST_MULTI_RETIRED, mveSt * 0.02);
    set(E::MVE_LDST_UNALIGNED_RETIRED, mveLdst * 0.15);
    set(E::MVE_LD_UNALIGNED_RETIRED, mveLd * 0.15);
    set(E::MVE_ST_UNALIGNED_RETIRED, mveSt * 0.15);
    set(E::MVE_LDST_UNALIGNED_NONCONTIG_RETIRED, mveLdst * 0.01);
    set(E::MVE_VREDUCE_RETIRED, mveMac * 0.5);
    set(E::MVE_VREDUCE_FP_RETIRED, isFloat ? mveMac * 0.5 : 0);
    set(E::MVE_VREDUCE_INT_RETIRED, isFloat ? 0 : mveMac * 0.5);
    set(E::MVE_PRED, mveInst * 0.05);
    set(E::MVE_STALL, mveStall);
    set(E::MVE_STALL_RESOURCE, mveStall * 0.7);
    set(E::MVE_STALL_RESOURCE_MEM, mveStall * 0.5);
    set(E::MVE_STALL_RESOURCE_FP, isFloat ? mveStall * 0.2 : 0);
    set(E::MVE_STALL_RESOURCE_INT, isFloat ? 0 : mveStall * 0.2);
    set(E::MVE_STALL_BREAK, mveStall * 0.1);
    set(E::MVE_STALL_DEPENDENCY, mveStall * 0.2);
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
    using E = model::PmuEvent;
    static const QSet<quint16> timing = [] {
        QSet<quint16> s;
        for (E e : { E::CPU_CYCLES, E::STALL_FRONTEND, E::STALL_BACKEND, E::STALL, E::BUS_CYCLES, E::MVE_STALL,
                 E::MVE_STALL_RESOURCE, E::MVE_STALL_RESOURCE_MEM, E::MVE_STALL_RESOURCE_FP, E::MVE_STALL_RESOURCE_INT,
                 E::MVE_STALL_BREAK, E::MVE_STALL_DEPENDENCY })
            s.insert(model::pmuEventNumber(e));
        return s;
    }();
    return timing.contains(n);
}

bool CostModel::isCacheEvent(quint16 n)
{
    using E = model::PmuEvent;
    static const QSet<quint16> cache = [] {
        QSet<quint16> s;
        for (E e : { E::L1I_CACHE_REFILL, E::L1D_CACHE_REFILL, E::L1D_CACHE_WB, E::BUS_ACCESS, E::L1D_CACHE_ALLOCATE,
                 E::LL_CACHE_RD, E::LL_CACHE_MISS_RD, E::L1D_CACHE_MISS_RD })
            s.insert(model::pmuEventNumber(e));
        return s;
    }();
    return cache.contains(n);
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
