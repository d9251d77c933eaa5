#include "model/bundle/bundlepublish.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QLockFile>
#include <QLoggingCategory>
#include <QRandomGenerator>
#include <QSysInfo>
#include <QThread>

#include <optional>

#ifdef Q_OS_UNIX
#include <cerrno>
#include <csignal>
#include <unistd.h>
#endif

Q_LOGGING_CATEGORY(lcPublish, "hpx.model.publish")

namespace hpx::model {

namespace {

const QString kStaging = QStringLiteral(".hpx-staging-");
const QString kPrevious = QStringLiteral(".hpx-previous-");
const QString kReady = QStringLiteral(".hpx-ready");
const QString kMovedOut = QStringLiteral(".hpx-moved-out");
const QString kLock = QStringLiteral(".hpx-publish.lock");

bool isFaulted(const BundlePublisher::FaultHook &fault, const QString &step)
{
    return fault && !fault(step);
}

bool writeWholeFile(const QString &path, const QByteArray &data, QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
        *error = file.errorString();
        return false;
    }
    if (file.write(data) != data.size() || !file.flush()) {
        *error = file.errorString();
        file.close();
        return false;
    }
    file.close();
    if (file.error() != QFileDevice::NoError) {
        *error = file.errorString();
        return false;
    }
    return true;
}

// A marker appears whole or not at all: written under another name, then renamed. Not QSaveFile: its fsync would
// wait for the staged files' data to reach the disk (ext4 orders them), which costs an import most of its speed and
// buys nothing against a killed process (docs/output-files.md "Publishing").
bool writeMarker(const QString &path, const QByteArray &data, QString *error)
{
    const QString temporary = path + QStringLiteral(".part");
    QFile::remove(temporary);
    if (!writeWholeFile(temporary, data, error))
        return false;
    QFile file(temporary);
    if (!file.rename(path)) {
        *error = file.errorString();
        return false;
    }
    return true;
}

// Moves a file, replacing a file of the same name (recovery may find both).
bool moveFile(const QString &from, const QString &to, QString *error, bool replace = false)
{
    if (!QDir().mkpath(QFileInfo(to).absolutePath())) {
        *error = BundlePublisher::tr("cannot create the folder %1")
                     .arg(QDir::toNativeSeparators(QFileInfo(to).absolutePath()));
        return false;
    }
    if (replace && QFileInfo(to).isFile())
        QFile::remove(to);
    QFile file(from);
    if (!file.rename(to)) {
        *error = file.errorString();
        return false;
    }
    return true;
}

// Relative paths of the files under dir, sorted; at the top level, names starting with ".hpx-" (our staging and
// backup folders, markers, the lock) are skipped.
QStringList filesUnder(const QString &dir)
{
    QStringList out;
    QDirIterator it(dir, QDir::Files | QDir::Hidden | QDir::NoDotAndDotDot, QDirIterator::Subdirectories);
    const QDir base(dir);
    while (it.hasNext()) {
        const QString rel = base.relativeFilePath(it.next());
        if (rel.startsWith(QStringLiteral(".hpx-")))
            continue;
        out.append(rel);
    }
    out.sort();
    return out;
}

std::optional<QStringList> readyList(const QString &staging)
{
    QFile file(QDir(staging).filePath(kReady));
    if (!file.open(QIODevice::ReadOnly))
        return std::nullopt;
    return QString::fromUtf8(file.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
}

// Removes the folders of one publish: the backup first, so that a crash in between still shows, through the staging
// folder's markers, what happened. Returns false when something stays.
bool removePair(const QString &staging, const QString &previous, const BundlePublisher::FaultHook &fault = {})
{
    bool ok = true;
    isFaulted(fault, QStringLiteral("cleanup:previous"));
    if (QFileInfo::exists(previous))
        ok = QDir(previous).removeRecursively() && ok;
    isFaulted(fault, QStringLiteral("cleanup:staging"));
    if (QFileInfo::exists(staging)) {
        QFile::remove(QDir(staging).filePath(kReady));
        ok = QDir(staging).removeRecursively() && ok;
    }
    return ok;
}

// Undoes a publish that did not reach its commit: new files already moved in go, the previous ones come back. Done
// in an order that a crash in the middle of it can be recovered again the same way.
bool rollBack(const QString &directory, const QString &staging, const QString &previous, QString *error)
{
    const QDir out(directory);
    QFile::remove(QDir(previous).filePath(kMovedOut)); // from here on, recovery rolls back too
    bool ok = true;
    if (const auto list = readyList(staging)) {
        for (const QString &rel : *list) {
            // Moved in already (no longer staged): not part of the previous bundle, whose same-named file is in the
            // backup folder since step 2 ended.
            if (!QFileInfo::exists(QDir(staging).filePath(rel)) && QFileInfo(out.filePath(rel)).isFile())
                ok = QFile::remove(out.filePath(rel)) && ok;
        }
    }
    if (QFileInfo::exists(previous)) {
        for (const QString &rel : filesUnder(previous)) {
            QString e;
            if (!moveFile(QDir(previous).filePath(rel), out.filePath(rel), &e, true)) {
                qCWarning(lcPublish).noquote() << "cannot restore" << rel << ":" << e << "- kept in" << previous;
                *error = BundlePublisher::tr("Cannot restore %1: %2").arg(rel, e);
                return false; // never delete the only copy of a previous file
            }
        }
    }
    if (!ok)
        *error = BundlePublisher::tr("Cannot remove the files of an unfinished run in %1.")
                     .arg(QDir::toNativeSeparators(directory));
    return removePair(staging, previous) && ok;
}

// Completes a publish whose previous files were all moved aside: the rest of the staged files go in, the manifest
// (the ready list's last entry) last.
bool rollForward(const QString &directory, const QString &staging, const QString &previous, QString *error)
{
    const QStringList list = readyList(staging).value_or(QStringList());
    for (const QString &rel : list) {
        const QString from = QDir(staging).filePath(rel);
        if (!QFileInfo(from).isFile())
            continue; // moved in before the crash
        QString e;
        if (!moveFile(from, QDir(directory).filePath(rel), &e, true)) {
            *error = BundlePublisher::tr("Cannot write %1: %2").arg(rel, e);
            return false;
        }
    }
    return removePair(staging, previous);
}

QString cannotCreateFolderIn(const QString &directory)
{
    return BundlePublisher::tr("Cannot write in the output folder %1: %2")
        .arg(QDir::toNativeSeparators(directory), BundlePublisher::tr("cannot create a folder"));
}

// What a lock file says about its owner. QLockFile writes "pid\napp\nhost\nmachine id\nboot id\n" right after it
// creates the file; a process killed in between leaves it empty.
struct LockOwner {
    qint64 pid = 0;
    QString app;
    QString host;
    QByteArray machineId;
    QByteArray bootId;
};

std::optional<LockOwner> readLockOwner(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return std::nullopt;
    const QList<QByteArray> lines = file.read(4096).split('\n'); // a lock file is a few lines; never more is read
    bool ok = false;
    LockOwner owner;
    owner.pid = lines.value(0).trimmed().toLongLong(&ok);
    if (!ok || owner.pid <= 0)
        return std::nullopt;
    owner.app = QString::fromUtf8(lines.value(1));
    owner.host = QString::fromUtf8(lines.value(2));
    owner.machineId = lines.value(3).trimmed();
    owner.bootId = lines.value(4).trimmed();
    return owner;
}

// The command line of a running process, for naming a live owner; empty when it cannot be read.
QString commandOf(qint64 pid)
{
#ifdef Q_OS_LINUX
    QFile file(QStringLiteral("/proc/%1/cmdline").arg(pid));
    if (file.open(QIODevice::ReadOnly)) {
        QByteArray text = file.read(1024);
        text.replace('\0', ' ');
        return QString::fromLocal8Bit(text.trimmed());
    }
#else
    Q_UNUSED(pid)
#endif
    return {};
}

// Why the lock at `path` has no owner any more, or "" while it may have one. QLockFile with a stale time of 0 only
// takes over a lock whose owner it can read and finds gone; an empty or unreadable lock (a process killed while
// creating it) or one written before the system restarted would block the folder for good.
// `recheck` false: an ownerless lock is not judged (QLockFile leaves those alone anyway).
QString staleLockReason(const QString &path, bool recheck)
{
    std::optional<LockOwner> owner = readLockOwner(path);
    if (!owner && !recheck)
        return {};
    if (!owner) {
        // A live creator writes its owner lines within microseconds of creating the file: look once more.
        QThread::msleep(100);
        owner = readLockOwner(path);
        if (!owner)
            return QFileInfo::exists(path) ? BundlePublisher::tr("it names no owner (empty or unreadable)") : QString();
    }
    if (!owner->host.isEmpty() && owner->host != QSysInfo::machineHostName())
        return {}; // another machine's process (a shared folder): it cannot be checked from here
    if (!owner->bootId.isEmpty() && owner->machineId == QSysInfo::machineUniqueId()
        && owner->bootId != QSysInfo::bootUniqueId())
        return BundlePublisher::tr("it was written before the system last started (process %1)").arg(owner->pid);
#ifdef Q_OS_UNIX
    if (::kill(pid_t(owner->pid), 0) != 0 && errno == ESRCH)
        return BundlePublisher::tr("process %1 is gone").arg(owner->pid);
#endif
    return {};
}

// tryLock, and a lock its owner left behind taken over. `note` gets a translated sentence when that happened.
bool lockFolder(QLockFile &lock, const QString &path, int waitMs, QString *note)
{
    lock.setStaleLockTime(0); // stale only when its owner is gone, however long a publish takes
    // QLockFile takes over a lock of a process that is gone by itself, silently: the reason is found first.
    const QString before = QFileInfo::exists(path) ? staleLockReason(path, false) : QString();
    if (lock.tryLock(waitMs)) {
        if (!before.isEmpty() && note)
            *note = BundlePublisher::tr("took over the lock %1 left behind: %2").arg(kLock, before);
        return true;
    }
    if (lock.error() != QLockFile::LockFailedError)
        return false;
    const QString reason = staleLockReason(path, true);
    // removeStaleLockFile() takes the file's flock first: a live QLockFile owner holds it, so it is never removed
    // from under one whatever the content said.
    if (reason.isEmpty() || !lock.removeStaleLockFile() || !lock.tryLock(0))
        return false;
    if (note)
        *note = BundlePublisher::tr("took over the lock %1 left behind: %2").arg(kLock, reason);
    qCInfo(lcPublish).noquote() << "took over" << path << ":" << reason;
    return true;
}

QString lockError(const QLockFile &lock, const QString &directory)
{
    if (lock.error() == QLockFile::LockFailedError) {
        qint64 pid = 0;
        QString host, app;
        if (lock.getLockInfo(&pid, &host, &app) && pid > 0) {
            QString command = commandOf(pid);
            if (command.isEmpty())
                command = app;
            return BundlePublisher::tr("Another program (%1, process %2) is writing results to %3 right now.")
                .arg(command)
                .arg(pid)
                .arg(QDir::toNativeSeparators(directory));
        }
        return BundlePublisher::tr("Another program is writing results to %1 right now (its lock %2 is being created).")
            .arg(QDir::toNativeSeparators(directory), kLock);
    }
    return BundlePublisher::tr("Cannot lock the output folder %1 (%2).")
        .arg(QDir::toNativeSeparators(directory),
            lock.error() == QLockFile::PermissionError ? BundlePublisher::tr("permission denied")
                                                       : BundlePublisher::tr("unknown error"));
}

// Recovery with the lock held.
BundlePublisher::Recovery recoverLocked(const QString &directory)
{
    BundlePublisher::Recovery r;
    const QDir out(directory);
    QStringList ids;
    const QStringList names = out.entryList(QDir::Dirs | QDir::Hidden | QDir::NoDotAndDotDot, QDir::Name);
    for (const QString &name : names) {
        for (const QString &prefix : { kStaging, kPrevious }) {
            if (name.startsWith(prefix) && !ids.contains(name.mid(prefix.size())))
                ids.append(name.mid(prefix.size()));
        }
    }
    for (const QString &id : std::as_const(ids)) {
        const QString staging = out.filePath(kStaging + id);
        const QString previous = out.filePath(kPrevious + id);
        const auto list = readyList(staging);
        QString error;
        bool ok = true;
        if (list && !list->isEmpty() && !QFileInfo::exists(QDir(staging).filePath(list->last()))) {
            ok = removePair(staging, previous);
            r.actions.append(BundlePublisher::tr("removed what a finished run left behind"));
        } else if (list && QFileInfo::exists(QDir(previous).filePath(kMovedOut))) {
            ok = rollForward(directory, staging, previous, &error);
            r.actions.append(BundlePublisher::tr("completed the new results of an interrupted run"));
        } else {
            ok = rollBack(directory, staging, previous, &error);
            r.actions.append(BundlePublisher::tr("restored the previous results after an interrupted run"));
        }
        if (!ok) {
            r.ok = false;
            r.error = error.isEmpty() ? BundlePublisher::tr("Cannot remove %1.").arg(QDir::toNativeSeparators(staging))
                                      : error;
            return r;
        }
    }
    for (const QString &a : std::as_const(r.actions))
        qCInfo(lcPublish).noquote() << QDir::toNativeSeparators(directory) << ":" << a;
    return r;
}

} // namespace

QString BundlePublisher::lockFileName()
{
    return kLock;
}

bool BundlePublisher::hasLeftovers(const QString &directory)
{
    const QStringList names = QDir(directory).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot);
    for (const QString &name : names) {
        if (name.startsWith(kStaging) || name.startsWith(kPrevious) || name == kLock)
            return true;
    }
    return false;
}

