#include "device/link/tcplink.h"

#include "device/link/linklog.h"

#include <QCoreApplication>
#include <QUrl>

namespace hpx::device {

TcpLink::TcpLink(const QString &host, quint16 port, QObject *parent)
    : Link(parent)
    , m_socket(this)
    , m_host(host)
    , m_port(port)
{
    connect(&m_socket, &QTcpSocket::readyRead, this, [this] {
        const QByteArray bytes = m_socket.readAll();
        if (!bytes.isEmpty())
            Q_EMIT bytesReceived(bytes);
    });
    connect(&m_socket, &QTcpSocket::errorOccurred, this, &TcpLink::onError);
    connect(&m_socket, &QTcpSocket::disconnected, this, [this] {
        if (!m_open)
            return;
        m_open = false;
        Q_EMIT closed();
    });
}

TcpLink::~TcpLink()
{
    m_socket.blockSignals(true);
    m_socket.abort();
}

std::optional<TcpLink::Address> TcpLink::parseUrl(const QString &url)
{
    if (!url.startsWith(QLatin1String("tcp://"), Qt::CaseInsensitive))
        return std::nullopt;
    const QUrl parsed(url, QUrl::StrictMode);
    if (!parsed.isValid() || parsed.host().isEmpty() || parsed.port() <= 0 || parsed.port() > 65535
        || (!parsed.path().isEmpty() && parsed.path() != QLatin1String("/")))
        return std::nullopt;
    return Address { parsed.host(), quint16(parsed.port()) };
}

bool TcpLink::open()
{
    m_failed = false;
    setErrorString({});
    m_socket.abort();
    m_socket.connectToHost(m_host, m_port);
    if (!m_socket.waitForConnected(m_connectTimeoutMs)) {
        const auto error = m_socket.error();
        setErrorString(
            errorMessage(error == QAbstractSocket::UnknownSocketError ? QAbstractSocket::SocketTimeoutError : error,
                m_host, m_port, m_socket.errorString()));
        m_socket.abort();
        return false;
    }
    m_socket.setSocketOption(QAbstractSocket::LowDelayOption, 1);
    m_open = true;
    qCInfo(lcLink) << "opened" << description();
    // Bytes that arrived with the connection are not announced again by readyRead.
    if (m_socket.bytesAvailable() > 0)
        QMetaObject::invokeMethod(
            this,
            [this] {
                const QByteArray bytes = m_socket.readAll();
                if (!bytes.isEmpty())
                    Q_EMIT bytesReceived(bytes);
            },
            Qt::QueuedConnection);
    return true;
}

void TcpLink::close()
{
    if (!m_open)
        return;
    m_open = false;
    m_socket.blockSignals(true);
    m_socket.disconnectFromHost();
    if (m_socket.state() != QAbstractSocket::UnconnectedState)
        m_socket.abort();
    m_socket.blockSignals(false);
    Q_EMIT closed();
}

bool TcpLink::isOpen() const
{
    return m_open;
}

bool TcpLink::write(const QByteArray &bytes)
{
    if (!m_open)
        return false;
    return m_socket.write(bytes) == bytes.size();
}

bool TcpLink::setDtr(bool)
{
    return false; // a byte stream has no modem lines
}

QString TcpLink::description() const
{
    return tr("TCP %1:%2").arg(m_host).arg(m_port);
}

void TcpLink::onError(QAbstractSocket::SocketError error)
{
    if (!m_open || m_failed)
        return;
    m_failed = true;
    const QString message = errorMessage(error, m_host, m_port, m_socket.errorString(), true);
    qCWarning(lcLink) << "tcp error" << m_host << m_port << error << m_socket.errorString();
    setErrorString(message);
    Q_EMIT errorOccurred(message);
}

QString TcpLink::errorMessage(
    QAbstractSocket::SocketError error, const QString &host, quint16 port, const QString &systemText, bool duringRun)
{
    const QString where = QStringLiteral("%1:%2").arg(host).arg(port);
    switch (error) {
    case QAbstractSocket::ConnectionRefusedError:
        if (port == JLinkRttPort)
            return tr("Nothing accepts connections on %1. J-Link offers RTT there only while a J-Link session "
                      "(J-Link Commander, GDB Server or RTT Viewer) is open.")
                .arg(where);
        return tr("Nothing accepts connections on %1. Check that the bridge or emulator is running.").arg(where);
    case QAbstractSocket::RemoteHostClosedError:
        if (duringRun)
            return tr("%1 closed the connection during the capture.").arg(where);
        return tr("%1 closed the connection.").arg(where);
    case QAbstractSocket::HostNotFoundError:
        return tr("Host %1 not found.").arg(host);
    case QAbstractSocket::SocketTimeoutError:
        return tr("Connecting to %1 timed out.").arg(where);
    case QAbstractSocket::NetworkError:
        return tr("The network connection to %1 failed: %2").arg(where, systemText);
    case QAbstractSocket::SocketAccessError:
        return tr("Not allowed to connect to %1.").arg(where);
    default:
        break;
    }
    return tr("Connection to %1 failed: %2").arg(where, systemText.isEmpty() ? tr("unknown error") : systemText);
}

} // namespace hpx::device
