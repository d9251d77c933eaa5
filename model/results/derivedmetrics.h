#pragma once

#include "model/json/jsonwriter.h" // pythonRound(): hpx rounds its figures with Python's round()
#include "model/results/profileresult.h"

#include <QString>
#include <QVector>

#include <optional>

namespace hpx::model {

// Derived metrics of docs/compatibility.md §4.5: the one place their formulas, ids and rounding live. The per-layer
// table, the bundle's files and hpx show all take them from here. Counter names are the full ARM_PMU_ names; a metric
// whose inputs were not captured (or not counted) is nullopt, never 0.

enum class DerivedMetric {
    MveShare, // MVE_INST_RETIRED / INST_RETIRED × 100, 1 dp
    MveMacDensity, // MVE_INT_MAC_RETIRED / MVE_INST_RETIRED, 2 dp
    MveLdStDensity, // MVE_LDST_RETIRED / MVE_INST_RETIRED, 2 dp
    MveStallShare, // MVE_STALL / CPU_CYCLES × 100, 1 dp
    L1dHitRate, // (1 − M/A) × 100, 2 dp: A = L1D_CACHE_RD, else L1D_CACHE; M = L1D_CACHE_MISS_RD, else L1D_CACHE_REFILL
    MacsPerCycle, // MACs / cycles, 2 dp (hpx Studio's table)
    CyclesPerMac, // cycles / MACs, 2 dp: the CSV's cycles_per_mac
};

// The metric's one id, wherever it is named (the table's column id and export header, the bundle's keys):
// "mve_share_pct", "mve_mac_density", "mve_ldst_density", "mve_stall_share_pct", "l1d_hit_rate_pct",
// "macs_per_cycle", "cycles_per_mac".
QString derivedMetricId(DerivedMetric metric);
int derivedMetricDecimals(DerivedMetric metric); // the places its value is rounded to

// The formulas, each written once. Accesses are L1D_CACHE_RD where captured, else L1D_CACHE; misses L1D_CACHE_MISS_RD
// where captured, else L1D_CACHE_REFILL, else none. nullopt unless accesses > 0.
std::optional<double> l1dHitRatePct(std::optional<double> accesses, std::optional<double> misses);
// round(cycles / count, 2) when count > 0 and cycles ≠ 0 (Python's `if macs and cycles`).
std::optional<double> cyclesPer(std::optional<double> cycles, std::optional<qint64> count);

// The counter columns the metrics read, found once per result (a counter the board did not count feeds nothing), so
// the table can ask for one metric of one layer at a time.
class DerivedInputs {
public:
    explicit DerivedInputs(const ProfileResult &result);

    // Whether the result captured the metric's inputs: the table shows a column only then.
    bool available(DerivedMetric metric) const;
    // The ratios of counters (not the MAC ones) whose inputs were captured, in the order the table lists them.
    QVector<DerivedMetric> availableCounterRatios() const;
    // The metric for one layer of the result, rounded; nullopt when that layer lacks an input.
    std::optional<double> value(DerivedMetric metric, const LayerResult &layer) const;

private:
    int m_cycles = -1, m_inst = -1, m_mveInst = -1, m_mveMac = -1, m_mveLdSt = -1, m_mveStall = -1;
    int m_l1dAccess = -1, m_l1dMiss = -1;
    bool m_macs = false; // some layer has MACs
};

// The run-level figures summary.json writes (§4.5, §5.5): sums over the merged layers.
struct RunMetrics {
    std::optional<double> l1dHitRatePct; // summary.cache and memory.json's cache_totals
    std::optional<double> cyclesPerMac; // round(total_cycles / total_macs, 2): summary.model_analysis
    std::optional<double> cyclesPerOp; // round(total_cycles / total_ops, 2)
};

// totalMacs/totalOps: the model's figures when known (else the layers' own).
RunMetrics runMetrics(const ProfileResult &result, std::optional<qint64> totalMacs = std::nullopt,
    std::optional<qint64> totalOps = std::nullopt);

// Sum of one counter over the merged layers; nullopt when no layer has it.
std::optional<double> counterSum(const ProfileResult &result, const QString &counter);

} // namespace hpx::model
