// Crash safety of publishing (docs/output-files.md "Publishing"): a child process publishing a bundle is killed with
// SIGKILL before every step of the sequence; the reader, or the next write, must then find the previous bundle or
// the new one whole, byte for byte, and no leftovers.
#include "model/bundle/bundlepublish.h"
#include "model/bundle/bundlereader.h"
#include "model/bundle/bundlewriter.h"
#include "tests/model/bundle/bundletestdata.h"

#include <QDirIterator>
#include <QLockFile>
#include <QLoggingCategory>
#include <QMap>
#include <QProcess>
#include <QSysInfo>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <thread>

using namespace hpx;
using namespace hpx::model;

namespace {

// Every file under dir (hidden ones included: leftovers must show up) with its bytes.
QMap<QString, QByteArray> snapshot(const QString &dir)
{
    QMap<QString, QByteArray> out;
    QDirIterator it(dir, QDir::Files | QDir::Hidden | QDir::NoDotAndDotDot, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        QFile f(path);
        if (f.open(QIODevice::ReadOnly))
            out.insert(QDir(dir).relativeFilePath(path), f.readAll());
    }
    return out;
}

struct ChildRun {
    bool killed = false;
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

ChildRun runChild(const QString &dir, const char *which, int killAt = -1)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    if (killAt >= 0)
        env.insert(QStringLiteral("HPX_KILL_AT_STEP"), QString::number(killAt));
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(HPX_PUBLISH_CHILD), { dir, QString::fromLatin1(which) });
    ChildRun r;
    if (!p.waitForFinished(60000)) {
        p.kill();
        p.waitForFinished();
        return r;
    }
    r.killed = p.exitStatus() == QProcess::CrashExit;
    r.exitCode = p.exitCode();
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

QString describe(const QMap<QString, QByteArray> &files)
{
    return QStringList(files.keys()).join(QStringLiteral(", "));
}

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

QByteArray readFile(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

class TestBundlePublish : public QObject {
    Q_OBJECT

    QTemporaryDir m_tmp;
    QMap<QString, QByteArray> m_first;
    QMap<QString, QByteArray> m_second;
    QMap<QString, QByteArray> m_secondAlone; // second published into an empty folder
    int m_steps = 0;

private slots:
    void initTestCase()
    {
        QLoggingCategory::setFilterRules(QStringLiteral("hpx.model.publish.info=false"));
        QVERIFY(m_tmp.isValid());
        const QString a = m_tmp.filePath(QStringLiteral("refA"));
        const QString b = m_tmp.filePath(QStringLiteral("refB"));
        const QString c = m_tmp.filePath(QStringLiteral("refC"));
        const ChildRun ra = runChild(a, "first");
        QCOMPARE(ra.exitCode, 0);
        const ChildRun rb = runChild(b, "first");
        QCOMPARE(rb.exitCode, 0);
        const ChildRun rb2 = runChild(b, "second");
        QCOMPARE(rb2.exitCode, 0);
        m_steps = rb2.out.trimmed().toInt();
        QVERIFY2(m_steps > 10, rb2.out.constData());
        QCOMPARE(runChild(c, "second").exitCode, 0);
        m_first = snapshot(a);
        m_second = snapshot(b);
        m_secondAlone = snapshot(c);
        QVERIFY(m_first.contains(QStringLiteral("result_manifest.json")));
        QVERIFY(m_second.contains(QStringLiteral("result_manifest.json")));
        QVERIFY(m_first != m_second);
        // The first bundle has files the second does not write: a swap that forgets to remove them shows.
        QVERIFY(!QSet<QString>(m_first.keyBegin(), m_first.keyEnd())
                     .subtract(QSet<QString>(m_second.keyBegin(), m_second.keyEnd()))
                     .isEmpty());
    }

    void killAtEveryStep_data()
    {
        QTest::addColumn<bool>("withPrevious");
        QTest::addColumn<bool>("recoverByReading"); // else by the next write
        QTest::addColumn<bool>("stagedEarly"); // the raw capture staged before the bundle is written (hpx import)
        QTest::addColumn<bool>("whileLocking"); // killed while creating the lock, before any step
        QTest::newRow("previous bundle, reader recovers") << true << true << false << false;
        QTest::newRow("previous bundle, next write recovers") << true << false << false << false;
        QTest::newRow("empty folder, reader recovers") << false << true << false << false;
        QTest::newRow("staged early, previous bundle, reader recovers") << true << true << true << false;
        QTest::newRow("staged early, previous bundle, next write recovers") << true << false << true << false;
        QTest::newRow("killed while creating the lock, reader recovers") << true << true << false << true;
        QTest::newRow("killed while creating the lock, next write recovers") << true << false << false << true;
    }

    void killAtEveryStep()
    {
        QFETCH(bool, withPrevious);
        QFETCH(bool, recoverByReading);
        QFETCH(bool, stagedEarly);
        QFETCH(bool, whileLocking);
        if (whileLocking) {
            // A 0-byte lock whose creator is gone: the reader reads the previous bundle, the next write replaces it,
            // each taking the lock over with a note; the folder is never unusable.
            const QString dir = m_tmp.filePath(QStringLiteral("kill-lock-%1").arg(int(recoverByReading)));
            QCOMPARE(runChild(dir, "first").exitCode, 0);
            const ChildRun killed = runChild(dir, "lock-crash");
            QVERIFY(killed.killed);
            const QString lock = QDir(dir).filePath(BundlePublisher::lockFileName());
            QCOMPARE(QFileInfo(lock).size(), 0);
            if (recoverByReading) {
                const BundleReadResult r = BundleReader::read(dir);
                QVERIFY2(r.bundle && r.bundle->verified, qPrintable(r.error));
                QVERIFY2(r.bundle->warnings.join(QLatin1Char(' ')).contains(QStringLiteral("names no owner")),
                    qPrintable(r.bundle->warnings.join(QLatin1Char('\n'))));
                QCOMPARE(snapshot(dir), m_first);
            } else {
                const ChildRun next = runChild(dir, "second");
                QVERIFY2(next.exitCode == 0, next.err.constData());
                QCOMPARE(snapshot(dir), m_second);
            }
            QVERIFY(!BundlePublisher::hasLeftovers(dir));
            return;
        }
        const int steps = m_steps + (stagedEarly ? 1 : 0);
        int endedPrevious = 0;
        int endedNew = 0;
        int step = 0;
        for (;; ++step) {
            QVERIFY(step <= steps);
            const QString dir = m_tmp.filePath(QStringLiteral("kill-%1-%2-%3-%4")
                                                   .arg(int(withPrevious))
                                                   .arg(int(recoverByReading))
                                                   .arg(int(stagedEarly))
                                                   .arg(step));
            if (withPrevious)
                QCOMPARE(runChild(dir, "first").exitCode, 0);
            else
                QVERIFY(QDir().mkpath(dir));
            const ChildRun killed = runChild(dir, stagedEarly ? "second-early" : "second", step);
            if (!killed.killed) {
                // Past the last step: the publish ran to its end.
                QVERIFY2(killed.exitCode == 0, killed.err.constData());
                QCOMPARE(snapshot(dir), withPrevious ? m_second : m_secondAlone);
                break;
            }
            const QString where = QStringLiteral("killed %1").arg(QString::fromUtf8(killed.err.trimmed()));

            if (recoverByReading) {
                const BundleReadResult r = BundleReader::read(dir);
                const QMap<QString, QByteArray> now = snapshot(dir);
                QVERIFY2(!BundlePublisher::hasLeftovers(dir), qPrintable(where));
                if (now == m_second || now == m_secondAlone) {
                    ++endedNew;
                    QVERIFY2(r.bundle && r.bundle->verified, qPrintable(where + QLatin1Char(' ') + r.error));
                } else if (withPrevious && now == m_first) {
                    ++endedPrevious;
                    QVERIFY2(r.bundle && r.bundle->verified, qPrintable(where + QLatin1Char(' ') + r.error));
                } else if (!withPrevious && now.isEmpty()) {
                    ++endedPrevious; // nothing was published before, and nothing is now
                    QVERIFY(!r.bundle);
                } else {
                    QFAIL(qPrintable(where + QStringLiteral(": neither bundle whole: ") + describe(now)));
                }
            } else {
                const ChildRun next = runChild(dir, "second");
                QVERIFY2(next.exitCode == 0, qPrintable(where + QLatin1Char(' ') + QString::fromUtf8(next.err)));
                const QMap<QString, QByteArray> now = snapshot(dir);
                QVERIFY2(now == m_second, qPrintable(where + QStringLiteral(": ") + describe(now)));
                ++endedNew;
            }
        }
        // Every step was hit: with a previous bundle the child counted m_steps of them; an empty folder has no
        // backup steps.
        if (withPrevious)
            QCOMPARE(step, steps);
        else
            QVERIFY(step > 10 && step < m_steps);
        if (recoverByReading) {
            // Both outcomes occur: before the old files are all aside the previous bundle comes back, after it the
            // new one is completed.
            QVERIFY(endedPrevious > 0);
            QVERIFY(endedNew > 0);
        }
    }

    // A reader finds leftovers it cannot clean up: it must fail, not read a torn folder. Here a previous file cannot
    // be moved back because a folder now holds its name.
    void unrecoverableLeftoversAreNotRead()
    {
        const QString dir = m_tmp.filePath(QStringLiteral("stuck"));
        bool found = false;
        for (int step = 0; step < m_steps && !found; ++step) {
            QDir(dir).removeRecursively();
            QCOMPARE(runChild(dir, "first").exitCode, 0);
            const ChildRun killed = runChild(dir, "second", step);
            QVERIFY(killed.killed);
            found = killed.err.contains("killed before moved-out");
        }
        QVERIFY(found); // every previous file is aside now; recovery would move them back
        QVERIFY(!QFile::exists(QDir(dir).filePath(QStringLiteral("summary.json"))));
        QVERIFY(QDir().mkpath(QDir(dir).filePath(QStringLiteral("summary.json/blocker"))));
        const BundleReadResult r = BundleReader::read(dir);
        QVERIFY(!r.bundle);
        QVERIFY2(r.error.contains(QStringLiteral("interrupted")), qPrintable(r.error));
        QVERIFY(BundlePublisher::hasLeftovers(dir));
        // Once the obstacle is gone, the next read recovers the previous bundle whole.
        QVERIFY(QDir(QDir(dir).filePath(QStringLiteral("summary.json"))).removeRecursively());
        const BundleReadResult again = BundleReader::read(dir);
        QVERIFY2(again.bundle && again.bundle->verified, qPrintable(again.error));
        QCOMPARE(snapshot(dir), m_first);
    }

    // A folder a live process is publishing into is not recovered under its feet, and not read.
    void publishInProgressIsNotRead()
    {
        const QString dir = m_tmp.filePath(QStringLiteral("busy"));
        QCOMPARE(runChild(dir, "first").exitCode, 0);
        QLockFile lock(QDir(dir).filePath(BundlePublisher::lockFileName()));
        QVERIFY(lock.tryLock(0)); // held by this (live) process, as a running publish holds it
        QVERIFY(QDir(dir).mkdir(QStringLiteral(".hpx-staging-test")));
        const BundleReadResult r = BundleReader::read(dir);
        QVERIFY(!r.bundle);
        QVERIFY2(r.error.contains(QStringLiteral("right now")), qPrintable(r.error));
        QVERIFY(QFileInfo::exists(QDir(dir).filePath(QStringLiteral(".hpx-staging-test"))));
        lock.unlock();
        const BundleReadResult after = BundleReader::read(dir);
        QVERIFY2(after.bundle && after.bundle->verified, qPrintable(after.error));
        QVERIFY(!BundlePublisher::hasLeftovers(dir));
    }

    // hpx import stages the raw capture while it parses, before the bundle exists (run/importstream.cpp): the folder
    // is locked from then on, the staged file is moved in as it is (not written again), and the bundle is the same.
    void earlyStagedFileIsPublishedAsStaged()
    {
        const QString dir = m_tmp.filePath(QStringLiteral("early"));
        QVERIFY(QDir().mkpath(dir));
        const QByteArray bytes = QByteArrayLiteral("second run's raw stream\n");
        // The source file holds more than the stream read from it (a capture still growing): only the bytes read go.
        const QString source = m_tmp.filePath(QStringLiteral("early-source.log"));
        QVERIFY(writeFile(source, bytes + "more lines, arrived later\n"));
        QString error;
        std::shared_ptr<BundleStaging> staging = BundlePublisher::open(dir, 0, &error);
        QVERIFY2(staging, qPrintable(error));
        QVERIFY2(staging->stage(QStringLiteral("capture.log"), bytes, source, &error), qPrintable(error));
        const QStringList stagingDirs
            = QDir(dir).entryList({ QStringLiteral(".hpx-staging-*") }, QDir::Dirs | QDir::Hidden);
        QCOMPARE(stagingDirs.size(), 1);
        const QString staged = QDir(dir).filePath(stagingDirs.first() + QStringLiteral("/capture.log"));
        QCOMPARE(readFile(staged), bytes);

        // Locked until published: neither another publish nor a reader's recovery touches the folder.
        QString busy;
        QVERIFY(!BundlePublisher::open(dir, 0, &busy));
        QVERIFY2(busy.contains(QStringLiteral("right now")), qPrintable(busy));
        QVERIFY(!BundlePublisher::recover(dir).ok);
        QVERIFY(QFileInfo::exists(staged));

        RunContext ctx = test::fixedContext();
        ctx.rawCapture = bytes;
        ctx.staging = staging;
        const BundleWriteResult r = BundleWriter::write(test::specExampleResult(), ctx, dir);
        QVERIFY2(r.ok, qPrintable(r.error));
        QCOMPARE(snapshot(dir), m_secondAlone);
        QVERIFY(!BundlePublisher::hasLeftovers(dir));
        // The lock went with the publish, not with the staging object.
        QVERIFY2(BundlePublisher::open(dir, 0, &error), qPrintable(error));
        staging.reset();
        QVERIFY(!BundlePublisher::hasLeftovers(dir));
    }

    // The staged file is what gets published, not written again: a probe staged with other bytes of the same size
    // comes out unchanged. One of another size is not the bundle's file, and is written again from its bytes.
    void stagedFileIsNotWrittenAgain()
    {
        const QString dir = m_tmp.filePath(QStringLiteral("early-probe"));
        const QByteArray bytes = QByteArrayLiteral("second run's raw stream\n");
        QByteArray probe = bytes;
        probe[0] = 'S';
        QString error;
        std::shared_ptr<BundleStaging> staging = BundlePublisher::open(dir, 0, &error);
        QVERIFY2(staging, qPrintable(error));
        QVERIFY(staging->stage(QStringLiteral("capture.log"), probe, QString(), &error));
        RunContext ctx = test::fixedContext();
        ctx.rawCapture = bytes;
        ctx.staging = staging;
        QVERIFY(BundleWriter::write(test::specExampleResult(), ctx, dir).ok);
        QCOMPARE(readFile(QDir(dir).filePath(QStringLiteral("capture.log"))), probe);
    }

    void stagedFileOfAnotherSizeIsReplaced()
    {
        const QString dir = m_tmp.filePath(QStringLiteral("early-other"));
        QString error;
        std::shared_ptr<BundleStaging> staging = BundlePublisher::open(dir, 0, &error);
        QVERIFY2(staging, qPrintable(error));
        QVERIFY(staging->stage(QStringLiteral("capture.log"), "an older stream\n", QString(), &error));
        RunContext ctx = test::fixedContext();
        ctx.rawCapture = QByteArrayLiteral("second run's raw stream\n");
        ctx.staging = staging;
        QVERIFY(BundleWriter::write(test::specExampleResult(), ctx, dir).ok);
        QCOMPARE(snapshot(dir), m_secondAlone);
    }

    // An import that fails after staging (a stream with no usable data) leaves the folder as it was: a bundle in it
    // untouched, a folder the staging made removed.
    void abandonedStagingLeavesNothing()
    {
        const QString fresh = m_tmp.filePath(QStringLiteral("abandoned-new"));
        QString error;
        std::shared_ptr<BundleStaging> staging = BundlePublisher::open(fresh, 0, &error);
        QVERIFY2(staging, qPrintable(error));
        QVERIFY(staging->stage(QStringLiteral("capture.log"), "bytes\n", QString(), &error));
        QVERIFY(QFileInfo::exists(fresh));
        staging.reset();
        QVERIFY(!QFileInfo::exists(fresh));

        const QString kept = m_tmp.filePath(QStringLiteral("abandoned-kept"));
        QCOMPARE(runChild(kept, "first").exitCode, 0);
        staging = BundlePublisher::open(kept, 0, &error);
        QVERIFY2(staging, qPrintable(error));
        QVERIFY(staging->stage(QStringLiteral("capture.log"), "bytes\n", QString(), &error));
        staging.reset();
        QCOMPARE(snapshot(kept), m_first);

        // Only a missing folder is made, not its parents.
        QVERIFY(!BundlePublisher::open(m_tmp.filePath(QStringLiteral("no/such/parent")), 0, &error));
        QVERIFY(!QFileInfo::exists(m_tmp.filePath(QStringLiteral("no"))));
    }

    // A lock whose owner is gone is taken over with a note; a live owner's is not, and it is named.
    void staleLocksAreTakenOver_data()
    {
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QString>("reason");
        // A process that has ended: a child's pid after it exited (not reused this soon).
        QProcess ended;
        ended.start(QStringLiteral("true"), {});
        ended.waitForFinished();
        const QByteArray gone = QByteArray::number(ended.processId() > 0 ? ended.processId() : 999999999);
        const QByteArray host = QSysInfo::machineHostName().toUtf8();
        const QByteArray self = QByteArray::number(QCoreApplication::applicationPid());
        QTest::newRow("empty") << QByteArray() << QStringLiteral("names no owner");
        QTest::newRow("unreadable") << QByteArray("\xff\xfe garbage\n") << QStringLiteral("names no owner");
        QTest::newRow("process gone") << QByteArray(gone + "\nhpx\n" + host + "\n\n\n")
                                      << QStringLiteral("process %1 is gone").arg(QString::fromLatin1(gone));
        // A live pid (this one), but the lock was written in an earlier boot of this machine.
        QTest::newRow("boot mismatch") << QByteArray(
            self + "\ntst_bundlepublish\n" + host + "\n" + QSysInfo::machineUniqueId() + "\nnot-this-boot\n")
                                       << QStringLiteral("before the system last started");
    }

    void staleLocksAreTakenOver()
    {
        QFETCH(QByteArray, content);
        QFETCH(QString, reason);
        const QString dir
            = m_tmp.filePath(QStringLiteral("stale-%1").arg(QString::fromLatin1(QTest::currentDataTag())));
        QCOMPARE(runChild(dir, "first").exitCode, 0);
        const QString lock = QDir(dir).filePath(BundlePublisher::lockFileName());
        QVERIFY(writeFile(lock, content));
        const BundleReadResult r = BundleReader::read(dir);
        QVERIFY2(r.bundle && r.bundle->verified, qPrintable(r.error));
        QVERIFY2(r.bundle->warnings.join(QLatin1Char(' ')).contains(reason),
            qPrintable(r.bundle->warnings.join(QLatin1Char('\n'))));
        QVERIFY(!QFileInfo::exists(lock));

        // The next write takes one over too, and says so.
        QVERIFY(writeFile(lock, content));
        RunContext ctx = test::fixedContext();
        const BundleWriteResult w = BundleWriter::write(test::specExampleResult(), ctx, dir);
        QVERIFY2(w.ok, qPrintable(w.error));
        QVERIFY2(w.notes.join(QLatin1Char(' ')).contains(reason), qPrintable(w.notes.join(QLatin1Char('\n'))));
        QVERIFY(!BundlePublisher::hasLeftovers(dir));
    }

    void liveOwnerIsNamed()
    {
        const QString dir = m_tmp.filePath(QStringLiteral("live-owner"));
        QCOMPARE(runChild(dir, "first").exitCode, 0);
        QLockFile lock(QDir(dir).filePath(BundlePublisher::lockFileName()));
        QVERIFY(lock.tryLock(0));
        QString error;
        QVERIFY(!BundlePublisher::open(dir, 0, &error));
        QVERIFY2(
            error.contains(QStringLiteral("process %1").arg(QCoreApplication::applicationPid())), qPrintable(error));
        QVERIFY2(error.contains(QStringLiteral("tst_bundlepublish")), qPrintable(error)); // its command
        const BundleReadResult r = BundleReader::read(dir);
        QVERIFY(!r.bundle);
        QVERIFY(QFileInfo::exists(QDir(dir).filePath(BundlePublisher::lockFileName())));
    }

    // Two runs racing into one folder: the one that waited for the other's lock and then replaced what the other
    // published is told, naming the other program.
    void replacedResultIsReported()
    {
        const QString dir = m_tmp.filePath(QStringLiteral("race"));
        QCOMPARE(runChild(dir, "first").exitCode, 0);
        QLockFile lock(QDir(dir).filePath(BundlePublisher::lockFileName()));
        QVERIFY(lock.tryLock(0)); // the other run, publishing
        BundleWriteResult written;
        std::thread waiting([&] {
            RunContext ctx = test::fixedContext();
            written = BundleWriter::write(test::specExampleResult(), ctx, dir);
        });
        QThread::msleep(300);
        // The other run publishes (its manifest is renamed in last) and lets go of the folder.
        const QString manifest = QDir(dir).filePath(QStringLiteral("result_manifest.json"));
        const QByteArray bytes = readFile(manifest);
        QVERIFY(QFile::remove(manifest));
        QVERIFY(writeFile(manifest, bytes));
        lock.unlock();
        waiting.join();
        QVERIFY2(written.ok, qPrintable(written.error));
        const QString notes = written.notes.join(QLatin1Char('\n'));
        QVERIFY2(notes.contains(QStringLiteral("while this run waited")), qPrintable(notes));
        QVERIFY2(
            notes.contains(QStringLiteral("process %1").arg(QCoreApplication::applicationPid())), qPrintable(notes));

        // Without a publish in between (the other run gave up), there is nothing to report.
        QVERIFY(lock.tryLock(0));
        std::thread again([&] {
            RunContext ctx = test::fixedContext();
            written = BundleWriter::write(test::specExampleResult(), ctx, dir);
        });
        QThread::msleep(300);
        lock.unlock();
        again.join();
        QVERIFY2(written.ok, qPrintable(written.error));
        QVERIFY2(!written.notes.join(QLatin1Char('\n')).contains(QStringLiteral("while this run waited")),
            qPrintable(written.notes.join(QLatin1Char('\n'))));
    }

    // An hpx Studio bundle whose manifest is gone (and nothing to recover from) is not read as a valid legacy bundle.
    void missingManifestOfOurBundleIsInvalid()
    {
        const QString dir = m_tmp.filePath(QStringLiteral("nomanifest"));
        QCOMPARE(runChild(dir, "first").exitCode, 0);
        QVERIFY(QFile::remove(QDir(dir).filePath(QStringLiteral("result_manifest.json"))));
        const BundleReadResult r = BundleReader::read(dir);
        QVERIFY2(r.bundle, qPrintable(r.error));
        QVERIFY(!r.bundle->hasManifest);
        QCOMPARE(r.bundle->validity, QStringLiteral("invalid"));
    }
};

QTEST_GUILESS_MAIN(TestBundlePublish)
#include "tst_bundlepublish.moc"
