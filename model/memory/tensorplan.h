#pragma once

#include "model/tflite/modelinfo.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>
#include <QVector>

#include <optional>

namespace hpx::model {

// TFLM's plan of a model's tensors: tensor lifetimes in TFLM's execution order, live bytes per operator, the peak and
// the offsets TFLM's greedy planner gives the non-persistent area (memoryplan.h adds the estimate of the whole arena).
// The rules, in our words, are in docs/memory.md. An immutable value: safe to hand across threads.

// TFLM rounds every planned buffer up to this many bytes (MicroArenaBufferAlignment()).
constexpr qint64 arenaAlignment = 16;

// Where TFLM keeps a tensor.
enum class TensorStorage : quint8 {
    Planned, // the arena's non-persistent area, placed by the greedy planner
    OfflinePlanned, // the non-persistent area at the offset the model's "OfflineMemoryAllocation" metadata gives
    Constant, // in the model's flatbuffer, never in the arena
    Variable, // the arena's persistent area (resource variables and is_variable tensors)
    KernelData, // a kernel points it at its own persistent data before planning (VAR_HANDLE's resource id)
    Empty, // zero bytes: nothing to place
};

// One tick of TFLM's lifetime clock (its "allocation scope"). Every operator visit is one step; a subgraph that a
// WHILE, IF or CALL_ONCE enters is one step of its own (its inputs come alive there), as is the start of subgraph 0.
struct MemoryStep {
    int subgraph = 0;
    int op = -1; // -1: the subgraph begins
};

struct TensorMemory {
    int subgraph = 0;
    int tensor = 0;
    qint64 bytes = 0; // TFLM's byte length: elements x element size (INT4 takes a byte per element in TFLM)
    qint64 alignedBytes = 0; // bytes rounded up to arenaAlignment, what the planner places
    int firstStep = -1; // -1: before the first step (never created by an operator or as a subgraph input)
    int lastStep = -1;
    qint64 offset = -1; // in the non-persistent area; -1 when not planned
    TensorStorage storage = TensorStorage::Empty;

    bool isPlanned() const { return storage == TensorStorage::Planned || storage == TensorStorage::OfflinePlanned; }
    // Whether it is alive during some step of the run (planned tensors of subgraphs that never run are not).
    bool isLiveInRun() const { return isPlanned() && lastStep >= 0; }
};

struct TensorPlan {
    // Every tensor of every subgraph, subgraph by subgraph in index order: TFLM's own order for planning.
    QVector<TensorMemory> tensors;
    QVector<int> firstTensorOfSubgraph; // index into tensors of each subgraph's tensor 0
    QVector<MemoryStep> steps; // the lifetime clock; step s is steps[s]
    QVector<qint64> liveBytesPerStep; // aligned bytes of planned tensors alive at each step
    // Per subgraph, per operator: the largest live bytes during the operator (a WHILE/IF/CALL_ONCE spans the steps
    // of the subgraphs it runs), or -1 for an operator that never runs.
    QVector<QVector<qint64>> operatorLiveBytes;
    // Per subgraph, per operator: its first step, or -1; and the last step of that first visit (a WHILE, IF or
    // CALL_ONCE spans the steps of the subgraphs it runs).
    QVector<QVector<int>> operatorStep;
    QVector<QVector<int>> operatorLastStep;

    int peakStep = -1;
    qint64 peakLiveBytes = 0;
    QVector<int> peakTensors; // indices into tensors alive at the peak, largest first

    qint64 plannedBytes = 0; // the greedy plan's extent: largest offset + aligned size
    bool offlinePlan = false; // the model's offline offsets were used
    QStringList notes; // what the reader should know (unused tensors, subgraphs that never run)

    const TensorMemory &tensor(int subgraph, int index) const
    {
        return tensors.at(firstTensorOfSubgraph.at(subgraph) + index);
    }
    // Indices into tensors of the planned tensors, largest aligned size first (ties: model order).
    QVector<int> largestTensors(int count) const;

    // The plan's notes and errors (planTensors(), planMemory()).
    Q_DECLARE_TR_FUNCTIONS(hpx::model::TensorPlan)
};

// A plan of the tensors, or a one-line translated message saying why TFLM could not plan this model either.
struct TensorPlanResult {
    std::optional<TensorPlan> plan;
    QString error;

    bool ok() const { return plan.has_value(); }
};

// TFLM's non-persistent plan of every tensor (memoryplan.h adds the rest of the arena).
TensorPlanResult planTensors(const ModelInfo &model);

// The names used in text and JSON for a storage class ("planned", "offline", "constant", "variable", "empty").
QString tensorStorageName(TensorStorage storage);

} // namespace hpx::model
