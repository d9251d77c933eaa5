#pragma once

#include "device/thread/jobtracker.h"

#include <QCoreApplication>
#include <QList>
#include <QMetaType>
#include <QObject>
#include <QString>
#include <QTimer>

#include <functional>
#include <optional>

class QSerialPortInfo;

namespace hpx::device {

// How a serial port reaches an hpx board (docs/compatibility.md §2.1, §2.2).
enum class PortKind {
    Unknown, // any other serial port: usable, nothing recognised
    JLinkVcom, // SEGGER J-Link on-board virtual COM port: the board's firmware sends over UART
    HpxUsbCdc, // NSX HPX Profiler USB CDC (serial "HPX-...", VID 0xCAFE PID 0x4011, Ambiq): needs DTR
    UsbCdcCandidate // an unrecognised /dev/ttyACM* or /dev/tty.usbmodem* port (hpx's USB CDC fallback)
};

struct PortInfo {
    QString name; // ttyACM0
    QString systemLocation; // /dev/ttyACM0
    QString stableLocation; // /dev/serial/by-id/usb-SEGGER_J-Link_000123456789-if00, or empty
    QString description;
    QString manufacturer;
    QString serialNumber;
    std::optional<quint16> vendorId;
    std::optional<quint16> productId;
    PortKind kind = PortKind::Unknown;

    QString vidPid() const; // "1366:0105", or empty
    QString kindLabel() const; // "SEGGER J-Link VCOM (UART)", ... translated
    QString label() const; // one line for a port picker
    // What a picker offers and settings keep: the by-id name, which survives re-plugging and reboots,
    // else the system location.
    QString preferredLocation() const { return stableLocation.isEmpty() ? systemLocation : stableLocation; }
    bool isAt(const QString &location) const { return location == systemLocation || location == stableLocation; }
    bool needsDtr() const { return kind == PortKind::HpxUsbCdc || kind == PortKind::UsbCdcCandidate; }
    bool operator==(const PortInfo &other) const;

    // kindLabel()'s and the port descriptions' words.
    Q_DECLARE_TR_FUNCTIONS(hpx::device::PortInfo)
};

// Recognises a port from its descriptors (pure: unit-tested without hardware).
PortKind classifyPort(const QString &systemLocation, const QString &description, const QString &manufacturer,
    const QString &serialNumber, std::optional<quint16> vendorId, std::optional<quint16> productId);
PortInfo portInfoFrom(const QSerialPortInfo &info);
// The /dev/serial/by-id (udev) link that resolves to `systemLocation`, or empty; `byIdDirectory` for tests.
QString stablePortLocation(
    const QString &systemLocation, const QString &byIdDirectory = QStringLiteral("/dev/serial/by-id"));

// Every serial port the OS lists, recognised boards first, then by name.
QList<PortInfo> availablePorts();

// Polls the port list (QSerialPortInfo has no change notification) and reports what came and went.
class PortWatcher : public QObject {
    Q_OBJECT
public:
    explicit PortWatcher(QObject *parent = nullptr);

    void start(int intervalMs = 1000);
    void stop();
    QList<PortInfo> ports() const { return m_ports; }

    // Replaces the OS list, for tests.
    using Lister = std::function<QList<PortInfo>()>;
    void setLister(Lister lister) { m_lister = std::move(lister); }
    // One poll now.
    void poll();
    // Timer polls list the ports on a pool thread and report back on this one: enumerating them takes
    // 100 ms or more, too long for a window's thread every second (issue 11). poll() stays synchronous.
    void setAsynchronous(bool asynchronous) { m_asynchronous = asynchronous; }

Q_SIGNALS:
    void portAdded(const hpx::device::PortInfo &port);
    void portRemoved(const hpx::device::PortInfo &port);
    void portsChanged(const QList<hpx::device::PortInfo> &ports);

private:
    void timerPoll();
    void apply(const QList<PortInfo> &now);

    QTimer m_timer;
    QList<PortInfo> m_ports;
    Lister m_lister = &availablePorts;
    bool m_primed = false;
    bool m_asynchronous = false;
    JobTracker m_listing; // the asynchronous listing under way, if any
};

} // namespace hpx::device

Q_DECLARE_METATYPE(hpx::device::PortInfo)
