#pragma once

#include "device/sim/simgroundtruth.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QString>
#include <QVector>

namespace hpx::device {

// The simulated board's power windows (docs/power.md "Without hardware"). The board cannot measure anything: it
// plays the windows of the firmware agent in its stream (the power terminal record, heliaPROFILER's format) and
// hpx-board-sim writes a recording that matches them from this documented current model, which says "simulated"
// in the recording and, through hpx power, in the bundle:
//  - supply 1.8 V; idle (gate low) 1.0 mA;
//  - an inference lasts exactly the stream's HPX_CLEAN_INFER_AVG_US, shared among the operator events by their own
//    (self) cycles in the ground truth; an event draws 3 mA + 9 mA × its self cycles ÷ the largest self cycles;
//  - the clean window: N inferences with the gate (channel "gate") high; 100 µs idle; the marker window: N more
//    with the gate high and "marker" toggling at the end of every operator event, then 2 samples idle before the
//    gate falls; 100 µs idle around both;
//  - the sample rate is the smallest of 1, 2, 5 × 10^k Hz (at least 1 MHz) that gives the shortest event 4 samples.
class SimPower {
    Q_DECLARE_TR_FUNCTIONS(hpx::device::SimPower)
public:
    static constexpr double kSupplyV = 1.8;
    static constexpr double kIdleA = 1.0e-3;
    static constexpr double kBaseA = 3.0e-3;
    static constexpr double kSpanA = 9.0e-3;

    // The power terminal record for n completed inferences (lines without line ends).
    static QVector<QByteArray> terminalRecord(qint64 inferences, qint64 elapsedUs);
    // Writes the recording (CSV, or JLS for a .jls path) for `inferences` per window; false with `error` set.
    static bool writeRecording(
        const GroundTruth &truth, qint64 clockHz, int inferences, const QString &path, QString *error);
};

} // namespace hpx::device
