#include "device/link/seriallink.h"
#include "ptypair.h"
#include "run/profilejob.h"
#include "scriptedboard.h"
#include "tests/support/testdata.h"

#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace hpx::device;
using namespace hpx::run;
using hpx::test::PtyPair;
using hpx::test::ScriptedBoard;

namespace {
QByteArray example()
{
    return hpx::test::readData(QStringLiteral("link/example_1_10.txt"));
}

qint64 afterLine(const QByteArray &stream, const QByteArray &marker)
{
    const qsizetype at = stream.indexOf(marker);
    return at < 0 ? -1 : stream.indexOf('\n', at) + 1;
}

RunRequest requestFor(const QString &port, const QString &outputDir)
{
    RunRequest request;
    request.linkFactory = [port] { return std::make_unique<SerialLink>(port); };
    request.engine = hpx::model::Engine::HeliaRt;
    request.context = hpx::model::RunContext::create();
    request.context.transport = QStringLiteral("uart");
    request.outputDir = outputDir;
    return request;
}

ProfileOutcome waitOutcome(QSignalSpy &finished)
{
    if (!finished.wait(15000))
        return {};
    return finished.first().at(0).value<ProfileOutcome>();
}
} // namespace

class TstProfileJob : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void captureMergeBundle();
    void staleGenerationIsDropped();
    void interruptedRunKeepsCommittedPasses();
    void firmwareErrorWritesNoBundle();
    void bundleFailureKeepsResult();

private:
    QTemporaryDir m_dir;
};

void TstProfileJob::captureMergeBundle()
{
    PtyPair pty;
    ScriptedBoard board(pty);
    board.stream = example();
    const QString out = m_dir.filePath(QStringLiteral("bundle1"));
    RunRequest request = requestFor(pty.slavePath(), out);
    request.session.rawStreamPath = m_dir.filePath(QStringLiteral("run1.log"));
    ProfileJob job;
    QSignalSpy finished(&job, &ProfileJob::finished);
    QSignalSpy progress(&job, &ProfileJob::progress);
    board.start();
    const quint64 generation = job.start(request);
    QVERIFY(job.isRunning());
    const ProfileOutcome o = waitOutcome(finished);
    QVERIFY2(o.ok, qPrintable(o.error));
    QCOMPARE(o.generation, generation);
    QVERIFY(!job.isRunning());
    QVERIFY(progress.count() > 0);
    QVERIFY(o.result.has_value());
    QCOMPARE(o.result->layers.size(), 3);
    QCOMPARE(o.result->passes.size(), 2);
    // §1.10: median of the two iterations of the first layer.
    QCOMPARE(o.result->value(0, QStringLiteral("ARM_PMU_CPU_CYCLES")).value_or(-1), 7405.0);
    QCOMPARE(o.result->value(2, QStringLiteral("ARM_PMU_BUS_CYCLES")).value_or(-1), 1529.5);
    QVERIFY(o.bundle.has_value());
    QVERIFY2(o.bundle->ok, qPrintable(o.bundle->error));
    QVERIFY(QFile::exists(QDir(out).filePath(QStringLiteral("result_manifest.json"))));
    QFile csv(QDir(out).filePath(QStringLiteral("profile_results.csv")));
    QVERIFY(csv.open(QIODevice::ReadOnly));
    QCOMPARE(csv.readAll(), hpx::test::readData(QStringLiteral("bundle/spec_1_10_profile_results.csv")));
    QFile raw(QDir(out).filePath(QStringLiteral("capture.log")));
    QVERIFY(raw.open(QIODevice::ReadOnly));
    QCOMPARE(raw.readAll(), example());
}

void TstProfileJob::staleGenerationIsDropped()
{
    PtyPair first;
    PtyPair second;
    ScriptedBoard board(second);
    board.stream = example();
    ProfileJob job;
    QSignalSpy finished(&job, &ProfileJob::finished);
    const quint64 g1 = job.start(requestFor(first.slavePath(), {})); // a board that never talks
    board.start();
    const quint64 g2 = job.start(requestFor(second.slavePath(), {}));
    QVERIFY(g2 > g1);
    const ProfileOutcome o = waitOutcome(finished);
    QCOMPARE(o.generation, g2);
    QVERIFY2(o.ok, qPrintable(o.error));
    QTest::qWait(200);
    QCOMPARE(finished.count(), 1); // the superseded run reported nothing
}

