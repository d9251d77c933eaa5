#pragma once

#include "device/capture/capturesession.h"
#include "ui/runsummary.h"

#include <QElapsedTimer>
#include <QTimer>
#include <QWidget>

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
    int progressPercent() const;

signals:
    void runRequested();
    void cancelRequested();

private:
    void tick();
    double progressFraction() const;

    QPushButton *m_run;
    QPushButton *m_cancel;
    QProgressBar *m_progress;
    QLabel *m_status;
    QLabel *m_time;
    ConsolePane *m_console;
    QElapsedTimer m_elapsed;
    QTimer m_clock;
    hpx::device::CaptureProgress m_last;
    int m_iterations = 0;
    int m_warmup = 0;
    int m_layers = 0;
    bool m_running = false;
    bool m_silentHint = false;
    QString m_planText;
};

} // namespace hpx::ui
