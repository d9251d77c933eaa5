#pragma once

#include "model/jsonvalue.h"
#include "model/overlay.h"
#include "model/profileresult.h"
#include "model/runcontext.h"

#include <QByteArray>
#include <QString>
#include <QVector>

namespace hpx::model {

// The individual documents of a result bundle (docs/compatibility.md §5), each built from the merged
// result and the run context exactly as heliaPROFILER's writers lay them out. Pure functions:
// no disk access. BundleWriter puts them together and writes them atomically.
namespace bundle {

inline constexpr int kRunSummarySchemaVersion = 2;
inline constexpr int kRunMetadataSchemaVersion = 1;
inline constexpr int kProfileResultsSchemaVersion = 1;
inline constexpr int kManifestSchemaVersion = 1;

// The 13 memory/cache counters summed into summary.cache and memory.json, in hpx's order.
const QStringList &cacheCounters();

QString validityOf(const QVector<Issue> &issues); // valid | degraded | invalid (§5.9)
// The run's issues as written: result.issues plus pmu.counter_overflow when overflow was seen
// and the merge did not already report it.
QVector<Issue> effectiveIssues(const ProfileResult &result);
JsonValue issuesJson(const QVector<Issue> &issues);

// FirmwareMeta as a JSON object, nulls dropped, arrival order (psram keys in hpx's order).
JsonValue firmwareJson(const ProfileResult &result);

JsonValue summaryJson(const ProfileResult &result, const RunContext &ctx, const OverlaySet &overlays);
JsonValue runMetadataJson(const ProfileResult &result, const RunContext &ctx, const QStringList &notes);
QByteArray profileResultsCsv(const ProfileResult &result, const RunContext &ctx);
JsonValue profileResultsJson(const ProfileResult &result, const RunContext &ctx, const JsonValue &runMetadata);
// detailed/profile_<pass|group>.csv: §5.3 columns without MAC columns, cycles_pct against its own total.
QByteArray layerTableCsv(const QStringList &counters, const QVector<LayerResult> &layers);
JsonValue memoryJson(const ProfileResult &result);
QByteArray nsxLock(const RunContext &ctx);
// hpx Studio extension hpx_studio_layers.csv: per merged layer its resolved identity (subgraph,
// source_index, graph_id), invocations per inference and the per-pass cycles, so a bundle read
// back maps layers onto the graph exactly as the run did.
inline QString layerIdentityFileName()
{
    return QStringLiteral("hpx_studio_layers.csv");
}
QByteArray layerIdentityCsv(const ProfileResult &result, const ModelInfo *model);
QByteArray aotMemoryLayersCsv(const JsonValue &aotManifest); // empty when the manifest has no tensors

struct Artifact {
    QString path; // relative POSIX path
    qint64 sizeBytes = 0;
    QString sha256;
};
// The artifact entry (path, media_type, size_bytes, sha256, role, name, schema, ...), §5.8 table.
JsonValue artifactJson(const Artifact &artifact);
JsonValue manifestJson(const ProfileResult &result, const RunContext &ctx, const QVector<Artifact> &artifacts);
// SHA-256 hex of the config snapshot as compact sorted JSON (provenance.config_sha256).
QString configSha256(const JsonValue &config);

} // namespace bundle
} // namespace hpx::model
