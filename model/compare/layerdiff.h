#pragma once

#include "model/compare/comparison.h"
#include "model/results/profileresult.h"

#include <QByteArray>
#include <QString>
#include <QVector>

namespace hpx::model {

// Per-layer half of `hpx compare` (docs/compatibility.md §7.2): pairing the two layer lists and writing
// layer_diff.csv.

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

// layer_diff.csv as hpx writes it (csv.DictWriter: CRLF, minimal quoting): the fixed columns present, then
// baseline_<k>, candidate_<k>, delta_<k>, delta_pct_<k> for every numeric key both rows hold except id,
// op, cycles and overflow, all sorted together by column name. No rows: just the (empty) header line.
QByteArray layerDiffCsv(const Comparison &comparison);

} // namespace hpx::model
