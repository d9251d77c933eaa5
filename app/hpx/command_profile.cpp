// `hpx profile MODEL`: capture on a board (serial, TCP or the simulated board), merge, write the bundle.
// The orchestration is device::ProfileJob; this file turns hpx.yml + flags into its request and reports.
#include "app/hpx/cliutil.h"
#include "app/hpx/runoutput.h"
#include "device/linkspec.h"
#include "device/portdiscovery.h"
#include "device/profilejob.h"
#include "model/passplanner.h"
#include "model/socprofile.h"

#include <QCoreApplication>
#include <QDir>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>
#include <QTimer>

#include <atomic>
#include <csignal>

namespace hpx::cli {
namespace {

using namespace hpx::model;
using namespace hpx::device;

QString tr(const char *text)
{
    return QCoreApplication::translate("hpx profile", text);
}

std::atomic<bool> g_interrupted { false };

void onSigint(int)
{
    g_interrupted = true;
}

QVector<ConfigFlag> profileFlags()
{
    const QString fw = tr(" Firmware build only: accepted, not used by this app.");
    return {
        { QStringLiteral("port"), QStringLiteral("target.port"), QStringLiteral("P|sim|tcp://HOST:PORT"),
            tr("Where the board is: a serial port, sim (the built-in simulated board) or tcp://HOST:PORT "
               "(target.port; hpx Studio addition). Default: the one recognised hpx board port."),
            {} },
        { QStringLiteral("baud"), QStringLiteral("target.baud"), QStringLiteral("N"),
            tr("Serial line rate (target.baud, default 115200; hpx Studio addition)."), {} },
        { QStringLiteral("engine"), QStringLiteral("engine.type"), QStringLiteral("E"),
            tr("Engine on the board: tflm, helia-rt (default), helia-aot or executorch (engine.type)."), {} },
        { QStringLiteral("board"), QStringLiteral("target.board"), QStringLiteral("B"),
            tr("Board (target.board, default apollo510_evb); its SoC decides which counters can be captured."), {} },
        { QStringLiteral("pmu-counters"), QStringLiteral("profiling.pmu_counters"), QStringLiteral("GROUP:SELECT"),
            tr("Counters of a group (cpu, memory, mve): default, all or a comma list of ARM_PMU_* names. Repeatable; "
               "a repeated group replaces the earlier one (profiling.pmu_counters, default cpu:default)."),
            {} },
        { QStringLiteral("iterations"), QStringLiteral("profiling.iterations"), QStringLiteral("N"),
            tr("Profiled inferences per pass (profiling.iterations, default 100)."), {} },
        { QStringLiteral("warmup"), QStringLiteral("profiling.warmup"), QStringLiteral("N"),
            tr("Unrecorded inferences before each pass (profiling.warmup, default 5)."), {} },
        { QStringLiteral("aggregation"), QStringLiteral("profiling.aggregation"), QStringLiteral("median|mean|trimmed"),
            tr("How iterations are aggregated (profiling.aggregation, default median)."), {} },
        { QStringLiteral("output-dir"), QStringLiteral("output.dir"), QStringLiteral("DIR"),
            tr("Bundle directory (output.dir, default ./results)."), {} },
        { QStringLiteral("output-format"), QStringLiteral("output.format"), QStringLiteral("csv|json"),
            tr("Per-layer results as profile_results.csv or .json (output.format, default csv)."), {} },
        { QStringLiteral("no-model-explorer"), QStringLiteral("output.model_explorer"), QString(),
            tr("Write no model_explorer/ overlays (output.model_explorer: false)."), QStringLiteral("false") },
        { QStringLiteral("detailed"), QStringLiteral("output.detailed"), QString(),
            tr("Also write detailed/ per-pass and per-group files (output.detailed: true)."), QStringLiteral("true") },
        { QStringLiteral("transport"), QStringLiteral("target.transport"), QStringLiteral("T"),
            tr("How the firmware talks: rtt, usb_cdc (waits for DTR), uart (sends HPX_READY) or swo "
               "(target.transport). Default: chosen from the port."),
            {} },
        { QStringLiteral("usb-port"), QStringLiteral("target.usb_port"), QStringLiteral("P"),
            tr("The board's USB CDC port when --port is not given (target.usb_port)."), {} },
        { QStringLiteral("cpu-clock"), QStringLiteral("target.clock.cpu"), QStringLiteral("lp|hp"),
            tr("CPU clock the firmware runs at; recorded in run_metadata.json (target.clock.cpu)."), {} },
        { QStringLiteral("arena-size"), QStringLiteral("model.arena_size"), QStringLiteral("BYTES"), fw, {} },
        { QStringLiteral("arena-location"), QStringLiteral("model.arena_location"), QStringLiteral("L"), fw, {} },
        { QStringLiteral("weights-location"), QStringLiteral("model.weights_location"), QStringLiteral("L"), fw, {} },
        { QStringLiteral("engine-config"), QStringLiteral("engine.config"), QStringLiteral("YAML"), fw, {} },
        { QStringLiteral("toolchain"), QStringLiteral("target.toolchain"), QStringLiteral("T"), fw, {} },
        { QStringLiteral("jlink-serial"), QStringLiteral("target.jlink_serial"), QStringLiteral("S"), fw, {} },
        { QStringLiteral("rtt-buffer-size-up"), QStringLiteral("target.rtt_buffer_size_up"), QStringLiteral("BYTES"),
            fw, {} },
        { QStringLiteral("ensure-power"), QStringLiteral("target.ensure_board_powered"), QString(), fw,
            QStringLiteral("true") },
        { QStringLiteral("per-layer"), QStringLiteral("profiling.per_layer"), QString(),
            tr(" Accepted for compatibility; not used (heliaPROFILER does not use it either)."),
            QStringLiteral("true") },
        { QStringLiteral("no-per-layer"), QStringLiteral("profiling.per_layer"), QString(),
            tr(" Accepted for compatibility; not used."), QStringLiteral("false") },
        { QStringLiteral("nsx-channel"), QStringLiteral("build.channel"), QStringLiteral("C"), fw, {} },
        { QStringLiteral("offline"), QStringLiteral("build.offline"), QString(), fw, QStringLiteral("true") },
        { QStringLiteral("frozen"), QStringLiteral("frozen"), QString(), fw, QStringLiteral("true") },
        { QStringLiteral("update-dependencies"), QStringLiteral("build.update_dependencies"), QString(), fw,
            QStringLiteral("true") },
        { QStringLiteral("compiler-launcher"), QStringLiteral("build.compiler_launcher"), QStringLiteral("L"), fw, {} },
        { QStringLiteral("no-compiler-launcher"), QStringLiteral("build.compiler_launcher"), QString(), fw,
            QStringLiteral("none") },
        { QStringLiteral("work-dir"), QStringLiteral("work_dir"), QStringLiteral("DIR"), fw, {} },
        { QStringLiteral("clean"), QStringLiteral("clean"), QString(), fw, QStringLiteral("true") },
    };
}

// The selection hpx.yml and the flags resolved to, in the planner's terms. When nothing was chosen the
// planner's default for this SoC applies (cpu:default, or cycles only on DWT-only parts).
CounterSelection selectionFor(const Config &config, const SocProfile &soc)
{
    if (!config.isExplicit(QStringLiteral("profiling.pmu_counters")))
        return planner::defaultSelection(soc);
    CounterSelection selection;
    for (const CounterGroupSelection &g : config.pmuCounters()) {
        if (g.preset.isEmpty())
            selection.setNames(g.group, g.names);
        else
            selection.setKeyword(g.group, g.preset);
    }
    return selection;
}

std::optional<LinkSpec> linkFor(const Config &config, QString *error)
{
    if (!config.port().isEmpty())
        return parseLinkSpec(config.port(), config.baud(), error);
    // heliaPROFILER finds its board itself; so do we when exactly one recognised hpx board port is present.
    QStringList found;
    for (const PortInfo &p : availablePorts()) {
        if (p.kind == PortKind::JLinkVcom || p.kind == PortKind::HpxUsbCdc)
            found << p.systemLocation;
    }
    if (found.size() == 1)
        return parseLinkSpec(found.constFirst(), config.baud(), error);
    *error = found.isEmpty()
        ? tr("No board port given and no hpx board found. Use --port PORT ('hpx ports' lists them), "
             "--port sim for the simulated board, or --port tcp://HOST:PORT.")
        : tr("Several hpx board ports found (%1); choose one with --port.").arg(found.join(QStringLiteral(", ")));
    return std::nullopt;
}

SimulatorConfig simulatorFor(
    const Config &config, const ModelInfo &model, const SocProfile &soc, Engine engine, const PassPlan &plan)
{
    SimulatorConfig sim;
    sim.model = model;
    sim.engine = simEngineFromString(engineName(engine)).value_or(SimEngine::HeliaRt);
    sim.soc = soc.pmuTier == PmuTier::Dwt ? SimSoc::Apollo4p : SimSoc::Apollo510;
    const QString transport = config.transport();
    sim.transport = transport == QLatin1String("usb_cdc") ? SimTransport::UsbCdc
        : transport == QLatin1String("uart")              ? SimTransport::Uart
                                                          : SimTransport::Rtt;
    for (const auto &pass : plan.passes)
        sim.passes.append(SimPass { pass.name, pass.events });
    sim.iterations = config.iterations();
    sim.warmup = config.warmup();
    sim.hostPlanSupport = true;
    const int mhz = config.cpuClock() == QLatin1String("hp") && soc.cpuMhzHp > 0 ? soc.cpuMhzHp : soc.cpuMhzLp;
    sim.clockHz = qint64(mhz) * 1000000;
    return sim;
}

void printProgress(const CaptureProgress &p, CaptureProgress *last)
{
    const bool newPhase = p.phase != last->phase || p.pass != last->pass;
    const bool newIteration = p.iteration != last->iteration && p.iteration >= 0;
    if (!newPhase && !newIteration)
        return;
    if (p.passCount > 0 && !p.pass.isEmpty()) {
        err()
            << tr("[%1] pass %2/%3 %4").arg(formatDuration(p.elapsedMs)).arg(p.passNumber).arg(p.passCount).arg(p.pass);
        if (p.iteration >= 0)
            err() << tr(", iteration %1").arg(p.iteration + 1);
        err() << QStringLiteral(" (") << p.phase << QStringLiteral(")\n");
    } else if (newPhase) {
        err() << tr("[%1] %2").arg(formatDuration(p.elapsedMs), p.phase) << '\n';
    }
    err().flush();
    *last = p;
}

int exitCodeFor(const ProfileOutcome &outcome)
{
    if (outcome.capture.status == CaptureResult::Status::Cancelled)
        return ExitInterrupted;
    if (outcome.failedStage == ProfileOutcome::Stage::Bundle)
        return ExitBadInput;
    return ExitBoard;
}

int runProfile(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        tr("Profile a .tflite model on a board running hpx firmware (or on the built-in simulated board): run the\n"
           "PMU passes the counter selection needs, merge them per layer and write a result bundle with Model\n"
           "Explorer overlays. Settings: built-in defaults < --config FILE < flags (docs/config.md).\n"
           "Progress goes to stderr; the bundle directory is printed on stdout.\n"
           "Exit codes: 0 ok; 2 bad input (model, config, arguments, counters the SoC cannot capture);\n"
           "3 board or link error; 4 interrupted (Ctrl+C), the raw stream captured so far is kept."));
    parser.addPositionalArgument(QStringLiteral("MODEL"), tr("The .tflite model the board runs (model.path)."));
    const QCommandLineOption configOption(QStringLiteral("config"),
        tr("hpx.yml to read first; flags override it (docs/config.md)."), QStringLiteral("FILE"));
    const QCommandLineOption planOption(QStringLiteral("plan"),
        tr("Print the pass plan for the selected counters and board, then exit "
           "without connecting (hpx Studio addition)."));
    const QCommandLineOption manifestOption(QStringLiteral("aot-manifest"),
        tr("heliaAOT aot_operator_manifest.json for a helia-aot run (hpx Studio addition; the simulated board "
           "writes its own)."),
        QStringLiteral("F"));
    const QCommandLineOption verboseOption({ QStringLiteral("v"), QStringLiteral("verbose") },
        tr("Also show the libraries' log (hpx.device, hpx.model) on stderr."));
    parser.addOption(configOption);
    parser.addOption(planOption);
    parser.addOption(manifestOption);
    parser.addOption(verboseOption);
    const QVector<ConfigFlag> flags = profileFlags();
    addConfigFlags(parser, flags);
    int exitCode = ExitOk;
    if (!parseCommandLine(parser, QStringLiteral("profile"), arguments, &exitCode))
        return exitCode;
    const QStringList positional = parser.positionalArguments();
    if (positional.size() > 1) {
        err() << tr("hpx profile: expected one MODEL, got %1 arguments.").arg(positional.size()) << '\n';
        return ExitBadInput;
    }

