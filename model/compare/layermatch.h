#pragma once

#include "model/results/profileresult.h"

#include <QString>
#include <QVector>

namespace hpx::model {

// Pairing the layers of two runs for `hpx compare` (docs/compatibility.md §7.2, docs/cli.md "hpx compare"): the
// comparison and layer_diff.csv both read the pairs.

// How the two layer lists were paired.
enum class LayerMatchRule {
    None, // no per-layer rows (blocked, or the lists could not be matched)
    Position, // identical layer lists (count and op tags) of the same model: row k with row k (hpx's rule)
    OperatorIndex, // same model, different lists: paired by (subgraph, operator index)
    OpSequence, // different (or unknown) models: aligned on the op-type sequence (longest common subsequence)
};
QString layerMatchRuleName(LayerMatchRule rule); // none, position, operator_index, op_sequence

struct LayerPair {
    int baseline = -1; // index into the baseline's merged layers, -1 = only in the candidate
    int candidate = -1; // -1 = only in the baseline
};

enum class ModelRelation { Same, Different, Unknown }; // by model_sha256; Unknown when either lacks it

struct LayerMatch {
    LayerMatchRule rule = LayerMatchRule::None;
    QVector<LayerPair> pairs;
    bool identicalLists = false; // same count and op tags: what heliaPROFILER compares
    int matched = 0;
    int baselineOnly = 0;
    int candidateOnly = 0;
    QString reason; // English, when rule is None although the lists differ
};

// Identical lists of the same (or an unknown) model pair by position, as hpx does. Otherwise: the same
// model pairs by (subgraph, operator index) when every layer of both runs has a resolved, unique one; a
// different or unknown model (or unresolved identities) is aligned on the op-type sequence (longest common
// subsequence, op tags without their ":suffix"). Unpaired layers become rows with one side empty.
LayerMatch matchLayers(const ProfileResult &baseline, const ProfileResult &candidate, ModelRelation relation);

} // namespace hpx::model
