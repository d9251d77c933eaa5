#pragma once

#include "device/thread/jobtracker.h"
#include "run/profilejob.h"
#include "run/runestimate.h"
#include "ui/run/runconfig.h"

#include <QObject>
#include <QTimer>

#include <memory>

namespace hpx::ui {

// Turns the window's settings into a Config (runConfig), builds the run request from it like `hpx profile` does
// (run::buildRunRequest) and runs it with run::ProfileJob. Every run
// gets its own directory (raw stream beside the bundle) under the application's data location, so nothing
// captured is lost when a run fails; export copies a finished bundle elsewhere.
class RunController : public QObject {
    Q_OBJECT
public:
    explicit RunController(QObject *parent = nullptr);

    // false + translated *error when the settings cannot start a run (bad TCP address, ...).
    bool start(const RunSettings &settings, std::shared_ptr<const hpx::model::ModelInfo> model, QString *error);
    void cancel();
    // What a run with these settings should take, worked out off the UI thread a moment after the last call (so a
    // spin box being scrolled asks once); answered by previewed(). Nothing is started or written.
    void preview(const RunSettings &settings, std::shared_ptr<const hpx::model::ModelInfo> model);
    bool isRunning() const { return m_job.isRunning(); }
    bool isPreparingBoard() const { return m_job.isPreparingBoard(); }
    QString rawStreamPath() const { return m_rawStreamPath; }
    QString bundleDirectory() const { return m_bundleDir; }
    static QString runsDirectory();

signals:
    void started(const QString &rawStreamPath);
    void progress(const hpx::device::CaptureProgress &progress);
    void boardProgress(const hpx::run::BoardProgress &progress); // the virtual board's build and start
    // The run's expected duration (run::estimateRun), worked out off the UI thread shortly after started().
    void estimated(const hpx::run::RunEstimate &estimate);
    // The answer to the latest preview(); nullopt when those settings cannot run.
    void previewed(const std::optional<hpx::run::RunEstimate> &estimate);
    void message(const QString &text);
    void finished(const hpx::run::ProfileOutcome &outcome);

private:
    void estimatePreview();
    std::optional<hpx::run::RunRequest> requestFor(const RunSettings &settings,
        const std::shared_ptr<const hpx::model::ModelInfo> &model, const QString &bundleDir, QString *error) const;

    hpx::run::ProfileJob m_job;
    hpx::device::JobTracker m_estimate; // the running job's estimate
    hpx::device::JobTracker m_preview; // the answer to the latest preview()
    QTimer m_previewTimer;
    RunSettings m_previewSettings;
    std::shared_ptr<const hpx::model::ModelInfo> m_previewModel;
    QString m_rawStreamPath;
    QString m_bundleDir;
};

} // namespace hpx::ui
