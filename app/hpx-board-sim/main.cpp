// hpx-board-sim: a simulated board speaking heliaPROFILER's wire protocol v1 (docs/simulator.md) on stdout or on a
// pseudo-terminal. Glue only: the board is hpx::device::SimulatedBoard.

#include "device/sim/simfaults.h"
#include "device/sim/simpower.h"
#include "device/sim/simulatedboard.h"
#include "model/board/passplanner.h"
#include "model/board/socprofile.h"
#include "model/tflite/tflitemodel.h"
#include "model/version.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QSocketNotifier>
#include <QTimer>

#include <cerrno>
#include <cstdio>
#include <fcntl.h>
#include <pty.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

using namespace hpx::device;

namespace {

enum ExitCode { ExitOk = 0, ExitUsage = 2, ExitLink = 3 };

struct Endpoint;
struct ServeOptions;

// hpx-board-sim: reads its command line into a simulator configuration, opens the endpoint and serves the stream. Its
// messages are its own (English only: it loads no catalogue).
class BoardSimulator {
    Q_DECLARE_TR_FUNCTIONS(BoardSimulator)
public:
    static int run(QCoreApplication &app);

private:
    static QVector<WirePass> passesFromArguments(const QCommandLineParser &args, const hpx::model::SocProfile &soc);
    static int intOption(const QCommandLineParser &args, const char *name, int min, int max);
    static double doubleOption(const QCommandLineParser &args, const char *name, double min, double max);
    static void describeCommandLine(QCommandLineParser &args);
    static SimulatorConfig simulatorConfigFromArguments(const QCommandLineParser &args);
    static Endpoint openEndpoint(bool pty);
};

[[noreturn]] void die(const QString &message, int code = ExitUsage)
{
    std::fprintf(stderr, "hpx-board-sim: %s\n", qPrintable(message));
    std::exit(code);
}

// Byte sink and host-byte source: stdout/stdin or a pty master. Writes never block the event loop.
class Link : public QObject {
public:
    Link(int readFd, int writeFd, QObject *parent)
        : QObject(parent)
        , m_readFd(readFd)
        , m_writeFd(writeFd)
    {
        ::fcntl(m_writeFd, F_SETFL, ::fcntl(m_writeFd, F_GETFL) | O_NONBLOCK);
        if (m_readFd >= 0) {
            m_reader = new QSocketNotifier(m_readFd, QSocketNotifier::Read, this);
            connect(m_reader, &QSocketNotifier::activated, this, [this] { readHost(); });
        }
        m_writer = new QSocketNotifier(m_writeFd, QSocketNotifier::Write, this);
        m_writer->setEnabled(false);
        connect(m_writer, &QSocketNotifier::activated, this, [this] { drain(); });
    }

    std::function<void(const QByteArray &)> onHostBytes;
    std::function<void()> onDrained;

    void write(const QByteArray &bytes)
    {
        m_pending += bytes;
        drain();
    }
    bool idle() const { return m_pending.isEmpty(); }
    void close()
    {
        if (m_reader)
            m_reader->setEnabled(false);
        m_writer->setEnabled(false);
        ::close(m_writeFd);
        if (m_readFd >= 0 && m_readFd != m_writeFd)
            ::close(m_readFd);
    }

private:
    void readHost()
    {
        char buffer[4096];
        const ssize_t n = ::read(m_readFd, buffer, sizeof buffer);
        if (n > 0) {
            if (onHostBytes)
                onHostBytes(QByteArray(buffer, int(n)));
        } else if (n == 0 || (errno != EAGAIN && errno != EINTR)) {
            m_reader->setEnabled(false); // EOF on stdin: no more host input
        }
    }
    void drain()
    {
        while (!m_pending.isEmpty()) {
            const ssize_t n = ::write(m_writeFd, m_pending.constData(), size_t(m_pending.size()));
            if (n > 0) {
                m_pending.remove(0, int(n));
                continue;
            }
            if (n < 0 && (errno == EAGAIN || errno == EINTR)) {
                m_writer->setEnabled(true);
                return;
            }
            die(BoardSimulator::tr("cannot write the stream: %1").arg(QString::fromLocal8Bit(std::strerror(errno))),
                ExitLink);
        }
        m_writer->setEnabled(false);
        if (onDrained)
            onDrained();
    }

