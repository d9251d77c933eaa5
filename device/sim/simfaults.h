#pragma once

#include "device/sim/simconfig.h"

#include <QString>

namespace hpx::device {

// Parses one fault specification of `hpx-board-sim --fault` into `faults` (docs/simulator.md, "Faults"):
//   corrupt=<rate>  drop=<rate>  stall=<seconds>[@P:I:L]  reset[@P:I:L]  disconnect[@P:I:L]  error=<code>
// P, I, L = pass index, iteration, row before which the fault strikes (each may be empty for the default).
// False + translated message on a bad specification.
bool applyFaultSpec(SimFaults &faults, const QString &spec, QString *error);

// One line per fault kind, for --help.
QString faultSpecHelp();

} // namespace hpx::device
