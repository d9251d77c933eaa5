#pragma once

#include <QString>

#include <optional>

namespace hpx::model {

// How the board's firmware sends its stream (target.transport, docs/compatibility.md §2). The one enum and name
// table for it: the config, how a capture starts and times the board, the wire parser's glitch rule, the simulated
// board and run_metadata.json all use this. A TCP bridge (J-Link's RTT telnet server, ser2net) carries one of these
// unchanged, so it is not a transport of its own.
enum class FirmwareTransport {
    Rtt, // SEGGER RTT (read through J-Link's telnet server): a reset starts the stream
    UsbCdc, // the firmware waits for DTR; per-line wait and a fixed overall limit (§2.5)
    Uart, // J-Link VCOM etc.: the board streams on reset after ~0.8 s of HPX_READY
    Swo, // read like RTT
};

QString firmwareTransportName(FirmwareTransport transport); // "rtt", "usb_cdc", "uart", "swo"
// hpx's spellings, any case, '-' for '_'; "usb", "cdc" and "usbcdc" too. nullopt for anything else.
std::optional<FirmwareTransport> firmwareTransportFromName(const QString &name);
inline constexpr FirmwareTransport allFirmwareTransports[]
    = { FirmwareTransport::Rtt, FirmwareTransport::UsbCdc, FirmwareTransport::Uart, FirmwareTransport::Swo };

} // namespace hpx::model