    int m_readFd;
    int m_writeFd;
    QSocketNotifier *m_reader = nullptr;
    QSocketNotifier *m_writer = nullptr;
    QByteArray m_pending;
};

QVector<WirePass> BoardSimulator::passesFromArguments(const QCommandLineParser &args, const hpx::model::SocProfile &soc)
{
    QVector<WirePass> passes;
    for (const QString &text : args.values(QStringLiteral("passes"))) {
        for (const QString &one : text.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
            QString error;
            const auto pass = parseSimPass(one, &error);
            if (!pass)
                die(error);
            passes.append(*pass);
        }
    }
    const QStringList selections = args.values(QStringLiteral("pmu-counters"));
    if (!selections.isEmpty()) {
        if (!passes.isEmpty())
            die(BoardSimulator::tr("use either --passes or --pmu-counters, not both"));
        QString error;
        const auto selection = hpx::model::CounterSelection::fromArguments(selections, &error);
        if (!selection)
            die(error);
        const hpx::model::PlanOutcome outcome = hpx::model::planner::plan(*selection, soc);
        if (!outcome.ok())
            die(outcome.error);
        for (const auto &planned : outcome.plan->passes)
            passes.append(WirePass { planned.name, planned.columns() });
    }
    return passes;
}

QStringList socNames()
{
    QStringList names;
    for (const hpx::model::SocProfile &soc : hpx::model::socs::all())
        names.append(soc.name);
    return names;
}

int BoardSimulator::intOption(const QCommandLineParser &args, const char *name, int min, int max)
{
    bool ok = false;
    const int value = args.value(QLatin1String(name)).toInt(&ok);
    if (!ok || value < min || value > max)
        die(BoardSimulator::tr("--%1 must be a whole number from %2 to %3, not '%4'")
                .arg(QLatin1String(name))
                .arg(min)
                .arg(max)
                .arg(args.value(QLatin1String(name))));
    return value;
}

double BoardSimulator::doubleOption(const QCommandLineParser &args, const char *name, double min, double max)
{
    bool ok = false;
    const double value = args.value(QLatin1String(name)).toDouble(&ok);
    if (!ok || value < min || value > max)
        die(BoardSimulator::tr("--%1 must be a number from %2 to %3, not '%4'")
                .arg(QLatin1String(name))
                .arg(min)
                .arg(max)
                .arg(args.value(QLatin1String(name))));
    return value;
}

// The command line: the description with the fault specs, and every option with its default.
void BoardSimulator::describeCommandLine(QCommandLineParser &args)
{
    args.setApplicationDescription(
        BoardSimulator::tr(
            "A simulated board running heliaPROFILER firmware: prints the wire-protocol v1 stream for MODEL "
            "(a .tflite file) on stdout (default) or on a pseudo-terminal (--pty), with counter values from a "
            "deterministic cost model (docs/simulator.md).\n\n")
        + faultSpecHelp()
        + BoardSimulator::tr(
            "\n\nExit codes: 0 the stream was served; 2 bad arguments or model; 3 link error or injected "
            "disconnect."));
    args.addHelpOption();
    args.addVersionOption();
    args.addPositionalArgument(QStringLiteral("MODEL"), BoardSimulator::tr("The .tflite model the board runs."));
    const QList<QCommandLineOption> options = {
        { QStringLiteral("engine"),
            BoardSimulator::tr("Inference engine: tflm, helia-rt, helia-aot or executorch (default tflm)."),
            BoardSimulator::tr("ENGINE"), QStringLiteral("tflm") },
        { QStringLiteral("soc"),
            BoardSimulator::tr(
                "SoC profile, one of hpx's SoCs: %1. apollo510 is a Cortex-M55 with PMU and MVE, apollo4p a "
                "Cortex-M4 with DWT only.")
                .arg(socNames().join(QStringLiteral(", "))),
            BoardSimulator::tr("SOC"), QStringLiteral("apollo510") },
        { QStringLiteral("transport"),
            BoardSimulator::tr(
                "Transport the firmware was built for: uart (40x HPX_READY), usb_cdc (waits for DTR / the first host "
                "byte) or rtt (1x HPX_READY; default)."),
            BoardSimulator::tr("TRANSPORT"), QStringLiteral("rtt") },
        { QStringLiteral("passes"),
            BoardSimulator::tr(
                "Built-in passes, NAME:EVENT[,EVENT...] (events as ARM_PMU_* names or 0xNNNN); repeatable or "
                "space-separated. Default: cpu_0 with hpx's cpu default counters."),
            BoardSimulator::tr("PASSES") },
        { QStringLiteral("pmu-counters"),
            BoardSimulator::tr(
                "Built-in passes planned as hpx does from GROUP:SELECT (SELECT = default, all or a comma list); "
                "repeatable."),
            BoardSimulator::tr("GROUP:SELECT") },
        { QStringLiteral("iterations"), BoardSimulator::tr("Profiled inferences per pass (default 2)."),
            BoardSimulator::tr("N"), QStringLiteral("2") },
        { QStringLiteral("warmup"), BoardSimulator::tr("Warm-up inferences per pass (default 1)."),
            BoardSimulator::tr("N"), QStringLiteral("1") },
        { QStringLiteral("seed"),
            BoardSimulator::tr("Seed of the cost model's noise and of the fault injection (default 1)."),
            BoardSimulator::tr("N"), QStringLiteral("1") },
        { QStringLiteral("noise"),
            BoardSimulator::tr("Relative iteration-to-iteration noise of timing events (default 0.01)."),
            BoardSimulator::tr("X"), QStringLiteral("0.01") },
        { QStringLiteral("wrap"),
            BoardSimulator::tr("Print one wrapped (>= 2^31) sample per pass in every iteration after the first.") },
        { QStringLiteral("heartbeat"),
            BoardSimulator::tr("Heartbeat every N operators; 0 disables heartbeats (default 8)."),
            BoardSimulator::tr("N"), QStringLiteral("8") },
        { QStringLiteral("while-iterations"), BoardSimulator::tr("Times a WHILE body runs per inference (default 3)."),
            BoardSimulator::tr("N"), QStringLiteral("3") },
        { QStringLiteral("clock-mhz"), BoardSimulator::tr("Core clock in MHz (default 96)."), BoardSimulator::tr("MHZ"),
            QStringLiteral("96") },
        { QStringLiteral("no-debugger"),
            BoardSimulator::tr("Apollo4: no debugger attached, so the DWT cycle counter reads 0.") },
        { QStringLiteral("fault"), BoardSimulator::tr("Inject a fault (see above); repeatable."),
            BoardSimulator::tr("SPEC") },
        { QStringLiteral("ground-truth"),
            BoardSimulator::tr("Write the exact values the board sends (and the faults it injected) to FILE as JSON."),
            BoardSimulator::tr("FILE") },
        { QStringLiteral("aot-manifest"), BoardSimulator::tr("helia-aot: write aot_operator_manifest.json to FILE."),
            BoardSimulator::tr("FILE") },
        { QStringLiteral("power-recording"),
            BoardSimulator::tr("Run the power and marker windows after the passes and write a SIMULATED power "
                               "recording that matches the stream to FILE (.jls: Joulescope JLS, else CSV), from the "
                               "current model of docs/power.md. It measures nothing."),
            BoardSimulator::tr("FILE") },
        { QStringLiteral("power-inferences"), BoardSimulator::tr("Inferences in each power window (default 10)."),
            BoardSimulator::tr("N"), QStringLiteral("10") },
        { QStringLiteral("aot-labels"), BoardSimulator::tr("helia-aot: a build without manifest, tags op:<layer>.") },
        { QStringLiteral("plan-support"),
            BoardSimulator::tr(
                "Announce HPX_PLAN_SUPPORTED=1 and accept an HPX_PLAN command from the host (docs/protocol.md).") },
        { QStringLiteral("plan-wait"),
            BoardSimulator::tr("How long the board waits for HPX_PLAN, in ms (default 3000)."),
            BoardSimulator::tr("MS"), QStringLiteral("3000") },
        { QStringLiteral("pty"), BoardSimulator::tr("Serve on a new pseudo-terminal; its path is printed on stdout.") },
        { QStringLiteral("stdout"),
            BoardSimulator::tr("Write the stream to stdout; host commands are read from stdin (default).") },
        { QStringLiteral("baud"),
            BoardSimulator::tr("Pace the output at N baud, 8N1 (bytes x 10 / N seconds); 0 = unpaced."),
            BoardSimulator::tr("N"), QStringLiteral("0") },
        { QStringLiteral("start-delay"),
            BoardSimulator::tr(
                "Power on MS milliseconds after start instead of at the host's first byte (--pty); -1 = wait for "
                "the host (default for --pty; --stdout starts at once)."),
            BoardSimulator::tr("MS"), QStringLiteral("-1") },
        { QStringLiteral("repeat"),
            BoardSimulator::tr("--pty: after a session, power on again at the host's next byte.") },
        { QStringLiteral("time-scale"),
            BoardSimulator::tr(
                "Scale of modelled durations (preamble, clean window, inferences): 1 = real time (default), 0 = none."),
            BoardSimulator::tr("X"), QStringLiteral("1") },
        { QStringLiteral("no-uart-glitch"),
            BoardSimulator::tr("UART: do not print the garbage byte after the clean window.") },
    };
    args.addOptions(options);
}

// The simulated board's configuration from the model and the options; dies on anything it cannot use.
SimulatorConfig BoardSimulator::simulatorConfigFromArguments(const QCommandLineParser &args)
{
    const hpx::model::ModelLoadResult loaded = hpx::model::loadModel(args.positionalArguments().first());
    if (!loaded.ok())
        die(loaded.error);

    SimulatorConfig config;
    config.model = *loaded.model;
    const auto engine = hpx::model::engineFromName(args.value(QStringLiteral("engine")));
    const auto soc = simSocFromString(args.value(QStringLiteral("soc")));
    const auto transport = hpx::model::firmwareTransportFromName(args.value(QStringLiteral("transport")));
    if (!engine)
        die(BoardSimulator::tr("unknown engine '%1' (tflm, helia-rt, helia-aot, executorch)")
                .arg(args.value(QStringLiteral("engine"))));
    if (!soc)
        die(BoardSimulator::tr("unknown SoC '%1' (%2)")
                .arg(args.value(QStringLiteral("soc")), socNames().join(QStringLiteral(", "))));
    if (!transport)
        die(BoardSimulator::tr("unknown transport '%1' (uart, usb_cdc, rtt)")
                .arg(args.value(QStringLiteral("transport"))));
    config.engine = *engine;
    config.soc = *soc;
    config.firmwareTransport = *transport;
    config.passes = passesFromArguments(args, config.soc);
    if (args.isSet(QStringLiteral("power-recording")))
        config.powerInferences = intOption(args, "power-inferences", 1, 100000);
    config.iterations = intOption(args, "iterations", 1, 100000);
    config.warmup = intOption(args, "warmup", 0, 10000);
    bool seedOk = false;
    config.seed = args.value(QStringLiteral("seed")).toULongLong(&seedOk);
    if (!seedOk)
        die(BoardSimulator::tr("--seed must be a non-negative whole number"));
    config.noise = doubleOption(args, "noise", 0, 0.5);
    config.wrap = args.isSet(QStringLiteral("wrap"));
    config.heartbeatEveryNOps = intOption(args, "heartbeat", 0, 1000000);
    config.whileIterations = intOption(args, "while-iterations", 0, 1000);
    config.clockHz = qint64(intOption(args, "clock-mhz", 1, 2000)) * 1000000;
    config.debuggerAttached = !args.isSet(QStringLiteral("no-debugger"));
    for (const QString &spec : args.values(QStringLiteral("fault"))) {
        QString error;
        if (!applyFaultSpec(config.faults, spec, &error))
            die(error);
    }
    config.aotManifestPath = args.value(QStringLiteral("aot-manifest"));
    config.aotOpIdTags = !args.isSet(QStringLiteral("aot-labels"));
    config.hostPlanSupport = args.isSet(QStringLiteral("plan-support"));
    config.planWaitMs = intOption(args, "plan-wait", 0, 600000);
    config.baud = intOption(args, "baud", 0, 100000000);
    config.timeScale = doubleOption(args, "time-scale", 0, 100);
    config.uartGlitch = !args.isSet(QStringLiteral("no-uart-glitch"));
    if (const QString error = validateSimulatorConfig(config); !error.isEmpty())
        die(error);
    if (!config.aotManifestPath.isEmpty() && config.engine != hpx::model::Engine::HeliaAot)
        die(BoardSimulator::tr("--aot-manifest needs --engine helia-aot"));

    return config;
}

// Where the board reads host bytes and writes its stream: stdin/stdout, or a new pseudo-terminal's master (its path
// printed on stdout). slaveFd is the pty's other end, kept open by the board, or -1.
struct Endpoint {
    int readFd = STDIN_FILENO;
    int writeFd = STDOUT_FILENO;
    int slaveFd = -1;
};

Endpoint BoardSimulator::openEndpoint(bool pty)
{
    Endpoint endpoint;
    if (pty) {
        int master = -1;
        char name[256] = {};
        if (::openpty(&master, &endpoint.slaveFd, name, nullptr, nullptr) != 0)
            die(BoardSimulator::tr("cannot create a pseudo-terminal: %1")
                    .arg(QString::fromLocal8Bit(std::strerror(errno))),
                ExitLink);
        // Raw, no echo: the host must see the board's bytes unchanged and the board must not read them back.
        termios raw {};
        ::tcgetattr(endpoint.slaveFd, &raw);
        ::cfmakeraw(&raw);
        ::tcsetattr(endpoint.slaveFd, TCSANOW, &raw);
        // The slave stays open here so the master never reads EIO while no host has the port open.
        ::fcntl(master, F_SETFL, ::fcntl(master, F_GETFL) | O_NONBLOCK);
        endpoint.readFd = endpoint.writeFd = master;
        std::printf("%s\n", name);
        std::fflush(stdout);
    }
    return endpoint;
}

// How the board is served: when it powers on, whether it powers on again, where its ground truth goes.
struct ServeOptions {
    bool pty = false;
    bool repeat = false;
    int startDelay = 0; // ms; -1 = at the host's first byte
    QString truthPath;
    QString powerRecordingPath; // --power-recording
};

// Runs the board on the endpoint until the stream is served and read (or the link drops); returns the exit code.
int serve(QCoreApplication &app, const SimulatorConfig &config, const Endpoint &endpoint, const ServeOptions &options)
{
    const bool pty = options.pty;
    const bool repeat = options.repeat;
    const int startDelay = options.startDelay;
    const QString &truthPath = options.truthPath;
    const int slaveFd = endpoint.slaveFd;
    SimulatedBoard board(config);
    Link link(endpoint.readFd, endpoint.writeFd, &app);
    bool running = false, waitingForHost = pty && startDelay < 0, done = false;
    int exitCode = ExitOk;

    auto powerOn = [&] {
        running = true;
        waitingForHost = false;
        board.setDtr(true); // USB CDC: the host "opened" the port
        board.reset();
    };
    auto writeTruth = [&] {
        if (truthPath.isEmpty())
            return;
        QString error;
        if (!board.groundTruth().writeJson(truthPath, &error))
            std::fprintf(stderr, "hpx-board-sim: %s\n", qPrintable(error));
    };
    // Leave once the host has read everything (bytes still queued in the pty count as unread).
    auto finishWhenRead = [&] {
        auto *poll = new QTimer(&app);
        QObject::connect(poll, &QTimer::timeout, &app, [&, poll] {
            int unread = 0;
            if (!link.idle() || (slaveFd >= 0 && ::ioctl(slaveFd, FIONREAD, &unread) == 0 && unread > 0))
                return;
            poll->stop();
            QCoreApplication::exit(exitCode);
        });
        poll->start(50);
    };

    QObject::connect(&board, &SimulatedBoard::deviceBytes, &app, [&](const QByteArray &bytes) { link.write(bytes); });
    QObject::connect(&board, &SimulatedBoard::planDecided, &app, [&](bool fromHost, int passes) {
        std::fprintf(stderr, "hpx-board-sim: running %d %s pass(es)\n", passes, fromHost ? "host-planned" : "built-in");
        writeTruth();
    });
    QObject::connect(&board, &SimulatedBoard::disconnected, &app, [&] {
        std::fprintf(stderr, "hpx-board-sim: injected disconnect\n");
        exitCode = ExitLink;
        link.close();
        done = true;
        QCoreApplication::exit(exitCode);
    });
    auto writePowerRecording = [&] {
        if (options.powerRecordingPath.isEmpty())
            return;
        QString error;
        if (!SimPower::writeRecording(
                board.groundTruth(), config.clockHz, config.powerInferences, options.powerRecordingPath, &error))
            std::fprintf(stderr, "hpx-board-sim: %s\n", qPrintable(error));
        else
            std::fprintf(stderr, "hpx-board-sim: wrote the simulated power recording %s\n",
                qPrintable(options.powerRecordingPath));
    };
    QObject::connect(&board, &SimulatedBoard::finished, &app, [&] {
        running = false;
        writeTruth();
        writePowerRecording();
        if (done)
            return;
        if (pty && repeat) {
            waitingForHost = true;
            return;
        }
        done = true;
        finishWhenRead();
    });
    link.onHostBytes = [&](const QByteArray &bytes) {
        if (waitingForHost && !running)
            powerOn();
        board.hostWrite(bytes);
    };
    if (!waitingForHost)
        QTimer::singleShot(std::max(0, startDelay), &app, powerOn);
    else
        std::fprintf(stderr, "hpx-board-sim: waiting for the host's first byte\n");
    return app.exec();
}

int BoardSimulator::run(QCoreApplication &app)
{
    QCommandLineParser args;
    describeCommandLine(args);
    args.process(app);

    if (args.positionalArguments().size() != 1)
        die(BoardSimulator::tr("expected exactly one MODEL argument (see --help)"));
    if (args.isSet(QStringLiteral("pty")) && args.isSet(QStringLiteral("stdout")))
        die(BoardSimulator::tr("use either --pty or --stdout"));

    const SimulatorConfig config = simulatorConfigFromArguments(args);

    ServeOptions options;
    options.pty = args.isSet(QStringLiteral("pty"));
    options.repeat = args.isSet(QStringLiteral("repeat"));
    options.startDelay = intOption(args, "start-delay", -1, 3600000);
    if (!options.pty && options.startDelay < 0)
        options.startDelay = 0;
    options.truthPath = args.value(QStringLiteral("ground-truth"));
    options.powerRecordingPath = args.value(QStringLiteral("power-recording"));

    const Endpoint endpoint = openEndpoint(options.pty);
    const int code = serve(app, config, endpoint, options);
    if (endpoint.slaveFd >= 0)
        ::close(endpoint.slaveFd);
    return code;
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("hpx-board-sim"));
    QCoreApplication::setApplicationVersion(hpx::model::versionString());
    return BoardSimulator::run(app);
}
