#include "device/wire/streamorigin.h"

namespace hpx::device {

bool appliesGlitchRule(StreamOrigin origin)
{
    using model::FirmwareTransport;
    return origin == FirmwareTransport::Rtt || origin == FirmwareTransport::Swo || origin == FirmwareTransport::Uart;
}

} // namespace hpx::device
