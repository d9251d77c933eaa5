#pragma once

#include "model/results/aggregation.h"
#include "model/results/layerpositions.h"
#include "model/results/profileresult.h"
#include "model/tflite/aotmanifest.h"
#include "model/tflite/modelinfo.h"

#include <QCoreApplication>
#include <QString>
#include <QVector>

#include <optional>

namespace hpx::model {

// Which operator of the model each merged layer measured (docs/compatibility.md §0.1, §0.2, §0.4, §3.6, §5.10 and
// docs/compatibility.md §0.1 and §6):
// * tflm / helia-rt with the agent's positions (HPX_LAYER_POSITIONS): each row is the (subgraph, operator) the board
//   named, checked against the model (its type must be the row's op tag) and enclosed by the row the board named.
// * tflm / helia-rt without them: rows follow the interpreter's execution order. With a model, the rows' op tags are
//   aligned with that order, descending into called subgraphs (WHILE cond/body repeatedly, IF then or else,
//   CALL_ONCE init when it ran), so a row from a WHILE body is attributed to the body's operator. Without
//   a model, the sequential operator index (= the Layer value) in subgraph 0.
// * helia-aot: the AOT manifest (idx = Layer -> id = original index) when there is one — a position it does
//   not name stays unresolved — else the integer label suffix (CONV_2D:3 -> 3); "op:N" (firmware built
//   without a manifest) names a position, not an operator, and stays unresolved. Subgraph 0.
// * executorch: rows name plan instructions, never graph nodes: nothing is resolved, no overlays.
// A row that cannot be aligned is reported (ProfileResult::unresolved), never guessed.

struct LayerSource {
    int subgraph = -1;
    int sourceIndex = -1;
    QString reason; // translated, when unresolved
    bool tagDisagrees = false; // unresolved because the row's op tag disagrees with the model (profile.op_tag_mismatch)
    bool undecided = false; // unresolved because the iterations tie on its op tag (profile.op_tag_undecided)
    int parentRow = -1; // the row of the control-flow operator whose event encloses this row (tflm/helia-rt), or -1
    bool resolved() const { return subgraph >= 0 && sourceIndex >= 0; }

    // Attribution's words (resolveLayerSources(), attributeLayers()).
    Q_DECLARE_TR_FUNCTIONS(hpx::model::LayerSource)
};

// One source per layer, in order. Warnings (translated) note suspicious but authoritative mappings.
// `positions` (tflm / helia-rt only; indexed by the rows' Layer values) may be null.
QVector<LayerSource> resolveLayerSources(const QVector<LayerResult> &layers, Engine engine, const ModelInfo *model,
    const AotManifest *manifest, QStringList *warnings = nullptr, const QVector<LayerPosition> *positions = nullptr);

// How an op tag fits the model at a position, for aggregatePass's tie-break between iterations. By the tag's form:
// a helia-aot tag (TYPE:<index>) agrees when the model's operator <index> of subgraph 0 has that type, the manifest
// (when given) names that index for the position, and no other position already carries the tag (heliaAOT runs
// every operator once); a TFLM tag agrees when it names the model's operator at that position (a model without
// called subgraphs) and disagrees when the model has no operator of that type at all. `model` and `manifest` may be
// null and must outlive the check.
TagCheck modelTagCheck(const ModelInfo *model, const AotManifest *manifest);

// The integer after the last ':' of an op tag (CONV_2D:3 -> 3), if there is one.
std::optional<int> labelSourceIndex(const QString &op);

// The merge step: resolves every layer of `result`, sums the rows of an operator that ran several times in
// one inference into one layer (values, cycles per pass, invocations, rows), joins host MACs/ops on
// (subgraph, source index) — times the invocations — and fills unresolved / overlaysSkippedReason.
// `positions`: what the capture's HPX_LAYER_POSITIONS lines said (null or empty: none came); used when every iteration
// said the same and the line reads, else the rows are aligned by op tag and the warning profile.layer_positions_unused
// says why.
void attributeLayers(ProfileResult &result, const ModelInfo *model, const AotManifest *manifest,
    const CaptureLayerPositions *positions = nullptr);

} // namespace hpx::model