    RunInputs inputs;
    Config &config = inputs.config;
    ConfigDiagnostics diagnostics;
    bool ok = !parser.isSet(configOption) || config.loadFile(parser.value(configOption), &diagnostics);
    ok = ok && applyConfigFlags(parser, flags, &config, &diagnostics);
    if (ok && !positional.isEmpty())
        ok = config.set(QStringLiteral("model.path"), positional.at(0), QStringLiteral("MODEL"), &diagnostics);
    if (printDiagnostics(diagnostics) || !ok)
        return ExitBadInput;

    const SocProfile *soc = socs::forBoard(config.board());
    if (!soc) {
        err() << tr("hpx profile: board '%1' has no SoC profile in this app.").arg(config.board()) << '\n';
        return ExitBadInput;
    }
    const PlanOutcome planned = planner::plan(selectionFor(config, *soc), *soc);
    if (!planned.ok()) {
        err() << tr("hpx profile: %1").arg(planned.error) << '\n';
        return ExitBadInput;
    }
    const PassPlan &plan = *planned.plan;
    if (parser.isSet(planOption)) {
        out() << plan.text() << '\n';
        out().flush();
        return ExitOk;
    }
    if (config.modelPath().isEmpty()) {
        err() << tr("hpx profile: no model given (MODEL or model.path).") << '\n';
        return ExitBadInput;
    }
    if (!loadModelFor(config.modelPath(), &inputs.model)
        || !loadAotManifest(parser.value(manifestOption), &inputs.aotManifest))
        return ExitBadInput;
    inputs.engine = engineFromName(config.engineType()).value_or(Engine::HeliaRt);

