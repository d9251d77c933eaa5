// A run on the virtual board (issue 34): run::ProfileJob builds what the board is missing, starts it and captures
// from it, and Cancel, a new run or the job going away (a closed window) end every process of it. Driven by
// tests/data/virtualboard/fake-qemu-board.sh in the real script's place: a "build" that prints make-like percentages
// slowly, with children, a grandchild and a lock holder, and a stand-in QEMU; it has no trap of its own, so only the
// job ending its process group leaves nothing behind. pgrep checks that nothing of it is left.
#include "run/profilejob.h"
#include "run/runrequest.h"
#include "tests/support/testdata.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QRandomGenerator>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

using namespace hpx::run;
using hpx::device::CaptureResult;

namespace {

struct Seen {
    qint64 atMs;
    BoardProgress progress;
};

} // namespace

class TstVirtualBoardRun : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init();
    void cleanup();
    void progressComesAsItHappensAndCancelEndsTheBoard();
    void cancelDuringTheBuildEndsItAndTheNextRunStartsAtOnce();
    void destroyingTheJobEndsEverything();
    void aFailedBuildSaysWhy();
    void buildRateOfTheLastMinute();

private:
    RunRequest request() const;
    QStringList ours() const; // command lines of the fake's processes still alive
    bool lockIsFree() const;

    QTemporaryDir m_dir;
    QString m_marker;
    QTcpServer m_server; // the stand-in QEMU's "UART": accepts and says nothing
    QList<QTcpSocket *> m_accepted;
};

