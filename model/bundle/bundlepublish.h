#pragma once

#include <QString>
#include <QStringList>
#include <QVector>

#include <functional>

namespace hpx::model {

struct BundleFile;

// Publishing a bundle into its output folder so that a crash at any moment (kill -9, power cut aside) leaves the
// previous bundle or the new one whole once recovered (docs/output-files.md, "Publishing"). The sequence:
//   1. stage every new file in .hpx-staging-<id>/, then create .hpx-staging-<id>/.hpx-ready listing them;
//   2. move the previous files of ours into .hpx-previous-<id>/ (result_manifest.json first), then create
//      .hpx-previous-<id>/.hpx-moved-out;
//   3. move the new files in, result_manifest.json last: that rename is the commit point;
//   4. remove .hpx-previous-<id>/, then .hpx-staging-<id>/.
// recover() reads the markers: before the commit with step 2 complete it finishes the publish (roll forward),
// earlier it restores the previous files (roll back); after it, it only removes the folders. A QLockFile
// (.hpx-publish.lock) keeps a reader's recovery away from a publish that is still running.
class BundlePublisher {
public:
    // Called before each step ("stage:<path>", "staged", "backup:<path>", "moved-out", "commit:<path>",
    // "cleanup:previous", "cleanup:staging"); returning false makes a step before the commit fail as an I/O
    // error would. Tests use it to fail or to kill the process at every step.
    using FaultHook = std::function<bool(const QString &step)>;

    struct Result {
        bool ok = false;
        QString error; // translated, without the folder's name
        QString errorFile; // relative path of the file at fault, if any
        QStringList removed; // previous files of ours the new bundle does not have
    };

    // Publishes `files` (the manifest last) into `directory`, replacing the files `isOurs` claims.
    static Result publish(const QString &directory, const QVector<BundleFile> &files,
        const std::function<bool(const QString &relativePath)> &isOurs, const FaultHook &fault = {});

    struct Recovery {
        bool ok = true; // false: leftovers remain (busy, or a file could not be moved)
        QString error; // translated
        QStringList actions; // translated, one per interrupted publish found ("restored the previous bundle")
    };
    // Finishes or undoes interrupted publishes in `directory` and removes their leftovers; a no-op when there
    // are none. Safe against a publish still running in another process: that one is left alone (ok false).
    static Recovery recover(const QString &directory);
    // Whether `directory` holds .hpx-staging-*, .hpx-previous-* or a publish lock.
    static bool hasLeftovers(const QString &directory);

    static QString lockFileName(); // ".hpx-publish.lock"
};

} // namespace hpx::model
