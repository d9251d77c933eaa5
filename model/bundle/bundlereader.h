#pragma once

#include "model/bundle/overlay.h"
#include "model/json/jsonvalue.h"
#include "model/results/profileresult.h"

#include <QString>
#include <QStringList>
#include <QVector>

#include <optional>

namespace hpx::model {

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
    static BundleReadResult read(const QString &directory);

    // Pieces, for tests and for the import of single files. fileName is used in messages only.
    static std::optional<QVector<LayerResult>> parseLayersCsv(
        const QByteArray &data, const QString &fileName, QStringList *counters, QStringList *warnings, QString *error);
    static std::optional<Engine> engineFromText(const QString &name); // tflm, helia-rt, helia_rt, ...

private:
    // bundlereaderparts.cpp
    static bool readLayers(const QString &directory, Bundle &bundle, QString *error, QString *errorFile);
    static void readIdentity(const QString &directory, Bundle &bundle);
    static bool readOverlays(const QString &directory, Bundle &bundle, QString *error, QString *errorFile);
};

} // namespace hpx::model
