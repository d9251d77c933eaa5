#pragma once

#include "model/board/kernelset.h"
#include "model/memory/tensorplan.h"

#include <QStringList>

#include <optional>

namespace hpx::model {

// One part of the whole-arena figure. `estimated` parts follow a rule we could not check against TFLM's allocator
// for this model; `known` is false for a part we cannot put a number on at all.
struct ArenaPart {
    QString key; // stable name: "non_persistent_plan", "variables", "tensor_records", ...
    qint64 bytes = 0;
    bool estimated = false;
    bool known = true;
};

struct ArenaEstimate {
    KernelSet kernels = KernelSet::Reference;
    QVector<ArenaPart> parts;
    QStringList unmeasuredOperators; // operator types whose parameter and kernel-data sizes are guesses
};

// The whole tensor arena, part by part (docs/memory.md "The whole arena"), as TFLM built with `kernels` for a 32-bit
// Cortex-M fills it: the head is the greedy plan of the tensors and the kernels' scratch buffers; the tail is
// TFLM's allocations replayed in TFLM's order with the sizes and alignments its allocator showed on the virtual
// board. Only the non-persistent plan and the variables are exact; the rest are estimates.
ArenaEstimate estimateArena(const ModelInfo &model, const TensorPlan &plan, KernelSet kernels);

} // namespace hpx::model
