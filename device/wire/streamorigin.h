#pragma once

#include "model/board/firmwaretransport.h"

#include <optional>

namespace hpx::device {

// How the bytes the wire parser reads were sent: the firmware's transport, or nullopt for lines handed straight to
// the parser and streams of unknown origin. It matters to parsing only through docs/compatibility.md §1.1's glitch
// rule, which hpx applies on RTT, SWO and UART (peripherals re-enabled after the clean window can emit a garbage
// first byte) but not on USB CDC. A live capture uses its firmware transport even through a TCP bridge (J-Link's RTT
// telnet server, ser2net), which passes the firmware's bytes on unchanged.
using StreamOrigin = std::optional<model::FirmwareTransport>;

bool appliesGlitchRule(StreamOrigin origin);

} // namespace hpx::device
