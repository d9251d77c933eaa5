// `hpx import CAPTURE.log [MODEL]`: a raw wire stream saved by a terminal program (or by the capture
// session) becomes a bundle, exactly as if it had been captured live.
#include "app/hpx/clisignals.h"
#include "app/hpx/cliutil.h"
#include "app/hpx/runoutput.h"
#include "device/wire/wireparser.h"
#include "run/importstream.h"
#include "run/profilejob.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <algorithm>
#include <limits>
#include <optional>

namespace hpx::cli {
namespace {

using namespace hpx::model;

// `hpx import`: turns a saved raw capture into a result bundle. Its messages are its own.
class ImportCommand {
    Q_DECLARE_TR_FUNCTIONS(hpx::cli::ImportCommand)
public:
    static int run(const QStringList &arguments);
};

// SIGINT (Ctrl+C), SIGTERM (kill, a CI timeout) and SIGHUP (a closed terminal) stop an import as they stop
// `hpx profile`: with a message, exit 4, and nothing left in the output folder. From main()'s first line on they are
// caught (clisignals.h); here they are only recorded, and the import checks them between its steps and after every
// window of the stream it reads (a few milliseconds apart), and a bundle being published is either published whole or
// not at all (docs/output-files.md "Publishing").

// The default limit of a stream's size (docs/cli.md "Bounded reads"): far above any real capture (1,000 layers x 3
// passes x 100 iterations are 13.5 MB), far below what would take minutes to parse. --max-size raises it.
constexpr qint64 kDefaultMaxStreamBytes = qint64(1) << 30;

// "1G", "512M", "2000000": bytes, or nullopt.
std::optional<qint64> parseSize(const QString &text)
{
    QString number = text.trimmed();
    qint64 unit = 1;
    if (!number.isEmpty()) {
        switch (number.back().toUpper().toLatin1()) {
        case 'K':
            unit = qint64(1) << 10;
            break;
        case 'M':
            unit = qint64(1) << 20;
            break;
        case 'G':
            unit = qint64(1) << 30;
            break;
        case 'T':
            unit = qint64(1) << 40;
            break;
        default:
            break;
        }
        if (unit > 1)
            number.chop(1);
    }
    bool ok = false;
    const qint64 value = number.toLongLong(&ok);
    if (!ok || value <= 0 || value > std::numeric_limits<qint64>::max() / unit)
        return std::nullopt;
    return value * unit;
}

// Exit 4 with a message when a signal came; the caller returns at once, so a staging opened early goes with its
// objects and the folder is as it was.
bool interrupted(const QString &what, int *code)
{
    const int signal = stopSignal();
    if (signal == 0)
        return false;
    err()
        << ImportCommand::tr("hpx import: interrupted (%1) %2; nothing was written.").arg(stopSignalName(signal), what)
        << '\n';
    err().flush();
    *code = ExitInterrupted;
    return true;
}

QVector<ConfigFlag> importFlags()
{
    return QVector<ConfigFlag> {
        { QStringLiteral("engine"), QStringLiteral("engine.type"), QStringLiteral("E"),
            ImportCommand::tr(
                "Engine the board ran: tflm, helia-rt, helia-aot or executorch. Default: the stream's HPX_ENGINE, "
                "else engine.type."),
            {} },
        { QStringLiteral("board"), QStringLiteral("target.board"), QStringLiteral("B"),
            ImportCommand::tr(
                "Board the stream came from (target.board); recorded in run_metadata.json. Default: apollo510_evb "
                "when the stream fits it, else the board the stream's core, counters, clock and clean window imply."),
            {} },
        { QStringLiteral("transport"), QStringLiteral("target.transport"), QStringLiteral("T"),
            ImportCommand::tr("How the stream was received: rtt, uart, swo or usb_cdc (target.transport, default rtt). "
                              "rtt, uart and swo apply heliaPROFILER's glitch rule to the first byte of a line."),
            {} },
    }
    + outputFlags();
}

int ImportCommand::run(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(ImportCommand::tr(
        "Turn a raw hpx wire stream (saved by any terminal program, or the raw capture a run kept) into a\n"
        "result bundle, exactly as if it had been captured live. With MODEL (.tflite) the layers are joined to\n"
        "the model's operators (MACs, Model Explorer graph ids); without it the bundle has no MACs and the\n"
        "overlays assume one subgraph with graph id 'main'.\n"
        "Progress and messages go to stderr; the bundle directory is printed on stdout.\n"
        "Exit codes: 0 ok; 2 bad input (file, model, config, arguments); 3 the stream holds a firmware error\n"
        "(HPX_ERROR=) or no complete iteration; 4 interrupted, nothing written; 5 the bundle was written but its\n"
        "validity is invalid (its errors are printed; do not trust its values)."));
    parser.addPositionalArgument(
        QStringLiteral("CAPTURE"), ImportCommand::tr("The raw stream file (e.g. capture.log)."));
    parser.addPositionalArgument(QStringLiteral("MODEL"),
        ImportCommand::tr("The .tflite model the board ran (optional; model.path)."), QStringLiteral("[MODEL]"));
    const QCommandLineOption configOption(QStringLiteral("config"),
        ImportCommand::tr("hpx.yml to read first; flags override it (docs/config.md)."), QStringLiteral("FILE"));
    const QCommandLineOption manifestOption(QStringLiteral("aot-manifest"),
        ImportCommand::tr(
            "heliaAOT aot_operator_manifest.json: maps helia-aot layers to the model's operator indices."),
        QStringLiteral("F"));
    const QCommandLineOption maxSizeOption(QStringLiteral("max-size"),
        ImportCommand::tr("Largest stream read, in bytes or with K, M, G (default 1G): a larger file is refused before "
                          "it is read."),
        QStringLiteral("SIZE"));
    parser.addOption(configOption);
    parser.addOption(manifestOption);
    parser.addOption(maxSizeOption);
    const QVector<ConfigFlag> flags = importFlags();
    addConfigFlags(parser, flags);
    int exitCode = ExitOk;
    if (!parseCommandLine(parser, QStringLiteral("import"), arguments, &exitCode))
        return exitCode;
    const QStringList positional = parser.positionalArguments();
    if (positional.isEmpty() || positional.size() > 2) {
        err() << ImportCommand::tr("hpx import: expected CAPTURE.log [MODEL]; run 'hpx import --help' for the options.")
              << '\n';
        return ExitBadInput;
    }

    const StopSignalDeferral signalDeferral;
    int interruptedCode = ExitOk;
    qint64 maxSize = kDefaultMaxStreamBytes;
    if (parser.isSet(maxSizeOption)) {
        const std::optional<qint64> size = parseSize(parser.value(maxSizeOption));
        if (!size) {
            err() << ImportCommand::tr("hpx import: --max-size %1: not a size (bytes, or a number with K, M or G)")
                         .arg(parser.value(maxSizeOption))
                  << '\n';
            return ExitBadInput;
        }
        maxSize = *size;
    }
    const std::optional<Config> resolved = resolveConfig(parser, configOption, flags, positional.value(1));
    if (!resolved)
        return ExitBadInput;
    const Config &config = *resolved;
    if (interrupted(ImportCommand::tr("while reading the configuration"), &interruptedCode))
        return interruptedCode;

    const QString capturePath = positional.at(0);
    // The stream is read by mapping a regular file: memory stays bounded by the file. A FIFO (which would block at
    // open), a device such as /dev/zero (which never ends) or a socket is refused before it is opened.
    if (const QFileInfo info(capturePath); info.exists() && !info.isFile()) {
        err() << ImportCommand::tr(
            "hpx import: %1: not a regular file (a folder, FIFO, device or socket); save the stream to a file "
            "first")
                     .arg(capturePath)
              << '\n';
        return ExitBadInput;
    }
    QFile file(capturePath);
    if (!file.open(QIODevice::ReadOnly)) {
        err() << ImportCommand::tr("hpx import: %1: %2")
                     .arg(capturePath, file.exists() ? file.errorString() : ImportCommand::tr("no such file"))
              << '\n';
        return ExitBadInput;
    }
    // The stream is mapped, not read: parsing, the digest and the bundle's copy of capture.log all work on the file's
    // cached pages, where a read would first copy 10+ MB into fresh memory (bench/import). `file` stays open until
    // this function returns, which is after the bundle is written; a file that cannot be mapped (a pipe, an empty
    // file) is read as before.
    const qint64 size = file.size();
    if (size > maxSize) {
        err() << ImportCommand::tr("hpx import: %1: %2 bytes, more than the limit of %3 bytes for a stream; if it "
                                   "really is one, raise the limit with --max-size")
                     .arg(capturePath)
                     .arg(size)
                     .arg(maxSize)
              << '\n';
        return ExitBadInput;
    }
    uchar *mapped = size > 0 ? file.map(0, size) : nullptr;
    const QByteArray stream = mapped ? QByteArray::fromRawData(reinterpret_cast<const char *>(mapped), size)
                                     : file.read(std::min<qint64>(maxSize, size));
    // A file of NULs, or of bytes without a line feed, is refused from its first MiB, before it is parsed.
    if (const QString why = device::WireParser::notAStream(stream); !why.isEmpty()) {
        err() << ImportCommand::tr("hpx import: %1: %2").arg(capturePath, why) << '\n';
        return ExitBadInput;
    }
    err() << ImportCommand::tr("Reading %1 (%2 bytes)").arg(capturePath).arg(stream.size()) << '\n';
    err().flush();

    std::shared_ptr<const ModelInfo> model;
    std::shared_ptr<const AotManifest> aotManifest;
    if (!RunOutput::loadModelFor(config.modelPath(), &model)
        || !RunOutput::loadAotManifest(parser.value(manifestOption), &aotManifest))
        return ExitBadInput;
    if (interrupted(ImportCommand::tr("while loading the model"), &interruptedCode))
        return interruptedCode;

    // Parsing, the engine and the request are the run service's (run/importstream.h); this shows what it decided.
    run::ImportReading reading;
    reading.mapped = mapped != nullptr;
    reading.cancelled = [] { return stopSignal() != 0; };
    std::optional<run::StreamImport> parsed = run::importStream(
        stream, mapped ? QFileInfo(file).absoluteFilePath() : QString(), config, model, aotManifest, reading);
    if (interrupted(ImportCommand::tr("while reading the stream"), &interruptedCode))
        return interruptedCode; // `parsed` goes first: its early staging (and a folder it made) is removed
    const run::StreamImport &imported = *parsed;
    RunOutput::printCaptureProblems(imported.captured.capture);
    if (const auto &failure = imported.failure) {
        err() << ImportCommand::tr("hpx import: error: %1").arg(failure->message) << '\n';
        if (!failure->hint.isEmpty())
            err() << ImportCommand::tr("hint: %1").arg(failure->hint) << '\n';
        err().flush();
        // A file that is no hpx stream at all is bad input; a stream the board ended badly is a board error.
        const bool notAStream = failure->kind == QLatin1String("no_data") || failure->kind == QLatin1String("no_start");
        return notAStream ? ExitBadInput : ExitBoard;
    }
    const QString engine = engineName(imported.engine);
    if (imported.engineOverridden)
        err() << ImportCommand::tr("warning: the stream says HPX_ENGINE=%1 but %2 was chosen; using %2")
                     .arg(imported.streamEngine, engine)
              << '\n';
    if (aotManifest && imported.engine != Engine::HeliaAot)
        err()
            << ImportCommand::tr("warning: --aot-manifest is only used for helia-aot runs; ignored for %1").arg(engine)
            << '\n';
    if (!imported.boardNote.isEmpty())
        err() << (imported.boardAssumed ? ImportCommand::tr("warning: %1") : ImportCommand::tr("note: %1"))
                     .arg(imported.boardNote)
              << '\n';
    err() << ImportCommand::tr("Parsed %1 pass(es), engine %2").arg(imported.captured.capture.passes.size()).arg(engine)
          << '\n';
    err() << ImportCommand::tr("Writing the bundle to %1 ...")
                 .arg(QDir::toNativeSeparators(imported.request.config.outputDir()))
          << '\n';
    err().flush();
    // The same merge-and-write path as a live run's. A signal during it lets the publish end whole (it takes
    // milliseconds; stopping half-way would only mean undoing it), then it is reported.
    const int code = RunOutput::reportOutcome(
        QStringLiteral("import"), run::ProfileJob::finishCapture(imported.captured, imported.request));
    if (const int signal = stopSignal(); signal != 0) {
        err() << ImportCommand::tr(
            "hpx import: interrupted (%1) as the bundle was being written; it is complete, as printed above.")
                     .arg(stopSignalName(signal))
              << '\n';
        err().flush();
        return ExitInterrupted;
    }
    return code;
}

const CommandRegistration registration({ QStringLiteral("import"),
    ImportCommand::tr("Turn a saved raw capture into a result bundle."), &ImportCommand::run });

} // namespace
} // namespace hpx::cli
