#include "run/importstream.h"

#include "device/wire/wireparser.h"
#include "model/bundle/bundlepublish.h"
#include "model/digest/sha256.h"
#include "model/results/capturefold.h"
#include "model/results/layerattribution.h"
#include "model/results/merge.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QDir>
#include <QJsonValue>
#include <QLoggingCategory>
#include <QThread>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <memory>

#ifdef Q_OS_UNIX
#include <sys/mman.h>
#include <unistd.h>
#endif

Q_LOGGING_CATEGORY(lcImport, "hpx.run.import")

namespace hpx::run {

using namespace hpx::model;

namespace {

constexpr qsizetype kWindow = qsizetype(1) << 20;

// The windows of a mapped stream are given back to the kernel as soon as a reader is done with them (madvise
// DONTNEED): a file mapping's page then comes from the page cache again if the other reader, a step behind, needs it,
// at the cost of a minor fault. Each of the two readers (the parser, the digest) gives back what it has read.
class MappedWindows {
public:
    MappedWindows(const QByteArray &stream, bool mapped)
        : m_base(mapped ? stream.constData() : nullptr)
    {
#ifdef Q_OS_UNIX
        m_page = qsizetype(sysconf(_SC_PAGESIZE));
#endif
        // A mapping starts on a page; anything else is not given back.
        if (m_page <= 0 || (quintptr(m_base) % quintptr(m_page)) != 0)
            m_base = nullptr;
    }

    // One reader's progress: everything before `done` is read.
    class Reader {
    public:
        explicit Reader(const MappedWindows &windows)
            : m_windows(windows)
        {
        }
        void readTo(qsizetype done)
        {
            if (!m_windows.m_base)
                return;
            const qsizetype end = done / m_windows.m_page * m_windows.m_page;
            if (end <= m_released)
                return;
#ifdef Q_OS_UNIX
            madvise(const_cast<char *>(m_windows.m_base) + m_released, size_t(end - m_released), MADV_DONTNEED);
#endif
            m_released = end;
        }

