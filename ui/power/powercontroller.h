#pragma once

#include "model/power/poweranalysis.h"

#include <QObject>
#include <QPointer>
#include <QString>

#include <atomic>
#include <functional>
#include <memory>

class QAction;
class QProgressDialog;
class QTimer;
class QWidget;

namespace hpx::device {
class JobTracker;
}

namespace hpx::ui {

class PowerView;
class ViewState;

// File → Add Power Recording… (docs/power.md): asks for a recording and its channels, adds the measurement to the
// shown result's bundle off the window's thread (progress, Cancel; hpx power's PowerBundle::attach, so the bundle
// is republished atomically or left as it was), reopens the bundle (energy_j becomes a table column and a heat-graph
// counter) and shows the measurement in the Power view. Every bundle shown with a `power` section shows its figures.
class PowerController : public QObject {
    Q_OBJECT
public:
    PowerController(ViewState *state, PowerView *view, QWidget *window);
    ~PowerController() override;

    QAction *addRecordingAction() const { return m_action; }
    std::function<bool(const QString &directory)> openBundle; // the window's Open Bundle
    std::function<bool()> isBusy; // a run owns the views

    // Adds `recording` with `options` to the shown bundle (the dialog's second half; tests call it directly).
    void addRecording(const QString &recording, const model::power::PowerOptions &options);

signals:
    void measurementAdded(bool ok, const QString &error);

private:
    void chooseRecording();
    void resultChanged();
    void updateAction();

    ViewState *m_state;
    PowerView *m_view;
    QWidget *m_window;
    QAction *m_action;
    device::JobTracker *m_jobs;
    QPointer<QProgressDialog> m_progress;
    QTimer *m_progressTimer;
    std::shared_ptr<std::atomic_bool> m_cancel;
    std::shared_ptr<std::atomic<double>> m_fraction;
    // The measurement just made, shown once its bundle is reopened.
    QString m_pendingDirectory;
    std::shared_ptr<const model::power::PowerMeasurement> m_pending;
    bool m_working = false;
};

} // namespace hpx::ui
