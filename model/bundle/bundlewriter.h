#pragma once

#include "model/bundle/bundlefile.h"
#include "model/bundle/overlay.h"
#include "model/bundle/runcontext.h"
#include "model/results/profileresult.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QString>
#include <QStringList>
#include <QVector>

#include <functional>

namespace hpx::model {

// Everything a bundle holds, built in memory in hpx's write order (§5.1); the manifest is last.
struct BundlePlan {
    QVector<BundleFile> files; // including result_manifest.json as the last entry
    OverlaySet overlays;
    QStringList notes; // user-facing notes (also in run_metadata.json "hpx_studio.notes")
};

struct BundleWriteResult {
    bool ok = false;
    QString directory; // absolute bundle directory
    QString error; // translated, names the file when one is to blame
    QString errorFile; // relative path of the file that failed, if any
    QStringList written; // relative paths, write order, manifest last
    QStringList removed; // stale files of an earlier run that were removed
    QStringList notes;
    OverlaySet overlays;
    QString rescuedCapture; // where the raw capture was saved when the write failed
};

// Writes a result bundle (docs/compatibility.md §5 and §6, docs/compatibility.md §0.1 and §6) atomically:
// every file is first written to a staging directory inside the output directory; only when all
// of them are on disk are the previous run's files moved aside (result_manifest.json first, so
// a half-swapped directory never looks published), the new ones renamed in and the manifest
// renamed in last. Any failure rolls the previous files back, so the previous bundle stays
// byte-identical, and the raw capture is kept; a crash at any step is recovered by the next write
// or read (BundlePublisher, docs/output-files.md "Publishing"). Files of other programs in the directory are not
// touched; files of an earlier run that this run does not write (stale overlays, the other
// results format, detailed/ files) are removed.
class BundleWriter {
    Q_DECLARE_TR_FUNCTIONS(hpx::model::BundleWriter)
public:
    // Fault injection for tests: called before each step of the publish sequence (BundlePublisher::FaultHook:
    // "stage:<path>", "backup:<path>", "commit:<path>", ...); returning false makes that step fail as an I/O error
    // would.
    using FaultHook = std::function<bool(const QString &step)>;

    static BundlePlan plan(const ProfileResult &result, const RunContext &ctx, QString *error = nullptr);
    static BundleWriteResult write(
        const ProfileResult &result, const RunContext &ctx, const QString &outputDir, const FaultHook &fault = {});
    // Writes an already built plan (e.g. from a worker thread that built it).
    static BundleWriteResult writePlan(
        const BundlePlan &plan, const RunContext &ctx, const QString &outputDir, const FaultHook &fault = {});

    // Single-file export (one overlay, the CSV...): QSaveFile, so an old file survives a failure.
    static bool saveFile(const QString &path, const QByteArray &data, QString *error);

    // Names of files this writer manages inside a bundle directory (used to find stale ones).
    static bool isManagedPath(const QString &relativePath, const RunContext &ctx);
};

} // namespace hpx::model
