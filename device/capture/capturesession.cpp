#include "device/capture/capturesession.h"

#include "device/capture/captureworker.h"
#include "device/link/linklog.h"

namespace hpx::device {

CaptureSession::CaptureSession(LinkFactory factory, SessionOptions options, QObject *parent)
    : QObject(parent)
    , m_factory(std::move(factory))
    , m_options(std::move(options))
{
    qRegisterMetaType<hpx::device::CaptureProgress>();
    qRegisterMetaType<hpx::device::CaptureResult>();
}

CaptureSession::~CaptureSession()
{
    if (m_running)
        m_thread.post(&CaptureWorker::cancel);
    m_thread.stop();
}

void CaptureSession::start()
{
    if (m_running || m_thread.isStarted())
        return; // one capture per session object
    m_running = true;
    auto *worker = new CaptureWorker(m_factory, m_options);
    connect(worker, &CaptureWorker::progress, this, &CaptureSession::progress);
    connect(worker, &CaptureWorker::message, this, &CaptureSession::message);
    connect(worker, &CaptureWorker::finished, this, [this](const CaptureResult &result) {
        m_running = false;
        m_result = result;
        m_thread.quit(); // the worker's last word: from here on it may be deleted on its thread
        Q_EMIT finished(result);
    });
    m_thread.start(worker, &CaptureWorker::run);
}

void CaptureSession::cancel()
{
    if (m_running)
        m_thread.post(&CaptureWorker::cancel);
}

} // namespace hpx::device
