#pragma once

#include "model/compare/comparison.h"
#include "model/results/profileresult.h"

#include <QByteArray>
#include <QString>
#include <QVector>

namespace hpx::model {

// Per-layer half of `hpx compare` (docs/compatibility.md §7.2): pairing the two layer lists and writing
// layer_diff.csv.

// layer_diff.csv as hpx writes it (csv.DictWriter: CRLF, minimal quoting): the fixed columns present, then
// baseline_<k>, candidate_<k>, delta_<k>, delta_pct_<k> for every numeric key both rows hold except id,
// op, cycles and overflow, all sorted together by column name. No rows: just the (empty) header line.
QByteArray layerDiffCsv(const Comparison &comparison);

} // namespace hpx::model
