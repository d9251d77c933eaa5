#include "device/capture/capturesession.h"
#include "device/link/seriallink.h"
#include "ptypair.h"
#include "scriptedboard.h"
#include "tests/support/testdata.h"

#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace hpx::device;
using hpx::test::PtyPair;
using hpx::test::ScriptedBoard;
using Status = CaptureResult::Status;

namespace {
QByteArray example()
{
    return hpx::test::readData(QStringLiteral("link/example_1_10.txt"));
}

LinkFactory serialAt(const QString &path)
{
    return [path] { return std::make_unique<SerialLink>(path, 115200); };
}

struct Run {
    CaptureResult result;
    QVector<CaptureProgress> progress;
    QStringList messages;
};

// Runs a session to its end while the test thread's event loop drives the scripted board.
Run runSession(CaptureSession &session, int timeoutMs = 10000)
{
    Run run;
    QObject::connect(&session, &CaptureSession::progress, [&run](const CaptureProgress &p) { run.progress.append(p); });
    QObject::connect(&session, &CaptureSession::message, [&run](const QString &m) { run.messages.append(m); });
    QSignalSpy finished(&session, &CaptureSession::finished);
    session.start();
    if (!finished.wait(timeoutMs)) {
        qWarning("session did not finish in time");
        return run;
    }
    run.result = finished.first().at(0).value<CaptureResult>();
    return run;
}

QByteArray fileBytes(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// Cuts the example right after the first occurrence of `marker` (the whole line).
qint64 afterLine(const QByteArray &stream, const QByteArray &marker)
{
    const qsizetype at = stream.indexOf(marker);
    return at < 0 ? -1 : stream.indexOf('\n', at) + 1;
}
} // namespace

class TstCaptureSession : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void completeOverUart();
    void hostPlanAccepted();
    void hostPlanRejected();
    void hostPlanNotSupported();
    void requiredPlanStopsTheCapture();
    void cancelAnyMoment();
    void inactivityTimeoutNamesThePass();
    void cleanWindowAnnouncementHoldsTheTimeout();
    void usbCdcWaitsForStartThenOverall();
    void disconnectKeepsRawStream();
    void firmwareErrorNamesCodeAndPass();
    void boardResetRestartsTheStream();
    void openFailure();
    void usbCdcHasNoGlitchRule();
    void linkNames();

private:
    QTemporaryDir m_dir;
};

void TstCaptureSession::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QVERIFY(!example().isEmpty());
}

void TstCaptureSession::completeOverUart()
{
    PtyPair pty;
    ScriptedBoard board(pty);
    board.preamble = QByteArray("HPX_READY\n").repeated(5);
    board.stream = example();
    SessionOptions options;
    options.firmwareTransport = hpx::model::FirmwareTransport::Uart;
    options.rawStreamPath = m_dir.filePath(QStringLiteral("complete.raw"));
    CaptureSession session(serialAt(pty.slavePath()), options);
    board.start();
    const Run run = runSession(session);
    const CaptureResult &r = run.result;
    QCOMPARE(r.status, Status::Complete);
    QVERIFY(r.ok());
    QVERIFY(r.error.isEmpty());
    QCOMPARE(r.bytes, qint64(board.preamble.size() + board.stream.size()));
    QCOMPARE(fileBytes(options.rawStreamPath), board.preamble + board.stream);
    QCOMPARE(r.plan, CaptureResult::PlanState::NotRequested);
    QVERIFY2(r.planNote.contains(QLatin1String("cpu_0, memory_0")), qPrintable(r.planNote));
    QVERIFY(r.startLatencyS.has_value());
    QVERIFY(r.protocolDurationS.has_value());
    QCOMPARE(r.restarts, 0);
    QVERIFY(r.linkDescription.contains(pty.slavePath()));

    // Progress: the UI sees both passes as k of n, and the final value carries every byte.
    bool sawSecondPass = false;
    for (const CaptureProgress &p : run.progress) {
        if (p.pass == QLatin1String("memory_0")) {
            QCOMPARE(p.passNumber, 2);
            QCOMPARE(p.passCount, 2);
            sawSecondPass = true;
        }
    }
    QVERIFY(sawSecondPass);
    QCOMPARE(run.progress.last().bytes, r.bytes);
    QCOMPARE(run.progress.last().phase, QStringLiteral("finished"));
    QVERIFY(run.messages.contains(QStringLiteral("Stream started")));
}

