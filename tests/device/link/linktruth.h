#pragma once

#include "device/sim/simgroundtruth.h"
#include "model/results/capture.h"

#include <QJsonObject>
#include <QString>

namespace hpx::test {

// "" when the parsed capture holds exactly the simulator's records (passes, counters, iterations, rows, values,
// overflow flags); else the first difference, for a failure message.
QString compareWithTruth(const hpx::model::Capture &capture, const hpx::device::GroundTruth &truth);

// Checks that every row the capture holds sits where the simulator printed it: same pass, iteration and position,
// counters mapped by name. Returns the number of cells (op tags included) whose content differs from what was
// printed at that very place, or -1 with *error set when a row or column has no printed counterpart at all.
// A value moved between layers, counters or passes shows up as a difference, so a stream that only lost lines
// must give 0, and a corrupted one at most one per corrupted byte.
// The records part of a ground-truth JSON file (`hpx-board-sim --ground-truth`, docs/simulator.md).
hpx::device::GroundTruth truthFromJson(const QJsonObject &json);

int differencesInPlace(const hpx::model::Capture &capture, const hpx::device::GroundTruth &truth, QString *error);

} // namespace hpx::test
