#include "ui/run/runpanel.h"

#include "ui/common/glyphicon.h"
#include "ui/run/consolepane.h"

#include <QGridLayout>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QStyle>
#include <QVBoxLayout>

namespace hpx::ui {

namespace {
QString formatDuration(qint64 ms)
{
    const qint64 s = ms / 1000;
    return QStringLiteral("%1:%2").arg(s / 60).arg(s % 60, 2, 10, QLatin1Char('0'));
}
} // namespace

RunPanel::RunPanel(QWidget *parent)
    : QWidget(parent)
    , m_run(new QPushButton(tr("&Run"), this))
    , m_cancel(new QPushButton(tr("&Cancel"), this))
    , m_progress(new QProgressBar(this))
    , m_status(new QLabel(this))
    , m_time(new QLabel(this))
    , m_console(new ConsolePane(this))
{
    m_run->setIcon(glyphIcon(Glyph::Run));
    m_run->setToolTip(tr("Profile the open model on the selected board (F5)"));
    m_cancel->setIcon(glyphIcon(Glyph::Stop));
    m_cancel->setToolTip(tr("Stop the run; what was captured so far is kept (Esc)"));
    m_cancel->setEnabled(false);
    m_progress->setRange(0, 100);
    m_progress->setValue(0);
    m_status->setWordWrap(true);
    m_status->setTextFormat(Qt::RichText);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_time->setAlignment(Qt::AlignRight | Qt::AlignVCenter);

    auto *top = new QGridLayout;
    top->addWidget(m_run, 0, 0);
    top->addWidget(m_cancel, 0, 1);
    top->addWidget(m_progress, 0, 2);
    top->addWidget(m_time, 0, 3);
    top->addWidget(m_status, 1, 0, 1, 4);
    top->setColumnStretch(2, 1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addLayout(top);
    layout->addWidget(m_console, 1);

    connect(m_run, &QPushButton::clicked, this, &RunPanel::runRequested);
    connect(m_cancel, &QPushButton::clicked, this, &RunPanel::cancelRequested);
    m_clock.setInterval(500);
    connect(&m_clock, &QTimer::timeout, this, &RunPanel::tick);
}

void RunPanel::setPlanText(const QString &text)
{
    m_planText = text;
    if (!m_running)
        m_status->setText(text);
}

void RunPanel::setIdleEstimate(const std::optional<hpx::run::RunEstimate> &estimate)
{
    // An instant simulated board (Speed: Fast) has nothing worth saying: the run takes what the host needs.
    const bool worthSaying = estimate && estimate->isValid() && (!estimate->fromSimulator || estimate->totalMs >= 1000);
    m_idleEstimate = worthSaying ? estimate : std::nullopt;
    if (!m_running)
        showIdleEstimate();
}

void RunPanel::showIdleEstimate()
{
    if (!m_idleEstimate) {
        if (!m_elapsed.isValid())
            m_time->clear();
        return;
    }
    m_time->setText(m_idleEstimate->fromSimulator
            ? tr("Next run: about %1 (estimate)").arg(formatDuration(m_idleEstimate->totalMs))
            : tr("Next run: about %1 once the board starts (estimate)").arg(formatDuration(m_idleEstimate->totalMs)));
    m_time->setToolTip(m_idleEstimate->fromSimulator
            ? tr("From the simulated board's model of this network at its speed setting, for the chosen counters, "
                 "passes and iterations.")
            : tr("From the model's operators and MACs, the board's clock, the passes and the link's baud rate; the "
                 "firmware may be faster or slower."));
}

void RunPanel::setLayerCount(int layers)
{
    m_layers = layers;
}

void RunPanel::reset()
{
    if (m_running)
        return;
    m_last = {};
    m_estimate.reset();
    m_boardStartMs = -1;
    m_captureStartMs = -1;
    m_board.reset();
    m_elapsed.invalidate();
    m_silentHint = false;
    m_progress->setRange(0, 100);
    m_progress->setValue(0);
    m_time->clear();
    m_time->setToolTip(QString());
    m_status->setText(m_planText);
    showIdleEstimate();
}

void RunPanel::setIterationsPerPass(int iterations, int warmup)
{
    m_iterations = iterations;
    m_warmup = warmup;
}

void RunPanel::setRunEnabled(bool enabled, const QString &reason)
{
    m_run->setEnabled(enabled && !m_running);
    m_run->setToolTip(enabled ? tr("Profile the open model on the selected board (F5)") : reason);
}

void RunPanel::runStarted(const QString &rawStreamPath)
{
    m_running = true;
    m_silentHint = false;
    m_last = {};
    m_estimate.reset();
    m_boardStartMs = -1;
    m_captureStartMs = 0;
    m_board.reset();
    m_time->setToolTip(QString());
    m_run->setEnabled(false);
    m_cancel->setEnabled(true);
    m_progress->setRange(0, 0); // busy until the board announces its passes
    m_status->setText(tr("Connecting…"));
    m_elapsed.start();
    m_clock.start();
    m_console->clear();
    if (!rawStreamPath.isEmpty())
        m_console->follow(rawStreamPath);
    tick();
}

double RunPanel::passFraction() const
{
    if (m_iterations <= 0 || m_last.iteration < 0)
        return 0;
    // Layers within the iteration too: on a large model one iteration is a long time.
    const double layer = m_layers > 0 && m_last.layer >= 0 ? qBound(0.0, double(m_last.layer) / m_layers, 1.0) : 0;
    return qBound(0.0, (m_last.iteration + layer) / m_iterations, 1.0);
}

double RunPanel::progressFraction() const
{
    if (m_last.passCount <= 0 || m_last.passNumber <= 0)
        return 0;
    const double perPass = 1.0 / m_last.passCount;
    return (m_last.passNumber - 1) * perPass + passFraction() * perPass;
}

int RunPanel::progressPercent() const
{
    return int(100.0 * progressFraction());
}

void RunPanel::setEstimate(const hpx::run::RunEstimate &estimate)
{
    if (!m_running || !estimate.isValid())
        return;
    m_estimate = estimate;
    m_time->setToolTip(estimate.fromSimulator
            ? tr("Until a pass has been measured, the time left is estimated from the simulated board's model of "
                 "this network at its speed setting.")
            : tr("Until a pass has been measured, the time left is estimated from the model's operators and "
                 "MACs, the board's clock, the passes and the link's baud rate; the firmware may be faster or "
                 "slower."));
    updateTimeText();
}

void RunPanel::showBoardProgress(const hpx::run::BoardProgress &progress)
{
    if (!m_running)
        return;
    m_board = progress;
    if (!progress.line.isEmpty())
        m_console->appendText(tr("virtual board: %1").arg(progress.line));
    m_progress->setFormat(QStringLiteral("%p%"));
    if (progress.percent >= 0) {
        m_progress->setRange(0, 100);
        m_progress->setValue(progress.percent);
    } else {
        m_progress->setRange(0, 0); // linking and starting take seconds
    }
    m_status->setText(progress.text.toHtmlEscaped());
    updateTimeText();
}

void RunPanel::showProgress(const hpx::device::CaptureProgress &progress)
{
    if (m_board) { // the virtual board is up: its capture begins, and with it the wait for the board's stream
        m_board.reset();
        m_progress->setRange(0, 0);
        m_captureStartMs = m_elapsed.isValid() ? m_elapsed.elapsed() : 0;
    }
    m_last = progress;
    m_cleanWindowStartMs.reset();
    if (progress.cleanWindowSinceMs >= 0 && m_elapsed.isValid())
        m_cleanWindowStartMs = m_elapsed.elapsed() - progress.cleanWindowSinceMs;
    if (progress.bytes > 0 && m_boardStartMs < 0 && m_elapsed.isValid())
        m_boardStartMs = m_elapsed.elapsed();
    if (m_running)
        updateTimeText(); // the phase may have changed what the estimate says
    if (progress.bytes > 0)
        m_silentHint = false;
    if (m_silentHint)
        return; // the hint stays until the board sends something
    m_progress->setFormat(QStringLiteral("%p%"));
    if (progress.passCount > 0) {
        m_progress->setRange(0, 100);
        m_progress->setValue(progressPercent());
    }
    QStringList parts;
    if (progress.passNumber > 0) {
        parts << tr("Pass %1 of %2: %3").arg(progress.passNumber).arg(progress.passCount).arg(progress.pass);
        if (progress.iteration >= 0)
            parts << tr("iteration %1").arg(progress.iteration + 1)
                    + (m_iterations > 0 ? tr(" of %1").arg(m_iterations) : QString());
        if (progress.layer >= 0)
            parts << tr("layer %1").arg(progress.layer);
    } else if (progress.phase == QLatin1String("clean_window")) {
        showCleanWindow();
        return;
    } else if (progress.phase == QLatin1String("waiting") || progress.phase == QLatin1String("connecting")) {
        parts << tr("Waiting for the board to start its stream…");
    } else if (!progress.phase.isEmpty()) {
        parts << progress.phase;
    }
    parts << QLocale().formattedDataSize(progress.bytes);
    m_status->setText(parts.join(QStringLiteral(" · ")).toHtmlEscaped());
}

QString RunPanel::remainingText(qint64 elapsed) const
{
    if (m_board) {
        // The build's own rate so far, then the run as estimated; before a rate is measured, say so.
        if (m_board->remainingMs < 0)
            return m_board->step == hpx::run::BoardProgress::Step::Building ? tr(", measuring the build's pace…")
                                                                            : QString();
        return tr(", about %1 left (estimate: the build at its pace so far, then the run)")
            .arg(formatDuration(m_board->remainingMs + (m_estimate ? m_estimate->totalMs : 0)));
    }
    const double done = progressFraction();
    const auto extrapolated
        = [&] { return tr(", about %1 left").arg(formatDuration(qint64(elapsed * (1 - done) / done))); };
    if (!m_estimate) {
        if (done > 0.005 && done < 1)
            return extrapolated();
        return tr(", estimating the run time…");
    }
    const hpx::run::RunEstimate &estimate = *m_estimate;
    // Nobody knows when a real board will be reset: until its first byte, say how long the run takes from then.
    if (m_boardStartMs < 0)
        return tr(", about %1 once the board starts (estimate)").arg(formatDuration(estimate.totalMs));
    const qint64 sinceStart = elapsed - m_boardStartMs;
    // Where the estimate says the run is: preamble and clean window until the first pass, then pass by pass.
    const qint64 position = m_last.passNumber > 0 ? estimate.positionMs(m_last.passNumber, passFraction())
                                                  : qMin(sinceStart, estimate.passStartMs.constFirst());
    // Once a pass has finished (or a quarter of a run with few passes), the board's real pace is known: scale the
    // estimate by it. Before that the figure is the model's and says so.
    const bool measured = m_last.passNumber >= 2 || done >= 0.25;
    if (measured && position >= 200)
        return tr(", about %1 left")
            .arg(formatDuration(qint64(double(estimate.totalMs - position) * double(sinceStart) / double(position))));
    if (measured && done > 0.005 && done < 1)
        return extrapolated(); // an instant simulated board: the host's own speed is all there is
    return tr(", about %1 left (estimate)").arg(formatDuration(qMax<qint64>(0, estimate.totalMs - position)));
}

void RunPanel::updateTimeText()
{
    const qint64 elapsed = m_elapsed.isValid() ? m_elapsed.elapsed() : 0;
    QString text = tr("Elapsed %1").arg(formatDuration(elapsed));
    if (m_running)
        text += remainingText(elapsed);
    m_time->setText(text);
}

// The board's clean timing window: it runs the model without per-layer counters for as long as it announced, and
// sends nothing meanwhile. The bar fills over that time and the text says what the board is doing, so a silent
// minute does not look like a hang.
void RunPanel::showCleanWindow()
{
    const qint64 est = m_last.cleanWindowEstMs;
    const qint64 since = m_cleanWindowStartMs && m_elapsed.isValid() ? m_elapsed.elapsed() - *m_cleanWindowStartMs : -1;
    QString text;
    if (est > 0 && since >= 0) {
        m_progress->setRange(0, 1000);
        m_progress->setValue(int(qBound<qint64>(0, since * 1000 / est, qint64(990))));
        m_progress->setFormat(tr("Clean timing window"));
        text = since <= est ? tr("The board times the model without per-layer counters: %1 of about %2; it sends "
                                 "nothing until then.")
                                  .arg(formatDuration(since), formatDuration(est))
                            : tr("The board times the model without per-layer counters: %1, longer than the "
                                 "%2 it announced; it sends nothing until then.")
                                  .arg(formatDuration(since), formatDuration(est));
    } else {
        m_progress->setRange(0, 0);
        text = tr("The board times the model without per-layer counters; it sends nothing until then.");
    }
    m_status->setText(
        QString(text + QStringLiteral(" · ") + QLocale().formattedDataSize(m_last.bytes)).toHtmlEscaped());
}

void RunPanel::tick()
{
    updateTimeText();
    if (m_running && m_last.phase == QLatin1String("clean_window") && m_last.passNumber == 0)
        showCleanWindow(); // moves every second while the board is silent
    const qint64 elapsed = m_elapsed.isValid() ? m_elapsed.elapsed() : 0;
    // Nothing at all from the board: say what usually causes it, while still waiting (Cancel stays live). A virtual
    // board being built is not silent: its time counts from its capture.
    if (m_running && !m_board && m_last.bytes == 0 && elapsed - m_captureStartMs >= SilentHintMs && !m_silentHint) {
        m_silentHint = true;
        m_status->setText(tr("Waiting for the board to start its stream…").toHtmlEscaped() + QStringLiteral("<br>")
            + tr("Nothing has arrived for %n second(s). Reset the board (its stream starts at power-on), check "
                 "the baud rate, and check that it runs hpx profiler firmware (protocol v1).",
                nullptr, int(elapsed / 1000))
                  .toHtmlEscaped());
    }
}

void RunPanel::runFinished(RunEnd end, const QString &message)
{
    const bool ok = end == RunEnd::Done;
    m_running = false;
    m_clock.stop();
    tick();
    m_console->stopFollowing();
    m_run->setEnabled(true);
    m_cancel->setEnabled(false);
    m_progress->setRange(0, 100);
    // A run that did not finish leaves no stale percentage or "left" estimate behind.
    m_progress->setValue(ok ? 100 : 0);
    m_status->setText(end == RunEnd::Failed
            ? QStringLiteral("<b style='color:#ef4444'>") + message.toHtmlEscaped() + QStringLiteral("</b>")
            : message.toHtmlEscaped());
}

QString RunPanel::statusText() const
{
    return m_status->text();
}

QString RunPanel::timeText() const
{
    return m_time->text();
}

} // namespace hpx::ui
