#pragma once

#include <QString>

#include <optional>

namespace hpx::device {

// How the firmware sent the bytes. It matters to parsing only through hpx-compat.md §1.1's glitch rule, which hpx
// applies on RTT, SWO and UART (peripherals re-enabled after the clean window can emit a garbage first byte) but not
// on USB CDC. A live capture uses its board link's kind even through a TCP bridge (J-Link's RTT telnet server,
// ser2net), which passes the firmware's bytes on unchanged. Tcp (a stream of unknown origin received over TCP) and
// None (bytes handed straight to the parser) get no rule.
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
