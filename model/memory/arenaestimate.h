#pragma once

#include "model/memory/memoryplan.h"

namespace hpx::model {

// The whole tensor arena, part by part (docs/memory.md "The whole arena"): the non-persistent plan the greedy
// planner computes, and the persistent area TFLM fills from the tail (variables, per-tensor and per-operator
// records, operator parameters and kernel state, the runtime's own objects) with the sizes they have on a 32-bit
// Cortex-M. Kernel scratch buffers depend on the kernels linked (reference or CMSIS-NN) and are not known here.
QVector<ArenaPart> estimateArena(const ModelInfo &model, const MemoryPlan &plan);

} // namespace hpx::model
