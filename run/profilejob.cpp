#include "run/profilejob.h"

#include "device/link/linklog.h"
#include "model/results/captureissues.h"
#include "model/results/merge.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>

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
    m_jobs.waitForDone(); // merging and writing are short and must not be torn in half
}

quint64 ProfileJob::start(RunRequest request)
{
    // A new run supersedes the old one: whatever the old one still reports belongs to a stale generation.
    const quint64 generation = m_jobs.begin();
    m_session.reset();
    if (request.session.rawStreamPath.isEmpty()) {
        const QString id = request.context.runId.isEmpty() ? model::RunContext::newRunId() : request.context.runId;
        request.session.rawStreamPath = QDir::temp().filePath(QStringLiteral("hpx-capture-%1.log").arg(id));
    }
    m_request = request;
    m_running = true;
    m_session = std::make_unique<CaptureSession>(request.linkFactory, request.session);
    m_jobs.follow(generation, m_session.get(), &CaptureSession::progress,
        [this, generation](const CaptureProgress &p) { Q_EMIT progress(generation, p); });
    m_jobs.follow(generation, m_session.get(), &CaptureSession::message,
        [this, generation](const QString &text) { Q_EMIT message(generation, text); });
    m_jobs.follow(generation, m_session.get(), &CaptureSession::finished,
        [this, generation](const CaptureResult &capture) { onCaptureFinished(generation, capture); });
    m_session->start();
    return generation;
}

void ProfileJob::cancel()
{
    if (m_session && m_session->isRunning())
        m_session->cancel();
}

void ProfileJob::onCaptureFinished(quint64 generation, const CaptureResult &capture)
{
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
    qCInfo(lcLink) << "profile run" << outcome.generation << (outcome.ok ? "ok" : "failed at")
                   << stageName(outcome.failedStage) << outcome.error;
    Q_EMIT finished(outcome);
}

ProfileOutcome ProfileJob::finishCapture(const CaptureResult &capture, const RunRequest &given)
{
    RunRequest request = given;
    using Status = CaptureResult::Status;
    ProfileOutcome out;
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
