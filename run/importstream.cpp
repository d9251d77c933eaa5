#include "run/importstream.h"

#include "device/wire/wireparser.h"
#include "model/bundle/sha256.h"
#include "model/results/capturefold.h"

#include <QThread>

#include <memory>

namespace hpx::run {

using namespace hpx::model;

StreamImport importStream(const QByteArray &stream, const Config &given, std::shared_ptr<const ModelInfo> model,
    std::shared_ptr<const AotManifest> aotManifest)
{
    StreamImport out;
    Config config = given;
    out.captured.status = device::CaptureResult::Status::Complete;
    out.captured.rawStream = stream;
    // The bundle's manifest needs the stream's digest: it is taken on another core while this one parses.
    QString digest;
    const std::unique_ptr<QThread> hashing(QThread::create([&stream, &digest] { digest = Sha256::hex(stream); }));
    hashing->setObjectName(QStringLiteral("hpx-import-digest"));
    hashing->start();
    // Folded as it is parsed: the passes are aggregated on the way, the stream's rows are never all held at once.
    const auto fold = std::make_shared<CaptureFold>(aggregationFor(config));
    out.captured.capture
        = device::WireParser::parse(stream, firmwareTransportFromName(config.transport()), nullptr, fold);
    hashing->wait();
    out.captured.rawStreamSha256 = digest;
    const Capture &capture = out.captured.capture;
    out.failure = device::captureFailure(capture);

    // The engine: a flag or the config file decides; otherwise the stream says which engine it ran.
    out.streamEngine = capture.meta(QStringLiteral("engine")).toString();
    const std::optional<Engine> fromStream = engineFromName(out.streamEngine);
    out.engine = engineFromName(config.engineType()).value_or(Engine::HeliaRt);
    if (config.isExplicit(QStringLiteral("engine.type")) || !fromStream) {
        out.engineOverridden = fromStream && *fromStream != out.engine;
    } else {
        out.engine = *fromStream;
        config.set(QStringLiteral("engine.type"), engineName(out.engine), QStringLiteral("HPX_ENGINE"), nullptr);
    }
    out.request = importRequest(config, std::move(model), std::move(aotManifest));
    return out;
}

} // namespace hpx::run
