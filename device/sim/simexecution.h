#pragma once

#include "device/sim/simconfig.h"

#include <QString>
#include <QVector>

namespace hpx::device {

struct SimOpRef {
    int subgraph = 0;
    int op = 0;
    bool operator==(const SimOpRef &o) const { return subgraph == o.subgraph && op == o.op; }
};

// One recorded operator invocation of an inference: one CSV row per iteration. `members` are the model
// operators whose work the row holds (several for an ExecuTorch delegate call that fuses a partition).
struct SimLayer {
    QString tag; // the row's Op cell
    int instruction = -1; // executorch: plan instruction index; else -1
    QVector<SimOpRef> members;
    // tflm/helia-rt: the row of the WHILE/IF whose profiler event encloses this one (its printed counts then include
    // this row's, as TFLM's do), or -1.
    int parent = -1;
};

struct SimExecution {
    QVector<SimLayer> layers; // at most pmu_max_ops for tflm/helia-rt/helia-aot (the firmware records no more)
    int executedOps = 0; // operator invocations per inference before the pmu_max_ops cut
    bool exceedsCapacity = false;
};

// The rows one inference produces on the engine (docs/simulator.md, "Execution order"):
// tflm/helia-rt run subgraph 0 and the subgraphs its WHILE/IF ops call (WHILE: cond, then body, whileIterations
// times, then cond once more; IF: the then-branch; CALL_ONCE: nothing, its init ran in the clean-window warm-up); the
// calling operator's row comes first and its event encloses the called rows (SimLayer::parent);
// helia-aot runs subgraph 0 with VAR_HANDLE, CALL_ONCE, RESHAPE, SQUEEZE and EXPAND_DIMS compiled away, tags keep
// the original operator index; executorch fuses runs of CMSIS-NN-delegable ops into DELEGATE_CALLs.
SimExecution simExecution(const SimulatorConfig &config);

// Ops heliaAOT compiles away (no row, no renumbering).
bool aotSkipsOp(const QString &op);

} // namespace hpx::device
