#pragma once

#include "model/board/counters.h"
#include "model/results/profileresult.h"
#include "model/tflite/modelinfo.h"

#include <QHash>
#include <QString>

#include <memory>
#include <optional>

namespace hpx::ui {

// Read-only helpers the result views share. They use only the plain fields of ModelInfo and
// ProfileResult, so the views work with values built by hand as well as by the loader and merge.

using ModelPtr = std::shared_ptr<const model::ModelInfo>;
using ResultPtr = std::shared_ptr<const model::ProfileResult>;

inline const QString kCyclesCounter = hpx::model::cyclesCounterName();

// "ARM_PMU_CPU_CYCLES" -> "CPU_CYCLES" for compact headers; the full name stays in tooltips.
QString shortCounterName(const QString &counter);

// What a view calls `counter` of `result`: its short name, except the cycle column of a run whose "cycles" are the
// instructions an emulator executed (ProfileResult::cyclesAreEmulatedInstructions), which is never called cycles.
QString counterLabel(const QString &counter, const model::ProfileResult *result);

// Value of counter column `counterIndex` of a layer; nullopt when not captured or out of range.
std::optional<double> layerValue(const model::LayerResult &layer, int counterIndex);

// Compact number for node labels and axis ticks: 1234 -> "1.23k", 5e6 -> "5M".
QString compactNumber(double value);
// Full number in the user's locale: integers without decimals, otherwise `decimals` places.
QString formatNumber(double value, int decimals = 1);

// Layer row of each resolved operator of a subgraph: sourceIndex -> index into result.layers.
// When two layers name the same operator the later one wins, as in the overlay files (§6).
QHash<int, int> layersOfSubgraph(const model::ProfileResult &result, int subgraph);

// Display name of a subgraph: its Model Explorer graph id, else "subgraph <i>".
QString subgraphLabel(const model::ModelInfo *model, int subgraph);

// The one numbering every view and export uses for an operator (issue 37): the graph id Model Explorer uses and the
// operator's index in it, "while2_cond #1"; with its type, "CONV_2D (while2_cond #1)". Never the execution order.
QString operatorNumber(const model::ModelInfo *model, int subgraph, int index);
QString operatorName(const QString &op, const model::ModelInfo *model, int subgraph, int index);

} // namespace hpx::ui
