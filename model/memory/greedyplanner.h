#pragma once

#include <QVector>

namespace hpx::model {

// One buffer for the planner: aligned size and the inclusive range of steps it is alive.
struct PlannerBuffer {
    qint64 size = 0;
    int firstStep = -1;
    int lastStep = -1;
    qint64 offlineOffset = -1; // >= 0: fixed by the model's offline plan
};

// TFLM's GreedyMemoryPlanner (memory_planner/greedy_memory_planner.cc), decision for decision, without its
// quadratic walks: offline buffers first in the order given, then the others largest first (equal sizes: the
// later-added buffer first, as TFLM's reverse fill and stable bubble sort leave them), each at the lowest gap
// among the buffers already placed that are alive at the same time, scanned in offset order. The result is the
// same offsets TFLM computes (checked against TFLM itself by tests/memory). docs/memory.md says it in words.
QVector<qint64> planGreedy(const QVector<PlannerBuffer> &buffers);

// The plan's extent: the largest offset + size (GreedyMemoryPlanner::GetMaximumMemorySize()).
qint64 plannedExtent(const QVector<PlannerBuffer> &buffers, const QVector<qint64> &offsets);

} // namespace hpx::model