void TstProfileJob::interruptedRunKeepsCommittedPasses()
{
    PtyPair pty;
    ScriptedBoard board(pty);
    board.stream = example();
    // The board hangs in memory_0 right after "--- HPX_ITER 1 ---", which committed that pass's iteration 0.
    board.stallAfter = afterLine(example(), "HPX_HEARTBEAT phase=infer pass=1 iter=1 layer=3") + 1 + 19;
    const QString out = m_dir.filePath(QStringLiteral("bundle-interrupted"));
    RunRequest request = requestFor(pty.slavePath(), out);
    request.session.inactivityTimeoutMs = 300;
    request.session.cleanWindowSlackMs = 0;
    ProfileJob job;
    QSignalSpy finished(&job, &ProfileJob::finished);
    board.start();
    job.start(request);
    const ProfileOutcome o = waitOutcome(finished);
    QVERIFY(!o.ok);
    QVERIFY(o.interrupted);
    QCOMPARE(o.failedStage, ProfileOutcome::Stage::Capture);
    QCOMPARE(o.capture.status, CaptureResult::Status::TimedOut);
    QVERIFY2(o.error.contains(QLatin1String("memory_0")), qPrintable(o.error));
    QVERIFY(o.result.has_value());
    // Both passes' committed iterations are there; nothing was written as a bundle.
    QCOMPARE(o.result->layers.size(), 3);
    QCOMPARE(o.result->value(0, QStringLiteral("ARM_PMU_MEM_ACCESS")).value_or(-1), 2210.0);
    QCOMPARE(o.result->value(0, QStringLiteral("ARM_PMU_CPU_CYCLES")).value_or(-1), 7405.0);
    QVERIFY(!o.bundle.has_value());
    QVERIFY(!QFile::exists(QDir(out).filePath(QStringLiteral("result_manifest.json"))));
    QFile raw(o.capture.rawStreamPath);
    QVERIFY(raw.open(QIODevice::ReadOnly));
    QCOMPARE(raw.readAll(), example().left(board.stallAfter));
}

void TstProfileJob::firmwareErrorWritesNoBundle()
{
    PtyPair pty;
    ScriptedBoard board(pty);
    board.stream = example().left(afterLine(example(), "HPX_HEARTBEAT phase=allocate"))
        + "HPX_ERROR=alloc_tensors_failed arena=32768 status=1 hint=arena_too_small_or_kernel_prepare_failed\n";
    const QString out = m_dir.filePath(QStringLiteral("bundle-error"));
    RunRequest request = requestFor(pty.slavePath(), out);
    request.session.errorDrainMs = 100;
    ProfileJob job;
    QSignalSpy finished(&job, &ProfileJob::finished);
    board.start();
    job.start(request);
    const ProfileOutcome o = waitOutcome(finished);
    QVERIFY(!o.ok);
    QCOMPARE(o.failedStage, ProfileOutcome::Stage::Capture);
    QVERIFY2(o.error.contains(QLatin1String("alloc_tensors_failed")), qPrintable(o.error));
    QVERIFY(!o.result);
    QVERIFY(!QDir(out).exists());
}

void TstProfileJob::bundleFailureKeepsResult()
{
    PtyPair pty;
    ScriptedBoard board(pty);
    board.stream = example();
    // The output "directory" is an existing file: nothing can be written under it.
    const QString blocker = m_dir.filePath(QStringLiteral("not-a-dir"));
    QFile f(blocker);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.close();
    ProfileJob job;
    QSignalSpy finished(&job, &ProfileJob::finished);
    board.start();
    job.start(requestFor(pty.slavePath(), blocker));
    const ProfileOutcome o = waitOutcome(finished);
    QVERIFY(!o.ok);
    QCOMPARE(o.failedStage, ProfileOutcome::Stage::Bundle);
    QVERIFY(!o.error.isEmpty());
    QVERIFY(o.result.has_value());
    QVERIFY(o.capture.ok());
}

QTEST_GUILESS_MAIN(TstProfileJob)
#include "tst_profilejob.moc"
