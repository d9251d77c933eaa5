#include "device/link/linklog.h"

namespace hpx::device {
Q_LOGGING_CATEGORY(lcLink, "hpx.device", QtInfoMsg)
} // namespace hpx::device
