#pragma once

#include "model/json/jsonvalue.h"
#include "model/memory/memoryplan.h"

namespace hpx::model {

// The plan as `hpx model-info --memory --json` prints it; the fields and their order are documented in
// docs/model-info.md ("--memory").
JsonValue memoryPlanJson(const ModelInfo &model, const MemoryPlan &plan, int largest = 10);

} // namespace hpx::model
