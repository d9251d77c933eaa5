#include "device/link/portdiscovery.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QSerialPortInfo>

#include <algorithm>

namespace hpx::device {

namespace {
// hpx's matching: lower-case, drop non-alphanumerics, look for a token (docs/compatibility.md §2.1).
QString squash(const QString &text)
{
    QString out;
    out.reserve(text.size());
    for (const QChar c : text) {
        if (c.isLetterOrNumber())
            out.append(c.toLower());
    }
    return out;
}

constexpr quint16 SeggerVid = 0x1366;
constexpr quint16 NsxVid = 0xCAFE;
constexpr quint16 NsxHpxPid = 0x4011;

int kindRank(PortKind kind)
{
    switch (kind) {
    case PortKind::HpxUsbCdc:
        return 0;
    case PortKind::JLinkVcom:
        return 1;
    case PortKind::UsbCdcCandidate:
        return 2;
    case PortKind::Unknown:
        break;
    }
    return 3;
}
} // namespace

QString PortInfo::vidPid() const
{
    if (!vendorId || !productId)
        return {};
    return QStringLiteral("%1:%2").arg(*vendorId, 4, 16, QLatin1Char('0')).arg(*productId, 4, 16, QLatin1Char('0'));
}

QString PortInfo::kindLabel() const
{
    switch (kind) {
    case PortKind::JLinkVcom:
        return PortInfo::tr("SEGGER J-Link VCOM (UART)");
    case PortKind::HpxUsbCdc:
        return PortInfo::tr("NSX HPX Profiler (USB CDC)");
    case PortKind::UsbCdcCandidate:
        return PortInfo::tr("USB CDC device");
    case PortKind::Unknown:
        break;
    }
    return PortInfo::tr("Serial port");
}

QString PortInfo::label() const
{
    QStringList parts { systemLocation.isEmpty() ? name : systemLocation };
    if (!stableLocation.isEmpty())
        parts << stableLocation;
    parts << kindLabel();
    if (!description.isEmpty())
        parts << description;
    if (!vidPid().isEmpty())
        parts << vidPid();
    if (!serialNumber.isEmpty())
        parts << serialNumber;
    return parts.join(QStringLiteral(" \u2014 "));
}

bool PortInfo::operator==(const PortInfo &other) const
{
    return name == other.name && systemLocation == other.systemLocation && description == other.description
        && stableLocation == other.stableLocation && manufacturer == other.manufacturer
        && serialNumber == other.serialNumber && vendorId == other.vendorId && productId == other.productId
        && kind == other.kind;
}

PortKind classifyPort(const QString &systemLocation, const QString &description, const QString &manufacturer,
    const QString &serialNumber, std::optional<quint16> vendorId, std::optional<quint16> productId)
{
    // The HPX- serial is stamped by the profiler firmware itself, so it outranks everything else.
    if (serialNumber.startsWith(QLatin1String("HPX-")) || squash(description).contains(QLatin1String("nsxhpxprofiler"))
        || (vendorId == NsxVid && productId == NsxHpxPid))
        return PortKind::HpxUsbCdc;
    const QString ids = squash(description) + QLatin1Char(' ') + squash(manufacturer);
    if (vendorId == SeggerVid || ids.contains(QLatin1String("segger")) || ids.contains(QLatin1String("jlink")))
        return PortKind::JLinkVcom;
    if (systemLocation.contains(QLatin1String("ttyACM")) || systemLocation.contains(QLatin1String("tty.usbmodem")))
        return PortKind::UsbCdcCandidate;
    return PortKind::Unknown;
}

QString stablePortLocation(const QString &systemLocation, const QString &byIdDirectory)
{
    const QString target = QFileInfo(systemLocation).canonicalFilePath();
    if (target.isEmpty())
        return {};
    const QDir dir(byIdDirectory);
    const QStringList links = dir.entryList(QDir::System | QDir::Files | QDir::NoDotAndDotDot, QDir::Name);
    for (const QString &link : links) {
        const QString path = dir.filePath(link);
        if (QFileInfo(path).canonicalFilePath() == target)
            return path;
    }
    return {};
}

PortInfo portInfoFrom(const QSerialPortInfo &info)
{
    PortInfo port;
    port.name = info.portName();
    port.systemLocation = info.systemLocation();
    port.stableLocation = stablePortLocation(port.systemLocation);
    port.description = info.description();
    port.manufacturer = info.manufacturer();
    port.serialNumber = info.serialNumber();
    if (info.hasVendorIdentifier())
        port.vendorId = info.vendorIdentifier();
    if (info.hasProductIdentifier())
        port.productId = info.productIdentifier();
    port.kind = classifyPort(
        port.systemLocation, port.description, port.manufacturer, port.serialNumber, port.vendorId, port.productId);
    return port;
}

QList<PortInfo> availablePorts()
{
    QList<PortInfo> ports;
    const auto infos = QSerialPortInfo::availablePorts();
    for (const QSerialPortInfo &info : infos)
        ports.append(portInfoFrom(info));
    std::stable_sort(ports.begin(), ports.end(), [](const PortInfo &a, const PortInfo &b) {
        const int ra = kindRank(a.kind), rb = kindRank(b.kind);
        return ra != rb ? ra < rb : a.name < b.name;
    });
    return ports;
}

PortWatcher::PortWatcher(QObject *parent)
    : QObject(parent)
{
    qRegisterMetaType<hpx::device::PortInfo>();
    connect(&m_timer, &QTimer::timeout, this, &PortWatcher::timerPoll);
}

void PortWatcher::start(int intervalMs)
{
    poll();
    m_timer.start(intervalMs);
}

void PortWatcher::stop()
{
    m_timer.stop();
}

void PortWatcher::timerPoll()
{
    if (!m_asynchronous) {
        poll();
        return;
    }
    if (m_listing.isBusy())
        return;
    // The list comes back on this thread (the tracker's); if the watcher is gone by then, it goes nowhere.
    m_listing.run([lister = m_lister] { return lister(); }, [this](const QList<PortInfo> &now) { apply(now); });
}

void PortWatcher::poll()
{
    apply(m_lister());
}

void PortWatcher::apply(const QList<PortInfo> &now)
{
    if (!m_primed) {
        // The first listing is the starting point, not a hot-plug event.
        m_primed = true;
        m_ports = now;
        Q_EMIT portsChanged(m_ports);
        return;
    }
    bool changed = false;
    for (const PortInfo &old : std::as_const(m_ports)) {
        if (!now.contains(old)) {
            changed = true;
            Q_EMIT portRemoved(old);
        }
    }
    for (const PortInfo &port : now) {
        if (!m_ports.contains(port)) {
            changed = true;
            Q_EMIT portAdded(port);
        }
    }
    m_ports = now;
    if (changed)
        Q_EMIT portsChanged(m_ports);
}

} // namespace hpx::device
