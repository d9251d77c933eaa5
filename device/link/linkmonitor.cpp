#include "device/link/linkmonitor.h"

#include "device/link/linklog.h"
#include "device/wire/wireparser.h"

#include <QFile>

#include <memory>

namespace hpx::device {

// Lives in the monitor's thread and owns the link there.
class LinkMonitorWorker : public QObject {
    Q_OBJECT
public:
    LinkMonitorWorker(LinkFactory factory, QString rawStreamPath)
        : m_factory(std::move(factory))
        , m_rawPath(std::move(rawStreamPath))
    {
    }
    // Closing the link here is what frees the port when the owner stops the thread before a queued close() ran.
    ~LinkMonitorWorker() override
    {
        if (m_link)
            m_link->disconnect(this);
    }

    void run()
    {
        m_link = m_factory ? m_factory() : nullptr;
        if (!m_link) {
            stop(tr("No link to open."));
            return;
        }
        if (!m_rawPath.isEmpty()) {
            m_raw.setFileName(m_rawPath);
            if (!m_raw.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
                stop(tr("Cannot write the console file %1: %2").arg(m_rawPath, m_raw.errorString()));
                return;
            }
        }
        connect(m_link.get(), &Link::bytesReceived, this, [this](const QByteArray &bytes) {
            if (m_raw.isOpen() && (m_raw.write(bytes) != bytes.size() || !m_raw.flush())) {
                stop(tr("Cannot write the console file %1: %2").arg(m_rawPath, m_raw.errorString()));
                return;
            }
            Q_EMIT bytesReceived(bytes);
            parse(bytes);
        });
        connect(m_link.get(), &Link::errorOccurred, this, [this](const QString &message) { stop(message); });
        connect(m_link.get(), &Link::closed, this, [this] { stop({}); });
        if (!m_link->open()) {
            stop(m_link->errorString());
            return;
        }
        // Best effort: ptys and TCP have no modem lines, and a failure there leaves the link usable.
        m_link->setDtr(true);
        qCInfo(lcLink) << "monitor opened" << m_link->description();
        Q_EMIT opened(m_link->description());
    }

    void close() { stop({}); }

Q_SIGNALS:
    void opened(const QString &description);
    void bytesReceived(const QByteArray &bytes);
    void boardMetadata(const QVector<QPair<QString, QVariant>> &metadata);
    void stopped(const QString &error);

private:
    void parse(const QByteArray &bytes)
    {
        bool changed = false;
        const QVector<WireEvent> events = m_parser.feed(bytes);
        for (const WireEvent &event : events) {
            if (event.kind == WireEvent::Kind::Started) {
                changed = changed || !m_metadata.isEmpty();
                m_metadata.clear(); // a reset board announces itself again
            } else if (event.kind == WireEvent::Kind::Metadata) {
                m_metadata.append({ event.key, event.value });
                changed = true;
            } else if (event.kind == WireEvent::Kind::Ended) {
                m_parser = WireParser(); // a monitor may run for hours: do not keep every record
            }
        }
        if (changed)
            Q_EMIT boardMetadata(m_metadata);
    }

    void stop(const QString &error)
    {
        if (m_stopped)
            return;
        m_stopped = true;
        if (m_link) {
            m_link->disconnect(this);
            if (m_link->isOpen())
                m_link->close();
        }
        m_raw.close();
        qCInfo(lcLink) << "monitor closed" << error;
        Q_EMIT stopped(error);
    }

    LinkFactory m_factory;
    QString m_rawPath;
    std::unique_ptr<Link> m_link;
    QFile m_raw;
    WireParser m_parser;
    QVector<QPair<QString, QVariant>> m_metadata;
    bool m_stopped = false;
};

LinkMonitor::LinkMonitor(QObject *parent)
    : QObject(parent)
{
    qRegisterMetaType<QVector<QPair<QString, QVariant>>>();
}

LinkMonitor::~LinkMonitor()
{
    // The worker's destructor closes the link on its own thread if the queued close does not get there first.
    m_thread.post(&LinkMonitorWorker::close);
    m_thread.stop();
}

void LinkMonitor::open(LinkFactory factory, const QString &rawStreamPath)
{
    if (m_thread.isStarted())
        return; // one link at a time; close() first
    auto *worker = new LinkMonitorWorker(std::move(factory), rawStreamPath);
    connect(worker, &LinkMonitorWorker::opened, this, [this](const QString &description) {
        m_connected = true;
        m_description = description;
        Q_EMIT opened(description);
    });
    connect(worker, &LinkMonitorWorker::bytesReceived, this, &LinkMonitor::bytesReceived);
    connect(worker, &LinkMonitorWorker::boardMetadata, this, &LinkMonitor::boardMetadata);
    connect(worker, &LinkMonitorWorker::stopped, this, [this](const QString &error) {
        if (!error.isEmpty())
            Q_EMIT failed(error);
        finish();
    });
    m_thread.start(worker, &LinkMonitorWorker::run);
}

void LinkMonitor::close()
{
    m_thread.post(&LinkMonitorWorker::close);
}

void LinkMonitor::finish()
{
    if (!m_thread.isStarted())
        return;
    m_thread.stop();
    m_connected = false;
    m_description.clear();
    Q_EMIT closed();
}

} // namespace hpx::device

#include "linkmonitor.moc"
