#include "device/capture/capturevalues.h"

namespace hpx::device {

QString statusName(CaptureResult::Status status)
{
    switch (status) {
    case CaptureResult::Status::Complete:
        return QStringLiteral("complete");
    case CaptureResult::Status::Cancelled:
        return QStringLiteral("cancelled");
    case CaptureResult::Status::OpenFailed:
        return QStringLiteral("open_failed");
    case CaptureResult::Status::Disconnected:
        return QStringLiteral("disconnected");
    case CaptureResult::Status::TimedOut:
        return QStringLiteral("timed_out");
    case CaptureResult::Status::FirmwareError:
        return QStringLiteral("firmware_error");
    case CaptureResult::Status::StreamDamaged:
        return QStringLiteral("stream_damaged");
    case CaptureResult::Status::NoStream:
        return QStringLiteral("no_stream");
    case CaptureResult::Status::PlanRefused:
        return QStringLiteral("plan_refused");
    }
    return {};
}

} // namespace hpx::device
