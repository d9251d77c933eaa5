#include "ui/runpanel.h"

#include "ui/consolepane.h"
#include "ui/glyphicon.h"

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

void RunPanel::setLayerCount(int layers)
{
    m_layers = layers;
}

void RunPanel::reset()
{
    if (m_running)
        return;
    m_last = {};
    m_elapsed.invalidate();
    m_silentHint = false;
    m_progress->setRange(0, 100);
    m_progress->setValue(0);
    m_time->clear();
    m_status->setText(m_planText);
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

double RunPanel::progressFraction() const
{
    if (m_last.passCount <= 0 || m_last.passNumber <= 0)
        return 0;
    const double perPass = 1.0 / m_last.passCount;
    double within = 0;
    if (m_iterations > 0 && m_last.iteration >= 0) {
        // Layers within the iteration too: on a large model one iteration is a long time.
        const double layer = m_layers > 0 && m_last.layer >= 0 ? qBound(0.0, double(m_last.layer) / m_layers, 1.0) : 0;
        within = qBound(0.0, (m_last.iteration + layer) / m_iterations, 1.0);
    }
    return (m_last.passNumber - 1) * perPass + within * perPass;
}

int RunPanel::progressPercent() const
{
    return int(100.0 * progressFraction());
}

void RunPanel::showProgress(const hpx::device::CaptureProgress &progress)
{
    m_last = progress;
    if (progress.bytes > 0)
        m_silentHint = false;
    if (m_silentHint)
        return; // the hint stays until the board sends something
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
        parts << tr("Timing the clean window (no per-layer counters yet)");
    } else if (progress.phase == QLatin1String("waiting") || progress.phase == QLatin1String("connecting")) {
        parts << tr("Waiting for the board to start its stream…");
    } else if (!progress.phase.isEmpty()) {
        parts << progress.phase;
    }
    parts << QLocale().formattedDataSize(progress.bytes);
    m_status->setText(parts.join(QStringLiteral(" · ")).toHtmlEscaped());
}

void RunPanel::tick()
{
    const qint64 elapsed = m_elapsed.isValid() ? m_elapsed.elapsed() : 0;
    QString text = tr("Elapsed %1").arg(formatDuration(elapsed));
    const double done = progressFraction();
    if (m_running && done > 0.005 && done < 1) {
        const qint64 remaining = qint64(elapsed * (1 - done) / done);
        text += tr(", about %1 left").arg(formatDuration(remaining));
    } else if (m_running) {
        text += tr(", estimate after the first layers");
    }
    m_time->setText(text);
    // Nothing at all from the board: say what usually causes it, while still waiting (Cancel stays live).
    if (m_running && m_last.bytes == 0 && elapsed >= SilentHintMs && !m_silentHint) {
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

} // namespace hpx::ui
