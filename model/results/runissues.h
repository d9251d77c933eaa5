#pragma once

#include "model/memory/memoryplan.h"
#include "model/results/profileresult.h"
#include "model/tflite/modelinfo.h"

#include <QVector>

namespace hpx::model {

// Validity issues of a profile run (docs/compatibility.md §5.9): pmu.missing, pmu.counter_overflow and the
// clean-window self-checks, judged from the merged layers and the firmware metadata.
QVector<Issue> evaluateRunIssues(const ProfileResult &result);

// pmu.counter_overflow with heliaPROFILER's message, for results that carry the overflow flag but were not
// judged by evaluateRunIssues() (a bundle read back, a result built by hand).
Issue counterOverflowIssue();

// model.mismatch (an error: the result is invalid, mergeCapture() then writes no overlays) when the stream contradicts
// the model file it is joined to: what the firmware states about the model (HPX_MODEL_SIZE for tflm / helia-rt /
// ExecuTorch; the first input's and output's bytes, the counts of inputs, outputs and tensors where sent) is not the
// file's, or the layer rows do not follow the model's operators (tflm, helia-rt: rows the alignment could not place;
// helia-aot: ProfileResult::modelMisfit). The wire protocol v1 carries no model hash. Empty without a model. Call
// after attributeLayers().
QVector<Issue> modelMismatchIssues(const ProfileResult &result, const ModelInfo *model);

// memory.arena_too_small (a warning) when the board reports its tensor arena (HPX_ARENA_SIZE) and it is smaller than
// what TFLM's planner needs for the model's tensors: the non-persistent plan plus the variables (docs/memory.md, the
// parts checked against TFLM). TFLM's AllocateTensors fails with such an arena, so either the board ran another
// model or build, or the run could not have succeeded. Empty without a model, an arena size or a plan.
QVector<Issue> arenaIssues(const ProfileResult &result, const ModelInfo *model);

// The firmware metadata value for a key (last one wins), or an invalid QVariant.
QVariant firmwareValue(const ProfileResult &result, const QString &key);

// The TFLM kernels the board said it runs (HPX_KERNELS), else TFLM's reference ones: what the arena estimate of a
// run's model is made for.
KernelSet kernelSetOf(const ProfileResult *result);

} // namespace hpx::model
