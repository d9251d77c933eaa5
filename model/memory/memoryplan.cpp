#include "model/memory/memoryplan.h"

#include <QCoreApplication>

namespace hpx::model {

qint64 MemoryPlan::arenaBytes() const
{
    qint64 sum = 0;
    for (const ArenaPart &p : arena) {
        if (p.known)
            sum += p.bytes;
    }
    return sum;
}

MemoryPlanResult planMemory(const ModelInfo &model, KernelSet kernels)
{
    MemoryPlanResult result;
    TensorPlanResult tensors = planTensors(model);
    if (!tensors.ok()) {
        result.error = tensors.error;
        return result;
    }
    MemoryPlan plan;
    static_cast<TensorPlan &>(plan) = std::move(*tensors.plan);
    const ArenaEstimate estimate = estimateArena(model, plan, kernels);
    plan.arena = estimate.parts;
    plan.kernels = kernels;
    if (!estimate.unmeasuredOperators.isEmpty())
        plan.notes << TensorPlan::tr(
            "the arena estimate has no measured sizes for %1: their parameters and kernel data are guesses")
                          .arg(estimate.unmeasuredOperators.join(QStringLiteral(", ")));
    result.plan = std::move(plan);
    return result;
}

} // namespace hpx::model
