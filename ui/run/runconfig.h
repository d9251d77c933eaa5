#pragma once

#include "device/link/portdiscovery.h"
#include "model/board/counterselection.h"
#include "model/board/engine.h"
#include "model/board/firmwaretransport.h"
#include "model/config/config.h"
#include "model/input/modelinput.h"
#include "model/json/jsonvalue.h"
#include "model/results/profileresult.h"

#include <QString>

#include <optional>

namespace hpx::ui {

// Where a run goes: the simulated board, a serial port or a TCP bridge, as the Board dock shows it. A plain value.
struct BoardTarget {
    // Virtual: TFLM on QEMU, built and started by the run itself (port "qemu", run::ProfileJob).
    enum class Kind { Simulated, Serial, Tcp, Virtual };
    Kind kind = Kind::Simulated;
    QString port; // "sim", "/dev/ttyACM0", "tcp://127.0.0.1:19021"
    int baud = 115200;
    QString board; // hpx board name (apollo510_evb), or the simulated board's
    QString soc; // SoC profile name the counters are planned for
    std::optional<hpx::model::Engine> engine; // simulated board only: a real board runs what it was built with
    std::optional<hpx::model::FirmwareTransport>
        firmwareTransport; // real boards; nullopt: Automatic (chosen from the port)
    double timeScale = 1.0; // simulated board only: 1 = real time, smaller = faster (hpx-board-sim --time-scale)
    hpx::model::KernelSet kernels = hpx::model::defaultKernelSet; // virtual board only: TFLM's kernel set
    hpx::model::InputChoice input; // virtual board only: its fixed input, the user's files or a seed
};

// What the window's controls say a run should do, copied when Run is pressed: only choices, nothing resolved.
struct RunSettings {
    BoardTarget target;
    hpx::model::CounterSelection counters; // as the Counters dock holds it
    int iterations = 20;
    int warmup = 2;
    hpx::model::Aggregation aggregation = hpx::model::Aggregation::Median;
    // The Board dock's hot-plug list of serial ports (nullopt: none known, list them when needed).
    std::optional<QList<hpx::device::PortInfo>> knownPorts;
};

// The hpx.yml configuration the window's choices amount to, filled through Config's typed setters the way
// `hpx profile` applies the matching flags (MODEL, --port, --baud, --board, --engine, --transport, --iterations,
// --warmup, --aggregation, --pmu-counters, --output-dir) on top of the defaults. The run request is then built from
// it by run::buildRunRequest(), exactly as the command line builds its own, so a window run and a command-line run
// with the same choices capture, merge and record the same way.
//
// Only what the window decides is set: the baud of a serial port (the simulated board and TCP have none), the engine
// of the simulated board, the link when the user chose one. A counter selection equal to the SoC's default is left
// at the default, as when no --pmu-counters is given. nullopt + translated *error when a value is refused.
std::optional<hpx::model::Config> runConfig(
    const RunSettings &settings, const QString &modelPath, const QString &outputDir, QString *error);

} // namespace hpx::ui
