#pragma once

#include "model/results/capture.h"

#include <QByteArray>

namespace hpx::test {

// A deliberately small reader of hpx wire-protocol v1 text (docs/compatibility.md §1.2) for the results tests, so
// they do not depend on the device layer's parser: START/END, metadata, PRESET, ITER, header and rows,
// heartbeats skipped, HPX_ERROR kept. Positions are row numbers within an iteration.
hpx::model::Capture readStream(const QByteArray &text);

} // namespace hpx::test
