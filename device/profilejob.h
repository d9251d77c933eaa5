#pragma once

#include "device/capturesession.h"
#include "model/aotmanifest.h"
#include "model/bundlewriter.h"
#include "model/modelinfo.h"
#include "model/profileresult.h"
#include "model/runcontext.h"

#include <QMetaType>
#include <QObject>
#include <QPointer>

#include <memory>
#include <optional>

class QThread;

namespace hpx::device {

// Everything one profile run needs: the link, how to talk to the board, how to merge, where to write.
// A plain value; the GUI and `hpx profile` fill it the same way.
struct ProfileRequest {
    TransportFactory transport;
    SessionOptions session;
    model::Engine engine = model::Engine::HeliaRt;
    model::Aggregation aggregation = model::Aggregation::Median;
    std::shared_ptr<const model::ModelInfo> model; // optional: layer attribution, MACs, graph ids
    std::shared_ptr<const model::AotManifest> aotManifest; // optional, helia-aot
    model::RunContext context; // run id, config snapshot, platform...; the job fills timing and the raw capture
    QString outputDir; // bundle directory; empty = no bundle
};

// How a run ended. Errors are values with user-facing text; a failed run keeps what it has.
struct ProfileOutcome {
    enum class Stage { Capture, Merge, Bundle, Done };

    quint64 generation = 0;
    bool ok = false;
    bool interrupted = false; // the capture did not reach HPX_END; `result`, if any, holds only committed data
    Stage failedStage = Stage::Done;
    QString error; // translated; empty when ok
    QString hint; // translated hint (firmware errors), may be empty
    QStringList warnings; // from the capture, merge and bundle
    CaptureResult capture;
    std::optional<model::ProfileResult> result;
    std::optional<model::BundleWriteResult> bundle;
};
QString stageName(ProfileOutcome::Stage stage);

// capture -> merge -> bundle. The capture runs on the session's thread, merging and writing on another
// worker thread; the owner's thread only receives progress and the final, immutable outcome. Starting a new
// run supersedes the previous one: its late results carry an older generation and are dropped.
class ProfileJob : public QObject {
    Q_OBJECT
public:
    explicit ProfileJob(QObject *parent = nullptr);
    ~ProfileJob() override; // cancels and waits

    quint64 start(ProfileRequest request); // returns the run's generation
    void cancel();
    bool isRunning() const { return m_running; }
    quint64 generation() const { return m_generation; }

    // Runs one job to its end in a local event loop (for the command line). `onProgress`/`onMessage` may be empty.
    static ProfileOutcome runBlocking(ProfileRequest request,
        const std::function<void(const CaptureProgress &)> &onProgress = {},
        const std::function<void(const QString &)> &onMessage = {});

    // The merge and bundle step on its own (also used for a raw stream file parsed again later).
    static ProfileOutcome finishCapture(const CaptureResult &capture, const ProfileRequest &request);

Q_SIGNALS:
    void progress(quint64 generation, const hpx::device::CaptureProgress &progress);
    void message(quint64 generation, const QString &text);
    void finished(const hpx::device::ProfileOutcome &outcome);

private:
    void onCaptureFinished(quint64 generation, const CaptureResult &capture);
    void deliver(const ProfileOutcome &outcome);
    void stopPostThread();

    quint64 m_generation = 0;
    bool m_running = false;
    std::unique_ptr<CaptureSession> m_session;
    QThread *m_postThread = nullptr;
    ProfileRequest m_request;
};

} // namespace hpx::device

Q_DECLARE_METATYPE(hpx::device::ProfileOutcome)
