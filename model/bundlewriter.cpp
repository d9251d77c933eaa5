#include "model/bundlewriter.h"

#include "model/bundledocuments.h"
#include "model/jsonwriter.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QLoggingCategory>
#include <QSaveFile>
#include <QTemporaryDir>

Q_LOGGING_CATEGORY(lcBundle, "hpx.model.bundle")

namespace hpx::model {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("hpx::model::BundleWriter", text);
}

const QString kManifest = QStringLiteral("result_manifest.json");

bool isFaulted(const BundleWriter::FaultHook &fault, const QString &step)
{
    return fault && !fault(step);
}

bool writeWholeFile(const QString &path, const QByteArray &data, QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
        *error = file.errorString();
        return false;
    }
    if (file.write(data) != data.size() || !file.flush()) {
        *error = file.errorString();
        file.close();
        return false;
    }
    file.close();
    if (file.error() != QFileDevice::NoError) {
        *error = file.errorString();
        return false;
    }
    return true;
}

bool moveFile(const QString &from, const QString &to, QString *error)
{
    if (!QDir().mkpath(QFileInfo(to).absolutePath())) {
        *error = tr("cannot create the folder %1").arg(QDir::toNativeSeparators(QFileInfo(to).absolutePath()));
        return false;
    }
    QFile file(from);
    if (!file.rename(to)) {
        *error = file.errorString();
        return false;
    }
    return true;
}

// Relative paths of the files in dir (recursively), skipping our hidden staging/backup folders.
QStringList filesUnder(const QString &dir)
{
    QStringList out;
    QDirIterator it(dir, QDir::Files | QDir::Hidden | QDir::NoDotAndDotDot, QDirIterator::Subdirectories);
    const QDir base(dir);
    while (it.hasNext()) {
        const QString rel = base.relativeFilePath(it.next());
        if (rel.startsWith(QStringLiteral(".hpx-")))
            continue;
        out.append(rel);
    }
    out.sort();
    return out;
}

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
        return name == QStringLiteral("memory.json")
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
    if (!ctx.model)
        plan.notes.append(tr("No model was given: the bundle has no MACs and the overlays assume one subgraph "
                             "(graph id \"main\")."));
    if (!plan.overlays.skippedReason.isEmpty())
        plan.notes.append(plan.overlays.skippedReason);
    if (!plan.overlays.unresolved.isEmpty())
        plan.notes.append(QCoreApplication::translate("hpx::model::BundleWriter",
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
        plan.files.append({ QStringLiteral("detailed/memory.json"), toPythonJson(bundle::memoryJson(result)) });
    }
    plan.files.append({ bundle::layerIdentityFileName(), bundle::layerIdentityCsv(result, ctx.model.get()) });
    if (!raw.isEmpty())
        plan.files.append({ ctx.rawCaptureName, raw });

    QVector<bundle::Artifact> artifacts;
    for (const BundleFile &file : plan.files) {
        artifacts.append({ file.path, file.data.size(),
            QString::fromLatin1(QCryptographicHash::hash(file.data, QCryptographicHash::Sha256).toHex()) });
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
        for (const QString &dir : { QFileInfo(r.directory).absolutePath(), QDir::tempPath() }) {
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
    if (!QDir().mkpath(r.directory))
        return fail(tr("Cannot create the output folder %1.").arg(QDir::toNativeSeparators(r.directory)), QString());

    // 1. Stage every file. Nothing of the previous bundle has been touched yet.
    QTemporaryDir staging(out.filePath(QStringLiteral(".hpx-staging-XXXXXX")));
    if (!staging.isValid())
        return fail(tr("Cannot write in the output folder %1: %2")
                        .arg(QDir::toNativeSeparators(r.directory), staging.errorString()),
            QString());
    for (const BundleFile &file : plan.files) {
        const QString target = QDir(staging.path()).filePath(file.path);
        QString error;
        if (isFaulted(fault, QStringLiteral("stage:") + file.path))
            error = tr("injected write failure");
        else if (!QDir().mkpath(QFileInfo(target).absolutePath()))
            error = tr("cannot create its folder");
        else
            writeWholeFile(target, file.data, &error);
        if (!error.isEmpty())
            return fail(tr("Cannot write %1: %2. The previous results in %3 are unchanged.")
                            .arg(file.path, error, QDir::toNativeSeparators(r.directory)),
                file.path);
    }

    // 2. Swap. Old files of ours go to a backup folder (manifest first: unpublished from here on).
    QStringList newPaths;
    for (const BundleFile &file : plan.files)
        newPaths.append(file.path);
    QStringList oldPaths;
    for (const QString &rel : filesUnder(r.directory)) {
        if (isManagedPath(rel, ctx) || newPaths.contains(rel))
            oldPaths.append(rel);
    }
    if (oldPaths.removeAll(kManifest) > 0)
        oldPaths.prepend(kManifest);

    QTemporaryDir backup(out.filePath(QStringLiteral(".hpx-previous-XXXXXX")));
    if (!backup.isValid())
        return fail(tr("Cannot write in the output folder %1: %2")
                        .arg(QDir::toNativeSeparators(r.directory), backup.errorString()),
            QString());
    QStringList movedOut;
    QStringList movedIn;
    auto rollback = [&] {
        for (const QString &rel : std::as_const(movedIn))
            QFile::remove(out.filePath(rel));
        for (const QString &rel : std::as_const(movedOut)) {
            QString ignored;
            if (!moveFile(QDir(backup.path()).filePath(rel), out.filePath(rel), &ignored)) {
                backup.setAutoRemove(false); // never delete the only copy of a previous file
                qCWarning(lcBundle).noquote()
                    << "cannot restore" << rel << ":" << ignored << "- kept in" << backup.path();
            }
        }
    };
    for (const QString &rel : std::as_const(oldPaths)) {
        QString error;
        if (isFaulted(fault, QStringLiteral("backup:") + rel))
            error = tr("injected write failure");
        else
            moveFile(out.filePath(rel), QDir(backup.path()).filePath(rel), &error);
        if (!error.isEmpty()) {
            rollback();
            return fail(tr("Cannot replace %1: %2. The previous results in %3 are unchanged.")
                            .arg(rel, error, QDir::toNativeSeparators(r.directory)),
                rel);
        }
        movedOut.append(rel);
    }
    for (const QString &rel : std::as_const(newPaths)) {
        QString error;
        if (isFaulted(fault, QStringLiteral("commit:") + rel))
            error = tr("injected write failure");
        else
            moveFile(QDir(staging.path()).filePath(rel), out.filePath(rel), &error);
        if (!error.isEmpty()) {
            rollback();
            return fail(tr("Cannot write %1: %2. The previous results in %3 are unchanged.")
                            .arg(rel, error, QDir::toNativeSeparators(r.directory)),
                rel);
        }
        movedIn.append(rel);
    }

    // 3. Published. Drop what the previous run wrote and this one did not, and empty folders of ours.
    for (const QString &rel : std::as_const(oldPaths)) {
        if (!newPaths.contains(rel))
            r.removed.append(rel);
    }
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