    QString linkError;
    const std::optional<LinkSpec> link = linkFor(config, &linkError);
    if (!link) {
        err() << tr("hpx profile: %1").arg(linkError) << '\n';
        return ExitBadInput;
    }
    SimulatorConfig sim = simulatorFor(config, *inputs.model, *soc, inputs.engine, plan);
    const bool simulated = link->kind == LinkSpec::Kind::Simulated;
    const QString outputDir = QDir(config.outputDir()).absolutePath();
    const QString simManifest = outputDir + QStringLiteral(".aot_operator_manifest.json");
    const bool needSimManifest = simulated && inputs.engine == Engine::HeliaAot && !inputs.aotManifest;
    if (needSimManifest)
        sim.aotManifestPath = simManifest;

    ProfileRequest request;
    request.transport = transportFactory(*link, sim);
    request.session.link = suggestedBoardLink(*link, availablePorts(), sim);
    if (!simulated && config.isExplicit(QStringLiteral("target.transport"))) {
        const QString t = config.transport();
        request.session.link = t == QLatin1String("usb_cdc") ? BoardLink::UsbCdc
            : t == QLatin1String("uart")                     ? BoardLink::Uart
                                                             : BoardLink::Rtt;
    }
    HostPlan hostPlan;
    hostPlan.iterations = config.iterations();
    hostPlan.warmup = config.warmup();
    for (const auto &pass : plan.passes)
        hostPlan.passes.append(device::PlannedPass { pass.name, pass.events });
    request.session.plan = hostPlan;
    request.session.rawStreamPath = outputDir + QStringLiteral(".capture.log");
    applyHeartbeatConfig(config, &request.session);
    request.engine = inputs.engine;
    request.aggregation = aggregationFromName(config.aggregation()).value_or(Aggregation::Median);
    request.model = inputs.model;
    if (inputs.aotManifest)
        request.aotManifest = std::make_shared<const AotManifest>(*inputs.aotManifest);
    inputs.transport = transportName(*link, request.session.link);
    request.context = runContextFor(inputs);
    // With a manifest still to come from the simulated board, the bundle is written in a second step.
    request.outputDir = needSimManifest ? QString() : outputDir;

