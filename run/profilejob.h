#pragma once

#include "device/capture/capturesession.h"
#include "device/thread/jobtracker.h"
#include "model/bundle/bundlewriter.h"
#include "model/bundle/runcontext.h"
#include "model/results/profileresult.h"
#include "model/tflite/aotmanifest.h"
#include "model/tflite/modelinfo.h"
#include "run/runrequest.h"
#include "run/virtualboard.h"

#include <QMetaType>
#include <QObject>
#include <QTemporaryFile>

#include <memory>
#include <optional>

namespace hpx::run {

// How a run ended. Errors are values with user-facing text; a failed run keeps what it has.
struct ProfileOutcome {
    enum class Stage { Capture, Merge, Bundle, Done };

    quint64 generation = 0; // the start() it answers
    bool ok = false;
    bool interrupted = false; // the capture did not reach HPX_END; `result`, if any, holds only committed data
    Stage failedStage = Stage::Done;
    QString error; // translated; empty when ok
    QString hint; // translated hint (firmware errors), may be empty
    QStringList warnings; // from the capture, merge and bundle
    device::CaptureResult capture;
    std::optional<model::ProfileResult> result;
    std::optional<model::BundleWriteResult> bundle;
    model::JsonValue memoryPlan; // the virtual board's placement (summary.json's memory_plan), Null for other boards
};
QString stageName(ProfileOutcome::Stage stage);

// [build and start the virtual board ->] capture -> merge -> bundle. The capture runs on the session's thread,
// merging and writing on the thread pool (a one-shot job of the run's generation); the owner's thread only receives
// progress and the final, immutable outcome. Starting a new run supersedes the previous one: its job tracker drops
// whatever the old one still reports, so every signal carries the latest generation.
// A run on the virtual board (request.isVirtual()) first builds what the board is missing (a cancellable job of the
// run's generation on the thread pool: cancel() ends the build's processes), then starts QEMU and captures from its
// TCP port; the board stops when the capture ends, and with this object.
class ProfileJob : public QObject {
    Q_OBJECT
public:
    explicit ProfileJob(QObject *parent = nullptr);
    ~ProfileJob() override; // cancels the capture and waits for a bundle being written

    quint64 start(RunRequest request); // returns the run's generation
    void cancel(); // the run ends soon after with a Cancelled capture (nothing of the virtual board left running)
    bool isRunning() const { return m_running; }
    bool isPreparingBoard() const { return m_stage == Stage::Building || m_stage == Stage::StartingBoard; }

    // The one merge-and-write path: a capture (live, or a raw stream parsed again by `hpx import`) merged per
    // layer and, when the request names an output directory, written as a bundle. Runs on any thread.
    static ProfileOutcome finishCapture(const device::CaptureResult &capture, const RunRequest &request);

Q_SIGNALS:
    void progress(quint64 generation, const hpx::device::CaptureProgress &progress);
    void message(quint64 generation, const QString &text);
    // The virtual board's build and start: every line of its script, with the build's percentage.
    void boardProgress(quint64 generation, const hpx::run::BoardProgress &progress);
    void finished(const hpx::run::ProfileOutcome &outcome);

private:
    enum class Stage { Idle, Building, StartingBoard, Capturing, Merging };
    void buildBoard(quint64 generation);
    void startBoard(quint64 generation);
    QStringList boardArguments() const;
    void startCapture(quint64 generation);
    void endBeforeCapture(quint64 generation, device::CaptureResult::Status status, const QString &error);
    void onCaptureFinished(quint64 generation, const device::CaptureResult &capture);
    void deliver(const ProfileOutcome &outcome);

    device::JobTracker m_jobs; // the run's generation: the board's build, the session's signals and the merge
    bool m_running = false;
    Stage m_stage = Stage::Idle;
    std::unique_ptr<VirtualBoard> m_board; // a virtual-board run's, from its start until the capture ends
    // The virtual board's input (RunRequest::boardInput) as the file its script links in; removed with the run.
    std::unique_ptr<QTemporaryFile> m_inputFile;
    std::unique_ptr<device::CaptureSession> m_session;
    RunRequest m_request;
};

} // namespace hpx::run

Q_DECLARE_METATYPE(hpx::run::ProfileOutcome)
