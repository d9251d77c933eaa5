#pragma once

#include "device/wire/hostplan.h"
#include "model/board/engine.h"
#include "model/board/firmwaretransport.h"
#include "model/board/socprofile.h"
#include "model/tflite/modelinfo.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>
#include <QVector>

#include <optional>

namespace hpx::device {

// Configuration of the simulated board (docs/simulator.md). Plain values: copy freely across threads.

// The profile the simulated board plays unless told otherwise: apollo510.
model::SocProfile defaultSimSoc();

// Where a positional fault strikes: after `layer` rows of iteration `iteration` of pass `pass` were printed.
// -1 picks the middle pass / the middle layer.
struct SimFaultLocation {
    int pass = -1;
    int iteration = 0;
    int layer = -1;
};

struct SimFaults {
    double corruptRate = 0.0; // probability per byte (never an LF) of being replaced by a random byte
    double dropLineRate = 0.0; // probability per line inside the session of being dropped entirely
    double stallSeconds = 0.0; // > 0: the board goes silent this long at stallAt (mid-pass)
    SimFaultLocation stallAt;
    bool resetMidPass = false; // the board restarts at resetAt: the stream begins again (preamble, START)
    SimFaultLocation resetAt;
    bool disconnect = false; // the board drops the link at disconnectAt
    SimFaultLocation disconnectAt;
    QString error; // an HPX_ERROR code of docs/compatibility.md §1.7, printed where the firmware prints it

    bool any() const
    {
        return corruptRate > 0 || dropLineRate > 0 || stallSeconds > 0 || resetMidPass || disconnect
            || !error.isEmpty();
    }

    // applyFaultSpec()'s messages (simfaults.cpp) are this struct's: lupdate files them under its context.
    Q_DECLARE_TR_FUNCTIONS(hpx::device::SimFaults)
};

struct SimulatorConfig {
    hpx::model::ModelInfo model;
    model::Engine engine = model::Engine::Tflm;
    // The SoC the board plays, a profile of model/board's table (model::socs): its PMU tier, MVE, events per pass,
    // recorded-operator capacity and clean-window timer shape the stream.
    model::SocProfile soc = defaultSimSoc();
    model::FirmwareTransport firmwareTransport = model::FirmwareTransport::Rtt;
    QVector<WirePass> passes; // built-in passes; empty = the SoC's default (cpu default set)
    int iterations = 2;
    int warmup = 1;
    quint64 seed = 1;
    double noise = 0.01; // relative standard deviation of timing events between iterations
    bool wrap = false; // print one wrapped (>= 2^31) sample per pass and iteration > 0
    int heartbeatEveryNOps = 8; // 0 disables heartbeats
    int heartbeatEveryMs = 2000;
    int whileIterations = 3; // how often a WHILE body runs per inference (tflm/helia-rt)
    qint64 clockHz = 96000000;
    bool debuggerAttached = true; // Apollo4: DWT counts only with a debugger attached (docs/compatibility.md §2.4)
    QString aotManifestPath; // helia-aot: write aot_operator_manifest.json here when the stream is rendered
    bool aotOpIdTags = true; // helia-aot: OP_TYPE:op_id tags (false: op:<layer>, a build without manifest)
    SimFaults faults;
    bool hostPlanSupport = false;
    int planWaitMs = 3000; // how long a plan-capable board waits for HPX_PLAN
    bool uartGlitch = true; // UART: one garbage byte when UART comes back after the clean window (§1.1)
    double timeScale = 0.0; // 1.0 = real-time preamble, clean window and inference durations; 0 = none
    int baud = 0; // > 0: pace output at bytes x 10 / baud seconds
    // > 0: the board runs the agent's power and marker windows of this many inferences after the passes and sends
    // their power terminal record (hpx-board-sim --power-recording; docs/power.md "Without hardware").
    int powerInferences = 0;

    // The checks' messages (simconfig.cpp: parseSimPass(), validateSimulatorConfig()) are this struct's.
    Q_DECLARE_TR_FUNCTIONS(hpx::device::SimulatorConfig)
};

// The SoC profile of model::socs named `text` (any case); nullopt when there is none.
std::optional<model::SocProfile> simSocFromString(const QString &text);

// The SoC's built-in default passes when the config names none: the cpu default set (hpx's default config).
QVector<WirePass> defaultSimPasses(const model::SocProfile &soc);

// Parses "cpu_0:ARM_PMU_CPU_CYCLES,ARM_PMU_INST_RETIRED" (the form HPX_PLAN uses). nullopt + error if malformed.
std::optional<WirePass> parseSimPass(const QString &text, QString *error = nullptr);

// Checks a config before a run: unknown events, too many events per pass, events a DWT-only SoC cannot count,
// an HPX_ERROR kind the engine never prints, bad numbers. Empty string = fine; else a translated message.
QString validateSimulatorConfig(const SimulatorConfig &config);
// The same checks for a list of passes on a SoC (used for host plans too); error code for NAK replies.
QString validateSimPasses(const QVector<WirePass> &passes, const model::SocProfile &soc, QString *nakReason = nullptr);

// HPX_ERROR codes of docs/compatibility.md §1.7 and the engines that print them.
QStringList simErrorKinds();
bool simErrorAppliesTo(const QString &code, model::Engine engine);

} // namespace hpx::device
