#pragma once

#include "model/bundle/overlay.h"
#include "model/bundle/runcontext.h"
#include "model/json/jsonvalue.h"
#include "model/results/profileresult.h"

#include <QByteArray>
#include <QString>
#include <QVector>

namespace hpx::model {

// The run-level documents of a result bundle (docs/compatibility.md §5): summary.json, run_metadata.json,
// memory.json and nsx.lock, each built from the merged result and the run context exactly as heliaPROFILER's
// writers lay them out. Pure functions: no disk access. The per-layer files are in layertables.h, the manifest in
// resultmanifest.h; BundleWriter puts them together and publishes them atomically.
namespace bundle {

inline constexpr int kRunSummarySchemaVersion = 2;
inline constexpr int kRunMetadataSchemaVersion = 1;
inline constexpr int kProfileResultsSchemaVersion = 1;
inline constexpr int kManifestSchemaVersion = 1;

QString validityOf(const QVector<Issue> &issues); // valid | degraded | invalid (§5.9)
// The run's issues as written: result.issues plus pmu.counter_overflow when overflow was seen
// and the merge did not already report it.
QVector<Issue> effectiveIssues(const ProfileResult &result);
JsonValue issuesJson(const QVector<Issue> &issues);

// FirmwareMeta as a JSON object, nulls dropped, arrival order (psram keys in hpx's order).
JsonValue firmwareJson(const ProfileResult &result);

// The model block of run_metadata.json and of the manifest's provenance: name, size_bytes, sha256.
JsonValue modelJson(const RunContext &ctx);

JsonValue summaryJson(const ProfileResult &result, const RunContext &ctx, const OverlaySet &overlays);
JsonValue runMetadataJson(const ProfileResult &result, const RunContext &ctx, const QStringList &notes);
JsonValue memoryJson(const ProfileResult &result, const JsonValue &memoryPlan = {}); // memory_plan: RunContext's
QByteArray nsxLock(const RunContext &ctx);
} // namespace bundle
} // namespace hpx::model
