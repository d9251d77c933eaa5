#include "app/hpx/runoutput.h"

#include "app/hpx/cliutil.h"
#include "model/bundlewriter.h"
#include "model/merge.h"
#include "model/socprofile.h"
#include "model/tflitemodel.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>

namespace hpx::cli {

using namespace hpx::model;

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("hpx", text);
}

// Inserts value at a dotted path, creating the intermediate objects in first-seen order.
void insertPath(JsonValue &root, const QStringList &parts, int index, const JsonValue &value)
{
    if (index == parts.size() - 1) {
        root.insert(parts.at(index), value);
        return;
    }
    JsonValue child = root.value(parts.at(index));
    if (!child.isObject())
        child = JsonValue::object();
    insertPath(child, parts, index + 1, value);
    root.insert(parts.at(index), child);
}

} // namespace

JsonValue configJson(const Config &config)
{
    JsonValue root = JsonValue::object();
    for (const ConfigEntry &e : config.entries())
        insertPath(root, e.key.split(QLatin1Char('.')), 0, JsonValue::fromQJson(e.value));
    return root;
}

PlatformInfo platformFor(const Config &config)
{
    PlatformInfo p;
    p.board = config.board();
    const SocProfile *soc = socs::forBoard(config.board());
    p.cpuClockName = config.cpuClock();
    p.cpuPerfTier
        = p.cpuClockName == QLatin1String("hp") ? QStringLiteral("NSX_PERF_HIGH") : QStringLiteral("NSX_PERF_LOW");
    if (!soc)
        return p;
    p.soc = soc->name;
    p.core = soc->coreName();
    p.pmuTier = soc->pmuTierName();
    p.hasMve = soc->hasMve;
    p.profilingBackends = soc->profilingBackends();
    p.profilingDomains = soc->profilingDomains();
    const int mhz = p.cpuClockName == QLatin1String("hp") && soc->cpuMhzHp > 0 ? soc->cpuMhzHp : soc->cpuMhzLp;
    p.cpuClockMhz = double(mhz);
    return p;
}

RunContext runContextFor(const RunInputs &inputs)
{
    const Config &config = inputs.config;
    RunContext ctx = RunContext::create();
    ctx.config = configJson(config);
    ctx.platform = platformFor(config);
    if (inputs.model) {
        ctx.model = inputs.model;
        ctx.modelName = inputs.model->fileName;
        ctx.modelSizeBytes = inputs.model->sizeBytes;
        ctx.modelSha256 = inputs.model->sha256;
    }
    ctx.transport = inputs.transport;
    ctx.timing = inputs.timing;
    ctx.rawCapture = inputs.rawCapture;
    ctx.rawCapturePath = inputs.rawCapturePath;
    if (inputs.aotManifest)
        ctx.aotManifest = JsonValue::fromQJson(inputs.aotManifest->raw);
    ctx.format = config.outputFormat() == QLatin1String("json") ? OutputFormat::Json : OutputFormat::Csv;
    ctx.modelExplorer = config.modelExplorer();
    ctx.detailed = config.detailed();
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
