// `hpx profile MODEL`: capture on a board (serial, TCP or the simulated board), merge, write the bundle.
// The run is the run service's (run::buildRunRequest, run::ProfileJob); this file turns hpx.yml + flags into a
// Config and reports.
#include "app/hpx/cliutil.h"
#include "app/hpx/runoutput.h"
#include "model/board/socprofile.h"
#include "run/profilejob.h"
#include "run/runrequest.h"
#include "run/virtualboard.h"

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
using namespace hpx::run;

struct ProfileCommand {
    Q_DECLARE_TR_FUNCTIONS(hpx::cli::ProfileCommand)
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
    QCommandLineOption kernels;
};

ProfileOptions describeProfileCommand(QCommandLineParser &parser)
{
    parser.setApplicationDescription(ProfileCommand::tr(
        "Profile a .tflite model on a board running hpx firmware (or on the built-in simulated board): run the\n"
        "PMU passes the counter selection needs, merge them per layer and write a result bundle with Model\n"
        "Explorer overlays. Settings: built-in defaults < --config FILE < flags (docs/config.md).\n"
        "Progress goes to stderr; the bundle directory is printed on stdout.\n"
        "Exit codes: 0 ok; 2 bad input (model, config, arguments, counters the SoC cannot capture);\n"
        "3 board or link error; 4 interrupted (Ctrl+C), the raw stream captured so far is kept."));
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
        QCommandLineOption(QStringLiteral("kernels"),
            ProfileCommand::tr(
                "With --port qemu: the virtual board's TFLM kernels, cmsis-nn (default) or reference (hpx Studio "
                "addition)."),
            QStringLiteral("K")) };
    parser.addOption(options.config);
    parser.addOption(options.plan);
    parser.addOption(options.manifest);
    parser.addOption(options.verbose);
    parser.addOption(options.kernels);
    return options;
}

// The virtual board runs TFLM under its own board profile: never an Ambiq board or another engine. Refuses what
// contradicts that (false) and sets the rest.
bool fitConfigToVirtualBoard(Config &config, const QString &kernels)
{
    if (!VirtualBoard::kernelSets().contains(kernels)) {
        err() << ProfileCommand::tr("hpx profile: unknown kernel set '%1' (choose cmsis-nn or reference).").arg(kernels)
              << '\n';
        return false;
    }
    if (config.isExplicit(QStringLiteral("engine.type")) && config.engine() != Engine::Tflm) {
        err() << ProfileCommand::tr(
            "hpx profile: the virtual board runs TensorFlow Lite Micro; --engine %1 does not apply.")
                     .arg(engineName(config.engine()))
              << '\n';
        return false;
    }
    if (config.isExplicit(QStringLiteral("target.board")) && config.board() != VirtualBoard::boardName()) {
        err() << ProfileCommand::tr("hpx profile: the virtual board is board %1; --board %2 does not apply.")
                     .arg(VirtualBoard::boardName(), config.board())
              << '\n';
        return false;
    }
    ConfigDiagnostics diagnostics;
    config.setEngine(Engine::Tflm, &diagnostics);
    config.setBoard(VirtualBoard::boardName(), &diagnostics);
    // Its firmware talks UART (CMSDK UART0) behind QEMU's TCP socket.
    if (!config.isExplicit(QStringLiteral("target.transport")))
        config.setFirmwareTransport(FirmwareTransport::Uart, &diagnostics);
    return !printDiagnostics(diagnostics);
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

// Builds what is missing (progress on stderr) and starts QEMU on a free port; the board stops with this run. Returns
// the board's tcp:// URL, or an empty one with the reason in `failure`.
QString startVirtualBoard(VirtualBoard &board, const QString &modelPath, const QString &kernels, QString *failure)
{
    QEventLoop wait;
    QString url;
    QObject::connect(&board, &VirtualBoard::progress, &wait, [](const QString &line) {
        err() << ProfileCommand::tr("virtual board: %1").arg(line) << '\n';
        err().flush();
    });
    QObject::connect(&board, &VirtualBoard::started, &wait, [&](const QString &u) {
        url = u;
        wait.quit();
    });
    QObject::connect(&board, &VirtualBoard::failed, &wait, [&](const QString &m) {
        *failure = m;
        wait.quit();
    });
    QTimer poll;
    QObject::connect(&poll, &QTimer::timeout, &wait, [&] {
        if (g_interrupted.load()) {
            *failure = ProfileCommand::tr("Interrupted while the virtual board was being prepared.");
            wait.quit();
        }
    });
    poll.start(100);
    board.start(QFileInfo(modelPath).absoluteFilePath(), kernels,
        QCoreApplication::applicationDirPath() + QStringLiteral("/hpx"));
    wait.exec();
    return url;
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
    QObject::connect(&job, &ProfileJob::finished, &loop, [&](const ProfileOutcome &o) {
        outcome = o;
        loop.quit();
    });
    QTimer sigintPoll;
    QObject::connect(&sigintPoll, &QTimer::timeout, &job, [&job] {
        if (g_interrupted.exchange(false)) {
            err() << ProfileCommand::tr("Interrupted: stopping the capture ...") << '\n';
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

int runProfile(const QStringList &arguments)
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

    const bool virtualBoard = config.port() == VirtualBoard::portName();
    const QString kernels
        = parser.isSet(options.kernels) ? parser.value(options.kernels) : VirtualBoard::defaultKernels();
    if (parser.isSet(options.kernels) && !virtualBoard) {
        err() << ProfileCommand::tr("hpx profile: --kernels applies only to the virtual board (--port qemu).") << '\n';
        return ExitBadInput;
    }
    if (virtualBoard && !fitConfigToVirtualBoard(config, kernels))
        return ExitBadInput;

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
    if (!loadModelFor(config.modelPath(), &model) || !loadAotManifest(parser.value(options.manifest), &aotManifest))
        return ExitBadInput;

    StopSignals stopSignals;
    VirtualBoard board;
    if (virtualBoard) {
        QString failure;
        const QString url = startVirtualBoard(board, config.modelPath(), kernels, &failure);
        if (url.isEmpty()) {
            board.stop();
            stopSignals.restore();
            err() << ProfileCommand::tr("hpx profile: the virtual board did not start: %1").arg(failure) << '\n';
            return g_interrupted.exchange(false) ? ExitInterrupted : ExitBoard;
        }
        ConfigDiagnostics diagnostics;
        config.setPort(url, &diagnostics);
        printDiagnostics(diagnostics);
    }

    std::optional<RunRequest> built = buildRunRequest(config, model, aotManifest, RunSetup(), &error);
    if (built && virtualBoard)
        built->context.emulator = VirtualBoard::emulatorJson(kernels);
    if (!built) {
        stopSignals.restore();
        err() << ProfileCommand::tr("hpx profile: %1").arg(error) << '\n';
        return ExitBadInput;
    }
    const RunRequest &request = *built;
    const SocProfile *soc = socs::forBoard(config.board());
    err() << ProfileCommand::tr("Profiling %1 (%2) on %3, board %4 (%5): %6")
                 .arg(QFileInfo(config.modelPath()).fileName(), engineName(request.engine), request.link.text(),
                     config.board(), soc ? soc->displayName() : config.board(),
                     ProfileCommand::tr("%n pass(es)", nullptr, request.plan.passCount()))
          << '\n';
    err().flush();

    const ProfileOutcome outcome = runJob(request);
    stopSignals.restore();

    const int code = reportOutcome(QStringLiteral("profile"), outcome);
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
    QCoreApplication::translate("hpx", "Profile a model on a board or the simulated board."), &runProfile });

} // namespace
} // namespace hpx::cli
