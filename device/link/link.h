#pragma once

#include <QByteArray>
#include <QObject>
#include <QString>

#include <functional>
#include <memory>

namespace hpx::device {

// How the host reaches a board: a byte link (serial port, TCP bridge or QEMU's socket, the in-process simulated
// board). The capture session drives every link through this interface only, so they are interchangeable. What the
// board's firmware sends over it (UART, USB CDC, RTT, SWO) is its firmware transport (model::FirmwareTransport),
// not a property of the link. A link lives in the thread that created it (the session's worker thread) and is used
// from there only.
class Link : public QObject {
    Q_OBJECT
public:
    using QObject::QObject;
    ~Link() override = default;

    // Opens the link. On failure returns false and errorString() says why in user terms.
    virtual bool open() = 0;
    virtual void close() = 0;
    virtual bool isOpen() const = 0;
    // Queues bytes for the board; false when the link is not open or the write failed.
    virtual bool write(const QByteArray &bytes) = 0;
    // Asserts or drops DTR. Best effort: links without modem lines (TCP, ptys) return false and stay usable.
    virtual bool setDtr(bool on) = 0;
    // "Serial /dev/ttyACM0 at 115200 baud", "TCP 127.0.0.1:19021", "Simulated board".
    virtual QString description() const = 0;
    // Whether DTR actually reaches a board (USB CDC firmware blocks until it sees DTR).
    virtual bool hasModemLines() const { return false; }

    QString errorString() const { return m_errorString; }

Q_SIGNALS:
    void bytesReceived(const QByteArray &bytes);
    // A failure after open(): the link is unusable (unplugged, peer closed, I/O error). Emitted once.
    void errorOccurred(const QString &message);
    // The link closed, by close() or by the peer.
    void closed();

protected:
    void setErrorString(const QString &message) { m_errorString = message; }

private:
    QString m_errorString;
};

// Opens a link inside the thread that will use it (the capture session's worker thread).
using LinkFactory = std::function<std::unique_ptr<Link>()>;

} // namespace hpx::device
