#pragma once

#include "model/board/kernelset.h" // the kernels decide the kernels' data and scratch buffers in the arena
#include "model/memory/arenaestimate.h"
#include "model/memory/tensorplan.h"
#include "model/tflite/modelinfo.h"

#include <QString>
#include <QVector>

#include <optional>

namespace hpx::model {

// What a model needs in TFLM's tensor arena: the plan of its tensors (tensorplan.h) and an estimate of the whole
// arena for a kernel set, part by part (arenaestimate.h). docs/memory.md has the rules. An immutable value: safe to
// hand across threads.
struct MemoryPlan : TensorPlan {
    QVector<ArenaPart> arena; // the whole-arena estimate, part by part, for `kernels`
    KernelSet kernels = KernelSet::Reference;
    qint64 arenaBytes() const; // sum of the known parts
};

// A plan, or a one-line translated message saying why TFLM could not plan this model either.
struct MemoryPlanResult {
    std::optional<MemoryPlan> plan;
    QString error;

    bool ok() const { return plan.has_value(); }
};

MemoryPlanResult planMemory(const ModelInfo &model, KernelSet kernels = KernelSet::Reference);

} // namespace hpx::model