    private:
        const MappedWindows &m_windows;
        qsizetype m_released = 0;
    };

private:
    const char *m_base = nullptr;
    qsizetype m_page = 0;
};

// Without a chosen board the default is kept when the stream fits it; otherwise the board the stream implies.
void decideBoard(const Capture &capture, Config &config, StreamImport &out)
{
    if (config.isExplicit(QStringLiteral("target.board")))
        return;
    const StreamBoardFacts facts = streamBoardFacts(capture);
    const SocProfile *current = socs::forBoard(config.board());
    if (!current || current->contradictions(facts).isEmpty())
        return;
    QVector<const SocProfile *> fitting = socs::fitting(facts);
    // Of those, first the ones whose clock as configured (target.clock.cpu) is the clock the stream states.
    std::stable_sort(fitting.begin(), fitting.end(), [&](const SocProfile *a, const SocProfile *b) {
        auto atStatedClock = [&](const SocProfile *soc) {
            const PlatformInfo preset = PlatformInfo::forBoard(socs::firstBoardOf(soc->name), config.cpuClock());
            return facts.clockMhz && preset.cpuClockMhz
                && std::abs(*preset.cpuClockMhz - *facts.clockMhz) <= 0.005 * *facts.clockMhz;
        };
        return atStatedClock(a) && !atStatedClock(b);
    });
    if (fitting.isEmpty()) {
        out.boardNote = StreamImport::tr("the stream (%1) fits no known board; %2 is recorded, check the board issue")
                            .arg(facts.describe(), config.board());
        return;
    }
    QStringList names;
    for (const SocProfile *soc : fitting)
        names.append(soc->name);
    const QString board = socs::firstBoardOf(fitting.first()->name);
    ConfigDiagnostics diagnostics;
    if (board.isEmpty()
        || !config.set(QStringLiteral("target.board"), QJsonValue(board), QStringLiteral("the stream"), &diagnostics))
        return;
    out.boardAssumed = fitting.size() > 1;
    out.boardNote = out.boardAssumed
        ? StreamImport::tr("no board was chosen and the stream (%1) fits %2: recorded as %3, a %4 (board assumed; "
                           "name it with --board)")
              .arg(facts.describe(), names.join(QStringLiteral(", ")), board, fitting.first()->coreName())
        : StreamImport::tr("no board was chosen: the stream (%1) fits only %2, so the run records %3")
              .arg(facts.describe(), fitting.first()->name, board);
}

} // namespace

StreamImport importStream(const QByteArray &stream, const QString &streamPath, const Config &given,
    std::shared_ptr<const ModelInfo> model, std::shared_ptr<const AotManifest> aotManifest,
    const ImportReading &reading)
{
    StreamImport out;
    Config config = given;
    out.captured.status = device::CaptureResult::Status::Complete;
    out.captured.rawStream = stream;
    // The bundle needs a copy of the stream and the manifest its digest: both are made on another core while this
    // one parses, the copy into a publish opened early (model/bundle/bundlepublish.h) and by the kernel when the
    // stream came from a file. Without an early publish (no output folder, its parent missing, another run holding
    // its lock) only the digest is taken now and the bundle writer copies the stream as usual.
    std::shared_ptr<BundleStaging> staging;
    if (const QString outputDir = config.outputDir(); !outputDir.isEmpty()) {
        QString why;
        staging = BundlePublisher::open(QDir(outputDir).absolutePath(), 0, &why);
        if (!staging)
            qCDebug(lcImport).noquote() << "the bundle is staged when written:" << why;
    }
    // Both read the stream a window at a time; a mapped stream's pages both have read are given back at once, so a
    // 100 MB stream costs a window or two of memory, not 100 MB (bench/import, hpxImportPeakRss).
    const MappedWindows windows(stream, reading.mapped);
    MappedWindows::Reader parsedWindows(windows);
    std::atomic<bool> stop { false };
    const QString captureName = RunContext().rawCaptureName;
    QString digest;
    const std::unique_ptr<QThread> hashing(QThread::create([&] {
        QString why;
        if (staging && !staging->stage(captureName, stream, streamPath, &why, [&] { return stop.load(); }))
            qCDebug(lcImport).noquote() << "the stream is copied when the bundle is written:" << why;
        Sha256 sha;
        MappedWindows::Reader hashedWindows(windows);
        for (qsizetype at = 0; at < stream.size() && !stop.load();) {
            const qsizetype length = std::min(kWindow, stream.size() - at);
            sha.addData(QByteArrayView(stream).sliced(at, length));
            at += length;
            hashedWindows.readTo(at);
        }
        digest = sha.hexResult();
    }));
    hashing->setObjectName(QStringLiteral("hpx-import-digest"));
    hashing->start();
    // Folded as it is parsed: the passes are aggregated on the way, the stream's rows are never all held at once.
    const auto fold = std::make_shared<CaptureFold>(config.aggregation());
    // Ties between iterations are broken by the model as in a live run's merge (model and manifest outlive the parse).
    fold->setTagCheck(modelTagCheck(model.get(), aotManifest.get()));
    out.captured.capture
        = device::WireParser::parse(stream, config.firmwareTransport(), fold, kWindow, [&](qsizetype done) {
              parsedWindows.readTo(done);
              if (reading.cancelled && reading.cancelled()) {
                  out.cancelled = true;
                  stop = true;
                  return false;
              }
              return true;
          });
    // The copy and the digest may still be under way: a stop request is heard while waiting for them too.
    while (!hashing->wait(QDeadlineTimer(20))) {
        if (!out.cancelled && reading.cancelled && reading.cancelled()) {
            out.cancelled = true;
            stop = true;
        }
    }
    if (out.cancelled)
        return out;
    out.captured.rawStreamSha256 = digest;
    const Capture &capture = out.captured.capture;
    out.failure = device::captureFailure(capture);

    // The engine: a flag or the config file decides; otherwise the stream says which engine it ran.
    out.streamEngine = capture.meta(QStringLiteral("engine")).toString();
    const std::optional<Engine> fromStream = engineFromName(out.streamEngine);
    out.engine = config.engine();
    if (config.isExplicit(QStringLiteral("engine.type")) || !fromStream) {
        out.engineOverridden = fromStream && *fromStream != out.engine;
    } else {
        out.engine = *fromStream;
        config.setEngine(out.engine, nullptr);
    }
    decideBoard(capture, config, out);
    out.request = importRequest(config, std::move(model), std::move(aotManifest));
    out.request.context.platform.boardAssumed = out.boardAssumed;
    out.request.context.staging = std::move(staging);
    return out;
}

} // namespace hpx::run