BundlePublisher::Recovery BundlePublisher::recover(const QString &directory)
{
    if (!hasLeftovers(directory))
        return {};
    const QString path = QDir(directory).filePath(kLock);
    QLockFile lock(path);
    QString note;
    if (!lockFolder(lock, path, 0, &note)) {
        Recovery r;
        r.ok = false;
        r.error = lockError(lock, directory);
        return r;
    }
    Recovery r = recoverLocked(directory);
    if (!note.isEmpty())
        r.actions.prepend(note);
    return r;
}

std::shared_ptr<BundleStaging> BundlePublisher::open(const QString &directory, int lockWaitMs, QString *error)
{
    const QDir out(directory);
    const QString where = QDir::toNativeSeparators(directory);
    std::shared_ptr<BundleStaging> s(new BundleStaging());
    s->m_directory = directory;
    if (!out.exists()) {
        if (!QDir().mkdir(directory)) {
            *error = tr("Cannot create the output folder %1.").arg(where);
            return {};
        }
        s->m_createdDirectory = true;
    }
    s->m_lock = std::make_unique<QLockFile>(out.filePath(kLock));
    // A live program holding the folder now may publish its results while this one waits: they are then replaced,
    // and this run says so (two runs racing into one folder; the other has ended by the time this one publishes).
    QString busyOwner;
    const QString manifestPath = out.filePath(QStringLiteral("result_manifest.json"));
    const QDateTime manifestBefore = QFileInfo(manifestPath).lastModified();
    if (const std::optional<LockOwner> owner = readLockOwner(out.filePath(kLock));
        owner && staleLockReason(out.filePath(kLock), false).isEmpty()) {
        const QString command = commandOf(owner->pid);
        busyOwner = tr("%1, process %2").arg(command.isEmpty() ? owner->app : command).arg(owner->pid);
    }
    QString note;
    if (!lockFolder(*s->m_lock, out.filePath(kLock), lockWaitMs, &note)) {
        *error = lockError(*s->m_lock, directory);
        return {};
    }
    const auto interrupted
        = [](const QString &what) { return tr("An earlier run in this folder was interrupted: %1.").arg(what); };
    if (!note.isEmpty())
        s->m_notes.append(interrupted(note));
    if (!busyOwner.isEmpty() && QFileInfo(manifestPath).lastModified() != manifestBefore)
        s->m_notes.append(tr("Another program (%1) published results in %2 while this run waited for it; they are "
                             "replaced by this run's.")
                              .arg(busyOwner, where));
    const Recovery rec = recoverLocked(directory);
    if (!rec.ok) {
        *error = tr("%1 holds an interrupted earlier run that cannot be cleaned up: %2").arg(where, rec.error);
        return {};
    }
    for (const QString &action : rec.actions)
        s->m_notes.append(interrupted(action));
    QString id;
    do
        id = QString::number(QRandomGenerator::global()->generate() | 0x10000000u, 36);
    while (QFileInfo::exists(out.filePath(kStaging + id)) || QFileInfo::exists(out.filePath(kPrevious + id)));
    if (!out.mkdir(kStaging + id)) {
        *error = cannotCreateFolderIn(directory);
        return {};
    }
    s->m_id = id;
    return s;
}

