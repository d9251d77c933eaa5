#include "device/capture/captureworker.h"

#include "device/capture/captureintegrity.h"
#include "device/capture/capturetiming.h"
#include "device/capture/captureverdict.h"
#include "device/link/linklog.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

namespace hpx::device {

namespace {

constexpr int TickMs = 50;
constexpr int ProgressEveryMs = 100;

QString seconds(qint64 ms)
{
    return QString::number(double(ms) / 1000.0, 'g', 3);
}
} // namespace

CaptureWorker::CaptureWorker(LinkFactory factory, SessionOptions options)
    : m_factory(std::move(factory))
    , m_options(std::move(options))
    // The glitch rule (§1.1) and the timeouts (§2.5) follow the firmware transport, not the link: RTT through
    // J-Link's telnet server and a UART through ser2net carry the same bytes, garbage first byte included.
    , m_tracker(StreamOrigin(m_options.firmwareTransport))
    , m_parser(StreamOrigin(m_options.firmwareTransport))
    , m_tick(this) // parented: moveToThread() must take the timers along
    , m_drain(this)
{
    m_tick.setInterval(TickMs);
    connect(&m_tick, &QTimer::timeout, this, &CaptureWorker::onTick);
    m_drain.setSingleShot(true);
    connect(&m_drain, &QTimer::timeout, this, [this] {
        const auto error = m_tracker.firstError();
        finish(CaptureResult::Status::FirmwareError,
            tr("The board reported an error%1: %2").arg(whereNow(), error ? error->text : QString()));
    });
}

CaptureWorker::~CaptureWorker()
{
    if (m_link)
        m_link->disconnect(this);
}

void CaptureWorker::run()
{
    m_clock.start();
    emitProgress(true);
    // One file per capture, so it can be parsed again on its own. It is made once the link is open: a port that
    // never opened leaves no empty capture to import. An older file of that name is this run's to replace either way.
    if (!m_options.rawStreamPath.isEmpty()) {
        m_raw.setFileName(m_options.rawStreamPath);
        QFile::remove(m_options.rawStreamPath);
    }
    m_link = m_factory ? m_factory() : nullptr;
    if (!m_link) {
        finish(CaptureResult::Status::OpenFailed, tr("No link to a board was configured."));
        return;
    }
    connect(m_link.get(), &Link::bytesReceived, this, &CaptureWorker::onBytes);
    connect(m_link.get(), &Link::errorOccurred, this, &CaptureWorker::onLinkError);
    connect(m_link.get(), &Link::closed, this, &CaptureWorker::onLinkClosed);
    Q_EMIT message(tr("Connecting to %1").arg(m_link->description()));
    if (!m_link->open()) {
        finish(CaptureResult::Status::OpenFailed, m_link->errorString());
        return;
    }
    if (m_done) // cancelled while connecting
        return;
    // The raw stream sits beside the bundle folder, whose parents the bundle writer creates only later: an output
    // folder in a folder that does not exist yet (hpx profile --output-dir runs/today/kws) must not fail here.
    if (!m_options.rawStreamPath.isEmpty())
        QFileInfo(m_options.rawStreamPath).absoluteDir().mkpath(QStringLiteral("."));
    if (!m_options.rawStreamPath.isEmpty() && !m_raw.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
        finish(CaptureResult::Status::OpenFailed,
            tr("Cannot write the raw stream file %1: %2").arg(m_options.rawStreamPath, m_raw.errorString()));
        return;
    }
    if (m_raw.isOpen() && !m_stream.isEmpty()) // a link that delivered bytes while it opened
        m_raw.write(m_stream);
    CaptureDeadlines::Config deadlines;
    deadlines.kind = StreamOrigin(m_options.firmwareTransport);
    deadlines.heartbeatsEnabled = false; // until the stream says HPX_HEARTBEAT_ENABLED=1
    deadlines.hostTimeoutS = m_options.hostTimeoutS;
    deadlines.overallTimeoutS = m_options.overallTimeoutS;
    deadlines.inactivityOverrideMs = m_options.inactivityTimeoutMs;
    deadlines.overallOverrideMs = m_options.overallTimeoutMs;
    m_deadlines.emplace(deadlines, m_clock.elapsed());
    m_tick.start();
    switch (m_options.firmwareTransport) {
    case model::FirmwareTransport::UsbCdc:
        // USB CDC firmware blocks until the host asserts DTR, then waits 200 ms (§2.2).
        if (!m_link->setDtr(true) && m_link->hasModemLines())
            qCInfo(lcLink) << "DTR could not be asserted on" << m_link->description()
                           << "(no modem lines, e.g. a pty); continuing";
        Q_EMIT message(tr("Connected; DTR asserted, waiting for the board to start"));
        break;
    case model::FirmwareTransport::Uart:
        Q_EMIT message(tr("Connected; waiting for the board (it starts streaming when reset)"));
        break;
    case model::FirmwareTransport::Rtt:
        Q_EMIT message(tr("Connected; waiting for the board's RTT stream"));
        break;
    case model::FirmwareTransport::Swo:
        Q_EMIT message(tr("Connected; waiting for the board's SWO stream"));
        break;
    }
    if (m_options.wakeLine)
        m_link->write(QByteArrayLiteral("\n"));
    emitProgress(true);
}

void CaptureWorker::cancel()
{
    if (m_done)
        return;
    finish(CaptureResult::Status::Cancelled, tr("The capture was cancelled%1.").arg(whereNow()));
}

void CaptureWorker::onBytes(const QByteArray &bytes)
{
    if (m_done)
        return;
    if (m_deadlines)
        m_deadlines->bytesReceived(m_clock.elapsed());
    m_stream.append(bytes);
    if (m_raw.isOpen()) {
        // Flushed per chunk so a crash or a pulled cable loses nothing already received.
        if (m_raw.write(bytes) != bytes.size() || !m_raw.flush()) {
            qCWarning(lcLink) << "raw stream write failed" << m_raw.fileName() << m_raw.errorString();
            m_warnings.append(
                tr("Writing the raw stream file %1 failed: %2").arg(m_raw.fileName(), m_raw.errorString()));
            m_raw.close();
        }
    }
    noteParserEvents(m_parser.feed(bytes));
    const auto events = m_tracker.feed(bytes);
    if (m_deadlines)
        m_deadlines->setHeartbeatsEnabled(m_options.heartbeatsEnabled && m_tracker.heartbeatsEnabled());
    bool milestone = false; // a new pass or stream start is shown at once; the rest at most every 100 ms
    for (const auto &event : events) {
        milestone
            = milestone || event.type == StreamTracker::Event::Preset || event.type == StreamTracker::Event::Start;
        handle(event);
        if (m_done)
            return;
    }
    emitProgress(milestone);
}

void CaptureWorker::handle(const StreamTracker::Event &event)
{
    using E = StreamTracker::Event;
    switch (event.type) {
    case E::Ready:
        if (m_tracker.readyCount() == 1)
            Q_EMIT message(tr("Board is ready"));
        break;
    case E::PlanSupported:
        m_planSupported = true;
        m_planReply.reset();
        if (m_options.plan)
            sendPlan();
        break;
    case E::PlanAnswer:
        m_planReply = event.reply;
        if (event.reply->accepted) {
            Q_EMIT message(tr("Board accepted the plan: %n pass(es)", nullptr, event.reply->passes));
        } else {
            Q_EMIT message(tr("Board rejected the plan: %1").arg(event.reply->reason));
            if (m_options.plan && m_options.requirePlan)
                finish(CaptureResult::Status::PlanRefused,
                    tr("The board refused the requested passes: %1").arg(event.reply->reason));
        }
        break;
    case E::Start:
        if (m_options.plan && m_options.requirePlan && !m_planReply) {
            finish(CaptureResult::Status::PlanRefused,
                tr("The board started with its built-in passes: it does not take a pass plan from the host."));
            return;
        }
        if (m_startMs < 0)
            m_startMs = m_clock.elapsed();
        if (m_deadlines)
            m_deadlines->startReceived(event.line);
        if (event.restart) {
            m_warnings.append(tr("The board restarted (a new --- HPX_START --- at line %1); the records come from "
                                 "the stream that followed it.")
                                  .arg(event.line));
            Q_EMIT message(m_warnings.last());
        } else {
            Q_EMIT message(tr("Stream started"));
        }
        break;
    case E::CleanWindow: {
        const auto budget = timing::cleanWindowBudgetS(event.estMs, m_options.cleanWindowSlackMs / 1000.0);
        if (budget && m_deadlines)
            m_deadlines->cleanWindowAnnounced(m_clock.elapsed(), *budget);
        m_cleanWindowSeen = m_cleanWindowSeen || budget.has_value();
        if (budget) {
            m_cleanWindowEstMs = event.estMs;
            m_cleanWindowAtMs = m_clock.isValid() ? m_clock.elapsed() : 0;
        }
        Q_EMIT message(tr("Clean timing window (about %1 s)").arg(seconds(event.estMs)));
        break;
    }
    case E::Preset:
        Q_EMIT message(
            // The event's own number: a chunk may hold several passes, and the tracker is at the last of them.
            tr("Pass %1 of %2: %3")
                .arg(event.passNumber)
                .arg(event.passCount ? QString::number(event.passCount) : QStringLiteral("?"), event.text));
        break;
    case E::End:
        m_endMs = m_clock.elapsed();
        finish(CaptureResult::Status::Complete);
        break;
    case E::Error:
        // The firmware halts after an error but may still drain a few lines; collect them briefly.
        Q_EMIT message(tr("Board error: %1").arg(event.text));
        if (!m_drain.isActive())
            m_drain.start(m_options.errorDrainMs);
        break;
    case E::Iteration:
    case E::Heartbeat:
        break;
    }
}

void CaptureWorker::sendPlan()
{
    QString error;
    const QByteArray line = m_options.plan->commandLine(&error);
    if (line.isEmpty()) {
        finish(CaptureResult::Status::OpenFailed, tr("The pass plan cannot be sent: %1").arg(error));
        return;
    }
    if (!m_link->write(line)) {
        m_warnings.append(tr("Sending the pass plan to the board failed."));
        return;
    }
    m_planSent = true;
    Q_EMIT message(tr("Asking the board for %n pass(es)", nullptr, int(m_options.plan->passes.size())));
}

void CaptureWorker::onLinkError(const QString &message)
{
    if (m_done)
        return;
    finish(CaptureResult::Status::Disconnected, message + whereNow(true));
}

void CaptureWorker::onLinkClosed()
{
    if (m_done)
        return;
    finish(CaptureResult::Status::Disconnected,
        tr("The link to the board closed before --- HPX_END ---%1.").arg(whereNow()));
}

void CaptureWorker::onTick()
{
    if (m_done || !m_deadlines)
        return;
    switch (m_deadlines->check(m_clock.elapsed())) {
    case CaptureDeadlines::Expiry::Overall:
        finish(CaptureResult::Status::TimedOut,
            tr("The capture did not finish within %1 s%2.")
                .arg(seconds(m_deadlines->overallDeadlineMs().value_or(0) - m_deadlines->startMs()))
                .arg(whereNow()));
        return;
    case CaptureDeadlines::Expiry::Inactivity:
        if (!m_tracker.sawStart())
            finish(CaptureResult::Status::TimedOut,
                tr("No stream from the board for %1 s: --- HPX_START --- never arrived. Check the port and "
                   "the baud rate, and reset the board.")
                    .arg(seconds(m_deadlines->inactivityLimitMs())));
        else
            finish(CaptureResult::Status::TimedOut,
                tr("No data from the board for %1 s%2.").arg(seconds(m_deadlines->inactivityLimitMs()), whereNow()));
        return;
    case CaptureDeadlines::Expiry::None:
        break;
    }
    emitProgress(false);
}

QString CaptureWorker::whereNow(bool sentence) const
{
    if (!m_tracker.sawStart() || m_tracker.pass().isEmpty())
        return {};
    QString where = m_tracker.iteration() >= 0
        ? tr(" during pass %1 (iteration %2)").arg(m_tracker.pass()).arg(m_tracker.iteration())
        : tr(" during pass %1").arg(m_tracker.pass());
    return sentence ? tr(" This happened%1.").arg(where) : where;
}

void CaptureWorker::emitProgress(bool force)
{
    const qint64 now = m_clock.isValid() ? m_clock.elapsed() : 0;
    if (!force && m_lastProgressMs >= 0 && now - m_lastProgressMs < ProgressEveryMs)
        return;
    CaptureProgress p;
    if (m_done)
        p.phase = QStringLiteral("finished");
    else if (!m_link || !m_link->isOpen())
        p.phase = QStringLiteral("connecting");
    else if (!m_tracker.sawStart())
        p.phase = m_planSent && !m_planReply ? QStringLiteral("plan") : QStringLiteral("waiting");
    else if (m_tracker.passNumber() == 0)
        p.phase = m_cleanWindowSeen ? QStringLiteral("clean_window") : QStringLiteral("starting");
    else
        p.phase = m_tracker.warmup() ? QStringLiteral("warmup") : QStringLiteral("profiling");
    p.pass = m_tracker.pass();
    p.passNumber = m_tracker.passNumber();
    p.passCount = m_planReply && m_planReply->accepted ? m_planReply->passes : m_tracker.passCount();
    p.iteration = m_tracker.iteration();
    p.layer = m_tracker.layer();
    p.bytes = m_stream.size();
    if (p.phase == QLatin1String("clean_window") && m_cleanWindowAtMs >= 0) {
        p.cleanWindowEstMs = m_cleanWindowEstMs;
        p.cleanWindowSinceMs = now - m_cleanWindowAtMs;
    }
    p.elapsedMs = now;
    m_lastProgressMs = now;
    m_lastProgress = p;
    Q_EMIT progress(p);
}

void CaptureWorker::finish(CaptureResult::Status status, const QString &error)
{
    if (m_done)
        return;
    m_done = true;
    m_tick.stop();
    m_drain.stop();
    CaptureResult result;
    if (m_link) {
        result.linkDescription = m_link->description();
        m_link->disconnect(this);
        m_link->close();
    }
    if (m_raw.isOpen()) {
        m_raw.flush();
        m_raw.close();
    }
    result.status = status;
    result.error = error;
    result.errorPass = m_tracker.pass();
    result.rawStreamPath = m_options.rawStreamPath;
    result.bytes = m_stream.size();
    result.rawStream = m_stream;
    result.restarts = std::max(0, m_tracker.startCount() - 1);
    result.captureDurationS = double(m_clock.elapsed()) / 1000.0;
    if (m_startMs >= 0)
        result.startLatencyS = double(m_startMs) / 1000.0;
    if (m_startMs >= 0 && m_endMs >= 0)
        result.protocolDurationS = double(m_endMs - m_startMs) / 1000.0;
    result.warnings = m_warnings;

    // How the passes were chosen: the user must know whether they got what they asked for.
    if (!m_options.plan) {
        result.plan = CaptureResult::PlanState::NotRequested;
        if (!m_tracker.presets().isEmpty())
            result.planNote = tr("The board ran the passes it was built with: %1.")
                                  .arg(m_tracker.presets().join(QStringLiteral(", ")));
    } else if (m_planReply && m_planReply->accepted) {
        result.plan = CaptureResult::PlanState::Accepted;
        result.planNote = tr("The board ran the %n requested pass(es).", nullptr, m_planReply->passes);
        if (m_planReply->passes != m_options.plan->passes.size())
            result.warnings.append(tr("The board acknowledged %1 passes but %2 were requested.")
                                       .arg(m_planReply->passes)
                                       .arg(m_options.plan->passes.size()));
    } else if (m_planReply) {
        result.plan = CaptureResult::PlanState::Rejected;
        result.planNote = tr("The board rejected the requested passes (%1) and ran the passes it was built with%2.")
                              .arg(m_planReply->reason.isEmpty() ? tr("no reason given") : m_planReply->reason,
                                  m_tracker.presets().isEmpty()
                                      ? QString()
                                      : QStringLiteral(": ") + m_tracker.presets().join(QStringLiteral(", ")));
    } else {
        result.plan = CaptureResult::PlanState::Unsupported;
        if (m_tracker.sawStart())
            result.planNote = tr("This board does not take a pass plan from the host; it ran the passes it was built "
                                 "with%1.")
                                  .arg(m_tracker.presets().isEmpty()
                                          ? QString()
                                          : QStringLiteral(": ") + m_tracker.presets().join(QStringLiteral(", ")));
    }
    if (!result.planNote.isEmpty() && result.plan != CaptureResult::PlanState::Accepted
        && result.plan != CaptureResult::PlanState::NotRequested)
        result.warnings.append(result.planNote);

    parseInto(result);
    qCInfo(lcLink) << "capture finished" << statusName(result.status) << result.bytes << "bytes" << result.error;
    emitProgress(true);
    Q_EMIT finished(result);
}

void CaptureWorker::noteParserEvents(const QVector<WireEvent> &events)
{
    for (const WireEvent &event : events) {
        if (event.kind == WireEvent::Kind::PassStarted)
            m_passStarts.append({ event.line, event.passName });
        else if (event.kind == WireEvent::Kind::Started)
            m_lastStartLine = event.line;
    }
}

void CaptureWorker::parseInto(CaptureResult &result)
{
    QVector<WireEvent> events;
    result.capture = m_parser.finish(&events);
    noteParserEvents(events);
    // A board that reports an error and then drops the link (it resets or stops) failed for the reason it gave:
    // that is the headline, the link closing is the consequence.
    const bool linkEnded
        = result.status == CaptureResult::Status::Disconnected || result.status == CaptureResult::Status::TimedOut;
    if (const auto error = result.capture.error;
        error && (linkEnded || result.status == CaptureResult::Status::Complete)) {
        if (linkEnded)
            result.warnings.append(result.error);
        result.status = CaptureResult::Status::FirmwareError;
        result.errorPass = m_tracker.errorPass();
        result.error = error->headline()
            + (result.errorPass.isEmpty() ? QString() : tr(" It happened in pass %1.").arg(result.errorPass));
        return;
    }
    if (result.status != CaptureResult::Status::Complete)
        return;
    if (const auto failure = captureFailure(result.capture)) {
        result.status = CaptureResult::Status::NoStream;
        result.error = failure->message;
        return;
    }
    if (const auto issue = checkCaptureIntegrity(result.capture, m_passStarts, m_lastStartLine)) {
        result.status = CaptureResult::Status::StreamDamaged;
        result.errorPass = issue->pass;
        const QString where = issue->pass.isEmpty() ? tr("before the first pass") : tr("in pass %1").arg(issue->pass);
        result.error = tr("The stream from the board is damaged %1: %2. Its records cannot be trusted as a whole%3.")
                           .arg(where, issue->message,
                               m_options.rawStreamPath.isEmpty()
                                   ? QString()
                                   : tr("; the raw stream is kept in %1").arg(m_options.rawStreamPath));
    }
}

} // namespace hpx::device
