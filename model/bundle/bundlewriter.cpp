#include "model/bundle/bundlewriter.h"

#include "model/board/socprofile.h"
#include "model/bundle/bundledocuments.h"
#include "model/bundle/bundlepublish.h"
#include "model/bundle/layertables.h"
#include "model/bundle/resultmanifest.h"
#include "model/digest/sha256.h"
#include "model/json/jsonwriter.h"
#include "model/results/operatorsnotrun.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLoggingCategory>
#include <QSaveFile>

Q_LOGGING_CATEGORY(lcBundle, "hpx.model.bundle")

namespace hpx::model {

namespace {

const QString kManifest = QStringLiteral("result_manifest.json");

} // namespace

bool BundleWriter::isManagedPath(const QString &rel, const RunContext &ctx)
{
    static const QStringList topLevel = { QStringLiteral("profile_results.csv"), QStringLiteral("profile_results.json"),
        QStringLiteral("summary.json"), QStringLiteral("run_metadata.json"), QStringLiteral("nsx.lock"),
        QStringLiteral("aot_operator_manifest.json"), QStringLiteral("aot_memory_layers.csv"), kManifest,
        bundle::layerIdentityFileName(), QStringLiteral(".") + kManifest + QStringLiteral(".tmp") };
    if (topLevel.contains(rel) || rel == ctx.rawCaptureName)
        return true;
    if (rel.startsWith(overlayDirectoryName() + QLatin1Char('/'))) {
        const QString name = rel.mid(overlayDirectoryName().size() + 1);
        return !name.contains(QLatin1Char('/')) && !counterFromOverlayFileName(name).isEmpty();
    }
    if (rel.startsWith(QStringLiteral("detailed/"))) {
        const QString name = rel.mid(9);
        if (name.contains(QLatin1Char('/')))
            return false;
        return name == QStringLiteral("memory.json") || name == QStringLiteral("power_summary.csv")
            || (name.startsWith(QStringLiteral("profile_")) && name.endsWith(QStringLiteral(".csv")));
    }
    return false;
}

BundlePlan BundleWriter::plan(const ProfileResult &result, const RunContext &ctx, QString *error)
{
    BundlePlan plan;
    if (error)
        error->clear();
    if (result.layers.isEmpty()) {
        if (error)
            *error = tr("The run has no layer data, so there is no bundle to write.");
        return plan;
    }
    plan.overlays = buildOverlays(result, ctx.model.get());
    // Counters the recorded board cannot count are never written as its overlays (issue 36): the stream and the board
    // contradict each other (board.preset_disagrees says how), and a Model Explorer view of them would claim both.
    if (const SocProfile *soc = socs::forBoard(ctx.platform.board)) {
        QStringList names;
        for (const OverlayFile &file : std::as_const(plan.overlays.files))
            names.append(file.counter);
        if (const QStringList refused = soc->uncountable(names); !refused.isEmpty()) {
            plan.overlays.files.erase(std::remove_if(plan.overlays.files.begin(), plan.overlays.files.end(),
                                          [&](const OverlayFile &file) { return refused.contains(file.counter); }),
                plan.overlays.files.end());
            plan.notes.append(tr("No overlay for %1: the board %2 cannot count them.")
                                  .arg(refused.join(QStringLiteral(", ")), ctx.platform.board));
        }
    }
    // Operators that did not run, by position: named in the notes (run_metadata.json), listed in hpx_studio_layers.csv.
    plan.notes += NotRunOperators::notes(result, ctx.model.get());
    if (!ctx.model)
        plan.notes.append(tr("No model was given: the bundle has no MACs and the overlays assume one subgraph "
                             "(graph id \"main\")."));
    if (!plan.overlays.skippedReason.isEmpty())
        plan.notes.append(plan.overlays.skippedReason);
    if (!plan.overlays.unresolved.isEmpty())
        plan.notes.append(BundleWriter::tr(
            "%n layer(s) could not be matched to a model operator and are left out of the overlays (listed in "
            "summary.json).",
            nullptr, int(plan.overlays.unresolved.size())));
    if (!plan.overlays.uncapturedCounters.isEmpty())
        plan.notes.append(
            tr("Not captured, so no overlay: %1").arg(plan.overlays.uncapturedCounters.join(QStringLiteral(", "))));

    QByteArray raw = ctx.rawCapture;
    if (raw.isEmpty() && !ctx.rawCapturePath.isEmpty()) {
        QFile file(ctx.rawCapturePath);
        if (!file.open(QIODevice::ReadOnly)) {
            if (error)
                *error = tr("Cannot read the raw capture %1: %2")
                             .arg(QDir::toNativeSeparators(ctx.rawCapturePath), file.errorString());
            return BundlePlan();
        }
        raw = file.readAll();
    }

    const JsonValue metadata = bundle::runMetadataJson(result, ctx, plan.notes);
    if (ctx.format == OutputFormat::Json) {
        plan.files.append({ QStringLiteral("profile_results.json"),
            toPythonJson(bundle::profileResultsJson(result, ctx, metadata)) });
    } else {
        plan.files.append({ QStringLiteral("profile_results.csv"), bundle::profileResultsCsv(result, ctx) });
    }
    plan.files.append(
        { QStringLiteral("summary.json"), toPythonJson(bundle::summaryJson(result, ctx, plan.overlays)) });
    plan.files.append({ QStringLiteral("run_metadata.json"), toPythonJson(metadata) });
    plan.files.append({ QStringLiteral("nsx.lock"), bundle::nsxLock(ctx) });
    if (result.engine == Engine::HeliaAot && ctx.aotManifest.isArray() && ctx.aotManifest.size() > 0) {
        plan.files.append({ QStringLiteral("aot_operator_manifest.json"), toPythonJson(ctx.aotManifest) });
        const QByteArray memory = bundle::aotMemoryLayersCsv(ctx.aotManifest);
        if (!memory.isEmpty())
            plan.files.append({ QStringLiteral("aot_memory_layers.csv"), memory });
    }
    if (ctx.modelExplorer) {
        for (const OverlayFile &file : plan.overlays.files)
            plan.files.append({ file.relativePath, file.bytes() });
    }
    if (ctx.detailed) {
        if (result.passes.size() > 1) {
            for (const PassResult &pass : result.passes) {
                if (pass.name.startsWith(QLatin1Char('_')))
                    continue;
                plan.files.append({ QStringLiteral("detailed/profile_%1.csv").arg(pass.name),
                    bundle::layerTableCsv(pass.counters, pass.layers) });
            }
        }
        for (const GroupResult &group : result.groups) {
            if (group.name.startsWith(QLatin1Char('_')) || group.layers.isEmpty())
                continue;
            const QString path = QStringLiteral("detailed/profile_%1.csv").arg(group.name);
            const QByteArray csv = bundle::layerTableCsv(group.counters, group.layers);
            // A group named like a pass (legacy single-pass runs) writes the same file once.
            auto it = std::find_if(
                plan.files.begin(), plan.files.end(), [&](const BundleFile &f) { return f.path == path; });
            if (it != plan.files.end())
                it->data = csv;
            else
                plan.files.append({ path, csv });
        }
        plan.files.append(
            { QStringLiteral("detailed/memory.json"), toPythonJson(bundle::memoryJson(result, ctx.memoryPlan)) });
    }
    plan.files.append({ bundle::layerIdentityFileName(), bundle::layerIdentityCsv(result, ctx.model.get()) });
    if (!raw.isEmpty())
        plan.files.append({ ctx.rawCaptureName, raw });

    QVector<bundle::Artifact> artifacts;
    for (const BundleFile &file : plan.files) {
        const bool rawKnown = file.path == ctx.rawCaptureName && !ctx.rawCaptureSha256.isEmpty()
            && !ctx.rawCapture.isEmpty() && file.data.constData() == ctx.rawCapture.constData();
        artifacts.append({ file.path, file.data.size(), rawKnown ? ctx.rawCaptureSha256 : Sha256::hex(file.data) });
    }
    plan.files.append({ kManifest, toManifestJson(bundle::manifestJson(result, ctx, artifacts)) });
    return plan;
}

bool BundleWriter::saveFile(const QString &path, const QByteArray &data, QString *error)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(data) != data.size() || !file.commit()) {
        if (error)
            *error = tr("Cannot write %1: %2").arg(QDir::toNativeSeparators(path), file.errorString());
        file.cancelWriting();
        return false;
    }
    return true;
}

