#pragma once

#include "model/json/jsonvalue.h"
#include "model/results/profileresult.h"

#include <QPair>
#include <QString>
#include <QStringList>
#include <QVector>

#include <optional>

namespace hpx::model {

// The summary figures of a run (summary.json's total_cycles, top_layers, cache and self_costs, docs/compatibility.md
// §5.5), computed once here for the bundle writer, hpx show and anyone else who needs them without writing a bundle.

// Σ (cycles or 0) over layers: the int 0 unless some layer has non-zero cycles (as Python sums). summary.json's
// total_cycles and every cycles_pct use it.
struct CyclesTotal {
    double sum = 0.0;
    bool isFloat = false;
    JsonValue json() const { return isFloat ? JsonValue(sum) : JsonValue(0); }
    bool positive() const { return isFloat && sum > 0; }
    bool nonZero() const { return isFloat && sum != 0; }
};
CyclesTotal totalCycles(const QVector<LayerResult> &layers, int cyclesColumn);

// A part's share of a total as every cycles_pct is written: round(part / total × 100, 1).
double percentOf(double part, double total);

struct TopLayer {
    int layer = 0; // index into ProfileResult::layers
    QString op;
    double cycles = 0; // missing cycles count as 0 (by self cycles: the layer's own; `inclusive` its inclusive ones)
    double inclusive = 0;
    std::optional<double> pct; // percentOf(cycles, total); nullopt when the total is 0 (summary.json writes the int 0)
};

enum class TopBy {
    Cycles, // heliaPROFILER's top_layers: inclusive cycles against total_cycles
    SelfCycles, // hpx Studio's self_costs.top_layers: each layer's own cycles against their sum
};

// At most `count` layers (all when count < 0) by cycles, descending; a stable sort, so ties keep execution order.
QVector<TopLayer> topLayers(const ProfileResult &result, int count = 5, TopBy by = TopBy::Cycles);

// The memory/cache counters summed into summary.cache and memory.json, in hpx's order: L1D_CACHE, L1D_CACHE_RD,
// L1D_CACHE_REFILL, L1D_CACHE_MISS_RD, L1D_CACHE_WB, L1D_CACHE_ALLOCATE, L1I_CACHE, L1I_CACHE_REFILL, DTCM_ACCESS,
// ITCM_ACCESS, MEM_ACCESS, BUS_ACCESS, BUS_CYCLES (full names).
const QStringList &cacheCounters();
// Σ over layers of each of them some layer has, in the order the layers first have them (hpx's dict order).
QVector<QPair<QString, double>> cacheSums(const ProfileResult &result);

} // namespace hpx::model
