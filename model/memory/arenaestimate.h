#pragma once

#include "model/memory/memoryplan.h"

#include <QStringList>

#include <optional>

namespace hpx::model {

struct ArenaEstimate {
    KernelSet kernels = KernelSet::Reference;
    QVector<ArenaPart> parts;
    QStringList unmeasuredOperators; // operator types whose parameter and kernel-data sizes are guesses
};

// The whole tensor arena, part by part (docs/memory.md "The whole arena"), as TFLM built with `kernels` for a 32-bit
// Cortex-M fills it: the head is the greedy plan of the tensors and the kernels' scratch buffers; the tail is
// TFLM's allocations replayed in TFLM's order with the sizes and alignments its allocator showed on the virtual
// board. Only the non-persistent plan and the variables are exact; the rest are estimates.
ArenaEstimate estimateArena(const ModelInfo &model, const MemoryPlan &plan, KernelSet kernels);

} // namespace hpx::model
