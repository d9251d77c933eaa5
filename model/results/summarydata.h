#pragma once

#include "model/results/profileresult.h"

#include <QPair>
#include <QString>
#include <QVector>

namespace hpx::model {

// Pure computations behind summary.json's top_layers and cache blocks (docs/compatibility.md §5.5), for the summary
// panel and anyone else who needs the same figures without writing a bundle.

struct TopLayer {
    int layer = 0; // index into ProfileResult::layers
    QString op;
    double cycles = 0; // missing cycles count as 0
    double pct = 0; // round(cycles / total_cycles * 100, 1), 0 when the total is 0
};

// At most `count` layers by cycles, descending; a stable sort, so ties keep execution order.
QVector<TopLayer> topLayers(const ProfileResult &result, int count = 5);

// Σ over layers of each captured cache/memory counter, in hpx's order: L1D_CACHE, L1D_CACHE_RD, L1D_CACHE_REFILL,
// L1D_CACHE_MISS_RD, L1D_CACHE_WB, L1D_CACHE_ALLOCATE, L1I_CACHE, L1I_CACHE_REFILL, DTCM_ACCESS, ITCM_ACCESS,
// MEM_ACCESS, BUS_ACCESS, BUS_CYCLES (full names).
QVector<QPair<QString, double>> cacheSums(const ProfileResult &result);
QStringList cacheCounterOrder();

} // namespace hpx::model
