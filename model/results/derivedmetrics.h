#pragma once

#include "model/json/jsonwriter.h" // pythonRound(): hpx rounds its figures with Python's round()
#include "model/results/profileresult.h"

#include <QString>
#include <QStringList>
#include <QVector>

#include <optional>

namespace hpx::model {

// Derived metrics of docs/compatibility.md §4.5, for the table, the summary panel and terminal output. Counter
// names are the full ARM_PMU_ names; a metric whose inputs were not captured is nullopt (never 0).

struct RunMetrics {
    std::optional<double> l1dHitRatePct; // round((1 - M/A) * 100, 2), A > 0 only
    std::optional<double> mveSharePct; // MVE_INST_RETIRED / INST_RETIRED * 100, 1 dp
    std::optional<double> mveMacDensity; // MVE_INT_MAC_RETIRED / MVE_INST_RETIRED, 2 dp
    std::optional<double> mveLdStDensity; // MVE_LDST_RETIRED / MVE_INST_RETIRED, 2 dp
    std::optional<double> mveStallSharePct; // MVE_STALL / CPU_CYCLES * 100, 1 dp
    std::optional<double> cyclesPerMac; // round(total_cycles / total_macs, 2)
    std::optional<double> cyclesPerOp; // round(total_cycles / total_ops, 2)
};

// Sums over the merged layers. totalMacs/totalOps: the model's figures when known (else the layers' own).
RunMetrics runMetrics(const ProfileResult &result, std::optional<qint64> totalMacs = std::nullopt,
    std::optional<qint64> totalOps = std::nullopt);

// The same ratios for one layer (cyclesPerMac = round(cycles / macs, 2) if macs > 0 and cycles != 0).
RunMetrics layerMetrics(const ProfileResult &result, int layer);

// Sum of one counter over the merged layers; nullopt when no layer has it.
std::optional<double> counterSum(const ProfileResult &result, const QString &counter);

// A per-layer column the table can show next to the counters: id, translated title, unit ("%" or "").
struct DerivedColumn {
    QString id; // "l1d_hit_rate_pct", "mve_share_pct", "mve_mac_density", "mve_ldst_density",
                // "mve_stall_share_pct", "cycles_per_mac"
    QString title;
    QString unit;
};
// The derived columns whose inputs this result captured, in the order above.
QVector<DerivedColumn> availableDerivedColumns(const ProfileResult &result);
std::optional<double> derivedValue(const RunMetrics &metrics, const QString &id);

} // namespace hpx::model