void TstCaptureSession::hostPlanAccepted()
{
    PtyPair pty;
    ScriptedBoard board(pty);
    board.preamble = "HPX_PLAN_SUPPORTED=1\n";
    board.waitForLine = "HPX_PLAN ";
    board.answer = [](const QByteArray &) { return QByteArray("HPX_PLAN_ACK passes=2\n"); };
    board.stream = example();
    SessionOptions options;
    options.firmwareTransport
        = hpx::model::FirmwareTransport::UsbCdc; // DTR on a pty: best effort, must not stop the run
    HostPlan plan;
    plan.iterations = 2;
    plan.warmup = 1;
    plan.passes = { { QStringLiteral("cpu_0"), { QStringLiteral("ARM_PMU_CPU_CYCLES") } },
        { QStringLiteral("memory_0"), { QStringLiteral("ARM_PMU_MEM_ACCESS") } } };
    options.plan = plan;
    CaptureSession session(serialAt(pty.slavePath()), options);
    board.start();
    const Run run = runSession(session);
    QCOMPARE(run.result.status, Status::Complete);
    QCOMPARE(board.hostBytes(), "\n" + plan.commandLine()); // the wake-up LF, then the plan
    QCOMPARE(run.result.plan, CaptureResult::PlanState::Accepted);
    QVERIFY(run.result.warnings.isEmpty());
}

void TstCaptureSession::hostPlanRejected()
{
    PtyPair pty;
    ScriptedBoard board(pty);
    board.preamble = "HPX_READY\nHPX_PLAN_SUPPORTED=1\n";
    board.waitForLine = "HPX_PLAN ";
    board.answer = [](const QByteArray &) { return QByteArray("HPX_PLAN_NAK reason=too_many_events pass=cpu_0\n"); };
    board.stream = example();
    SessionOptions options;
    HostPlan plan;
    plan.passes = { { QStringLiteral("cpu_0"),
        { QStringLiteral("A"), QStringLiteral("B"), QStringLiteral("C"), QStringLiteral("D"), QStringLiteral("E") } } };
    options.plan = plan;
    CaptureSession session(serialAt(pty.slavePath()), options);
    board.start();
    const Run run = runSession(session);
    QCOMPARE(run.result.status, Status::Complete);
    QCOMPARE(run.result.plan, CaptureResult::PlanState::Rejected);
    QVERIFY2(run.result.planNote.contains(QLatin1String("too_many_events")), qPrintable(run.result.planNote));
    QVERIFY(run.result.planNote.contains(QLatin1String("cpu_0, memory_0")));
    QVERIFY(run.result.warnings.contains(run.result.planNote));
}

void TstCaptureSession::hostPlanNotSupported()
{
    PtyPair pty;
    ScriptedBoard board(pty);
    board.preamble = "HPX_READY\n";
    board.stream = example();
    SessionOptions options;
    HostPlan plan;
    plan.passes = { { QStringLiteral("cpu_0"), { QStringLiteral("ARM_PMU_CPU_CYCLES") } } };
    options.plan = plan;
    CaptureSession session(serialAt(pty.slavePath()), options);
    board.start();
    const Run run = runSession(session);
    QCOMPARE(run.result.status, Status::Complete);
    // Only the wake-up LF: no plan to a board that did not ask.
    QVERIFY2(board.hostBytes() == QByteArray("\n"), board.hostBytes().toPercentEncoding().constData());
    QCOMPARE(run.result.plan, CaptureResult::PlanState::Unsupported);
    QVERIFY2(run.result.planNote.contains(QLatin1String("does not take a pass plan")), qPrintable(run.result.planNote));
    QVERIFY(run.result.warnings.contains(run.result.planNote));
}

void TstCaptureSession::requiredPlanStopsTheCapture()
{
    HostPlan plan;
    plan.passes = { { QStringLiteral("cpu_0"), { QStringLiteral("ARM_PMU_CPU_CYCLES") } } };
    for (const bool offersPlan : { true, false }) {
        PtyPair pty;
        ScriptedBoard board(pty);
        board.preamble = offersPlan ? "HPX_PLAN_SUPPORTED=1\n" : "HPX_READY\n";
        if (offersPlan) {
            board.waitForLine = "HPX_PLAN ";
            board.answer
                = [](const QByteArray &) { return QByteArray("HPX_PLAN_NAK reason=unknown_event pass=cpu_0\n"); };
        }
        board.stream = example();
        SessionOptions options;
        options.plan = plan;
        options.requirePlan = true;
        CaptureSession session(serialAt(pty.slavePath()), options);
        board.start();
        const Run run = runSession(session);
        QCOMPARE(run.result.status, Status::PlanRefused);
        QVERIFY2(
            run.result.error.contains(offersPlan ? QLatin1String("unknown_event") : QLatin1String("does not take")),
            qPrintable(run.result.error));
    }
}

