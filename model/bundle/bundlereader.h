#pragma once

#include "model/bundle/bundle.h"

#include <QCoreApplication>
#include <QString>

#include <optional>

class QDir;

namespace hpx::model {

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
