#pragma once

#include <QString>

#include <optional>

namespace hpx::device {

// How the bytes reached us. It matters to parsing only through hpx-compat.md §1.1's glitch rule, which hpx applies
// on RTT, SWO and UART (peripherals re-enabled after the clean window can emit a garbage first byte) but not on
// USB CDC; TCP bridges and files handed straight to the parser ("none") get no rule either.
enum class TransportKind {
    None,
    Rtt,
    Swo,
    Uart,
    UsbCdc,
    Tcp,
};

bool appliesGlitchRule(TransportKind kind);
// "none", "rtt", "swo", "uart", "usb_cdc", "tcp" (hpx's spelling; the config key target.transport).
QString transportKindName(TransportKind kind);
std::optional<TransportKind> transportKindFromName(const QString &name);

} // namespace hpx::device
