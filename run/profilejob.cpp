#include "run/profilejob.h"

#include "device/link/linklog.h"
#include "model/results/captureissues.h"
#include "model/results/merge.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <utility>

namespace hpx::run {

using namespace hpx::device;

QString stageName(ProfileOutcome::Stage stage)
{
    switch (stage) {
    case ProfileOutcome::Stage::Capture:
        return QStringLiteral("capture");
    case ProfileOutcome::Stage::Merge:
        return QStringLiteral("merge");
    case ProfileOutcome::Stage::Bundle:
        return QStringLiteral("bundle");
    case ProfileOutcome::Stage::Done:
        break;
    }
    return QStringLiteral("done");
}

ProfileJob::ProfileJob(QObject *parent)
    : QObject(parent)
{
    qRegisterMetaType<hpx::run::ProfileOutcome>();
}

ProfileJob::~ProfileJob()
{
    m_session.reset(); // cancels and joins the capture thread
    if (m_stage == Stage::Building)
        m_jobs.interrupt(); // the build's processes end at once; its job returns
    m_jobs.waitForDone(); // merging and writing are short and must not be torn in half
    m_board.reset(); // ends QEMU's process group
}

quint64 ProfileJob::start(RunRequest request)
{
    // A new run supersedes the old one: whatever the old one still reports belongs to a stale generation.
    const quint64 generation = m_jobs.begin(); // and cancels the old one's board build, if any
    m_session.reset();
    m_board.reset();
    if (request.session.rawStreamPath.isEmpty()) {
        const QString id = request.context.runId.isEmpty() ? model::RunContext::newRunId() : request.context.runId;
        request.session.rawStreamPath = QDir::temp().filePath(QStringLiteral("hpx-capture-%1.log").arg(id));
    }
    m_request = request;
    m_running = true;
    m_inputFile.reset();
    if (m_request.isVirtual() && !m_request.boardInput.isEmpty()) {
        m_inputFile = std::make_unique<QTemporaryFile>(QDir::temp().filePath(QStringLiteral("hpx-input-XXXXXX.bin")));
        if (!m_inputFile->open() || m_inputFile->write(m_request.boardInput) != m_request.boardInput.size()
            || !m_inputFile->flush()) {
            const QString error = tr("The input for the virtual board could not be written to %1: %2")
                                      .arg(m_inputFile->fileName(), m_inputFile->errorString());
            m_inputFile.reset();
            endBeforeCapture(generation, CaptureResult::Status::OpenFailed, error);
            return generation;
        }
        m_inputFile->close();
    }
    if (m_request.isVirtual())
        buildBoard(generation);
    else
        startCapture(generation);
    return generation;
}

// The board's build runs on the thread pool, blocking on the script; its progress comes back queued, for the
// generation it belongs to. Cancelling the run cancels the job's token, and the build ends its processes.
void ProfileJob::buildBoard(quint64 generation)
{
    m_stage = Stage::Building;
    Q_EMIT message(generation, tr("Preparing the virtual board"));
    Q_EMIT boardProgress(generation, BoardProgressReader(m_request.config.kernels()).read(QString()));
    const QString modelPath = QFileInfo(m_request.config.modelPath()).absoluteFilePath();
    const model::KernelSet kernels = m_request.config.kernels();
    const QString hpxBinary = QCoreApplication::applicationDirPath() + QStringLiteral("/hpx");
    const QStringList arguments = boardArguments();
    const auto report = [this, generation](const BoardProgress &p) {
        QMetaObject::invokeMethod(
            this,
            [this, generation, p] {
                if (m_jobs.isCurrent(generation))
                    Q_EMIT boardProgress(generation, p);
            },
            Qt::QueuedConnection);
    };
    m_jobs.runFor(
        generation,
        [modelPath, kernels, hpxBinary, report, arguments](const CancelToken &token) {
            return VirtualBoard::build(modelPath, kernels, hpxBinary, token, report, arguments);
        },
        [this, generation](const VirtualBoard::Build &built) {
            if (built.cancelled)
                endBeforeCapture(generation, CaptureResult::Status::Cancelled,
                    tr("Cancelled while the virtual board was being built; nothing of its build is left running."));
            else if (!built.ok)
                endBeforeCapture(generation, CaptureResult::Status::OpenFailed,
                    tr("The virtual board was not built: %1").arg(built.error));
            else
                startBoard(generation);
        });
}

// The board script's options for this run's firmware: where the arena and the weights go, and the user's input.
QStringList ProfileJob::boardArguments() const
{
    QStringList arguments = VirtualBoard::placementArguments(
        m_request.config.arenaLocation(), m_request.config.weightsLocation(), m_request.config.arenaSize());
    if (m_inputFile)
        arguments << QStringLiteral("--input") << m_inputFile->fileName();
    return arguments;
}

// QEMU on this (the owner's) thread: the board lives as long as this thread and this job.
void ProfileJob::startBoard(quint64 generation)
{
    m_stage = Stage::StartingBoard;
    m_board = std::make_unique<VirtualBoard>();
    m_jobs.follow(generation, m_board.get(), &VirtualBoard::progress,
        [this, generation](const BoardProgress &p) { Q_EMIT boardProgress(generation, p); });
    m_jobs.follow(generation, m_board.get(), &VirtualBoard::started, [this, generation](const QString &url) {
        QString error;
        const std::optional<LinkSpec> link = parseLinkSpec(url, m_request.link.baud, &error);
        if (!link) {
            endBeforeCapture(generation, CaptureResult::Status::OpenFailed, error);
            return;
        }
        m_request.link = *link;
        m_request.linkFactory = linkFactory(*link);
        startCapture(generation);
    });
    m_jobs.follow(generation, m_board.get(), &VirtualBoard::failed, [this, generation](const QString &error) {
        if (m_stage == Stage::StartingBoard)
            endBeforeCapture(
                generation, CaptureResult::Status::OpenFailed, tr("The virtual board did not start: %1").arg(error));
        // Once capturing, the capture itself reports the board going away.
    });
    m_board->start(QFileInfo(m_request.config.modelPath()).absoluteFilePath(), m_request.config.kernels(),
        QCoreApplication::applicationDirPath() + QStringLiteral("/hpx"), boardArguments());
}

void ProfileJob::endBeforeCapture(quint64 generation, CaptureResult::Status status, const QString &error)
{
    if (m_board) { // may be called from the board's own signal: stopped now, deleted once that returned
        m_board->stop();
        m_board.release()->deleteLater();
    }
    ProfileOutcome outcome;
    outcome.generation = generation;
    outcome.failedStage = ProfileOutcome::Stage::Capture;
    outcome.interrupted = status == CaptureResult::Status::Cancelled;
    outcome.error = error;
    outcome.capture.status = status;
    outcome.capture.error = error;
    outcome.capture.linkDescription = m_request.link.text();
    deliver(outcome);
}

void ProfileJob::startCapture(quint64 generation)
{
    m_stage = Stage::Capturing;
    const RunRequest &request = m_request;
    m_session = std::make_unique<CaptureSession>(request.linkFactory, request.session);
    m_jobs.follow(generation, m_session.get(), &CaptureSession::progress,
        [this, generation](const CaptureProgress &p) { Q_EMIT progress(generation, p); });
    m_jobs.follow(generation, m_session.get(), &CaptureSession::message,
        [this, generation](const QString &text) { Q_EMIT message(generation, text); });
    m_jobs.follow(generation, m_session.get(), &CaptureSession::finished,
        [this, generation](const CaptureResult &capture) { onCaptureFinished(generation, capture); });
    m_session->start();
}

void ProfileJob::cancel()
{
    switch (m_stage) {
    case Stage::Building:
        m_jobs.interrupt(); // the build ends its processes and returns Cancelled
        break;
    case Stage::StartingBoard:
        endBeforeCapture(m_jobs.generation(), CaptureResult::Status::Cancelled,
            tr("Cancelled while the virtual board was starting."));
        break;
    case Stage::Capturing:
        if (m_session && m_session->isRunning())
            m_session->cancel();
        break;
    case Stage::Idle:
    case Stage::Merging:
        break;
    }
}

void ProfileJob::onCaptureFinished(quint64 generation, const CaptureResult &capture)
{
    m_stage = Stage::Merging;
    m_board.reset(); // the capture is over: QEMU's group ends here, before the outcome is told
    bool hasRows = false;
    for (const auto &pass : capture.capture.passes)
        hasRows = hasRows || !pass.iterations.isEmpty();
    if (hasRows) // a link that never opened, or a board that sent nothing, has nothing to merge
        Q_EMIT message(generation, tr("Merging passes"));
    m_jobs.waitForDone(); // one merge at a time: a superseded run's bundle is written whole first
    m_jobs.runFor(
        generation, [capture, request = m_request] { return finishCapture(capture, request); },
        [this, generation](ProfileOutcome outcome) {
            outcome.generation = generation;
            deliver(outcome);
        });
}

void ProfileJob::deliver(const ProfileOutcome &outcome)
{
    m_running = false;
    m_stage = Stage::Idle;
    m_inputFile.reset(); // linked into the board's firmware by now, or never needed
    qCInfo(lcLink) << "profile run" << outcome.generation << (outcome.ok ? "ok" : "failed at")
                   << stageName(outcome.failedStage) << outcome.error;
    Q_EMIT finished(outcome);
}

ProfileOutcome ProfileJob::finishCapture(const CaptureResult &capture, const RunRequest &given)
{
    RunRequest request = given;
    using Status = CaptureResult::Status;
    ProfileOutcome out;
    out.memoryPlan = request.context.memoryPlan;
    out.capture = capture;
    out.warnings = capture.warnings;
    const bool complete = capture.status == Status::Complete;
    out.interrupted = capture.status == Status::Cancelled || capture.status == Status::Disconnected
        || capture.status == Status::TimedOut;
    if (capture.capture.error)
        out.hint = capture.capture.error->hint;

    // A helia-aot simulated board wrote its operator manifest while streaming; the merge maps layers with it.
    if (!request.aotManifest && !request.boardAotManifestPath.isEmpty()) {
        QString manifestError;
        const std::optional<model::AotManifest> manifest
            = model::AotManifest::readFile(request.boardAotManifestPath, &manifestError);
        QFile::remove(request.boardAotManifestPath);
        if (manifest) {
            request.aotManifest = std::make_shared<const model::AotManifest>(*manifest);
            request.context.aotManifest = model::JsonValue::fromQJson(manifest->raw);
        } else if (complete) {
            out.failedStage = ProfileOutcome::Stage::Merge;
            out.error = manifestError;
            return out;
        }
    }

    // Nothing trustworthy to merge: the board never ran, failed outright, or ran passes the user refused.
    if (capture.status == Status::OpenFailed || capture.status == Status::FirmwareError
        || capture.status == Status::PlanRefused || capture.status == Status::NoStream) {
        out.failedStage = ProfileOutcome::Stage::Capture;
        out.error = capture.error;
        return out;
    }

    // The virtual board says which input its inferences read: a run given an input that the board did not read (a
    // firmware linked before the input existed, say) is no run on that input, however well it merged.
    if (!request.boardInput.isEmpty()) {
        quint32 fnv = 0x811C9DC5u; // the firmware's digest (inference_io.cc: fnv1a32)
        for (const char byte : std::as_const(request.boardInput)) {
            fnv ^= quint8(byte);
            fnv *= 16777619u;
        }
        const QString expected = QStringLiteral("0x%1").arg(fnv, 8, 16, QLatin1Char('0'));
        const QString said = capture.capture.meta(QStringLiteral("input")).toString();
        const QString digest = capture.capture.meta(QStringLiteral("input_fnv1a32")).toString();
        // A capture that ended before the board said anything is reported as what it is.
        if ((complete || !said.isEmpty()) && (said != QLatin1String("linked") || digest != expected)) {
            out.failedStage = ProfileOutcome::Stage::Capture;
            out.error
                = tr("The virtual board did not read the chosen input (it says input %1, digest %2; expected "
                     "linked, %3).")
                      .arg(said.isEmpty() ? tr("not stated") : said, digest.isEmpty() ? tr("none") : digest, expected);
            return out;
        }
    }

    // Committed iterations are kept even when the run was interrupted or damaged: the parser never moves a
    // value, so what merged is true, only incomplete.
    bool hasRows = false;
    for (const auto &pass : capture.capture.passes)
        hasRows = hasRows || !pass.iterations.isEmpty();
    if (hasRows) {
        model::MergeOptions options;
        options.engine = request.engine;
        options.aggregation = request.aggregation;
        options.model = request.model.get();
        options.aotManifest = request.aotManifest.get();
        // The board's own words (issue 22): the engine it states is the engine, unless the user named one; then a
        // disagreement is an issue, not a silent override either way.
        QVector<model::PlatformInfo::Disagreement> engineDisagreement;
        const QString statedEngine = capture.capture.meta(QStringLiteral("engine")).toString();
        if (const std::optional<model::Engine> stated = model::engineFromName(statedEngine);
            stated && *stated != request.engine) {
            if (request.config.isExplicit(QStringLiteral("engine.type")))
                engineDisagreement.append(
                    { QStringLiteral("engine"), model::engineName(request.engine), model::engineName(*stated) });
            else
                options.engine = *stated;
        }
        // What the stream shows beyond its own words (counters, a DWT-timed clean window) is checked too (issue 36).
        engineDisagreement += request.context.platform.factDisagreements(model::streamBoardFacts(capture.capture));
        const model::MergeOutcome merged = model::mergeCapture(capture.capture, options);
        if (merged.ok()) {
            out.result = *merged.result;
            if (const std::optional<model::Issue> issue
                = model::boardPresetIssue(request.context.platform, out.result->boardStatement, engineDisagreement))
                out.result->issues.append(*issue);
            // Counter columns the plan asked a pass for and the board left out without a word (issue 36).
            QVector<QPair<QString, QStringList>> planned;
            for (const model::PlannedPass &pass : request.plan.passes)
                planned.append({ pass.name, pass.columns() });
            if (const std::optional<model::Issue> issue = model::plannedColumnsIssue(*out.result, planned))
                out.result->issues.append(*issue);
            out.warnings += merged.result->warnings;
        } else if (complete) {
            out.failedStage = ProfileOutcome::Stage::Merge;
            out.error = merged.error;
            if (!merged.hint.isEmpty())
                out.hint = merged.hint;
            return out;
        }
    }
    if (!complete) {
        out.failedStage = ProfileOutcome::Stage::Capture;
        out.error = capture.error;
        if (out.result)
            out.warnings.append(tr("The results shown hold only the passes and iterations that arrived complete."));
        return out;
    }
    if (!out.result) {
        out.failedStage = ProfileOutcome::Stage::Merge;
        out.error = tr("The board sent no per-layer rows.");
        return out;
    }

    if (!request.outputDir.isEmpty()) {
        model::RunContext ctx = request.context;
        ctx.timing.captureDurationS = capture.captureDurationS;
        ctx.timing.hpxStartLatencyS = capture.startLatencyS;
        ctx.timing.protocolDurationS = capture.protocolDurationS;
        ctx.rawCapture = capture.rawStream;
        ctx.rawCaptureSha256 = capture.rawStreamSha256;
        ctx.rawCapturePath.clear(); // the bytes are at hand; the file stays where it is
        if (!ctx.model && request.model)
            ctx.model = request.model;
        const model::BundleWriteResult written = model::BundleWriter::write(*out.result, ctx, request.outputDir);
        out.bundle = written;
        out.warnings += written.notes;
        if (!written.ok) {
            out.failedStage = ProfileOutcome::Stage::Bundle;
            out.error = written.error;
            return out;
        }
    }
    out.ok = true;
    return out;
}

} // namespace hpx::run