void TstCaptureSession::cancelAnyMoment()
{
    // Before anything arrived, and in the middle of a pass.
    for (const qint64 stallAt : { qint64(0), afterLine(example(), "--- HPX_ITER 1 ---") }) {
        PtyPair pty;
        ScriptedBoard board(pty);
        board.stream = example();
        board.stallAfter = stallAt;
        SessionOptions options;
        options.rawStreamPath = m_dir.filePath(QStringLiteral("cancel.raw"));
        QFile::remove(options.rawStreamPath);
        CaptureSession session(serialAt(pty.slavePath()), options);
        QSignalSpy finished(&session, &CaptureSession::finished);
        QSignalSpy done(&board, &ScriptedBoard::done);
        board.start();
        session.start();
        QVERIFY(session.isRunning());
        if (stallAt > 0)
            QVERIFY(done.wait(5000));
        QTRY_COMPARE_WITH_TIMEOUT(fileBytes(options.rawStreamPath).size(), int(stallAt), 5000);
        session.cancel();
        QVERIFY(finished.wait(5000));
        const auto r = finished.first().at(0).value<CaptureResult>();
        QCOMPARE(r.status, Status::Cancelled);
        QVERIFY(!session.isRunning());
        QCOMPARE(fileBytes(options.rawStreamPath), example().left(stallAt));
        if (stallAt > 0)
            QVERIFY2(r.error.contains(QLatin1String("cpu_0")), qPrintable(r.error));
    }
}

void TstCaptureSession::inactivityTimeoutNamesThePass()
{
    PtyPair pty;
    ScriptedBoard board(pty);
    board.stream = example();
    board.stallAfter = afterLine(example(), "--- HPX_PRESET memory_0 ---");
    SessionOptions options;
    options.inactivityTimeoutMs = 300;
    options.cleanWindowSlackMs = 0; // the clean-window floor (2 x 999 ms) has passed long before the stall ends
    options.rawStreamPath = m_dir.filePath(QStringLiteral("stall.raw"));
    CaptureSession session(serialAt(pty.slavePath()), options);
    board.start();
    const Run run = runSession(session);
    QCOMPARE(run.result.status, Status::TimedOut);
    QVERIFY2(run.result.error.contains(QLatin1String("memory_0")), qPrintable(run.result.error));
    QCOMPARE(run.result.errorPass, QStringLiteral("memory_0"));
    QCOMPARE(fileBytes(options.rawStreamPath), example().left(board.stallAfter));
}

void TstCaptureSession::cleanWindowAnnouncementHoldsTheTimeout()
{
    // The board is silent for 800 ms after announcing its clean window; the inactivity limit is 200 ms but the
    // announcement (est_ms=999 -> 2 x 0.999 s + slack) is a floor under it, so the capture survives.
    PtyPair pty;
    ScriptedBoard board(pty);
    board.stream = example();
    board.stallAfter = afterLine(example(), "phase=clean_window_begin");
    SessionOptions options;
    options.inactivityTimeoutMs = 200;
    options.cleanWindowSlackMs = 0;
    CaptureSession session(serialAt(pty.slavePath()), options);
    QSignalSpy finished(&session, &CaptureSession::finished);
    QSignalSpy done(&board, &ScriptedBoard::done);
    board.start();
    session.start();
    QVERIFY(done.wait(5000));
    QTest::qWait(800);
    QCOMPARE(finished.count(), 0);
    board.stallAfter = -1;
    board.start(); // resume the rest of the stream
    QVERIFY(finished.wait(5000));
    QCOMPARE(finished.first().at(0).value<CaptureResult>().status, Status::Complete);
}

