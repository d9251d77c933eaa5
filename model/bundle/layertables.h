#pragma once

#include "model/bundle/overlay.h"
#include "model/bundle/runcontext.h"
#include "model/json/jsonvalue.h"
#include "model/results/profileresult.h"

#include <QByteArray>
#include <QString>
#include <QVector>

#include <optional>

namespace hpx::model::bundle {

// The per-layer files of a result bundle (docs/compatibility.md §5.3, §5.4). Pure functions: no disk access.

QByteArray profileResultsCsv(const ProfileResult &result, const RunContext &ctx);
JsonValue profileResultsJson(const ProfileResult &result, const RunContext &ctx, const JsonValue &runMetadata);
// detailed/profile_<pass|group>.csv: §5.3 columns without MAC columns, cycles_pct against its own total.
QByteArray layerTableCsv(const QStringList &counters, const QVector<LayerResult> &layers);

// hpx Studio extension hpx_studio_layers.csv: per merged layer its resolved identity (subgraph,
// source_index, graph_id), invocations per inference and the per-pass cycles, so a bundle read
// back maps layers onto the graph exactly as the run did.
inline QString layerIdentityFileName()
{
    return QStringLiteral("hpx_studio_layers.csv");
}
// With operators that did not run (ProfileResult::notRun), a row each after the layers (invocations 0, no value) and
// an `execution` column: profiled, not_run or once_at_init (docs/output-files.md).
QByteArray layerIdentityCsv(const ProfileResult &result, const ModelInfo *model);
QString executionName(LayerResult::Execution execution);
std::optional<LayerResult::Execution> executionFromName(const QString &name);
QByteArray aotMemoryLayersCsv(const JsonValue &aotManifest); // empty when the manifest has no tensors

} // namespace hpx::model::bundle