BundleStaging::~BundleStaging()
{
    if (!m_finished && !m_id.isEmpty())
        QDir(QDir(m_directory).filePath(kStaging + m_id)).removeRecursively();
    m_lock.reset(); // unlocks, removing the lock file
    if (m_createdDirectory)
        QDir().rmdir(m_directory); // only when empty: a folder this run made and never published into
}

namespace {

#ifdef Q_OS_LINUX
// The first `size` bytes of `source` into the open `target`, copied by the kernel from file to file: no pass through
// this process's memory (on this machine, touching fresh memory costs more than the copy: bench/import). False when
// the kernel cannot (another file system on an older kernel, a special file) or the file changed size.
bool copyFileRange(const QString &source, QFile &target, qint64 size, const std::function<bool()> &stopped)
{
    QFile from(source);
    if (!from.open(QIODevice::ReadOnly) || from.size() < size)
        return false;
    loff_t in = 0;
    loff_t out = 0;
    constexpr qint64 kStep = qint64(4) << 20; // a stop request waits for one step at most (a few milliseconds)
    while (in < size) {
        if (stopped && stopped())
            return false;
        const ssize_t n
            = ::copy_file_range(from.handle(), &in, target.handle(), &out, size_t(std::min(kStep, size - in)), 0);
        if (n <= 0)
            return false;
    }
    return true;
}
#endif

} // namespace

