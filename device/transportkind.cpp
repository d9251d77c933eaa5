#include "device/transportkind.h"

namespace hpx::device {

bool appliesGlitchRule(TransportKind kind)
{
    return kind == TransportKind::Rtt || kind == TransportKind::Swo || kind == TransportKind::Uart;
}

QString transportKindName(TransportKind kind)
{
    switch (kind) {
    case TransportKind::None:
        return QStringLiteral("none");
    case TransportKind::Rtt:
        return QStringLiteral("rtt");
    case TransportKind::Swo:
        return QStringLiteral("swo");
    case TransportKind::Uart:
        return QStringLiteral("uart");
    case TransportKind::UsbCdc:
        return QStringLiteral("usb_cdc");
    case TransportKind::Tcp:
        return QStringLiteral("tcp");
    }
    return QStringLiteral("none");
}

std::optional<TransportKind> transportKindFromName(const QString &name)
{
    const QString n = name.trimmed().toLower();
    for (TransportKind k : { TransportKind::None, TransportKind::Rtt, TransportKind::Swo, TransportKind::Uart,
             TransportKind::UsbCdc, TransportKind::Tcp }) {
        if (transportKindName(k) == n)
            return k;
    }
    if (n == QLatin1String("usb") || n == QLatin1String("usb-cdc") || n == QLatin1String("usbcdc"))
        return TransportKind::UsbCdc;
    return std::nullopt;
}

} // namespace hpx::device
