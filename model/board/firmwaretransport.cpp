#include "model/board/firmwaretransport.h"

namespace hpx::model {

QString firmwareTransportName(FirmwareTransport transport)
{
    switch (transport) {
    case FirmwareTransport::Rtt:
        return QStringLiteral("rtt");
    case FirmwareTransport::UsbCdc:
        return QStringLiteral("usb_cdc");
    case FirmwareTransport::Uart:
        return QStringLiteral("uart");
    case FirmwareTransport::Swo:
        return QStringLiteral("swo");
    }
    return QStringLiteral("rtt");
}

std::optional<FirmwareTransport> firmwareTransportFromName(const QString &name)
{
    const QString n = name.trimmed().toLower().replace(QLatin1Char('-'), QLatin1Char('_'));
    for (FirmwareTransport t : allFirmwareTransports) {
        if (firmwareTransportName(t) == n)
            return t;
    }
    if (n == QLatin1String("usb") || n == QLatin1String("cdc") || n == QLatin1String("usbcdc"))
        return FirmwareTransport::UsbCdc;
    return std::nullopt;
}

} // namespace hpx::model
