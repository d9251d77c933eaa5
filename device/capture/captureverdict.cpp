#include "device/capture/captureverdict.h"

#include <QCoreApplication>

namespace hpx::device {

std::optional<CaptureFailure> captureFailure(const model::Capture &capture)
{
    if (capture.lineCount == 0) {
        return CaptureFailure { QStringLiteral("no_data"), CaptureFailure::tr("Nothing was received from the board."),
            CaptureFailure::tr("Check the port, the baud rate and that the board runs the profiler firmware; "
                               "reset the board if it had already finished.") };
    }
    if (capture.error) {
        return CaptureFailure { QStringLiteral("firmware_error"), capture.error->headline(), capture.error->hint };
    }
    if (!capture.sawStart) {
        return CaptureFailure { QStringLiteral("no_start"),
            CaptureFailure::tr("The board never sent \"--- HPX_START ---\", so no profile was received."),
            CaptureFailure::tr("The board may run other firmware, or it started before the port was opened: "
                               "reset it while capturing.") };
    }
    // hpx fails when its merged layer list is empty; we fail only when no pass has a layer at all.
    for (const model::CapturePass &pass : capture.passes) {
        for (const model::CaptureIteration &it : pass.iterations) {
            if (it.rowCount() > 0)
                return std::nullopt;
        }
    }
    return CaptureFailure { QStringLiteral("no_layers"),
        CaptureFailure::tr("The stream holds no complete iteration with per-layer rows."),
        capture.sawEnd ? QString()
                       : CaptureFailure::tr("The capture ended early; an iteration is complete only when the "
                                            "next iteration, pass or the end marker arrives.") };
}

} // namespace hpx::device
