#include "app/hpx/runoutput.h"

#include "app/hpx/cliutil.h"
#include "model/bundlewriter.h"
#include "model/merge.h"
#include "model/tflitemodel.h"

#include <QCoreApplication>
#include <QDir>

namespace hpx::cli {

using namespace hpx::model;

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("hpx", text);
}

} // namespace

RunContext runContextFor(const RunInputs &inputs)
{
    RunContext ctx = RunContext::fromConfig(inputs.config);
    ctx.setModel(inputs.model);
    ctx.transport = inputs.transport;
    ctx.timing = inputs.timing;
    ctx.rawCapture = inputs.rawCapture;
    ctx.rawCapturePath = inputs.rawCapturePath;
    if (inputs.aotManifest)
        ctx.aotManifest = JsonValue::fromQJson(inputs.aotManifest->raw);
    return ctx;
}

bool loadModelFor(const QString &path, std::shared_ptr<const ModelInfo> *model)
{
    model->reset();
    if (path.isEmpty())
        return true;
    ModelLoadResult loaded = loadModel(path);
    if (!loaded.ok()) {
        err() << QStringLiteral("hpx: ") << loaded.error << '\n';
        err().flush();
        return false;
    }
    *model = std::make_shared<const ModelInfo>(std::move(*loaded.model));
    return true;
}

bool loadAotManifest(const QString &path, std::optional<AotManifest> *manifest)
{
    manifest->reset();
    if (path.isEmpty())
        return true;
    QString error;
    *manifest = AotManifest::readFile(path, &error);
    if (!*manifest) {
        err() << QStringLiteral("hpx: ") << error << '\n';
        err().flush();
        return false;
    }
    return true;
}

void printCaptureProblems(const Capture &capture, int limit)
{
    int shown = 0;
    for (const CaptureProblem &p : capture.problems) {
        if (shown++ >= limit)
            break;
        // The parser's messages already name the line.
        err() << tr("warning: ") << p.message << '\n';
    }
    if (capture.problems.size() > limit)
        err() << tr("warning: ... and %1 more problems in the stream").arg(capture.problems.size() - limit) << '\n';
    err().flush();
}

int mergeAndWriteBundle(const Capture &capture, const RunInputs &inputs)
{
    const Config &config = inputs.config;
    MergeOptions options;
    options.engine = inputs.engine;
    options.aggregation = aggregationFromName(config.aggregation()).value_or(Aggregation::Median);
    options.model = inputs.model.get();
    options.aotManifest = inputs.aotManifest ? &*inputs.aotManifest : nullptr;
    const MergeOutcome merged = mergeCapture(capture, options);
    if (!merged.ok()) {
        err() << tr("hpx: error: %1").arg(merged.error) << '\n';
        if (!merged.hint.isEmpty())
            err() << tr("hint: %1").arg(merged.hint) << '\n';
        err().flush();
        return ExitBoard;
    }
    const ProfileResult &result = *merged.result;
    for (const QString &w : result.warnings)
        err() << tr("warning: %1").arg(w) << '\n';
    for (const Issue &issue : result.issues)
        err() << issue.severity << QStringLiteral(" [") << issue.code << QStringLiteral("]: ") << issue.message << '\n';

    const RunContext ctx = runContextFor(inputs);

    err() << tr("Writing the bundle to %1 ...").arg(QDir::toNativeSeparators(config.outputDir())) << '\n';
    err().flush();
    const BundleWriteResult written = BundleWriter::write(result, ctx, config.outputDir());
    for (const QString &note : written.notes)
        err() << tr("note: %1").arg(note) << '\n';
    if (!written.ok) {
        err() << tr("hpx: error: %1").arg(written.error) << '\n';
        if (!written.rescuedCapture.isEmpty())
            err() << tr("The raw capture was kept in %1").arg(written.rescuedCapture) << '\n';
        err().flush();
        return ExitBadInput;
    }
    err() << tr("%1 layers, %2 counters, validity %3; %4 overlay file(s)")
                 .arg(result.layers.size())
                 .arg(result.counters.size())
                 .arg(result.validity())
                 .arg(written.overlays.files.size())
          << '\n';
    err().flush();
    out() << QDir::toNativeSeparators(written.directory) << '\n';
    out().flush();
    return ExitOk;
}

} // namespace hpx::cli
