#include "model/results/derivedmetrics.h"

#include "model/board/counters.h"

#include <algorithm>

namespace hpx::model {

namespace {

QString pmu(const char *shortName)
{
    return QStringLiteral("ARM_PMU_") + QLatin1String(shortName);
}

// A ratio of two optional counts, scaled and rounded; nullopt when either is missing or the denominator is not > 0.
std::optional<double> ratio(
    std::optional<double> numerator, std::optional<double> denominator, double scale, int digits)
{
    if (!numerator || !denominator || *denominator <= 0.0)
        return std::nullopt;
    return pythonRound(*numerator / *denominator * scale, digits);
}

} // namespace

QString derivedMetricId(DerivedMetric metric)
{
    switch (metric) {
    case DerivedMetric::MveShare:
        return QStringLiteral("mve_share_pct");
    case DerivedMetric::MveMacDensity:
        return QStringLiteral("mve_mac_density");
    case DerivedMetric::MveLdStDensity:
        return QStringLiteral("mve_ldst_density");
    case DerivedMetric::MveStallShare:
        return QStringLiteral("mve_stall_share_pct");
    case DerivedMetric::L1dHitRate:
        return QStringLiteral("l1d_hit_rate_pct");
    case DerivedMetric::MacsPerCycle:
        return QStringLiteral("macs_per_cycle");
    case DerivedMetric::CyclesPerMac:
        return QStringLiteral("cycles_per_mac");
    }
    return {};
}

int derivedMetricDecimals(DerivedMetric metric)
{
    return metric == DerivedMetric::MveShare || metric == DerivedMetric::MveStallShare ? 1 : 2;
}

std::optional<double> l1dHitRatePct(std::optional<double> accesses, std::optional<double> misses)
{
    if (!accesses || *accesses <= 0)
        return std::nullopt;
    return pythonRound((1.0 - misses.value_or(0.0) / *accesses) * 100.0, 2);
}

std::optional<double> cyclesPer(std::optional<double> cycles, std::optional<qint64> count)
{
    if (!cycles || *cycles == 0.0 || !count || *count <= 0)
        return std::nullopt;
    return pythonRound(*cycles / double(*count), 2);
}

DerivedInputs::DerivedInputs(const ProfileResult &result)
{
    auto column = [&result](const char *shortName) {
        const QString name = pmu(shortName);
        return result.isCounted(name) ? result.counterIndex(name) : -1;
    };
    m_cycles = column("CPU_CYCLES");
    m_inst = column("INST_RETIRED");
    m_mveInst = column("MVE_INST_RETIRED");
    m_mveMac = column("MVE_INT_MAC_RETIRED");
    m_mveLdSt = column("MVE_LDST_RETIRED");
    m_mveStall = column("MVE_STALL");
    m_l1dAccess = column("L1D_CACHE_RD") >= 0 ? column("L1D_CACHE_RD") : column("L1D_CACHE");
    m_l1dMiss = column("L1D_CACHE_MISS_RD") >= 0 ? column("L1D_CACHE_MISS_RD") : column("L1D_CACHE_REFILL");
    m_macs = std::any_of(
        result.layers.cbegin(), result.layers.cend(), [](const LayerResult &layer) { return layer.macs.has_value(); });
}

bool DerivedInputs::available(DerivedMetric metric) const
{
    switch (metric) {
    case DerivedMetric::MveShare:
        return m_mveInst >= 0 && m_inst >= 0;
    case DerivedMetric::MveMacDensity:
        return m_mveInst >= 0 && m_mveMac >= 0;
    case DerivedMetric::MveLdStDensity:
        return m_mveInst >= 0 && m_mveLdSt >= 0;
    case DerivedMetric::MveStallShare:
        return m_mveStall >= 0 && m_cycles >= 0;
    case DerivedMetric::L1dHitRate:
        return m_l1dAccess >= 0;
    case DerivedMetric::MacsPerCycle:
    case DerivedMetric::CyclesPerMac:
        return m_macs && m_cycles >= 0;
    }
    return false;
}

QVector<DerivedMetric> DerivedInputs::availableCounterRatios() const
{
    QVector<DerivedMetric> metrics;
    for (DerivedMetric metric : { DerivedMetric::MveShare, DerivedMetric::MveMacDensity, DerivedMetric::MveLdStDensity,
             DerivedMetric::MveStallShare, DerivedMetric::L1dHitRate }) {
        if (available(metric))
            metrics.append(metric);
    }
    return metrics;
}

std::optional<double> DerivedInputs::value(DerivedMetric metric, const LayerResult &layer) const
{
    const int decimals = derivedMetricDecimals(metric);
    switch (metric) {
    case DerivedMetric::MveShare:
        return ratio(layer.valueAt(m_mveInst), layer.valueAt(m_inst), 100.0, decimals);
    case DerivedMetric::MveMacDensity:
        return ratio(layer.valueAt(m_mveMac), layer.valueAt(m_mveInst), 1.0, decimals);
    case DerivedMetric::MveLdStDensity:
        return ratio(layer.valueAt(m_mveLdSt), layer.valueAt(m_mveInst), 1.0, decimals);
    case DerivedMetric::MveStallShare:
        return ratio(layer.valueAt(m_mveStall), layer.valueAt(m_cycles), 100.0, decimals);
    case DerivedMetric::L1dHitRate:
        return l1dHitRatePct(layer.valueAt(m_l1dAccess), layer.valueAt(m_l1dMiss));
    case DerivedMetric::MacsPerCycle: {
        if (!layer.macs || *layer.macs <= 0)
            return std::nullopt;
        return ratio(double(*layer.macs), layer.valueAt(m_cycles), 1.0, decimals);
    }
    case DerivedMetric::CyclesPerMac:
        return cyclesPer(layer.valueAt(m_cycles), layer.macs);
    }
    return std::nullopt;
}

std::optional<double> counterSum(const ProfileResult &result, const QString &counter)
{
    const int column = result.counterIndex(counter);
    if (column < 0)
        return std::nullopt;
    std::optional<double> sum;
    for (const LayerResult &layer : result.layers) {
        if (const std::optional<double> v = layer.valueAt(column))
            sum = sum.value_or(0.0) + *v;
    }
    return sum;
}

RunMetrics runMetrics(const ProfileResult &result, std::optional<qint64> totalMacs, std::optional<qint64> totalOps)
{
    RunMetrics m;
    auto sum = [&result](const char *shortName) { return counterSum(result, pmu(shortName)); };
    const std::optional<double> reads = sum("L1D_CACHE_RD");
    const std::optional<double> readMisses = sum("L1D_CACHE_MISS_RD");
    m.l1dHitRatePct
        = l1dHitRatePct(reads ? reads : sum("L1D_CACHE"), readMisses ? readMisses : sum("L1D_CACHE_REFILL"));
    qint64 macs = 0;
    qint64 ops = 0;
    bool anyMacs = false;
    for (const LayerResult &layer : result.layers) {
        if (layer.macs) {
            macs += *layer.macs;
            anyMacs = true;
        }
        if (layer.ops)
            ops += *layer.ops;
    }
    if (!totalMacs && anyMacs)
        totalMacs = macs;
    if (!totalOps && anyMacs)
        totalOps = ops;
    const double cycles = result.totalCycles();
    if (cycles > 0) { // the run's total: a sum, never negative unless the data is
        m.cyclesPerMac = cyclesPer(cycles, totalMacs);
        m.cyclesPerOp = cyclesPer(cycles, totalOps);
    }
    return m;
}

} // namespace hpx::model
