#pragma once

#include "device/link/link.h"

#include <QAbstractSocket>
#include <QTcpSocket>

#include <optional>

namespace hpx::device {

// A board behind a TCP byte stream: J-Link's RTT telnet server (port 19021), ser2net, board emulators.
class TcpLink : public Link {
    Q_OBJECT
public:
    TcpLink(const QString &host, quint16 port, QObject *parent = nullptr);
    ~TcpLink() override;

    struct Address {
        QString host;
        quint16 port = 0;
    };
    // Parses "tcp://host:port" (also "tcp://[::1]:port"); nullopt when it is not such a URL.
    static std::optional<Address> parseUrl(const QString &url);
    static constexpr quint16 JLinkRttPort = 19021;

    bool open() override;
    void close() override;
    bool isOpen() const override;
    bool write(const QByteArray &bytes) override;
    bool setDtr(bool on) override;
    QString description() const override;

    void setConnectTimeout(int ms) { m_connectTimeoutMs = ms; }

    static QString errorMessage(QAbstractSocket::SocketError error, const QString &host, quint16 port,
        const QString &systemText = {}, bool duringRun = false);

private:
    void onError(QAbstractSocket::SocketError error);

    QTcpSocket m_socket;
    QString m_host;
    quint16 m_port;
    int m_connectTimeoutMs = 5000;
    bool m_open = false;
    bool m_failed = false;
};

} // namespace hpx::device
