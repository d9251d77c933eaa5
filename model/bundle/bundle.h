#pragma once

#include "model/bundle/overlay.h"
#include "model/json/jsonvalue.h"
#include "model/results/profileresult.h"

#include <QByteArray>
#include <QHash>
#include <QSet>
#include <QString>
#include <QStringList>
#include <QVector>

#include <functional>
#include <optional>

namespace hpx::model {

// One row of aot_memory_layers.csv: where one tensor of one heliaAOT operator lives (docs/compatibility.md §5.7).
// Cells as written; the layer_diff.csv memory columns are built from them (model/compare/layerdiff.h).
struct AotMemoryRow {
    std::optional<QString> layerIdx; // nullopt: the file has no such column
    std::optional<QString> layerId;
    QString tensorRole; // input | output | local
    QString tensorKind; // constant, scratch, persistent, ... (may be empty)
    QString arenaRole;
    QString memory; // tcm, sram, mram, psram, ... (empty when unknown)
    QString sourceMemory; // where a staged tensor comes from (empty when not staged)
};

// One declared (or, in a legacy bundle, found) Model Explorer overlay.
struct BundleOverlay {
    QString counter; // from the file name
    QString path; // relative, model_explorer/me_overlay_<COUNTER>.json
    ParsedOverlay overlay;
};

// A result bundle opened from disk: what the UI browses without a board.
struct Bundle {
    QString directory;
    bool hasManifest = false; // false: a legacy bundle, read unverified
    bool verified = false; // every declared artifact exists with its size and SHA-256, and the schema holds
    QString status; // manifest status (complete | incomplete | failed), "" when legacy
    QString validity; // valid | degraded | invalid
    QString validityReason; // translated: why the reader itself judged the bundle invalid ("" when it did not)
    QString producer; // "hpx Studio" when our run_metadata extension is there, else "heliaPROFILER"
    int summarySchemaVersion = 0;

    ProfileResult result; // layers, counters, passes/groups (when the bundle has them), firmware, issues
    JsonValue summary;
    JsonValue metadata; // run_metadata.json (Null when absent)
    JsonValue manifest; // result_manifest.json (Null when legacy)
    QVector<BundleOverlay> overlays;
    QString rawCapturePath; // absolute path of the raw stream, when the bundle keeps one
    QStringList artifacts; // declared paths (manifest order), or the files read when legacy
    QStringList warnings; // translated; e.g. "legacy bundle, not verified"
    QVector<AotMemoryRow> aotMemory; // aot_memory_layers.csv (docs/compatibility.md §5.7), when declared
    // With a manifest: each artifact's declared SHA-256 (path -> lower-case hex) and size.
    QHash<QString, QString> digests;
    QHash<QString, quint64> sizes;
    QSet<QString> digestsChecked; // the artifacts hashed so far while reading (each file is hashed once)
};

// The bytes of one declared artifact of the bundle being read, checked against the manifest
// (BundleReader::readArtifact); nullopt with the message and the file at fault. What BundleReader hands the readers of
// its parts (LayerTableReader).
using ArtifactReader
    = std::function<std::optional<QByteArray>(const QString &relativePath, QString *error, QString *errorFile)>;

} // namespace hpx::model
