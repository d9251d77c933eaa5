#pragma once

#include <QLoggingCategory>

namespace hpx::device {
// "hpx.device" for the link, session and profile job.
Q_DECLARE_LOGGING_CATEGORY(lcLink)
} // namespace hpx::device