bool BundleStaging::stage(const QString &relativePath, const QByteArray &data, const QString &sourcePath,
    QString *error, const std::function<bool()> &stopped)
{
    const QString path = QDir(QDir(m_directory).filePath(kStaging + m_id)).filePath(relativePath);
    bool copied = false;
#ifdef Q_OS_LINUX
    if (!sourcePath.isEmpty()) {
        QFile file(path);
        copied = file.open(QIODevice::WriteOnly | QIODevice::Truncate)
            && copyFileRange(sourcePath, file, data.size(), stopped);
        file.close();
        copied = copied && file.error() == QFileDevice::NoError;
    }
#else
    Q_UNUSED(sourcePath)
#endif
    if (!copied && stopped && stopped()) {
        QFile::remove(path);
        if (error)
            *error = QStringLiteral("stopped");
        return false;
    }
    if (!copied && !writeWholeFile(path, data, error)) {
        QFile::remove(path);
        return false;
    }
    const QMutexLocker locker(&m_mutex);
    m_staged.insert(relativePath, data.size());
    return true;
}

qint64 BundleStaging::stagedSize(const QString &relativePath) const
{
    const QMutexLocker locker(&m_mutex);
    return m_staged.value(relativePath, -1);
}

void BundleStaging::finish()
{
    m_finished = true;
    m_createdDirectory = false; // published into, or publish() reported why not: the folder stays
    m_lock.reset();
}