BundleWriteResult BundleWriter::write(
    const ProfileResult &result, const RunContext &ctx, const QString &outputDir, const FaultHook &fault)
{
    QString error;
    const BundlePlan p = plan(result, ctx, &error);
    if (!error.isEmpty()) {
        BundleWriteResult r;
        r.directory = QFileInfo(outputDir).absoluteFilePath();
        r.error = error;
        return r;
    }
    return writePlan(p, ctx, outputDir, fault);
}

BundleWriteResult BundleWriter::writePlan(
    const BundlePlan &plan, const RunContext &ctx, const QString &outputDir, const FaultHook &fault)
{
    BundleWriteResult r;
    r.directory = QFileInfo(outputDir).absoluteFilePath();
    r.notes = plan.notes;
    r.overlays = plan.overlays;
    const QDir out(r.directory);

    auto rescueCapture = [&] {
        // The raw stream is the one thing a failed write must not lose. A capture that came from
        // a file is still in that file; bytes held only in memory are saved next to the bundle.
        if (!ctx.rawCapturePath.isEmpty() || ctx.rawCapture.isEmpty())
            return;
        const QString name = QFileInfo(r.directory).fileName() + QStringLiteral("-capture-") + ctx.runId.left(8)
            + QStringLiteral(".log");
        // Beside the bundle's folder, unless the output path is something else than a folder (--output-dir /dev/null:
        // nothing is to be written next to a device).
        QStringList dirs;
        if (const QFileInfo target(r.directory); !target.exists() || target.isDir())
            dirs.append(target.absolutePath());
        dirs.append(QDir::tempPath());
        for (const QString &dir : std::as_const(dirs)) {
            const QString path = QDir(dir).filePath(name);
            QString ignored;
            if (saveFile(path, ctx.rawCapture, &ignored)) {
                r.rescuedCapture = path;
                r.error
                    += QLatin1Char(' ') + tr("The raw capture was saved to %1.").arg(QDir::toNativeSeparators(path));
                return;
            }
        }
    };
    auto fail = [&](const QString &message, const QString &file) {
        r.ok = false;
        r.error = message;
        r.errorFile = file;
        qCWarning(lcBundle).noquote() << message;
        rescueCapture();
        return r;
    };

    if (plan.files.isEmpty())
        return fail(tr("Nothing to write."), QString());
    if (const QFileInfo target(r.directory); target.exists() && !target.isDir())
        return fail(tr("%1 is not a folder (a bundle is a folder of files); choose another output folder.")
                        .arg(QDir::toNativeSeparators(r.directory)),
            QString());
    if (!QDir().mkpath(r.directory))
        return fail(tr("Cannot create the output folder %1.").arg(QDir::toNativeSeparators(r.directory)), QString());

    // Staging, swap and commit: model/bundle/bundlepublish.h, docs/output-files.md "Publishing".
    const BundlePublisher::Result published = BundlePublisher::publish(
        r.directory, plan.files, [&ctx](const QString &rel) { return isManagedPath(rel, ctx); }, fault,
        ctx.staging.get());
    if (!published.ok)
        return fail(published.error, published.errorFile);
    QStringList newPaths;
    for (const BundleFile &file : plan.files)
        newPaths.append(file.path);
    r.removed = published.removed;
    r.notes += published.notes;

    // Published. Empty folders of ours go.
    for (const QString &sub : { overlayDirectoryName(), QStringLiteral("detailed") }) {
        QDir dir(out.filePath(sub));
        if (dir.exists() && dir.isEmpty(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot))
            out.rmdir(sub);
    }
    if (!ctx.modelExplorer && QDir(out.filePath(overlayDirectoryName())).exists())
        r.notes.append(
            tr("%1/ still holds files hpx Studio did not write; they were left in place.").arg(overlayDirectoryName()));
    r.written = newPaths;
    r.ok = true;
    return r;
}

} // namespace hpx::model
