// `hpx profile MODEL`: capture on a board (serial, TCP or the simulated board), merge, write the bundle.
// The run is the run service's (run::buildRunRequest, run::ProfileJob); this file turns hpx.yml + flags into a
// Config and reports.
#include "app/hpx/cliutil.h"
#include "app/hpx/runoutput.h"
#include "model/board/socprofile.h"
#include "run/profilejob.h"
#include "run/runrequest.h"

#include <QCoreApplication>
#include <QDir>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>
#include <QTimer>

#include <atomic>
#include <csignal>
#include <limits>

namespace hpx::cli {
namespace {

using namespace hpx::model;
using namespace hpx::device;
using namespace hpx::run;

// `hpx profile`: runs the profile the flags and hpx.yml ask for and writes its bundle. Its messages are its own.
class ProfileCommand {
    Q_DECLARE_TR_FUNCTIONS(hpx::cli::ProfileCommand)
public:
    static int run(const QStringList &arguments);
};

std::atomic<bool> g_interrupted { false };

void onSigint(int)
{
    g_interrupted = true;
}

QVector<ConfigFlag> profileFlags()
{
    const QString fw = ProfileCommand::tr(" Firmware build only: accepted, not used by this app.");
    return QVector<ConfigFlag> {
        { QStringLiteral("port"), QStringLiteral("target.port"), QStringLiteral("P|sim|qemu|tcp://HOST:PORT"),
            ProfileCommand::tr(
                "Where the board is: a serial port, sim (the built-in simulated board), qemu (the virtual Cortex-M55: "
                "TFLM on QEMU, built and started for this run) or tcp://HOST:PORT (target.port; hpx Studio "
                "addition). Default: the one recognised hpx board port."),
            {} },
        { QStringLiteral("kernels"), QStringLiteral("target.kernels"), QStringLiteral("K"),
            ProfileCommand::tr(
                "With --port qemu: the virtual board's TFLM kernels, %1 (default) or %2 (target.kernels; "
                "hpx Studio addition).")
                .arg(kernelSetName(defaultKernelSet), kernelSetName(KernelSet::Reference)),
            {} },
        { QStringLiteral("baud"), QStringLiteral("target.baud"), QStringLiteral("N"),
            ProfileCommand::tr("Serial line rate (target.baud, default 115200; hpx Studio addition)."), {} },
        { QStringLiteral("engine"), QStringLiteral("engine.type"), QStringLiteral("E"),
            ProfileCommand::tr("Engine on the board: tflm, helia-rt (default), helia-aot or executorch (engine.type)."),
            {} },
        { QStringLiteral("board"), QStringLiteral("target.board"), QStringLiteral("B"),
            ProfileCommand::tr(
                "Board (target.board, default apollo510_evb); its SoC decides which counters can be captured."),
            {} },
        { QStringLiteral("pmu-counters"), QStringLiteral("profiling.pmu_counters"), QStringLiteral("GROUP:SELECT"),
            ProfileCommand::tr(
                "Counters of a group (cpu, memory, mve): default, all or a comma list of ARM_PMU_* names. Repeatable; "
                "a repeated group replaces the earlier one (profiling.pmu_counters, default cpu:default)."),
            {} },
        { QStringLiteral("iterations"), QStringLiteral("profiling.iterations"), QStringLiteral("N"),
            ProfileCommand::tr("Profiled inferences per pass (profiling.iterations, default 100)."), {} },
        { QStringLiteral("warmup"), QStringLiteral("profiling.warmup"), QStringLiteral("N"),
            ProfileCommand::tr("Unrecorded inferences before each pass (profiling.warmup, default 5)."), {} },
        { QStringLiteral("transport"), QStringLiteral("target.transport"), QStringLiteral("T"),
            ProfileCommand::tr("How the firmware talks: rtt, usb_cdc (waits for DTR), uart (sends HPX_READY) or swo "
                               "(target.transport). Default: chosen from the port."),
            {} },
        { QStringLiteral("usb-port"), QStringLiteral("target.usb_port"), QStringLiteral("P"),
            ProfileCommand::tr("The board's USB CDC port when --port is not given (target.usb_port)."), {} },
        { QStringLiteral("cpu-clock"), QStringLiteral("target.clock.cpu"), QStringLiteral("lp|hp"),
            ProfileCommand::tr("CPU clock the firmware runs at; recorded in run_metadata.json (target.clock.cpu)."),
            {} },
        { QStringLiteral("arena-size"), QStringLiteral("model.arena_size"), QStringLiteral("BYTES"),
            ProfileCommand::tr("The virtual board's (--port qemu) tensor arena in bytes (model.arena_size; default: "
                               "the model's estimate and a margin)."),
            {} },
        { QStringLiteral("arena-location"), QStringLiteral("model.arena_location"), QStringLiteral("L"),
            ProfileCommand::tr("Where the virtual board (--port qemu) puts the tensor arena: tcm, sram or psram "
                               "(model.arena_location; default: the fastest memory that fits)."),
            {} },
        { QStringLiteral("weights-location"), QStringLiteral("model.weights_location"), QStringLiteral("L"),
            ProfileCommand::tr("Where the virtual board (--port qemu) puts the model's weights: tcm, sram, mram "
                               "(read-only) or psram (model.weights_location; default: the fastest that fits beside "
                               "the arena)."),
            {} },
        { QStringLiteral("engine-config"), QStringLiteral("engine.config"), QStringLiteral("YAML"), fw, {} },
        { QStringLiteral("toolchain"), QStringLiteral("target.toolchain"), QStringLiteral("T"), fw, {} },
        { QStringLiteral("jlink-serial"), QStringLiteral("target.jlink_serial"), QStringLiteral("S"), fw, {} },
        { QStringLiteral("rtt-buffer-size-up"), QStringLiteral("target.rtt_buffer_size_up"), QStringLiteral("BYTES"),
            fw, {} },
        { QStringLiteral("ensure-power"), QStringLiteral("target.ensure_board_powered"), QString(), fw,
            QStringLiteral("true") },
        { QStringLiteral("per-layer"), QStringLiteral("profiling.per_layer"), QString(),
            ProfileCommand::tr(" Accepted for compatibility; not used (heliaPROFILER does not use it either)."),
            QStringLiteral("true") },
        { QStringLiteral("no-per-layer"), QStringLiteral("profiling.per_layer"), QString(),
            ProfileCommand::tr(" Accepted for compatibility; not used."), QStringLiteral("false") },
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
    }
    + outputFlags();
}

void printProgress(const CaptureProgress &p, CaptureProgress *last)
{
    const bool newPhase = p.phase != last->phase || p.pass != last->pass;
    const bool newIteration = p.iteration != last->iteration && p.iteration >= 0;
    if (!newPhase && !newIteration)
        return;
    if (p.passCount > 0 && !p.pass.isEmpty()) {
        err() << ProfileCommand::tr("[%1] pass %2/%3 %4")
                     .arg(formatDuration(p.elapsedMs))
                     .arg(p.passNumber)
                     .arg(p.passCount)
                     .arg(p.pass);
        if (p.iteration >= 0)
            err() << ProfileCommand::tr(", iteration %1").arg(p.iteration + 1);
        err() << QStringLiteral(" (") << p.phase << QStringLiteral(")\n");
    } else if (newPhase) {
        err() << ProfileCommand::tr("[%1] %2").arg(formatDuration(p.elapsedMs), p.phase) << '\n';
    }
    err().flush();
    *last = p;
}

// The options of `hpx profile` beyond its configuration flags.
struct ProfileOptions {
    QCommandLineOption config;
    QCommandLineOption plan;
    QCommandLineOption manifest;
    QCommandLineOption verbose;
    QCommandLineOption input;
    QCommandLineOption inputSeed;
};

ProfileOptions describeProfileCommand(QCommandLineParser &parser)
{
    parser.setApplicationDescription(ProfileCommand::tr(
        "Profile a .tflite model on a board running hpx firmware (or on the built-in simulated board): run the\n"
        "PMU passes the counter selection needs, merge them per layer and write a result bundle with Model\n"
        "Explorer overlays. Settings: built-in defaults < --config FILE < flags (docs/config.md).\n"
        "Progress goes to stderr; the bundle directory is printed on stdout.\n"
        "Exit codes: 0 ok; 2 bad input (model, config, arguments, counters the SoC cannot capture);\n"
        "3 board or link error; 4 interrupted (Ctrl+C), the raw stream captured so far is kept;\n"
        "5 the bundle was written but its validity is invalid (its errors are printed; do not trust its values)."));
    parser.addPositionalArgument(
        QStringLiteral("MODEL"), ProfileCommand::tr("The .tflite model the board runs (model.path)."));
    ProfileOptions options { QCommandLineOption(QStringLiteral("config"),
                                 ProfileCommand::tr("hpx.yml to read first; flags override it (docs/config.md)."),
                                 QStringLiteral("FILE")),
        QCommandLineOption(QStringLiteral("plan"),
            ProfileCommand::tr("Print the pass plan for the selected counters and board, then exit "
                               "without connecting (hpx Studio addition).")),
        QCommandLineOption(QStringLiteral("aot-manifest"),
            ProfileCommand::tr(
                "heliaAOT aot_operator_manifest.json for a helia-aot run (hpx Studio addition; the simulated board "
                "writes its own)."),
            QStringLiteral("F")),
        QCommandLineOption({ QStringLiteral("v"), QStringLiteral("verbose") },
            ProfileCommand::tr("Also show the libraries' log (hpx.device, hpx.model) on stderr.")),
        QCommandLineOption(QStringLiteral("input"),
            ProfileCommand::tr(
                "With --port qemu: feed the model's input from FILE, its raw bytes (exactly the tensor's size) or a "
                ".npy of the tensor's dtype and shape. One per model input, in order. Default: the board's fixed "
                "input (hpx Studio addition)."),
            QStringLiteral("FILE")),
        QCommandLineOption(QStringLiteral("input-seed"),
            ProfileCommand::tr("With --port qemu: feed every model input with random data from seed N (SplitMix64; "
                               "the same N gives the same input; not with --input; hpx Studio addition)."),
            QStringLiteral("N")) };
    parser.addOption(options.config);
    parser.addOption(options.plan);
    parser.addOption(options.manifest);
    parser.addOption(options.verbose);
    parser.addOption(options.input);
    parser.addOption(options.inputSeed);
    return options;
}

// SIGINT, SIGTERM (kill, systemd, CI timeouts) and SIGHUP (the terminal went away) stop a run as Ctrl+C does, not as
// a lost capture, from construction until restore().
class StopSignals {
public:
    StopSignals()
    {
        g_interrupted = false;
        m_previous = std::signal(SIGINT, onSigint);
        m_previousTerm = std::signal(SIGTERM, onSigint);
        m_previousHup = std::signal(SIGHUP, onSigint);
    }
    ~StopSignals() { restore(); }
    StopSignals(const StopSignals &) = delete;
    StopSignals &operator=(const StopSignals &) = delete;

