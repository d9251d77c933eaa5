#pragma once

#include "device/simconfig.h"
#include "model/config.h"
#include "ui/runcontroller.h"

#include <QString>

#include <optional>

namespace hpx::ui {

// The hpx.yml configuration a run started from the window amounts to. The window's settings are applied
// the way `hpx profile` applies the matching flags (MODEL, --port, --baud, --board, --engine, --transport,
// --iterations, --warmup, --aggregation, --pmu-counters, --output-dir): Config::set/setCounters on top of
// the defaults. So a GUI bundle records the config snapshot and platform a command-line run with those
// options would, and RunController reads the run's parameters from the same resolved values.
//
// Only what the window decides is set: the baud of a serial port (the simulated board and TCP have none),
// the engine of the simulated board (a real board runs what it was built with), the link unless the board
// is simulated. A counter selection equal to the SoC's default selection is left at the default, as when
// no --pmu-counters is given. nullopt + translated *error when a value is refused.
std::optional<hpx::model::Config> runConfig(
    const RunSettings &settings, const QString &modelPath, const QString &outputDir, QString *error);

// The simulated board a resolved configuration talks to (runs and the Board dock's console alike): its
// SoC from target.board, engine, transport, iterations and warmup, host-plan support, and the window's speed
// (BoardTarget::timeScale: 1 = real time, as hpx-board-sim --time-scale).
hpx::device::SimulatorConfig simulatorConfig(
    const hpx::model::Config &config, const hpx::model::ModelInfo *model, double timeScale = 1.0);

} // namespace hpx::ui
