#include "run/runrequest.h"

#include "device/link/portdiscovery.h"
#include "device/sim/simlink.h"
#include "model/board/socprofile.h"
#include "model/memory/boardplacement.h"
#include "run/virtualboard.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

namespace hpx::run {

using namespace hpx::model;
using namespace hpx::device;

namespace {

// The firmware transport a run on this link is started and timed as: target.transport when the user chose one
// (a real board), else what the link suggests (the simulated board's own, RTT behind TCP, USB CDC for
// ttyACM-like ports, UART otherwise).
FirmwareTransport firmwareTransportFor(
    const Config &config, const LinkSpec &link, const SimulatorConfig &simulator, const RunSetup &setup)
{
    if (link.kind != LinkSpec::Kind::Simulated && config.isExplicit(QStringLiteral("target.transport")))
        return config.firmwareTransport();
    if (link.kind != LinkSpec::Kind::Serial)
        return suggestedFirmwareTransport(link, {}, simulator.firmwareTransport);
    return suggestedFirmwareTransport(
        link, setup.knownPorts ? *setup.knownPorts : availablePorts(), simulator.firmwareTransport);
}

// The virtual board runs TFLM under its own board profile, its firmware talking UART behind QEMU's TCP socket: never
// an Ambiq board or another engine. Refuses what contradicts that (false + *error) and sets the rest.
bool fitConfigToVirtualBoard(Config &config, QString *error)
{
    if (config.isExplicit(QStringLiteral("engine.type")) && config.engine() != Engine::Tflm) {
        if (error)
            *error = RunRequest::tr("the virtual board runs TensorFlow Lite Micro; engine %1 does not apply.")
                         .arg(engineName(config.engine()));
        return false;
    }
    if (config.isExplicit(QStringLiteral("target.board")) && config.board() != VirtualBoard::boardName()) {
        if (error)
            *error = RunRequest::tr("the virtual board is board %1; board %2 does not apply.")
                         .arg(VirtualBoard::boardName(), config.board());
        return false;
    }
    ConfigDiagnostics diagnostics;
    config.setEngine(Engine::Tflm, &diagnostics);
    config.setBoard(VirtualBoard::boardName(), &diagnostics);
    if (!config.isExplicit(QStringLiteral("target.transport")))
        config.setFirmwareTransport(FirmwareTransport::Uart, &diagnostics);
    return true;
}

} // namespace

std::optional<PassPlan> planFor(const Config &given, QString *error)
{
    Config config = given;
    if (const std::optional<LinkSpec> link = parseLinkSpec(given.port());
        link && link->kind == LinkSpec::Kind::Virtual && !fitConfigToVirtualBoard(config, error))
        return std::nullopt;
    const SocProfile *soc = socs::forBoard(config.board());
    if (!soc) {
        if (error)
            *error = RunRequest::tr("board '%1' has no SoC profile in this app.").arg(config.board());
        return std::nullopt;
    }
    const CounterSelection selection = config.isExplicit(QStringLiteral("profiling.pmu_counters"))
        ? config.pmuCounters()
        : planner::defaultSelection(*soc);
    PlanOutcome planned = planner::plan(selection, *soc);
    if (!planned.ok()) {
        if (error)
            *error = planned.error;
        return std::nullopt;
    }
    return *planned.plan;
}

HostPlan hostPlanFor(const PassPlan &plan, int iterations, int warmup)
{
    HostPlan host;
    host.iterations = iterations;
    host.warmup = warmup;
    for (const model::PlannedPass &pass : plan.passes)
        host.passes.append(WirePass { pass.name, pass.columns() });
    return host;
}

SimulatorConfig simulatorConfig(
    const Config &config, const ModelInfo *model, const PassPlan *plan, const RunSetup &setup)
{
    SimulatorConfig sim;
    sim.model = model ? *model : ModelInfo();
    sim.engine = config.engine();
    const SocProfile *soc = socs::forBoard(config.board());
    // The simulated board imitates the Apollo its profile is like: apollo4p for DWT-only boards, else apollo510.
    sim.soc
        = *socs::byName(soc && soc->pmuTier == PmuTier::Dwt ? QStringLiteral("apollo4p") : QStringLiteral("apollo510"));
    sim.firmwareTransport = config.firmwareTransport();
    if (sim.firmwareTransport == FirmwareTransport::Swo)
        sim.firmwareTransport = FirmwareTransport::Rtt; // read like RTT; the simulated board has no SWO of its own
    if (plan) {
        for (const model::PlannedPass &pass : plan->passes)
            sim.passes.append(WirePass { pass.name, pass.columns() });
    }
    sim.iterations = config.iterations();
    sim.warmup = config.warmup();
    sim.hostPlanSupport = true;
    if (soc) {
        const int mhz = config.cpuClock() == CpuClock::Hp && soc->cpuMhzHp > 0 ? soc->cpuMhzHp : soc->cpuMhzLp;
        sim.clockHz = qint64(mhz) * 1000000;
    }
    sim.seed = setup.simulatorSeed;
    sim.timeScale = setup.simulatorTimeScale;
    return sim;
}

LinkFactory linkFactoryFor(const LinkSpec &link, const SimulatorConfig &simulator)
{
    return linkFactory(link, [simulator] { return std::make_unique<SimulatedLink>(simulator); });
}

std::optional<LinkSpec> linkFor(const Config &config, const RunSetup &setup, QString *error)
{
    if (!config.port().isEmpty() || !setup.findBoardPort)
        return parseLinkSpec(config.port(), config.baud(), error);
    // heliaPROFILER finds its board itself; so do we when exactly one recognised hpx board port is present.
    QStringList found;
    for (const PortInfo &p : availablePorts()) {
        if (p.kind == PortKind::JLinkVcom || p.kind == PortKind::HpxUsbCdc)
            found << p.systemLocation;
    }
    if (found.size() == 1)
        return parseLinkSpec(found.constFirst(), config.baud(), error);
    if (error)
        *error = found.isEmpty()
            ? RunRequest::tr("No board port given and no hpx board found. Use --port PORT ('hpx ports' lists them), "
                             "--port sim for the simulated board, or --port tcp://HOST:PORT.")
            : RunRequest::tr("Several hpx board ports found (%1); choose one with --port.")
                  .arg(found.join(QStringLiteral(", ")));
    return std::nullopt;
}

SessionOptions sessionOptionsFor(const Config &config, FirmwareTransport firmwareTransport, const PassPlan &plan)
{
    SessionOptions options;
    options.firmwareTransport = firmwareTransport;
    options.plan = hostPlanFor(plan, config.iterations(), config.warmup());
    options.heartbeatsEnabled = config.heartbeatEnabled();
    options.hostTimeoutS = double(config.hostTimeout().count());
    if (const std::optional<std::chrono::seconds> overall = config.overallTimeout())
        options.overallTimeoutS = double(overall->count());
    return options;
}

RunRequest importRequest(
    const Config &config, std::shared_ptr<const ModelInfo> model, std::shared_ptr<const AotManifest> aotManifest)
{
    RunRequest request;
    request.config = config;
    request.engine = config.engine();
    request.aggregation = config.aggregation();
    request.model = model;
    request.aotManifest = aotManifest;
    request.outputDir = config.outputDir().isEmpty() ? QString() : QDir(config.outputDir()).absolutePath();
    request.context = RunContext::fromConfig(config);
    request.context.setModel(model);
    request.context.transport = firmwareTransportName(config.firmwareTransport());
    if (aotManifest)
        request.context.aotManifest = JsonValue::fromQJson(aotManifest->raw);
    return request;
}

std::optional<RunRequest> buildRunRequest(const Config &given, std::shared_ptr<const ModelInfo> model,
    std::shared_ptr<const AotManifest> aotManifest, const RunSetup &setup, QString *error)
{
    std::optional<LinkSpec> link = linkFor(given, setup, error);
    if (!link)
        return std::nullopt;
    Config config = given;
    const bool virtualBoard = link->kind == LinkSpec::Kind::Virtual;
    if (virtualBoard && !fitConfigToVirtualBoard(config, error))
        return std::nullopt;
    if (!virtualBoard && config.isExplicit(QStringLiteral("target.kernels"))) {
        if (error)
            *error = RunRequest::tr("target.kernels (--kernels) applies only to the virtual board (--port qemu).");
        return std::nullopt;
    }
    RunRequest request = importRequest(config, model, aotManifest);
    std::optional<PassPlan> plan = planFor(config, error);
    if (!plan)
        return std::nullopt;
    request.plan = *plan;
    request.link = *link;
    if (virtualBoard)
        request.context.emulator = VirtualBoard::emulatorJson(config.kernels());
    if (!virtualBoard && !setup.input.isFixed()) {
        if (error)
            *error = RunRequest::tr("an input (--input, --input-seed) applies only to the virtual board (--port qemu); "
                                    "a board's firmware chooses its own input.");
        return std::nullopt;
    }
    if (virtualBoard) {
        // Checked here, before anything is built: a wrong size or dtype is the user's to fix, not the board's.
        if (!setup.input.isFixed() && !model) {
            if (error)
                *error = RunRequest::tr("an input needs the model to check it against.");
            return std::nullopt;
        }
        ModelInputResult input = model ? ModelInputs::prepare(*model, setup.input)
                                       : ModelInputResult { ModelInput { {}, ModelInputs::fixedMetadata() }, {} };
        if (!input.ok()) {
            if (error)
                *error = RunRequest::tr("input: %1").arg(input.error);
            return std::nullopt;
        }
        request.boardInput = input.input->bytes;
        request.context.input = input.input->metadata;
        // Where the arena and the weights go (docs/virtual-board.md): decided here, so that a model that fits
        // nowhere, or not where it was pinned, fails before anything is built or run.
        if (model) {
            const BoardPlacementResult placed = placeOnVirtualBoard(
                *model, config.kernels(), config.arenaLocation(), config.weightsLocation(), config.arenaSize());
            if (!placed.ok()) {
                if (error)
                    *error = RunRequest::tr("%1 cannot run on the virtual board: %2")
                                 .arg(QFileInfo(model->fileName).fileName(), placed.error);
                return std::nullopt;
            }
            request.context.memoryPlan = placed.placement->memoryPlanJson();
        }
    }

    if (request.isSimulated()) {
        request.simulator = simulatorConfig(config, model.get(), &request.plan, setup);
        if (request.engine == Engine::HeliaAot && !aotManifest && !request.outputDir.isEmpty()) {
            request.boardAotManifestPath = request.outputDir + QStringLiteral(".aot_operator_manifest.json");
            request.simulator.aotManifestPath = request.boardAotManifestPath;
        }
    }
    request.linkFactory = linkFactoryFor(request.link, request.simulator);
    request.session
        = sessionOptionsFor(config, firmwareTransportFor(config, request.link, request.simulator, setup), request.plan);
    request.session.rawStreamPath = !setup.rawStreamPath.isEmpty() ? setup.rawStreamPath
        : request.outputDir.isEmpty()                              ? QString()
                                                                   : request.outputDir + QStringLiteral(".capture.log");
    request.context.transport = bundleTransportName(request.link, request.session.firmwareTransport);
    return request;
}

} // namespace hpx::run
