#include "model/memory/greedyplanner.h"

#include <algorithm>
#include <numeric>
#include <vector>

namespace hpx::model {

QVector<qint64> planGreedy(const QVector<PlannerBuffer> &buffers)
{
    const int n = int(buffers.size());
    QVector<qint64> offsets(n, -1);
    if (n == 0)
        return offsets;

    // TFLM's order: offline-planned buffers first, in the order added; then the online ones, which TFLM writes
    // into its array from the tail (so in reverse order of adding) and bubble-sorts by size, largest first,
    // swapping only strictly smaller ones: a stable sort of the reversed list.
    std::vector<int> order;
    order.reserve(size_t(n));
    for (int i = 0; i < n; ++i) {
        if (buffers.at(i).offlineOffset >= 0)
            order.push_back(i);
    }
    const size_t firstOnline = order.size();
    for (int i = n - 1; i >= 0; --i) {
        if (buffers.at(i).offlineOffset < 0)
            order.push_back(i);
    }
    std::stable_sort(order.begin() + qsizetype(firstOnline), order.end(),
        [&](int a, int b) { return buffers.at(a).size > buffers.at(b).size; });

    // TFLM walks every placed buffer in offset order and skips those not alive at the same time. Only the alive
    // ones affect the result, so each step keeps the buffers placed there and a query gathers the steps it spans.
    // Steps start at -1 (tensors TFLM never saw created or used).
    int minStep = 0;
    int maxStep = 0;
    for (const PlannerBuffer &b : buffers) {
        minStep = std::min({ minStep, b.firstStep, b.lastStep });
        maxStep = std::max({ maxStep, b.firstStep, b.lastStep });
    }
    std::vector<std::vector<int>> placedAt(size_t(maxStep - minStep + 1));
    std::vector<int> seen(size_t(n), -1); // the query that last gathered each buffer
    std::vector<int> placedSeq(size_t(n), 0); // placement order: TFLM's list keeps equal offsets in that order
    std::vector<int> gathered;

    for (size_t k = 0; k < order.size(); ++k) {
        const int id = order[k];
        const PlannerBuffer &want = buffers.at(id);
        qint64 candidate = 0;
        if (want.offlineOffset >= 0) {
            candidate = want.offlineOffset;
        } else {
            gathered.clear();
            for (int t = want.firstStep; t <= want.lastStep; ++t) {
                for (int e : placedAt[size_t(t - minStep)]) {
                    if (seen[size_t(e)] != int(k)) {
                        seen[size_t(e)] = int(k);
                        gathered.push_back(e);
                    }
                }
            }
            std::sort(gathered.begin(), gathered.end(), [&](int a, int b) {
                const qint64 oa = offsets.at(a);
                const qint64 ob = offsets.at(b);
                return oa != ob ? oa < ob : placedSeq[size_t(a)] < placedSeq[size_t(b)];
            });
            // The first gap between the end of everything below and the next buffer that fits; else on top.
            for (int e : gathered) {
                if (offsets.at(e) - candidate >= want.size)
                    break;
                candidate = std::max(candidate, offsets.at(e) + buffers.at(e).size);
            }
        }
        offsets[id] = candidate;
        placedSeq[size_t(id)] = int(k);
        // A buffer whose first step lies after its last (TFLM never prevents it) is alive at no step.
        for (int t = want.firstStep; t <= want.lastStep; ++t)
            placedAt[size_t(t - minStep)].push_back(id);
    }
    return offsets;
}

qint64 plannedExtent(const QVector<PlannerBuffer> &buffers, const QVector<qint64> &offsets)
{
    qint64 extent = 0;
    for (qsizetype i = 0; i < buffers.size(); ++i)
        extent = std::max(extent, offsets.at(i) + buffers.at(i).size);
    return extent;
}

} // namespace hpx::model