void TstVirtualBoardRun::init()
{
    QVERIFY(m_dir.isValid());
    m_marker = QStringLiteral("hpxfakeboard%1").arg(QRandomGenerator::global()->generate(), 8, 16, QLatin1Char('0'));
    const QString script = m_dir.filePath(m_marker + QStringLiteral(".sh"));
    QFile::remove(script);
    QVERIFY(QFile::copy(hpx::test::dataPath(QStringLiteral("virtualboard/fake-qemu-board.sh")), script));
    QFile::setPermissions(script, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    const QString state = m_dir.filePath(m_marker);
    QVERIFY(QDir().mkpath(state));
    QVERIFY(m_server.listen(QHostAddress::LocalHost, 0));
    connect(&m_server, &QTcpServer::newConnection, this, [this] {
        while (QTcpSocket *s = m_server.nextPendingConnection())
            m_accepted.append(s);
    });
    qputenv("HPX_QEMU_BOARD_SCRIPT", script.toLocal8Bit());
    qputenv("HPX_FAKE_BOARD_MARKER", m_marker.toLocal8Bit());
    qputenv("HPX_FAKE_BOARD_DIR", state.toLocal8Bit());
    qputenv("HPX_FAKE_BOARD_URL", QStringLiteral("tcp://127.0.0.1:%1").arg(m_server.serverPort()).toLocal8Bit());
    qputenv("HPX_FAKE_BOARD_STEP", "0.2");
}

void TstVirtualBoardRun::cleanup()
{
    qDeleteAll(m_accepted);
    m_accepted.clear();
    m_server.close();
    QProcess::execute(QStringLiteral("pkill"), { QStringLiteral("-KILL"), QStringLiteral("-f"), m_marker });
}

RunRequest TstVirtualBoardRun::request() const
{
    hpx::model::Config config;
    hpx::model::ConfigDiagnostics diagnostics;
    config.setModelPath(hpx::test::dataPath(QStringLiteral("models/kws_ref_model.tflite")), &diagnostics);
    config.setPort(QStringLiteral("qemu"), &diagnostics);
    config.setIterations(1, &diagnostics);
    hpx::run::RunSetup setup;
    setup.rawStreamPath = m_dir.filePath(m_marker + QStringLiteral(".log"));
    QString error;
    const std::optional<RunRequest> built = buildRunRequest(config, nullptr, nullptr, setup, &error);
    if (!built)
        qFatal("%s", qPrintable(error));
    return *built;
}

QStringList TstVirtualBoardRun::ours() const
{
    QProcess pgrep;
    pgrep.start(QStringLiteral("pgrep"), { QStringLiteral("-a"), QStringLiteral("-f"), m_marker });
    pgrep.waitForFinished();
    return QString::fromLocal8Bit(pgrep.readAllStandardOutput()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
}

bool TstVirtualBoardRun::lockIsFree() const
{
    return QProcess::execute(QStringLiteral("flock"),
               { QStringLiteral("-n"), m_dir.filePath(m_marker + QStringLiteral("/lock")), QStringLiteral("true") })
        == 0;
}

void TstVirtualBoardRun::progressComesAsItHappensAndCancelEndsTheBoard()
{
    ProfileJob job;
    QElapsedTimer clock;
    QVector<Seen> seen;
    connect(&job, &ProfileJob::boardProgress, this, [&](quint64, const BoardProgress &p) {
        seen.append({ clock.elapsed(), p });
    });
    QSignalSpy finished(&job, &ProfileJob::finished);
    const RunRequest r = request();
    QVERIFY(r.isVirtual());
    QCOMPARE(r.config.board(), QStringLiteral("qemu_an547")); // its own profile, TFLM, UART behind TCP
    QCOMPARE(r.engine, hpx::model::Engine::Tflm);
    QCOMPARE(r.session.firmwareTransport, hpx::model::FirmwareTransport::Uart);
    clock.start();
    job.start(r);
    QVERIFY(job.isPreparingBoard());
    QTRY_VERIFY_WITH_TIMEOUT(!m_accepted.isEmpty(), 30000); // built, started, and the capture connected to it
    QVERIFY(!job.isPreparingBoard());

    // Every percentage, in order, each as it came: 20 of them 0.2 s apart arrive over about 4 s, not at once at the
    // end (a buffering filter in the pipe held them all back until the build ended).
    QVector<Seen> percents;
    for (const Seen &s : seen)
        if (s.progress.step == BoardProgress::Step::Building && s.progress.line.contains(QLatin1Char('%')))
            percents.append(s);
    QCOMPARE(percents.size(), 20);
    for (int i = 0; i < percents.size(); ++i)
        QCOMPARE(percents.at(i).progress.percent, 5 * (i + 1));
    QVERIFY2(percents.last().atMs - percents.first().atMs >= 2500,
        qPrintable(QStringLiteral("all percentages within %1 ms").arg(percents.last().atMs - percents.first().atMs)));
    QCOMPARE(percents.at(8).progress.text, QStringLiteral("Building TFLM with CMSIS-NN kernels (once): 45 %"));
    // 4 s of build is too little to measure a rate on (buildRateOfTheLastMinute checks the estimate).
    QCOMPARE(percents.last().progress.remainingMs, -1);
    QTRY_VERIFY(std::any_of(seen.cbegin(), seen.cend(), [](const Seen &s) {
        return s.progress.step == BoardProgress::Step::Starting && s.progress.text == QLatin1String("Starting QEMU");
    }));

    // The board runs; Cancel ends the capture, and with it every process of the board, before the outcome is told.
    QVERIFY2(!ours().filter(m_marker + QStringLiteral("-qemu")).isEmpty(), qPrintable(ours().join(u'\n')));
    job.cancel();
    QVERIFY(finished.wait(15000));
    const ProfileOutcome outcome = finished.first().at(0).value<ProfileOutcome>();
    QVERIFY(!outcome.ok);
    QCOMPARE(outcome.capture.status, CaptureResult::Status::Cancelled);
    QVERIFY2(ours().isEmpty(), qPrintable(ours().join(u'\n')));
}

void TstVirtualBoardRun::cancelDuringTheBuildEndsItAndTheNextRunStartsAtOnce()
{
    ProfileJob job;
    int percent = -1;
    connect(&job, &ProfileJob::boardProgress, this, [&](quint64, const BoardProgress &p) { percent = p.percent; });
    QSignalSpy finished(&job, &ProfileJob::finished);
    job.start(request());
    QTRY_VERIFY_WITH_TIMEOUT(percent >= 15, 15000);
    // The build is under way: its lock holder, its "make" and the compiler under it run.
    const QStringList running = ours();
    for (const char *part : { "-lock", "-make", "-cc1plus" })
        QVERIFY2(!running.filter(m_marker + QLatin1String(part)).isEmpty(), qPrintable(running.join(u'\n')));
    QVERIFY(!lockIsFree());

    QElapsedTimer clock;
    clock.start();
    job.cancel();
    QVERIFY(finished.wait(15000));
    const ProfileOutcome outcome = finished.first().at(0).value<ProfileOutcome>();
    QVERIFY(!outcome.ok);
    QVERIFY(outcome.interrupted);
    QCOMPARE(outcome.capture.status, CaptureResult::Status::Cancelled);
    QVERIFY2(outcome.error.contains(QLatin1String("being built")), qPrintable(outcome.error));
    QVERIFY2(clock.elapsed() < 5000, qPrintable(QString::number(clock.elapsed())));
    QVERIFY2(ours().isEmpty(), qPrintable(ours().join(u'\n')));
    QVERIFY(lockIsFree());
    QVERIFY(!QFile::exists(m_dir.filePath(m_marker + QStringLiteral("/built"))));

    // The next run starts at once: nothing holds the lock, so its first percentage comes as quickly as the first
    // run's did.
    percent = -1;
    finished.clear();
    clock.restart();
    job.start(request());
    QTRY_VERIFY_WITH_TIMEOUT(percent >= 5, 3000);
    job.cancel();
    QVERIFY(finished.wait(15000));
    QVERIFY2(ours().isEmpty(), qPrintable(ours().join(u'\n')));
}

void TstVirtualBoardRun::destroyingTheJobEndsEverything()
{
    auto job = std::make_unique<ProfileJob>();
    int percent = -1;
    connect(job.get(), &ProfileJob::boardProgress, this, [&](quint64, const BoardProgress &p) { percent = p.percent; });
    job->start(request());
    QTRY_VERIFY_WITH_TIMEOUT(percent >= 10, 15000);
    QVERIFY(!ours().isEmpty());
    job.reset(); // the window closing: its run controller and job go away
    QVERIFY2(ours().isEmpty(), qPrintable(ours().join(u'\n')));
    QVERIFY(lockIsFree());
}

void TstVirtualBoardRun::aFailedBuildSaysWhy()
{
    qputenv("HPX_FAKE_BOARD_MARKER", ""); // the fake refuses to run without it: `${HPX_FAKE_BOARD_MARKER:?}`
    ProfileJob job;
    QSignalSpy finished(&job, &ProfileJob::finished);
    job.start(request());
    QVERIFY(finished.wait(15000));
    const ProfileOutcome outcome = finished.first().at(0).value<ProfileOutcome>();
    QVERIFY(!outcome.ok);
    QVERIFY(!outcome.interrupted);
    QCOMPARE(outcome.capture.status, CaptureResult::Status::OpenFailed);
    QVERIFY2(outcome.error.startsWith(QLatin1String("The virtual board was not built: "))
            && outcome.error.contains(QLatin1String("HPX_FAKE_BOARD_MARKER")),
        qPrintable(outcome.error));
}

// The time left comes from the rate of the last minute's percentages, and only once 10 s and 2 % were measured: a
// build whose first part the compiler cache had (one cancelled before) soon shows the pace of the rest.
void TstVirtualBoardRun::buildRateOfTheLastMinute()
{
    BoardProgressReader reader(hpx::model::KernelSet::Reference);
    const auto at = [&reader](int percent, qint64 ms) {
        return reader.read(QStringLiteral("qemu-board: building TFLM (reference): %1 %").arg(percent), ms);
    };
    BoardProgress p = reader.read(QStringLiteral("qemu-board: building TensorFlow Lite Micro with the reference "
                                                 "kernels for the Cortex-M55 (once; several CPU-minutes) in /x"),
        0);
    QCOMPARE(p.step, BoardProgress::Step::Building);
    QCOMPARE(p.percent, 0);
    QCOMPARE(p.text, QStringLiteral("Building TFLM with reference kernels (once): 0 %"));
    // From the cache: 20 % in 2 s. Too short to say anything.
    for (int i = 1; i <= 20; ++i)
        QCOMPARE(at(i, i * 100).remainingMs, -1);
    // Then compiled: 1 % per 6 s.
    for (int i = 21; i <= 40; ++i)
        p = at(i, 2000 + (i - 20) * 6000);
    QCOMPARE(p.percent, 40);
    // The last minute: 10 % in 60 s, so the 60 % left take about 360 s (the cached start no longer counts).
    QVERIFY2(p.remainingMs >= 340000 && p.remainingMs <= 380000, qPrintable(QString::number(p.remainingMs)));
    p = reader.read(QStringLiteral("qemu-board: linking the firmware for m.tflite (reference)"), 200000);
    QCOMPARE(p.step, BoardProgress::Step::Linking);
    QCOMPARE(p.percent, -1);
    QCOMPARE(p.remainingMs, -1);
}

QTEST_GUILESS_MAIN(TstVirtualBoardRun)
#include "tst_virtualboardrun.moc"
