#include "model/results/summarydata.h"

#include "model/board/counters.h"
#include "model/json/jsonwriter.h"

#include <algorithm>

namespace hpx::model {

CyclesTotal totalCycles(const QVector<LayerResult> &layers, int cyclesColumn)
{
    CyclesTotal t;
    for (const LayerResult &layer : layers) {
        const auto c = layer.valueAt(cyclesColumn);
        if (c && *c != 0.0) {
            t.sum += *c;
            t.isFloat = true;
        }
    }
    return t;
}

double percentOf(double part, double total)
{
    return pythonRound(part / total * 100, 1);
}

QVector<TopLayer> topLayers(const ProfileResult &result, int count, TopBy by)
{
    const int column = result.counterIndex(cyclesCounterName());
    const bool self = by == TopBy::SelfCycles;
    QVector<TopLayer> all;
    all.reserve(result.layers.size());
    for (int i = 0; i < result.layers.size(); ++i) {
        const LayerResult &layer = result.layers.at(i);
        TopLayer top;
        top.layer = i;
        top.op = layer.op;
        top.inclusive = layer.valueAt(column).value_or(0.0);
        top.cycles = self ? layer.selfAt(column).value_or(0.0) : top.inclusive;
        all.append(top);
    }
    std::stable_sort(all.begin(), all.end(), [](const TopLayer &a, const TopLayer &b) { return a.cycles > b.cycles; });
    if (count >= 0 && all.size() > count)
        all.resize(count);
    // heliaPROFILER's total counts an enclosed layer's cycles twice, the self total once (docs/output-files.md).
    const CyclesTotal total = totalCycles(result.layers, column);
    const double selfTotal = self ? result.selfTotal(cyclesCounterName()).value_or(0.0) : 0.0;
    for (TopLayer &top : all) {
        if (self ? selfTotal > 0 : total.nonZero())
            top.pct = percentOf(top.cycles, self ? selfTotal : total.sum);
    }
    return all;
}

const QStringList &cacheCounters()
{
    static const QStringList names = [] {
        QStringList list;
        for (const char *name : { "L1D_CACHE", "L1D_CACHE_RD", "L1D_CACHE_REFILL", "L1D_CACHE_MISS_RD", "L1D_CACHE_WB",
                 "L1D_CACHE_ALLOCATE", "L1I_CACHE", "L1I_CACHE_REFILL", "DTCM_ACCESS", "ITCM_ACCESS", "MEM_ACCESS",
                 "BUS_ACCESS", "BUS_CYCLES" })
            list.append(QStringLiteral("ARM_PMU_") + QLatin1String(name));
        return list;
    }();
    return names;
}

QVector<QPair<QString, double>> cacheSums(const ProfileResult &result)
{
    const QStringList &names = cacheCounters();
    QVector<int> columns;
    for (const QString &name : names)
        columns.append(result.counterIndex(name));
    QVector<double> sums(names.size(), 0.0);
    QVector<int> order; // indices into names, as the layers first have them
    for (const LayerResult &layer : result.layers) {
        for (int k = 0; k < columns.size(); ++k) {
            if (const std::optional<double> v = layer.valueAt(columns.at(k))) {
                if (!order.contains(k))
                    order.append(k);
                sums[k] += *v;
            }
        }
    }
    QVector<QPair<QString, double>> out;
    for (int k : std::as_const(order))
        out.append({ names.at(k), sums.at(k) });
    return out;
}

} // namespace hpx::model
