#pragma once

#include "device/capture/capturevalues.h"
#include "device/link/link.h"
#include "device/thread/workerthread.h"

#include <QObject>

#include <optional>

namespace hpx::device {

class CaptureWorker;

// Runs one capture on its own thread. Lives in the caller's thread; signals arrive there queued.
// The link is built by `factory` inside the worker thread.
class CaptureSession : public QObject {
    Q_OBJECT
public:
    CaptureSession(LinkFactory factory, SessionOptions options, QObject *parent = nullptr);
    ~CaptureSession() override; // cancels and waits for the worker

    void start();
    void cancel(); // any moment; finished() follows with Status::Cancelled (unless it already ended)
    bool isRunning() const { return m_running; }
    std::optional<CaptureResult> result() const { return m_result; }

Q_SIGNALS:
    void progress(const hpx::device::CaptureProgress &progress);
    void message(const QString &text); // one human-readable line per milestone (for a log pane / CLI)
    void finished(const hpx::device::CaptureResult &result);

private:
    LinkFactory m_factory;
    SessionOptions m_options;
    WorkerThread m_thread { QStringLiteral("hpx-capture") }; // runs the CaptureWorker (see WorkerThread's rule)
    bool m_running = false;
    std::optional<CaptureResult> m_result;
};

} // namespace hpx::device
