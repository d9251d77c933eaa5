#pragma once

#include "model/results/capture.h"

#include <QCoreApplication>
#include <QString>

#include <optional>

namespace hpx::device {

// Why a finished capture cannot give results (docs/compatibility.md §1.9 "after capture"), in hpx's order: no lines at
// all; a firmware error (HPX_ERROR=, with its message and hint); no "--- HPX_START ---"; no layer in any committed
// iteration. Warnings (a missing HPX_END, ...) are in Capture::problems and do not fail a capture.
struct CaptureFailure {
    QString kind; // no_data, firmware_error, no_start, no_layers
    QString message; // translated
    QString hint; // translated, may be empty

    // captureFailure()'s words.
    Q_DECLARE_TR_FUNCTIONS(hpx::device::CaptureFailure)
};

std::optional<CaptureFailure> captureFailure(const model::Capture &capture);

} // namespace hpx::device
