#pragma once

#include "device/capture/capturesession.h"
#include "device/link/link.h"
#include "device/link/linkspec.h"
#include "device/link/portdiscovery.h"
#include "device/sim/simconfig.h"
#include "model/board/passplanner.h"
#include "model/bundle/runcontext.h"
#include "model/config/config.h"
#include "model/input/modelinput.h"
#include "model/results/profileresult.h"
#include "model/tflite/aotmanifest.h"
#include "model/tflite/modelinfo.h"

#include <QCoreApplication>
#include <QString>

#include <memory>
#include <optional>

namespace hpx::run {

// What a run needs beyond hpx.yml: nothing here is a configuration key, so the front end says it.
struct RunSetup {
    // Where every received byte goes as it arrives; empty: "<output dir>.capture.log".
    QString rawStreamPath;
    // No target.port: use the one recognised hpx board port, as heliaPROFILER finds its board (the CLI). The
    // window always names its port.
    bool findBoardPort = true;
    // The simulated board's noise seed and pace (0: as fast as it can stream, 1: real time). Not keys of
    // hpx.yml: they shape only the simulated board, never a real run's bundle.
    quint64 simulatorSeed = 1;
    double simulatorTimeScale = 0.0;
    // The serial ports as the caller already knows them (the window's hot-plug list), to tell a USB CDC port from a
    // UART one; nullopt: list them now. Listing them takes tens of milliseconds, too long for a window's Run press.
    std::optional<QList<device::PortInfo>> knownPorts;
    // What the virtual board's input tensors get (`--input` / `--input-seed`, the Board dock's input): its fixed
    // input unless chosen. Only the virtual board takes it; buildRunRequest() checks it against the model.
    model::InputChoice input;
};

// Everything one profile run needs, resolved in one place from a Config (docs/architecture.md, "One run, one
// road"): the pass plan, the link and how to start and time the board, the host plan, the simulated board, how to
// merge and the run's bundle context. A plain value: the window and `hpx profile` build it with buildRunRequest()
// and hand it to a ProfileJob; `hpx import` builds the merge-and-write part with importRequest().
struct RunRequest {
    model::Config config; // resolved: defaults < file < flags or the window's choices
    model::PassPlan plan; // from profiling.pmu_counters and the board's SoC
    device::LinkSpec link;
    device::LinkFactory linkFactory; // opens `link` on the capture session's thread
    device::SessionOptions session; // firmware transport, host plan, timeouts, raw stream file
    device::SimulatorConfig simulator; // Kind::Simulated only
    model::Engine engine = model::Engine::HeliaRt;
    model::Aggregation aggregation = model::Aggregation::Median;
    std::shared_ptr<const model::ModelInfo> model; // layer attribution, MACs, graph ids (null: none)
    std::shared_ptr<const model::AotManifest> aotManifest; // helia-aot operator manifest, when given
    // helia-aot on the simulated board without a manifest: the board writes its aot_operator_manifest.json here
    // while it streams, and the run reads it before merging (as a heliaAOT build leaves one beside the firmware).
    QString boardAotManifestPath;
    model::RunContext context; // run id, config snapshot, platform, transport name; the job adds timing and the stream
    // The virtual board: every input tensor's bytes in input order, linked into its firmware (empty: its fixed
    // input); context.input says what they are.
    QByteArray boardInput;
    QString outputDir; // absolute bundle directory; empty: merge only, write nothing

    bool isSimulated() const { return link.kind == device::LinkSpec::Kind::Simulated; }
    // The virtual board (TFLM on QEMU, config.kernels()): the job builds and starts it, then opens its TCP port.
    bool isVirtual() const { return link.kind == device::LinkSpec::Kind::Virtual; }

    // The messages of the functions below that resolve a request (planFor(), linkFor(), ...) are this struct's.
    Q_DECLARE_TR_FUNCTIONS(hpx::run::RunRequest)
};

// The passes profiling.pmu_counters asks for on target.board's SoC (the virtual board's own for target.port qemu);
// nothing chosen: the SoC's default (cpu:default, cycles only on DWT-only parts). nullopt + translated *error for an
// unknown board or a selection the SoC refuses.
std::optional<model::PassPlan> planFor(const model::Config &config, QString *error);

// The one place a run is set up, for the window and `hpx profile` alike. nullopt + translated *error when the
// configuration, the plan or the link cannot make a run (the message names what to change). For the virtual board
// (target.port qemu) it runs TFLM on its own board profile (qemu_an547), UART behind QEMU's TCP socket; an engine or
// board that says otherwise is refused.
std::optional<RunRequest> buildRunRequest(const model::Config &config, std::shared_ptr<const model::ModelInfo> model,
    std::shared_ptr<const model::AotManifest> aotManifest, const RunSetup &setup, QString *error);

// How the capture session starts, asks and times the board (the device layer's own options, which know no
// Config): the firmware transport, the host plan with profiling.iterations and warmup, and target.heartbeat.*. The
// window and `hpx profile` both get theirs here, so their captures time out alike.
device::SessionOptions sessionOptionsFor(
    const model::Config &config, model::FirmwareTransport firmwareTransport, const model::PassPlan &plan);

// The merge-and-write half of a request for a stream captured earlier (`hpx import`): no link, no plan.
RunRequest importRequest(const model::Config &config, std::shared_ptr<const model::ModelInfo> model,
    std::shared_ptr<const model::AotManifest> aotManifest);

// The simulated board a configuration talks to (runs and the window's console alike): SoC from target.board,
// engine, firmware transport, CPU clock, iterations, warmup and, with a plan, its passes as built-in passes.
device::SimulatorConfig simulatorConfig(
    const model::Config &config, const model::ModelInfo *model, const model::PassPlan *plan, const RunSetup &setup);

// The link a configuration names (target.port / target.usb_port, or the one recognised board port when
// setup.findBoardPort). nullopt + translated *error when it names nothing usable.
std::optional<device::LinkSpec> linkFor(const model::Config &config, const RunSetup &setup, QString *error);

// The factory that opens the link, with the simulated board (hpx_sim) behind Kind::Simulated.
device::LinkFactory linkFactoryFor(const device::LinkSpec &link, const device::SimulatorConfig &simulator);

// The host plan a board that supports HPX_PLAN is sent: every pass with the columns it prints, the cycle counter's
// ARM_PMU_CPU_CYCLES first (docs/protocol.md), so a plan-capable board runs exactly the passes hpx would build.
device::HostPlan hostPlanFor(const model::PassPlan &plan, int iterations, int warmup);

} // namespace hpx::run
