#include "device/link/linkspec.h"

#include "device/link/seriallink.h"
#include "device/link/tcplink.h"

#include <QCoreApplication>

namespace hpx::device {

QString LinkSpec::text() const
{
    switch (kind) {
    case Kind::Simulated:
        return QStringLiteral("sim");
    case Kind::Virtual:
        return QStringLiteral("qemu");
    case Kind::Tcp:
        return QStringLiteral("tcp://%1:%2")
            .arg(host.contains(QLatin1Char(':')) ? QLatin1Char('[') + host + QLatin1Char(']') : host)
            .arg(tcpPort);
    case Kind::Serial:
        break;
    }
    return port;
}

std::optional<LinkSpec> parseLinkSpec(const QString &text, qint32 baud, QString *error)
{
    const QString t = text.trimmed();
    LinkSpec spec;
    spec.baud = baud;
    if (t.isEmpty()) {
        if (error)
            *error = LinkSpec::tr("No board port given: name a serial port, tcp://HOST:PORT, sim or qemu.");
        return std::nullopt;
    }
    if (baud <= 0) {
        if (error)
            *error = LinkSpec::tr("Baud rate %1 is not valid.").arg(baud);
        return std::nullopt;
    }
    if (t.compare(QLatin1String("sim"), Qt::CaseInsensitive) == 0) {
        spec.kind = LinkSpec::Kind::Simulated;
        return spec;
    }
    if (t.compare(QLatin1String("qemu"), Qt::CaseInsensitive) == 0) {
        spec.kind = LinkSpec::Kind::Virtual;
        return spec;
    }
    if (t.startsWith(QLatin1String("tcp:"), Qt::CaseInsensitive)) {
        const auto address = TcpLink::parseUrl(t);
        if (!address) {
            if (error)
                *error = LinkSpec::tr(
                    "'%1' is not a TCP address; write tcp://HOST:PORT (J-Link RTT: tcp://localhost:19021).")
                             .arg(t);
            return std::nullopt;
        }
        spec.kind = LinkSpec::Kind::Tcp;
        spec.host = address->host;
        spec.tcpPort = address->port;
        return spec;
    }
    spec.kind = LinkSpec::Kind::Serial;
    spec.port = t;
    return spec;
}

LinkFactory linkFactory(const LinkSpec &spec, LinkFactory simulated)
{
    switch (spec.kind) {
    case LinkSpec::Kind::Simulated:
        if (simulated)
            return simulated;
        return [] { return std::unique_ptr<Link>(); };
    case LinkSpec::Kind::Virtual:
        return [] { return std::unique_ptr<Link>(); };
    case LinkSpec::Kind::Tcp:
        return [host = spec.host, port = spec.tcpPort] { return std::make_unique<TcpLink>(host, port); };
    case LinkSpec::Kind::Serial:
        break;
    }
    return [port = spec.port, baud = spec.baud] { return std::make_unique<SerialLink>(port, baud); };
}

model::FirmwareTransport suggestedFirmwareTransport(
    const LinkSpec &spec, const QList<PortInfo> &ports, model::FirmwareTransport simulated)
{
    switch (spec.kind) {
    case LinkSpec::Kind::Simulated:
        return simulated;
    case LinkSpec::Kind::Virtual: // the firmware's CMSDK UART0, behind QEMU's TCP socket
        return model::FirmwareTransport::Uart;
    case LinkSpec::Kind::Tcp:
        return model::FirmwareTransport::Rtt;
    case LinkSpec::Kind::Serial:
        break;
    }
    for (const PortInfo &port : ports) {
        if (port.isAt(spec.port))
            return port.needsDtr() ? model::FirmwareTransport::UsbCdc : model::FirmwareTransport::Uart;
    }
    const PortKind kind = classifyPort(spec.port, {}, {}, {}, std::nullopt, std::nullopt);
    return kind == PortKind::UsbCdcCandidate ? model::FirmwareTransport::UsbCdc : model::FirmwareTransport::Uart;
}

QString bundleTransportName(const LinkSpec &spec, model::FirmwareTransport firmwareTransport)
{
    return spec.kind == LinkSpec::Kind::Simulated ? QStringLiteral("sim")
                                                  : model::firmwareTransportName(firmwareTransport);
}

} // namespace hpx::device
