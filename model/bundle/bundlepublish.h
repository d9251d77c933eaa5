#pragma once

#include "model/bundle/bundlefile.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QHash>
#include <QMutex>
#include <QString>
#include <QStringList>
#include <QVector>

#include <functional>
#include <memory>

class QLockFile;

namespace hpx::model {

class BundleStaging;

// Publishing a bundle into its output folder so that a crash at any moment (kill -9, power cut aside) leaves the
// previous bundle or the new one whole once recovered (docs/output-files.md, "Publishing"). The sequence:
//   1. stage every new file in .hpx-staging-<id>/, then create .hpx-staging-<id>/.hpx-ready listing them;
//   2. move the previous files of ours into .hpx-previous-<id>/ (result_manifest.json first), then create
//      .hpx-previous-<id>/.hpx-moved-out;
//   3. move the new files in, result_manifest.json last: that rename is the commit point;
//   4. remove .hpx-previous-<id>/, then .hpx-staging-<id>/.
// recover() reads the markers: before the commit with step 2 complete it finishes the publish (roll forward),
// earlier it restores the previous files (roll back); after it, it only removes the folders. A QLockFile
// (.hpx-publish.lock) keeps a reader's recovery away from a publish that is still running. A lock whose owner is gone
// (no such process, empty or unreadable content, written before the system restarted) is taken over with a note, so
// no crash leaves a folder locked; a live owner (it holds the file's flock) never loses it.
class BundlePublisher {
    Q_DECLARE_TR_FUNCTIONS(hpx::model::BundlePublisher)
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
        // translated sentences: what was found and repaired first (a lock whose owner is gone taken over, an
        // interrupted publish completed or undone), and results another program published while this one waited
        // for the lock, replaced by these
        QStringList notes;
    };

    // Publishes `files` (the manifest last) into `directory`, replacing the files `isOurs` claims. With `staging`
    // (open() for the same directory), its lock and staging folder are used and the files already staged in it are
    // not written again.
    static Result publish(const QString &directory, const QVector<BundleFile> &files,
        const std::function<bool(const QString &relativePath)> &isOurs, const FaultHook &fault = {},
        BundleStaging *staging = nullptr);

    // Step 1 begun before the bundle's files exist: locks `directory` (waiting up to `lockWaitMs`), recovers
    // interrupted publishes in it, creates it if only it is missing and makes the staging folder. Null with `error`
    // set when any of that fails.
    static std::shared_ptr<BundleStaging> open(const QString &directory, int lockWaitMs, QString *error);

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

// A publish opened early (BundlePublisher::open): the output folder stays locked and the staging folder exists, so a
// large file can be staged while the rest of the bundle is still being worked out. hpx import copies the raw stream
// into it on its digest thread while the main thread parses (run/importstream.cpp). A staging never published is
// removed with this object, which also releases the lock; a crash leaves a staging folder without .hpx-ready, which
// recovery removes like any unfinished staging.
class BundleStaging {
public:
    ~BundleStaging();
    BundleStaging(const BundleStaging &) = delete;
    BundleStaging &operator=(const BundleStaging &) = delete;

    const QString &directory() const { return m_directory; }
    // Stages `data` as the file `relativePath` (a top-level name). When `sourcePath` is a file that starts with those
    // bytes, the kernel copies them from it (Linux copy_file_range), else they are written. Safe from another thread.
    // False with `error` set on a write error; the file is then not staged and publish() writes it as any other.
    // `stopped` (when given) is asked between the copy's steps (4 MiB each): true abandons the copy (false returned).
    bool stage(const QString &relativePath, const QByteArray &data, const QString &sourcePath, QString *error,
        const std::function<bool()> &stopped = {});

private:
    friend class BundlePublisher;
    BundleStaging() = default;
    qint64 stagedSize(const QString &relativePath) const; // -1: not staged
    void finish(); // publish() is done with it: the lock goes, the folders are publish()'s to clean up

    QString m_directory;
    QString m_id;
    std::unique_ptr<QLockFile> m_lock;
    bool m_createdDirectory = false;
    bool m_finished = false;
    QStringList m_notes; // Result::notes found while opening
    mutable QMutex m_mutex; // guards m_staged
    QHash<QString, qint64> m_staged;
};

} // namespace hpx::model