    err() << tr("Profiling %1 (%2) on %3, board %4 (%5): %6")
                 .arg(QFileInfo(config.modelPath()).fileName(), engineName(inputs.engine), link->text(), config.board(),
                     soc->displayName, plan.passCount() == 1 ? tr("1 pass") : tr("%1 passes").arg(plan.passCount()))
          << '\n';
    err().flush();

    ProfileJob job;
    ProfileOutcome outcome;
    QEventLoop loop;
    CaptureProgress last;
    QObject::connect(
        &job, &ProfileJob::progress, &loop, [&last](quint64, const CaptureProgress &p) { printProgress(p, &last); });
    QObject::connect(&job, &ProfileJob::message, &loop, [](quint64, const QString &m) {
        err() << m << '\n';
        err().flush();
    });
    QObject::connect(&job, &ProfileJob::finished, &loop, [&](const ProfileOutcome &o) {
        outcome = o;
        loop.quit();
    });
    g_interrupted = false;
    const auto previous = std::signal(SIGINT, onSigint);
    const auto previousTerm = std::signal(SIGTERM, onSigint); // kill, systemd, CI timeouts: stop as on Ctrl+C
    QTimer sigintPoll;
    QObject::connect(&sigintPoll, &QTimer::timeout, &job, [&job] {
        if (g_interrupted.exchange(false)) {
            err() << tr("Interrupted: stopping the capture ...") << '\n';
            err().flush();
            job.cancel();
        }
    });
    sigintPoll.start(100);
    job.start(request);
    loop.exec();
    sigintPoll.stop();
    std::signal(SIGINT, previous);
    std::signal(SIGTERM, previousTerm);

