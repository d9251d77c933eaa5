#include "model/results/summarydata.h"

#include "model/results/derivedmetrics.h"

#include <algorithm>

namespace hpx::model {

QVector<TopLayer> topLayers(const ProfileResult &result, int count)
{
    const double total = result.totalCycles();
    QVector<TopLayer> all;
    all.reserve(result.layers.size());
    for (int i = 0; i < result.layers.size(); ++i) {
        TopLayer top;
        top.layer = i;
        top.op = result.layers.at(i).op;
        top.cycles = result.cycles(i).value_or(0.0);
        all.append(top);
    }
    std::stable_sort(all.begin(), all.end(), [](const TopLayer &a, const TopLayer &b) { return a.cycles > b.cycles; });
    if (count >= 0 && all.size() > count)
        all.resize(count);
    for (TopLayer &top : all)
        top.pct = total > 0 ? pythonRound(top.cycles / total * 100.0, 1) : 0.0;
    return all;
}

QStringList cacheCounterOrder()
{
    QStringList names;
    for (const char *name :
        { "L1D_CACHE", "L1D_CACHE_RD", "L1D_CACHE_REFILL", "L1D_CACHE_MISS_RD", "L1D_CACHE_WB", "L1D_CACHE_ALLOCATE",
            "L1I_CACHE", "L1I_CACHE_REFILL", "DTCM_ACCESS", "ITCM_ACCESS", "MEM_ACCESS", "BUS_ACCESS", "BUS_CYCLES" })
        names.append(QStringLiteral("ARM_PMU_") + QLatin1String(name));
    return names;
}

QVector<QPair<QString, double>> cacheSums(const ProfileResult &result)
{
    QVector<QPair<QString, double>> sums;
    for (const QString &name : cacheCounterOrder()) {
        if (const std::optional<double> sum = counterSum(result, name))
            sums.append({ name, *sum });
    }
    return sums;
}

} // namespace hpx::model