BundlePublisher::Result BundlePublisher::publish(const QString &directory, const QVector<BundleFile> &files,
    const std::function<bool(const QString &)> &isOurs, const FaultHook &fault, BundleStaging *early)
{
    Result r;
    const QDir out(directory);
    const QString where = QDir::toNativeSeparators(directory);
    const auto failed = [&](const QString &message, const QString &file) {
        r.ok = false;
        r.error = message;
        r.errorFile = file;
        return r;
    };
    std::shared_ptr<BundleStaging> own;
    BundleStaging *session = early && early->directory() == directory && !early->m_finished ? early : nullptr;
    if (!session) {
        QString error;
        own = open(directory, 10000, &error);
        if (!own)
            return failed(error, QString());
        session = own.get();
    }
    // However publish ends, the lock goes with it; the folders are cleaned up below.
    const std::unique_ptr<BundleStaging, void (*)(BundleStaging *)> finishing(
        session, [](BundleStaging *s) { s->finish(); });
    r.notes = session->m_notes;
    const QString id = session->m_id;
    const QString staging = out.filePath(kStaging + id);
    const QString previous = out.filePath(kPrevious + id);

    // 1. Stage every file, then mark the staging complete. Nothing of the previous bundle has been touched yet.
    QStringList newPaths;
    for (const BundleFile &file : files) {
        const QString target = QDir(staging).filePath(file.path);
        QString error;
        if (isFaulted(fault, QStringLiteral("stage:") + file.path))
            error = tr("injected write failure");
        else if (session->stagedSize(file.path) == file.data.size())
            ; // staged early (BundleStaging::stage)
        else if (!QDir().mkpath(QFileInfo(target).absolutePath()))
            error = tr("cannot create its folder");
        else
            writeWholeFile(target, file.data, &error);
        if (!error.isEmpty()) {
            removePair(staging, previous);
            return failed(
                tr("Cannot write %1: %2. The previous results in %3 are unchanged.").arg(file.path, error, where),
                file.path);
        }
        newPaths.append(file.path);
    }
    {
        QString error;
        if (isFaulted(fault, QStringLiteral("staged")))
            error = tr("injected write failure");
        else
            writeMarker(QDir(staging).filePath(kReady), newPaths.join(QLatin1Char('\n')).toUtf8(), &error);
        if (!error.isEmpty()) {
            removePair(staging, previous);
            return failed(tr("Cannot write %1: %2. The previous results in %3 are unchanged.")
                              .arg(kStaging + id + QLatin1Char('/') + kReady, error, where),
                QString());
        }
    }

    // 2. Move the previous files of ours aside, the manifest first: from here the folder is not published.
    QStringList oldPaths;
    for (const QString &rel : filesUnder(directory)) {
        if (isOurs(rel) || newPaths.contains(rel))
            oldPaths.append(rel);
    }
    const QString manifest = newPaths.isEmpty() ? QString() : newPaths.last();
    if (oldPaths.removeAll(manifest) > 0)
        oldPaths.prepend(manifest);
    if (!out.mkdir(kPrevious + id)) {
        removePair(staging, previous);
        return failed(cannotCreateFolderIn(directory), QString());
    }
    const auto undo = [&](const QString &message, const QString &file) {
        QString error;
        if (!rollBack(directory, staging, previous, &error))
            qCWarning(lcPublish).noquote() << "rollback in" << directory << ":" << error;
        return failed(message, file);
    };
    for (const QString &rel : std::as_const(oldPaths)) {
        QString error;
        if (isFaulted(fault, QStringLiteral("backup:") + rel))
            error = tr("injected write failure");
        else
            moveFile(out.filePath(rel), QDir(previous).filePath(rel), &error);
        if (!error.isEmpty())
            return undo(
                tr("Cannot replace %1: %2. The previous results in %3 are unchanged.").arg(rel, error, where), rel);
    }
    {
        QString error;
        if (isFaulted(fault, QStringLiteral("moved-out")))
            error = tr("injected write failure");
        else
            writeMarker(QDir(previous).filePath(kMovedOut), QByteArray(), &error);
        if (!error.isEmpty())
            return undo(tr("Cannot write %1: %2. The previous results in %3 are unchanged.")
                            .arg(kPrevious + id + QLatin1Char('/') + kMovedOut, error, where),
                QString());
    }

    // 3. Move the new files in; the manifest's rename is the commit.
    for (const QString &rel : std::as_const(newPaths)) {
        QString error;
        if (isFaulted(fault, QStringLiteral("commit:") + rel))
            error = tr("injected write failure");
        else
            moveFile(QDir(staging).filePath(rel), out.filePath(rel), &error);
        if (!error.isEmpty())
            return undo(
                tr("Cannot write %1: %2. The previous results in %3 are unchanged.").arg(rel, error, where), rel);
    }

    // 4. Published. The previous files (and those this run does not write) go with the backup folder.
    if (!removePair(staging, previous, fault))
        qCWarning(lcPublish).noquote() << "could not remove" << staging << "or" << previous;
    for (const QString &rel : std::as_const(oldPaths)) {
        if (!newPaths.contains(rel))
            r.removed.append(rel);
    }
    r.ok = true;
    return r;
}

} // namespace hpx::model