    if (outcome.ok && needSimManifest) {
        if (!loadAotManifest(simManifest, &inputs.aotManifest))
            return ExitBoard;
        request.aotManifest = std::make_shared<const AotManifest>(*inputs.aotManifest);
        request.context.aotManifest = JsonValue::fromQJson(inputs.aotManifest->raw);
        request.outputDir = outputDir;
        outcome = ProfileJob::finishCapture(outcome.capture, request);
    }
    if (needSimManifest)
        QFile::remove(simManifest);

    for (const QString &w : outcome.warnings)
        err() << tr("note: %1").arg(w) << '\n';
    if (!outcome.ok) {
        err() << tr("hpx profile: error: %1").arg(outcome.error) << '\n';
        if (!outcome.hint.isEmpty())
            err() << tr("hint: %1").arg(outcome.hint) << '\n';
        if (QFileInfo::exists(request.session.rawStreamPath))
            err() << tr("The raw stream captured so far is kept in %1 ('hpx import' turns it into a bundle).")
                         .arg(QDir::toNativeSeparators(request.session.rawStreamPath))
                  << '\n';
        err().flush();
        return exitCodeFor(outcome);
    }
    QFile::remove(request.session.rawStreamPath); // the bundle holds it as capture.log
    const ProfileResult &result = *outcome.result;
    err() << tr("%1 layers, %2 counters, validity %3; %4 overlay file(s)")
                 .arg(result.layers.size())
                 .arg(result.counters.size())
                 .arg(result.validity())
                 .arg(outcome.bundle ? outcome.bundle->overlays.files.size() : 0)
          << '\n';
    for (const Issue &issue : result.issues) // the bundle's list (docs/output-files.md#issue-codes)
        err() << issue.severity << QStringLiteral(" [") << issue.code << QStringLiteral("]: ") << issue.message << '\n';
    err().flush();
    out() << QDir::toNativeSeparators(outcome.bundle ? outcome.bundle->directory : outputDir) << '\n';
    out().flush();
    return ExitOk;
}

const CommandRegistration registration({ QStringLiteral("profile"),
    QCoreApplication::translate("hpx", "Profile a model on a board or the simulated board."), &runProfile });

} // namespace
} // namespace hpx::cli
