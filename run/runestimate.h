#pragma once

#include "run/runrequest.h"

#include <QMetaType>
#include <QVector>

namespace hpx::run {

// How long a run should take before anything of it was measured: what the run panel shows while connecting, in
// the clean timing window and during the first pass. Times count from the board's start (its first byte), since
// nobody knows when a real board will be reset.
struct RunEstimate {
    qint64 totalMs = 0; // the board's start to --- HPX_END ---
    QVector<qint64> passStartMs; // when each pass's --- HPX_PRESET --- line arrives
    bool fromSimulator = false; // the simulated board's own pace (its time scale); else a real board in real time

    bool isValid() const { return !passStartMs.isEmpty(); } // 0 ms is valid: an instant simulated board
    // The time the run should have reached `fraction` (0..1) of pass `pass` (1-based).
    qint64 positionMs(int pass, double fraction) const;
};

// The stream the simulated board would send for the request, rendered without being sent (docs/simulator.md): its
// modelled delays (preamble, clean timing window, every inference from the model's MACs and operators at the
// board's clock, scaled by the simulator's time scale) plus the time its bytes take on the line at the link's baud
// rate. For a real board the same model runs in real time at its SoC's clock, so the figure is an estimate of what
// the firmware will do, not a measurement. Costs about as much as the simulator's own rendering: run it off the UI
// thread for large models.
RunEstimate estimateRun(const RunRequest &request);

} // namespace hpx::run

Q_DECLARE_METATYPE(hpx::run::RunEstimate)