void TstCaptureSession::usbCdcWaitsForStartThenOverall()
{
    {
        // Silent USB CDC board: hpx keeps waiting past the per-line limit; only the overall limit ends it.
        PtyPair pty;
        SessionOptions options;
        options.firmwareTransport = hpx::model::FirmwareTransport::UsbCdc;
        options.inactivityTimeoutMs = 100;
        options.overallTimeoutMs = 700;
        CaptureSession session(serialAt(pty.slavePath()), options);
        const Run run = runSession(session);
        QCOMPARE(run.result.status, Status::TimedOut);
        QVERIFY2(run.result.error.contains(QLatin1String("did not finish within")), qPrintable(run.result.error));
        QVERIFY(run.result.captureDurationS.value_or(0) >= 0.7);
    }
    {
        // Once START came early, silence ends the capture.
        PtyPair pty;
        ScriptedBoard board(pty);
        board.stream = example();
        board.stallAfter = afterLine(example(), "--- HPX_ITER 0 ---");
        SessionOptions options;
        options.firmwareTransport = hpx::model::FirmwareTransport::UsbCdc;
        options.inactivityTimeoutMs = 200;
        options.overallTimeoutMs = 60000;
        CaptureSession session(serialAt(pty.slavePath()), options);
        board.start();
        const Run run = runSession(session);
        QCOMPARE(run.result.status, Status::TimedOut);
        QVERIFY2(run.result.error.contains(QLatin1String("No data from the board")), qPrintable(run.result.error));
        QVERIFY(run.result.error.contains(QLatin1String("cpu_0")));
    }
}

void TstCaptureSession::disconnectKeepsRawStream()
{
    PtyPair pty;
    ScriptedBoard board(pty);
    board.stream = example();
    board.stallAfter = afterLine(example(), "0,CONV_2D,2210,12,96,7405,0");
    SessionOptions options;
    options.rawStreamPath = m_dir.filePath(QStringLiteral("unplugged.raw"));
    CaptureSession session(serialAt(pty.slavePath()), options);
    QSignalSpy finished(&session, &CaptureSession::finished);
    board.start();
    session.start();
    // Pull the cable once the host has everything sent so far (a pty drops unread bytes on hang-up).
    QTRY_COMPARE_WITH_TIMEOUT(fileBytes(options.rawStreamPath).size(), int(board.stallAfter), 5000);
    board.hangUp();
    QVERIFY(finished.wait(5000));
    const auto r = finished.first().at(0).value<CaptureResult>();
    QCOMPARE(r.status, Status::Disconnected);
    QVERIFY2(r.error.contains(QLatin1String("went away")), qPrintable(r.error));
    QVERIFY2(r.error.contains(QLatin1String("memory_0")), qPrintable(r.error));
    QCOMPARE(fileBytes(options.rawStreamPath), example().left(board.stallAfter));
}

void TstCaptureSession::firmwareErrorNamesCodeAndPass()
{
    QByteArray stream = example();
    const qint64 cut = afterLine(stream, "--- HPX_PRESET memory_0 ---");
    stream = stream.left(cut) + "HPX_ERROR=pmu_init_or_selftest_failed pass=memory_0\n";
    PtyPair pty;
    ScriptedBoard board(pty);
    board.stream = stream;
    SessionOptions options;
    options.errorDrainMs = 100;
    CaptureSession session(serialAt(pty.slavePath()), options);
    board.start();
    const Run run = runSession(session);
    QCOMPARE(run.result.status, Status::FirmwareError);
    QVERIFY2(run.result.error.contains(QLatin1String("pmu_init_or_selftest_failed")), qPrintable(run.result.error));
    QVERIFY(run.result.error.contains(QLatin1String("memory_0")));
    QCOMPARE(run.result.errorPass, QStringLiteral("memory_0"));
}

void TstCaptureSession::boardResetRestartsTheStream()
{
    const QByteArray full = example();
    const QByteArray partial = full.left(afterLine(full, "1,DEPTHWISE_CONV_2D,2991,2210,97,405,0"));
    PtyPair pty;
    ScriptedBoard board(pty);
    board.stream = partial + "HPX_READY\n" + full;
    SessionOptions options;
    options.rawStreamPath = m_dir.filePath(QStringLiteral("reset.raw"));
    CaptureSession session(serialAt(pty.slavePath()), options);
    board.start();
    const Run run = runSession(session);
    QVERIFY2(run.result.ok(), qPrintable(run.result.error));
    QCOMPARE(run.result.restarts, 1);
    QCOMPARE(run.result.warnings.size(), 1);
    QVERIFY(run.result.warnings.first().contains(QLatin1String("restarted")));
    QCOMPARE(fileBytes(options.rawStreamPath), board.stream);
}

