#include "model/results/derivedmetrics.h"

#include "model/board/counters.h"

#include <QCoreApplication>

#include <cmath>

namespace hpx::model {

namespace {

// The derived columns' names, under the one context lupdate files them in.
struct DerivedMetrics {
    Q_DECLARE_TR_FUNCTIONS(hpx::model::DerivedMetrics)
};

QString pmu(const char *shortName)
{
    return QStringLiteral("ARM_PMU_") + QLatin1String(shortName);
}

// A ratio of two optional sums, rounded; nullopt when either is missing or the denominator is 0.
std::optional<double> ratio(
    std::optional<double> numerator, std::optional<double> denominator, double scale, int digits)
{
    if (!numerator || !denominator || *denominator == 0.0)
        return std::nullopt;
    return pythonRound(*numerator / *denominator * scale, digits);
}

std::optional<double> layerValue(const ProfileResult &result, int layer, const char *shortName)
{
    return result.value(layer, pmu(shortName));
}

// §4.5: A = L1D_CACHE_RD if captured else L1D_CACHE; M = L1D_CACHE_MISS_RD if captured else L1D_CACHE_REFILL else 0.
template<typename Get> std::optional<double> hitRate(Get get)
{
    std::optional<double> accesses = get("L1D_CACHE_RD");
    if (!accesses)
        accesses = get("L1D_CACHE");
    std::optional<double> misses = get("L1D_CACHE_MISS_RD");
    if (!misses)
        misses = get("L1D_CACHE_REFILL");
    if (!accesses || *accesses <= 0)
        return std::nullopt;
    return pythonRound((1.0 - misses.value_or(0.0) / *accesses) * 100.0, 2);
}

template<typename Get> RunMetrics metricsFrom(Get get)
{
    RunMetrics m;
    m.l1dHitRatePct = hitRate(get);
    m.mveSharePct = ratio(get("MVE_INST_RETIRED"), get("INST_RETIRED"), 100.0, 1);
    m.mveMacDensity = ratio(get("MVE_INT_MAC_RETIRED"), get("MVE_INST_RETIRED"), 1.0, 2);
    m.mveLdStDensity = ratio(get("MVE_LDST_RETIRED"), get("MVE_INST_RETIRED"), 1.0, 2);
    m.mveStallSharePct = ratio(get("MVE_STALL"), get("CPU_CYCLES"), 100.0, 1);
    return m;
}

} // namespace

std::optional<double> counterSum(const ProfileResult &result, const QString &counter)
{
    const int column = result.counterIndex(counter);
    if (column < 0)
        return std::nullopt;
    std::optional<double> sum;
    for (const LayerResult &layer : result.layers) {
        if (column < layer.values.size() && layer.values.at(column))
            sum = sum.value_or(0.0) + *layer.values.at(column);
    }
    return sum;
}

RunMetrics runMetrics(const ProfileResult &result, std::optional<qint64> totalMacs, std::optional<qint64> totalOps)
{
    RunMetrics m = metricsFrom([&](const char *name) { return counterSum(result, pmu(name)); });
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
    if (cycles > 0 && totalMacs && *totalMacs > 0)
        m.cyclesPerMac = pythonRound(cycles / double(*totalMacs), 2);
    if (cycles > 0 && totalOps && *totalOps > 0)
        m.cyclesPerOp = pythonRound(cycles / double(*totalOps), 2);
    return m;
}

RunMetrics layerMetrics(const ProfileResult &result, int layer)
{
    RunMetrics m = metricsFrom([&](const char *name) { return layerValue(result, layer, name); });
    if (layer >= 0 && layer < result.layers.size()) {
        const LayerResult &l = result.layers.at(layer);
        const std::optional<double> cycles = result.cycles(layer);
        if (cycles && *cycles != 0.0 && l.macs && *l.macs > 0)
            m.cyclesPerMac = pythonRound(*cycles / double(*l.macs), 2);
        if (cycles && *cycles != 0.0 && l.ops && *l.ops > 0)
            m.cyclesPerOp = pythonRound(*cycles / double(*l.ops), 2);
    }
    return m;
}

QVector<DerivedColumn> availableDerivedColumns(const ProfileResult &result)
{
    auto has = [&](const char *name) { return result.counterIndex(pmu(name)) >= 0; };
    QVector<DerivedColumn> columns;
    if (has("L1D_CACHE_RD") || has("L1D_CACHE"))
        columns.append({ QStringLiteral("l1d_hit_rate_pct"), DerivedMetrics::tr("L1D hit rate"), QStringLiteral("%") });
    if (has("MVE_INST_RETIRED") && has("INST_RETIRED"))
        columns.append({ QStringLiteral("mve_share_pct"), DerivedMetrics::tr("MVE share"), QStringLiteral("%") });
    if (has("MVE_INT_MAC_RETIRED") && has("MVE_INST_RETIRED"))
        columns.append({ QStringLiteral("mve_mac_density"), DerivedMetrics::tr("MVE MAC density"), QString() });
    if (has("MVE_LDST_RETIRED") && has("MVE_INST_RETIRED"))
        columns.append({ QStringLiteral("mve_ldst_density"), DerivedMetrics::tr("MVE ld/st density"), QString() });
    if (has("MVE_STALL") && has("CPU_CYCLES"))
        columns.append(
            { QStringLiteral("mve_stall_share_pct"), DerivedMetrics::tr("MVE stall share"), QStringLiteral("%") });
    bool anyMacs = false;
    for (const LayerResult &layer : result.layers)
        anyMacs = anyMacs || (layer.macs && *layer.macs > 0);
    if (anyMacs && has("CPU_CYCLES"))
        columns.append({ QStringLiteral("cycles_per_mac"), DerivedMetrics::tr("Cycles/MAC"), QString() });
    return columns;
}

std::optional<double> derivedValue(const RunMetrics &m, const QString &id)
{
    if (id == QLatin1String("l1d_hit_rate_pct"))
        return m.l1dHitRatePct;
    if (id == QLatin1String("mve_share_pct"))
        return m.mveSharePct;
    if (id == QLatin1String("mve_mac_density"))
        return m.mveMacDensity;
    if (id == QLatin1String("mve_ldst_density"))
        return m.mveLdStDensity;
    if (id == QLatin1String("mve_stall_share_pct"))
        return m.mveStallSharePct;
    if (id == QLatin1String("cycles_per_mac"))
        return m.cyclesPerMac;
    return std::nullopt;
}

} // namespace hpx::model
