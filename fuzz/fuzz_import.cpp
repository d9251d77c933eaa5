// `hpx import`'s whole pipeline on a model + stream pair (docs/fuzzing.md): the model is parsed, the stream parsed and
// folded while it is read (run::importStream), merged, attributed to the model and planned into a bundle's documents,
// as hpx import does but without writing. Input: one selector byte (engine, aggregation), the model's size as four
// bytes (little-endian), the model, then the stream. Invariants: the folded import merges exactly as the kept rows do;
// a stream that contradicts the model (model.mismatch) is never valid and has no overlay; no layer is attributed to an
// operator the model does not have.
#include "device/wire/wireparser.h"
#include "fuzz/fuzzsupport.h"
#include "model/bundle/bundlewriter.h"
#include "model/results/merge.h"
#include "model/tflite/tflitemodel.h"
#include "run/importstream.h"
#include "run/profilejob.h"

#include <memory>

namespace hpx::fuzz {

namespace {

// What a merge decides, as text: every layer (identity, attribution, values) and every issue of the merge.
QString describe(const model::ProfileResult &result)
{
    QString out;
    for (const model::LayerResult &layer : result.layers) {
        out += QStringLiteral("%1 %2 %3:%4 x%5:")
                   .arg(layer.op, layer.id.toString())
                   .arg(layer.subgraph)
                   .arg(layer.sourceIndex)
                   .arg(layer.invocations);
        for (const std::optional<double> &v : layer.values)
            out += v ? QLatin1Char(' ') + QString::number(*v, 'g', 17) : QStringLiteral(" -");
        out += QLatin1Char('\n');
    }
    for (const model::Issue &issue : result.issues) {
        if (!issue.code.startsWith(QLatin1String("board."))) // the run's board is checked after the merge
            out += issue.severity + QLatin1Char(' ') + issue.code + QLatin1Char(' ') + issue.message
                + QLatin1Char('\n');
    }
    return out;
}

} // namespace

int importOneInput(const uint8_t *data, size_t size)
{
    if (size < 5)
        return 0;
    static const model::Engine engines[]
        = { model::Engine::Tflm, model::Engine::HeliaRt, model::Engine::HeliaAot, model::Engine::Executorch };
    static const model::Aggregation aggregations[]
        = { model::Aggregation::Median, model::Aggregation::Mean, model::Aggregation::Trimmed };
    const model::Engine engine = engines[data[0] % 4];
    const model::Aggregation aggregation = aggregations[(data[0] / 4) % 3];
    const size_t declared = size_t(data[1]) | size_t(data[2]) << 8 | size_t(data[3]) << 16 | size_t(data[4]) << 24;
    const size_t modelSize = std::min(declared, size - 5);
    const uint8_t *modelBytes = data + 5;
    const QByteArray stream(reinterpret_cast<const char *>(modelBytes + modelSize), qsizetype(size - 5 - modelSize));

    std::shared_ptr<const model::ModelInfo> modelInfo;
    if (modelSize > 0) {
        model::ModelLoadResult loaded = model::parseModel(modelBytes, qint64(modelSize), QStringLiteral("fuzz.tflite"));
        if (loaded.ok())
            modelInfo = std::make_shared<const model::ModelInfo>(std::move(*loaded.model));
    }

    model::Config config;
    config.setEngine(engine, nullptr);
    model::ConfigDiagnostics diagnostics;
    config.set(QStringLiteral("profiling.aggregation"), model::aggregationName(aggregation), QStringLiteral("--fuzz"),
        &diagnostics);
    const run::StreamImport imported = run::importStream(stream, QString(), config, modelInfo, nullptr);
    if (imported.failure)
        return 0;
    const run::ProfileOutcome outcome = run::ProfileJob::finishCapture(imported.captured, imported.request);
    if (!outcome.result)
        return 0;
    const model::ProfileResult &result = *outcome.result;

    // The same stream, read for the same transport with every row kept, merged as a live run merges it: the fold must
    // not change a thing.
    model::MergeOptions options;
    options.engine = imported.request.engine;
    options.aggregation = aggregation;
    options.model = modelInfo.get();
    const model::MergeOutcome kept
        = model::mergeCapture(device::WireParser::parse(stream, config.firmwareTransport()), options);
    if (!kept.result)
        fail("the kept rows do not merge although the folded import did", stream.left(400));
    const QString a = describe(result);
    const QString b = describe(*kept.result);
    if (a != b)
        fail("the folded import differs from the merge of the kept rows",
            "folded:\n" + a.toUtf8().left(4000) + "\nkept:\n" + b.toUtf8().left(4000));

    bool mismatch = false;
    for (const model::Issue &issue : result.issues)
        mismatch = mismatch || issue.code == QLatin1String("model.mismatch");
    model::RunContext ctx = imported.request.context;
    ctx.rawCapture = stream;
    QString error;
    const model::BundlePlan plan = model::BundleWriter::plan(result, ctx, &error);
    if (mismatch && (result.validity() != QLatin1String("invalid") || !plan.overlays.files.isEmpty()))
        fail("a stream that contradicts its model is valid or has overlays", stream.left(400));
    for (const model::LayerResult &layer : result.layers) {
        if (layer.subgraph < 0)
            continue;
        const bool inModel = modelInfo ? layer.subgraph < modelInfo->subgraphs.size()
                && layer.sourceIndex < modelInfo->subgraphs.at(layer.subgraph).operators.size()
                                       : layer.subgraph == 0;
        if (!inModel || layer.sourceIndex < 0)
            fail("a layer is attributed to an operator the model does not have", stream.left(400));
    }
    return 0;
}

} // namespace hpx::fuzz

HPX_FUZZ_TARGET(hpx::fuzz::importOneInput)
