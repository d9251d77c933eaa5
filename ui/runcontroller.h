#pragma once

#include "device/profilejob.h"
#include "model/passplanner.h"
#include "ui/boardpanel.h"

#include <QObject>

#include <memory>

namespace hpx::ui {

// What the window's controls say a run should do, copied when Run is pressed.
struct RunSettings {
    BoardTarget target;
    hpx::model::PassPlan plan;
    int iterations = 20;
    int warmup = 2;
    hpx::model::Aggregation aggregation = hpx::model::Aggregation::Median;
};

// Turns the window's settings into a device::ProfileRequest and runs it with device::ProfileJob. Every run
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
    void message(const QString &text);
    void finished(const hpx::device::ProfileOutcome &outcome);

private:
    hpx::device::ProfileJob m_job;
    QString m_rawStreamPath;
    QString m_bundleDir;
};

} // namespace hpx::ui
