#pragma once

#include "run/profilejob.h"
#include "run/runestimate.h"
#include "ui/run/runconfig.h"

#include <QObject>

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
    bool isRunning() const { return m_job.isRunning(); }
    QString rawStreamPath() const { return m_rawStreamPath; }
    QString bundleDirectory() const { return m_bundleDir; }
    static QString runsDirectory();

signals:
    void started(const QString &rawStreamPath);
    void progress(const hpx::device::CaptureProgress &progress);
    // The run's expected duration (run::estimateRun), worked out off the UI thread shortly after started().
    void estimated(const hpx::run::RunEstimate &estimate);
    void message(const QString &text);
    void finished(const hpx::run::ProfileOutcome &outcome);

private:
    hpx::run::ProfileJob m_job;
    QString m_rawStreamPath;
    QString m_bundleDir;
};

} // namespace hpx::ui
