#include "run/importstream.h"

#include "device/wire/wireparser.h"
#include "model/bundle/bundlepublish.h"
#include "model/digest/sha256.h"
#include "model/results/capturefold.h"
#include "model/results/layerattribution.h"

#include <QDir>
#include <QLoggingCategory>
#include <QThread>

#include <memory>

Q_LOGGING_CATEGORY(lcImport, "hpx.run.import")

namespace hpx::run {

using namespace hpx::model;

StreamImport importStream(const QByteArray &stream, const QString &streamPath, const Config &given,
    std::shared_ptr<const ModelInfo> model, std::shared_ptr<const AotManifest> aotManifest)
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
    const QString captureName = RunContext().rawCaptureName;
    QString digest;
    const std::unique_ptr<QThread> hashing(QThread::create([&] {
        QString why;
        if (staging && !staging->stage(captureName, stream, streamPath, &why))
            qCDebug(lcImport).noquote() << "the stream is copied when the bundle is written:" << why;
        digest = Sha256::hex(stream);
    }));
    hashing->setObjectName(QStringLiteral("hpx-import-digest"));
    hashing->start();
    // Folded as it is parsed: the passes are aggregated on the way, the stream's rows are never all held at once.
    const auto fold = std::make_shared<CaptureFold>(config.aggregation());
    // Ties between iterations are broken by the model as in a live run's merge (model and manifest outlive the parse).
    fold->setTagCheck(modelTagCheck(model.get(), aotManifest.get()));
    out.captured.capture = device::WireParser::parse(stream, config.firmwareTransport(), nullptr, fold);
    hashing->wait();
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
    out.request = importRequest(config, std::move(model), std::move(aotManifest));
    out.request.context.staging = std::move(staging);
    return out;
}

} // namespace hpx::run
