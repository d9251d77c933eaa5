#include "device/capturesession.h"

#include "device/captureworker.h"
#include "device/linklog.h"

#include <QThread>

namespace hpx::device {

QString boardLinkName(BoardLink link)
{
    switch (link) {
    case BoardLink::Uart:
        return QStringLiteral("uart");
    case BoardLink::UsbCdc:
        return QStringLiteral("usb_cdc");
    case BoardLink::Rtt:
        return QStringLiteral("rtt");
    }
    return {};
}

std::optional<BoardLink> boardLinkFromName(const QString &name)
{
    const QString n = name.trimmed().toLower().replace(QLatin1Char('-'), QLatin1Char('_'));
    if (n == QLatin1String("uart"))
        return BoardLink::Uart;
    if (n == QLatin1String("usb_cdc") || n == QLatin1String("usb") || n == QLatin1String("cdc"))
        return BoardLink::UsbCdc;
    if (n == QLatin1String("rtt"))
        return BoardLink::Rtt;
    return std::nullopt;
}

void applyHeartbeatConfig(const model::Config &config, SessionOptions *options)
{
    options->heartbeatsEnabled = config.heartbeatEnabled();
    options->hostTimeoutS = config.hostTimeoutSeconds();
    const std::optional<int> overall = config.overallTimeoutSeconds();
    options->overallTimeoutS = overall ? std::optional<double>(*overall) : std::nullopt;
}

CaptureSession::CaptureSession(TransportFactory factory, SessionOptions options, QObject *parent)
    : QObject(parent)
    , m_factory(std::move(factory))
    , m_options(std::move(options))
{
    qRegisterMetaType<hpx::device::CaptureProgress>();
    qRegisterMetaType<hpx::device::CaptureResult>();
}

CaptureSession::~CaptureSession()
{
    if (!m_thread)
        return;
    // While running, the worker's thread has not been told to quit, so the worker is alive. Afterwards it is
    // deleted on its own thread whenever that thread gets there: never touch it (not even through a QPointer,
    // which is not safe against deletion in another thread): that is a use-after-free race.
    if (m_running)
        QMetaObject::invokeMethod(m_worker, &CaptureWorker::cancel, Qt::QueuedConnection);
    m_thread->quit();
    m_thread->wait();
    delete m_thread;
}

void CaptureSession::start()
{
    if (m_running || m_thread)
        return; // one capture per session object
    m_running = true;
    m_thread = new QThread;
    m_thread->setObjectName(QStringLiteral("hpx-capture"));
    auto *worker = new CaptureWorker(m_factory, m_options);
    worker->moveToThread(m_thread);
    m_worker = worker;
    connect(m_thread, &QThread::finished, worker, &QObject::deleteLater);
    connect(worker, &CaptureWorker::progress, this, &CaptureSession::progress);
    connect(worker, &CaptureWorker::message, this, &CaptureSession::message);
    connect(worker, &CaptureWorker::finished, this, [this](const CaptureResult &result) {
        m_running = false;
        m_result = result;
        m_thread->quit();
        Q_EMIT finished(result);
    });
    connect(m_thread, &QThread::started, worker, &CaptureWorker::run);
    m_thread->start();
}

void CaptureSession::cancel()
{
    if (m_running) // the worker is alive until finished() has been handled (see the destructor)
        QMetaObject::invokeMethod(m_worker, &CaptureWorker::cancel, Qt::QueuedConnection);
}

} // namespace hpx::device