void TstCaptureSession::openFailure()
{
    SessionOptions options;
    CaptureSession session(serialAt(QStringLiteral("/dev/ttyHPXNOPE")), options);
    const Run run = runSession(session);
    QCOMPARE(run.result.status, Status::OpenFailed);
    QVERIFY2(run.result.error.contains(QLatin1String("does not exist")), qPrintable(run.result.error));

    CaptureSession none(LinkFactory(), options);
    QCOMPARE(runSession(none).result.status, Status::OpenFailed);

    // The raw stream file is made once the link is open: a port that never opened leaves none behind.
    SessionOptions kept;
    kept.rawStreamPath = m_dir.filePath(QStringLiteral("never-opened.raw"));
    CaptureSession missing(serialAt(QStringLiteral("/dev/ttyHPXNOPE")), kept);
    QCOMPARE(runSession(missing).result.status, Status::OpenFailed);
    QVERIFY(!QFile::exists(kept.rawStreamPath));

    // A link that opens, and a raw stream file that cannot be written: its folder would be a file (a folder that
    // does not exist yet is made).
    PtyPair pty;
    QFile plain(m_dir.filePath(QStringLiteral("a-file")));
    QVERIFY(plain.open(QIODevice::WriteOnly));
    plain.close();
    SessionOptions unwritable;
    unwritable.rawStreamPath = m_dir.filePath(QStringLiteral("a-file/raw.txt"));
    CaptureSession raw(serialAt(pty.slavePath()), unwritable);
    const Run r = runSession(raw);
    QCOMPARE(r.result.status, Status::OpenFailed);
    QVERIFY2(r.result.error.contains(QLatin1String("raw stream file")), qPrintable(r.result.error));
}

void TstCaptureSession::usbCdcHasNoGlitchRule()
{
    // §1.1: no glitch rule on USB CDC, so a garbled END is not the end, for the session as for the parser (which
    // reads it as a damaged row of the open iteration). The board holds back the real END until the host has read
    // the garbled one; a session that took it for END would have finished by then and lost the last line.
    const QByteArray end = "--- HPX_END ---\n";
    QByteArray stream = example();
    const qsizetype at = stream.lastIndexOf(end);
    QVERIFY(at > 0);
    stream.insert(at, "\xe0" + end);
    PtyPair pty;
    ScriptedBoard board(pty);
    board.stream = stream;
    board.stallAfter = at + 1 + end.size();
    SessionOptions options;
    options.firmwareTransport = hpx::model::FirmwareTransport::UsbCdc;
    options.rawStreamPath = m_dir.filePath(QStringLiteral("usb-glitch.raw"));
    CaptureSession session(serialAt(pty.slavePath()), options);
    QSignalSpy finished(&session, &CaptureSession::finished);
    QSignalSpy done(&board, &ScriptedBoard::done);
    board.start();
    session.start();
    QVERIFY(done.wait(5000));
    QTRY_COMPARE_WITH_TIMEOUT(fileBytes(options.rawStreamPath).size(), int(board.stallAfter), 5000);
    board.stallAfter = -1;
    board.start(); // the real END
    QVERIFY(finished.count() == 1 || finished.wait(5000));
    const auto r = finished.first().at(0).value<CaptureResult>();
    QCOMPARE(r.rawStream, stream);
    QVERIFY(r.capture.sawEnd);
    QCOMPARE(r.status, Status::StreamDamaged);
    QVERIFY2(r.error.contains(QLatin1String("--- HPX_END ---")), qPrintable(r.error));
}

void TstCaptureSession::linkNames()
{
    QCOMPARE(hpx::model::firmwareTransportFromName(QStringLiteral("usb-cdc")),
        std::optional<hpx::model::FirmwareTransport>(hpx::model::FirmwareTransport::UsbCdc));
    QCOMPARE(hpx::model::firmwareTransportName(hpx::model::FirmwareTransport::Rtt), QStringLiteral("rtt"));
    QVERIFY(!hpx::model::firmwareTransportFromName(QStringLiteral("swd")));
}

QTEST_GUILESS_MAIN(TstCaptureSession)
#include "tst_capturesession.moc"
