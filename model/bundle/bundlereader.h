#pragma once

#include "model/bundle/overlay.h"
#include "model/json/jsonvalue.h"
#include "model/results/profileresult.h"

#include <QHash>
#include <QString>
#include <QStringList>
#include <QVector>

#include <optional>

namespace hpx::model {

// One row of aot_memory_layers.csv: where one tensor of one heliaAOT operator lives (docs/compatibility.md §5.7).
// Cells as written; the layer_diff.csv memory columns are built from them (model/layerdiff.h).
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
    bool hasManifest = false; // false: a legacy bundle, read unverified (as hpx compare does)
    bool verified = false; // every declared artifact exists with its size and SHA-256
    QString status; // manifest status (complete | incomplete | failed), "" when legacy
    QString validity; // valid | degraded | invalid
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
    // With a manifest: each artifact's declared SHA-256 (path -> lower-case hex).
    QHash<QString, QString> digests;
    // BundleReadOptions::verifyUnreadDigests was off: `verified` then means every declared artifact exists with its
    // size and every file that was read matched its digest; the others were not hashed.
    bool unreadDigestsSkipped = false;
};

// What a caller needs from a bundle; the rest is not read. The default reads and verifies everything.
struct BundleReadOptions {
    bool overlays = true; // model_explorer/*.json (hpx compare never uses them)
    bool detailed = true; // detailed/profile_<pass|group>.csv: the passes and groups
    // false: declared files that are not read are checked for their size only, and the files that are read are
    // checked against their digest as they are read (one read of each instead of two). A file that is read is
    // always verified.
    bool verifyUnreadDigests = true;

    static BundleReadOptions forComparison() { return { false, false, false }; }
};

struct BundleReadResult {
    std::optional<Bundle> bundle;
    QString error; // translated; names the file at fault
    QString errorFile; // relative path of that file ("" when the folder itself is the problem)
};

// Reads bundles written by heliaPROFILER (docs/compatibility.md §5: summary schema 1 or 2, CSV or JSON
// results, with or without a manifest) and by this app. With a manifest, its schema is checked and
// every declared artifact must exist inside the bundle with the declared size and SHA-256, and only
// declared files are read; a complete profile bundle must declare its core artifacts.
class BundleReader {
public:
    static BundleReadResult read(const QString &directory, const BundleReadOptions &options = {});

    // The bytes of one artifact of a bundle being read; with Bundle::unreadDigestsSkipped they are checked against
    // the manifest's digest here (the other files were hashed when the manifest was verified).
    static std::optional<QByteArray> readArtifact(
        const QString &directory, const Bundle &bundle, const QString &rel, QString *error, QString *errorFile);
};

} // namespace hpx::model
