#pragma once

#include "device/capture/capturesession.h"
#include "run/runestimate.h"
#include "run/virtualboard.h"
#include "ui/run/runsummary.h"

#include <QElapsedTimer>
#include <QTimer>
#include <QWidget>

#include <optional>

class QLabel;
class QProgressBar;
class QPushButton;

namespace hpx::ui {

class ConsolePane;

// The "Run" dock: Run and Cancel, where the run is (pass k of n, iteration, layer), elapsed and remaining
// time, and below it the raw-stream console. It only displays; MainWindow owns the run.
class RunPanel : public QWidget {
    Q_OBJECT
public:
    explicit RunPanel(QWidget *parent = nullptr);

    void setPlanText(const QString &text); // "3 counters → 1 pass", shown while idle
    void setIterationsPerPass(int iterations, int warmup);
    void runStarted(const QString &rawStreamPath);
    void showProgress(const hpx::device::CaptureProgress &progress);
    // The virtual board being built and started before its capture: the build's percentage in the bar, what is
    // being done in the status line, the time left with the build's measured rate, every line in the console.
    void showBoardProgress(const hpx::run::BoardProgress &progress);
    // What the run should take (run::estimateRun). Until a pass has been measured, the remaining time shown comes
    // from it and says so; afterwards the estimate is scaled by how fast the board really went.
    void setEstimate(const hpx::run::RunEstimate &estimate);
    // While idle: what a run with the current choices should take, beside the plan ("Next run: about 0:04").
    // nullopt: no estimate for these choices (no model, settings that cannot run).
    void setIdleEstimate(const std::optional<hpx::run::RunEstimate> &estimate);
    void setLayerCount(int layers); // operators per inference, for progress within an iteration
    void runFinished(RunEnd end, const QString &message); // plain text
    // Back to idle with nothing of the last run shown (progress, times, status).
    void reset();
    // A link that stays silent this long while the run waits for the board gets a hint.
    static constexpr int SilentHintMs = 5000;
    bool showsSilentHint() const { return m_silentHint; }
    void setRunEnabled(bool enabled, const QString &reason = QString());
    ConsolePane *console() const { return m_console; }
    QString statusText() const;
    QString timeText() const; // "Elapsed 0:12, about 0:40 left (estimate)"
    int progressPercent() const;

signals:
    void runRequested();
    void cancelRequested();

private:
    void showCleanWindow();
    void tick();
    void updateTimeText();
    double progressFraction() const;
    double passFraction() const; // within the current pass, 0..1
    QString remainingText(qint64 elapsed) const;
    void showIdleEstimate();

    QPushButton *m_run;
    QPushButton *m_cancel;
    QProgressBar *m_progress;
    QLabel *m_status;
    QLabel *m_time;
    ConsolePane *m_console;
    QElapsedTimer m_elapsed;
    QTimer m_clock;
    hpx::device::CaptureProgress m_last;
    std::optional<hpx::run::RunEstimate> m_estimate;
    std::optional<hpx::run::RunEstimate> m_idleEstimate;
    qint64 m_boardStartMs = -1; // elapsed when the board's first byte arrived
    qint64 m_captureStartMs = 0; // elapsed when the board could first speak (after a virtual board's build and start)
    std::optional<hpx::run::BoardProgress> m_board; // the virtual board's preparation, until its capture begins
    // elapsed when the board's clean timing window began (as the worker saw it; may be before this panel's start)
    std::optional<qint64> m_cleanWindowStartMs;
    int m_iterations = 0;
    int m_warmup = 0;
    int m_layers = 0;
    bool m_running = false;
    bool m_silentHint = false;
    QString m_planText;
};

} // namespace hpx::ui
