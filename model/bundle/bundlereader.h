#pragma once

#include "model/bundle/overlay.h"
#include "model/json/jsonvalue.h"
#include "model/results/profileresult.h"

#include <QCoreApplication>
#include <QHash>
#include <QSet>
#include <QString>
#include <QStringList>
#include <QVector>

#include <optional>

class QDir;

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

// What a caller keeps of a bundle. Whatever is asked, the bundle is verified the same way (one verification for every
// reader): every declared file is hashed once and every document is parsed and held to its schema; what is not
// asked for is then dropped instead of kept.
struct BundleReadOptions {
    bool overlays = true; // keep model_explorer/*.json (hpx compare never uses them)
    bool detailed = true; // keep detailed/profile_<pass|group>.csv: the passes and groups

    static BundleReadOptions forComparison() { return { false, false }; }
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
    Q_DECLARE_TR_FUNCTIONS(hpx::model::BundleReader)
public:
    static BundleReadResult read(const QString &directory, const BundleReadOptions &options = {});

    // The bytes of one artifact of a bundle being read, checked against the manifest's size and digest (and recorded
    // in Bundle::digestsChecked). Only a regular file is read, and no more than its declared size (a legacy bundle's:
    // 512 MiB).
    static std::optional<QByteArray> readArtifact(
        const QString &directory, Bundle &bundle, const QString &rel, QString *error, QString *errorFile);

    struct Failure; // why a read failed: the message (translated) and the file it concerns

private:
    // The steps of read(); each returns false with the failure.
    static bool recoverInterruptedWrite(const QString &directory, Bundle &b, Failure *failure);
    static bool readDeclaredFiles(const QString &directory, const QDir &dir, Bundle &b, Failure *failure);
    static bool readSummary(const QDir &dir, Bundle &b, Failure *failure);
    static bool readRunMetadata(const QDir &dir, Bundle &b, Failure *failure);
    static bool checkLayerCount(const Bundle &b, Failure *failure);
};

} // namespace hpx::model