    void restore()
    {
        if (m_restored)
            return;
        m_restored = true;
        std::signal(SIGINT, m_previous);
        std::signal(SIGTERM, m_previousTerm);
        std::signal(SIGHUP, m_previousHup);
    }

private:
    using Handler = void (*)(int);
    Handler m_previous = nullptr;
    Handler m_previousTerm = nullptr;
    Handler m_previousHup = nullptr;
    bool m_restored = false;
};

// The virtual board's build and start, line by line as they come: the build's percentage with the time it should
// still take, every other line of its script as it is.
void printBoardProgress(const BoardProgress &p)
{
    if (p.line.isEmpty())
        return; // the preparation began: "Preparing the virtual board" was said
    if (p.step == BoardProgress::Step::Building && p.percent >= 0 && p.line.contains(QLatin1Char('%')))
        err() << ProfileCommand::tr("virtual board: %1").arg(p.text)
              << (p.remainingMs >= 0
                         ? ProfileCommand::tr(" (about %1 left, estimate)").arg(formatDuration(p.remainingMs))
                         : QString())
              << '\n';
    else
        err() << ProfileCommand::tr("virtual board: %1").arg(p.line) << '\n';
    err().flush();
}

// Runs the request to its end, printing its progress and messages; Ctrl+C cancels it.
ProfileOutcome runJob(const RunRequest &request)
{
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
    QObject::connect(
        &job, &ProfileJob::boardProgress, &loop, [](quint64, const BoardProgress &p) { printBoardProgress(p); });
    QObject::connect(&job, &ProfileJob::finished, &loop, [&](const ProfileOutcome &o) {
        outcome = o;
        loop.quit();
    });
    QTimer sigintPoll;
    QObject::connect(&sigintPoll, &QTimer::timeout, &job, [&job] {
        if (g_interrupted.exchange(false)) {
            err() << (job.isPreparingBoard() ? ProfileCommand::tr("Interrupted: stopping the virtual board ...")
                                             : ProfileCommand::tr("Interrupted: stopping the capture ..."))
                  << '\n';
            err().flush();
            job.cancel();
        }
    });
    sigintPoll.start(100);
    job.start(request);
    loop.exec();
    sigintPoll.stop();
    return outcome;
}

int ProfileCommand::run(const QStringList &arguments)
{
    QCommandLineParser parser;
    const ProfileOptions options = describeProfileCommand(parser);
    const QVector<ConfigFlag> flags = profileFlags();
    addConfigFlags(parser, flags);
    int exitCode = ExitOk;
    if (!parseCommandLine(parser, QStringLiteral("profile"), arguments, &exitCode))
        return exitCode;
    const QStringList positional = parser.positionalArguments();
    if (positional.size() > 1) {
        err() << ProfileCommand::tr("hpx profile: expected one MODEL, got %1 arguments.").arg(positional.size())
              << '\n';
        return ExitBadInput;
    }

    std::optional<Config> resolved = resolveConfig(parser, options.config, flags, positional.value(0));
    if (!resolved)
        return ExitBadInput;
    Config &config = *resolved;

    QString error;
    const std::optional<PassPlan> plan = planFor(config, &error);
    if (!plan) {
        err() << ProfileCommand::tr("hpx profile: %1").arg(error) << '\n';
        return ExitBadInput;
    }
    if (parser.isSet(options.plan)) {
        out() << plan->text() << '\n';
        out().flush();
        return ExitOk;
    }
    if (config.modelPath().isEmpty()) {
        err() << ProfileCommand::tr("hpx profile: no model given (MODEL or model.path).") << '\n';
        return ExitBadInput;
    }
    std::shared_ptr<const ModelInfo> model;
    std::shared_ptr<const AotManifest> aotManifest;
    if (!RunOutput::loadModelFor(config.modelPath(), &model)
        || !RunOutput::loadAotManifest(parser.value(options.manifest), &aotManifest))
        return ExitBadInput;

    RunSetup setup;
    setup.input.files = parser.values(options.input);
    if (parser.isSet(options.inputSeed)) {
        bool ok = false;
        const quint64 seed = parser.value(options.inputSeed).toULongLong(&ok);
        if (!ok) {
            err() << ProfileCommand::tr("hpx profile: --input-seed wants a whole number from 0 to %1, not '%2'.")
                         .arg(std::numeric_limits<quint64>::max())
                         .arg(parser.value(options.inputSeed))
                  << '\n';
            return ExitBadInput;
        }
        setup.input.seed = seed;
    }

    StopSignals stopSignals;
    std::optional<RunRequest> built = buildRunRequest(config, model, aotManifest, setup, &error);
    if (!built) {
        stopSignals.restore();
        err() << ProfileCommand::tr("hpx profile: %1").arg(error) << '\n';
        return ExitBadInput;
    }
    const RunRequest &request = *built;
    const SocProfile *soc = socs::forBoard(request.config.board());
    err() << ProfileCommand::tr("Profiling %1 (%2) on %3, board %4 (%5): %6")
                 .arg(QFileInfo(config.modelPath()).fileName(), engineName(request.engine), request.link.text(),
                     request.config.board(), soc ? soc->displayName() : request.config.board(),
                     ProfileCommand::tr("%n pass(es)", nullptr, request.plan.passCount()))
          << '\n';
    err().flush();

    const ProfileOutcome outcome = runJob(request);
    stopSignals.restore();

    const int code = RunOutput::reportOutcome(QStringLiteral("profile"), outcome);
    if (outcome.ok) {
        QFile::remove(request.session.rawStreamPath); // the bundle holds it as capture.log
    } else if (QFileInfo::exists(request.session.rawStreamPath)) {
        err() << ProfileCommand::tr(
            "The raw stream captured so far is kept in %1 ('hpx import' turns it into a bundle).")
                     .arg(QDir::toNativeSeparators(request.session.rawStreamPath))
              << '\n';
        err().flush();
    }
    return code;
}

const CommandRegistration registration({ QStringLiteral("profile"),
    ProfileCommand::tr("Profile a model on a board or the simulated board."), &ProfileCommand::run });

} // namespace
} // namespace hpx::cli
