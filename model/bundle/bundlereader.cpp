#include "model/bundle/bundlereader.h"

#include "model/board/counters.h"
#include "model/board/engine.h"
#include "model/bundle/bundledocuments.h"
#include "model/bundle/bundlepublish.h"
#include "model/bundle/bundleschema.h"
#include "model/bundle/csvreader.h"
#include "model/bundle/csvwriter.h"
#include "model/bundle/layertablereader.h"
#include "model/digest/sha256.h"
#include "model/json/jsonparser.h"
#include "model/json/jsonwriter.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonObject>

namespace hpx::model {

struct BundleReader::Failure {
    QString message;
    QString file;
};

namespace {

const QString kManifest = QStringLiteral("result_manifest.json");

using Failure = BundleReader::Failure;

// The manifest is the one file read before anything is known about the bundle: a regular file of at most
// kMaxManifestBytes, else refused unread.
constexpr qint64 kMaxManifestBytes = 16 * 1024 * 1024;
// A legacy bundle declares no sizes: each of its files is read up to this.
constexpr qint64 kMaxLegacyFileBytes = 512 * 1024 * 1024;

// A declared artifact of `bundle` (digest-checked as BundleReader::readArtifact does), or with no bundle the
// manifest itself.
std::optional<JsonValue> readJson(const QDir &dir, const QString &rel, Failure *failure, Bundle *bundle = nullptr)
{
    std::optional<QByteArray> data;
    if (bundle) {
        data = BundleReader::readArtifact(dir.absolutePath(), *bundle, rel, &failure->message, &failure->file);
    } else {
        data = BundleSchema::readDocument(dir.filePath(rel), rel, kMaxManifestBytes, &failure->message);
        failure->file = rel;
    }
    if (!data)
        return std::nullopt;
    QString error;
    JsonValue v = parseJson(*data, &error);
    if (!error.isEmpty()) {
        *failure = { BundleReader::tr("%1 is damaged: not valid JSON (%2).").arg(rel, error), rel };
        return std::nullopt;
    }
    if (!v.isObject()) {
        *failure = { BundleReader::tr("%1 is damaged: a JSON object was expected.").arg(rel), rel };
        return std::nullopt;
    }
    return v;
}

// Schema, paths and sizes here; each declared file's digest is checked as it is read (BundleReader::readArtifact) and
// those of the files not read at the end of BundleReader::read (checkUnreadDigests): every file is hashed once.
bool verifyManifest(const QDir &dir, const JsonValue &manifest, Bundle &b, Failure *failure)
{
    const JsonValue schema = manifest.value(QStringLiteral("schema"));
    const JsonValue version = manifest.value(QStringLiteral("schema_version"));
    if (schema.toString() != QStringLiteral("hpx.result-manifest")) {
        *failure
            = { BundleReader::tr("%1 is not an hpx result manifest (schema \"%2\").").arg(kManifest, schema.toString()),
                  kManifest };
        return false;
    }
    if (!version.isInt() || version.toInt() != bundle::kManifestSchemaVersion) {
        *failure = { BundleReader::tr("%1 has schema version %2; this version of hpx Studio reads version %3.")
                         .arg(kManifest, QString::fromUtf8(toPythonJson(version, -1)))
                         .arg(bundle::kManifestSchemaVersion),
            kManifest };
        return false;
    }
    const JsonValue artifacts = manifest.value(QStringLiteral("artifacts"));
    if (!artifacts.isArray()) {
        *failure = { BundleReader::tr("%1 is damaged: it has no artifact list.").arg(kManifest), kManifest };
        return false;
    }
    if (const QString error = BundleSchema::checkManifest(manifest, kManifest); !error.isEmpty()) {
        *failure = { error, kManifest };
        return false;
    }
    const QString root = QDir::cleanPath(dir.absolutePath());
    QStringList nonOptionalNames;
    for (const JsonValue &a : artifacts.elements()) {
        const QString path = a.value(QStringLiteral("path")).toString();
        const QString clean = QDir::cleanPath(dir.absoluteFilePath(path));
        if (path.isEmpty() || QDir::isAbsolutePath(path) || !clean.startsWith(root + QLatin1Char('/'))) {
            *failure = { BundleReader::tr("%1 declares an artifact outside the bundle: \"%2\".").arg(kManifest, path),
                kManifest };
            return false;
        }
        const QFileInfo info(clean);
        if (!info.exists()) {
            *failure = { BundleReader::tr("%1 is missing: the manifest declares it.").arg(path), path };
            return false;
        }
        if (!info.isFile()) {
            *failure
                = { BundleReader::tr("%1 is not a regular file (a folder, FIFO, device or socket); it is not read.")
                          .arg(path),
                      path };
            return false;
        }
        const quint64 size = *BundleSchema::sizeOf(a.value(QStringLiteral("size_bytes"))); // checked by the schema
        if (quint64(info.size()) != size) {
            *failure = { BundleReader::tr("%1 is damaged: it has %2 bytes, the manifest says %3.")
                             .arg(path)
                             .arg(quint64(info.size()))
                             .arg(size),
                path };
            return false;
        }
        const QString digest = a.value(QStringLiteral("sha256")).toString();
        b.digests.insert(path, digest);
        b.sizes.insert(path, size);
        b.artifacts.append(path);
        if (a.value(QStringLiteral("optional")) == JsonValue(false))
            nonOptionalNames.append(a.value(QStringLiteral("name")).toString());
    }
    b.status = manifest.value(QStringLiteral("status")).toString();
    if (b.status == QStringLiteral("complete")
        && manifest.value(QStringLiteral("bundle_type")).toString() == QStringLiteral("profile")) {
        QStringList required = { QStringLiteral("hpx.profile-layers"), QStringLiteral("hpx.run-metadata"),
            QStringLiteral("hpx.summary") };
        if (manifest.path({ QStringLiteral("provenance"), QStringLiteral("dependencies") }).isObject())
            required.append(QStringLiteral("hpx.nsx-lock"));
        QStringList missing;
        for (const QString &name : required) {
            if (!nonOptionalNames.contains(name))
                missing.append(name);
        }
        if (!missing.isEmpty()) {
            *failure = { BundleReader::tr("%1 is incomplete: a complete profile bundle must declare %2.")
                             .arg(kManifest, missing.join(QStringLiteral(", "))),
                kManifest };
            return false;
        }
    } else if (b.status != QStringLiteral("complete")) {
        b.warnings.append(
            BundleReader::tr("The bundle's status is \"%1\", not complete: its results may be partial.").arg(b.status));
    }
    b.verified = true;
    return true;
}

} // namespace

std::optional<QByteArray> BundleReader::readArtifact(
    const QString &directory, Bundle &b, const QString &rel, QString *error, QString *errorFile)
{
    // A declared file was size-checked: no more than that is read (it may have grown since). A legacy bundle's files
    // are capped like any document.
    const qint64 limit = b.hasManifest ? qint64(b.sizes.value(rel)) : kMaxLegacyFileBytes;
    std::optional<QByteArray> data = BundleSchema::readDocument(QDir(directory).filePath(rel), rel, limit, error);
    if (!data) {
        *errorFile = rel;
        return std::nullopt;
    }
    if (b.hasManifest) {
        if (quint64(data->size()) != b.sizes.value(rel) || Sha256::hex(*data) != b.digests.value(rel)) {
            *error = tr("%1 is damaged: its SHA-256 digest does not match the manifest.").arg(rel);
            *errorFile = rel;
            return std::nullopt;
        }
        b.digestsChecked.insert(rel);
    }
    return data;
}

namespace {

// model_explorer/me_overlay_<COUNTER>.json (§6): damage fails a bundle with a manifest and is a warning otherwise.
// Every declared file the read did not use is hashed now: what a reader skips is verified all the same.
bool checkUnreadDigests(const QDir &dir, Bundle &b, Failure *failure)
{
    for (const QString &rel : std::as_const(b.artifacts)) {
        if (b.digestsChecked.contains(rel))
            continue;
        if (Sha256::hexOfFile(dir.filePath(rel)) != b.digests.value(rel)) {
            *failure
                = { BundleReader::tr("%1 is damaged: its SHA-256 digest does not match the manifest.").arg(rel), rel };
            return false;
        }
        b.digestsChecked.insert(rel);
    }
    return true;
}

// `keep` false: read and checked all the same (one verification for every reader), only not kept.
bool readOverlays(const QString &directory, Bundle &b, bool keep, QString *error, QString *errorFile)
{
    const QString prefix = overlayDirectoryName() + QLatin1Char('/');
    for (const QString &rel : std::as_const(b.artifacts)) {
        if (!rel.startsWith(prefix))
            continue;
        const QString counter = counterFromOverlayFileName(rel.mid(prefix.size()));
        if (counter.isEmpty())
            continue;
        const auto data = BundleReader::readArtifact(directory, b, rel, error, errorFile);
        if (!data)
            return false;
        QString parseError;
        const JsonValue doc = parseJson(*data, &parseError);
        std::optional<ParsedOverlay> overlay;
        if (parseError.isEmpty())
            overlay = parseOverlayDocument(doc, &parseError);
        if (!overlay) {
            const QString message = BundleReader::tr("%1 is damaged: %2").arg(rel, parseError);
            if (b.hasManifest) {
                *error = message;
                *errorFile = rel;
                return false;
            }
            b.warnings.append(message);
            continue;
        }
        if (keep)
            b.overlays.append(BundleOverlay { counter, rel, *overlay });
    }
    return true;
}

} // namespace

// The steps of read() are BundleReader's own, so lupdate files their messages under its translation context.

// A run killed while publishing leaves staging/backup folders: finish or undo that first, so that what is read is the
// previous bundle or the new one, whole (docs/output-files.md "Publishing").
bool BundleReader::recoverInterruptedWrite(const QString &directory, Bundle &b, Failure *failure)
{
    if (!BundlePublisher::hasLeftovers(directory))
        return true;
    const BundlePublisher::Recovery recovery = BundlePublisher::recover(directory);
    if (!recovery.ok) {
        *failure = { tr("%1 holds an interrupted write of results that cannot be completed or undone now: %2")
                         .arg(QDir::toNativeSeparators(directory), recovery.error),
            QString() };
        return false;
    }
    for (const QString &action : recovery.actions)
        b.warnings.append(tr("An interrupted run was found in this folder: %1.").arg(action));
    return true;
}

// The files the bundle declares: the verified manifest's, or for a legacy bundle without one whatever is in the
// folder (read unverified, with a warning) as long as it holds a summary or a results table.
bool BundleReader::readDeclaredFiles(const QString &directory, const QDir &dir, Bundle &b, Failure *failure)
{
    if (QFileInfo(dir.filePath(kManifest)).exists() || QFileInfo(dir.filePath(kManifest)).isSymLink()) {
        const auto manifest = readJson(dir, kManifest, failure);
        if (!manifest || !verifyManifest(dir, *manifest, b, failure))
            return false;
        b.hasManifest = true;
        b.manifest = *manifest;
        return true;
    }
    for (const QString &name : dir.entryList(QDir::Files, QDir::Name))
        b.artifacts.append(name);
    for (const QString &name : QDir(dir.filePath(overlayDirectoryName())).entryList(QDir::Files, QDir::Name))
        b.artifacts.append(overlayDirectoryName() + QLatin1Char('/') + name);
    for (const QString &name : QDir(dir.filePath(QStringLiteral("detailed"))).entryList(QDir::Files, QDir::Name))
        b.artifacts.append(QStringLiteral("detailed/") + name);
    if (!b.artifacts.contains(QStringLiteral("summary.json"))
        && !b.artifacts.contains(QStringLiteral("profile_results.csv"))
        && !b.artifacts.contains(QStringLiteral("profile_results.json"))) {
        *failure
            = { tr("%1 is not a result bundle: it has no result_manifest.json, summary.json or profile_results file.")
                      .arg(QDir::toNativeSeparators(directory)),
                  QString() };
        return false;
    }
    b.warnings.append(
        tr("This bundle has no result_manifest.json: it is read as a legacy bundle and its files are not verified."));
    return true;
}

// summary.json: engine, validity, issues (schema 1 as hpx's published schema, 2 as its code writes). Its validity
// must be the manifest's; without either, the issues decide it.
bool BundleReader::readSummary(const QDir &dir, Bundle &b, Failure *failure)
{
    if (b.artifacts.contains(QStringLiteral("summary.json"))) {
        const auto summary = readJson(dir, QStringLiteral("summary.json"), failure, &b);
        if (!summary)
            return false;
        if (const QString error = BundleSchema::checkSummary(*summary, QStringLiteral("summary.json"));
            !error.isEmpty()) {
            *failure = { error, QStringLiteral("summary.json") };
            return false;
        }
        b.summary = *summary;
        b.summarySchemaVersion = int(b.summary.value(QStringLiteral("schema_version")).toInt(0));
        if (b.summarySchemaVersion != 1 && b.summarySchemaVersion != 2)
            b.warnings.append(
                tr("summary.json has schema version %1; versions 1 and 2 are known.").arg(b.summarySchemaVersion));
        const auto engine = engineFromName(b.summary.value(QStringLiteral("engine")).toString());
        if (engine)
            b.result.engine = *engine;
        b.result.overflowDetected = b.summary.value(QStringLiteral("overflow_detected")).toBool();
        for (const JsonValue &i : b.summary.value(QStringLiteral("issues")).elements()) {
            Issue issue;
            issue.code = i.value(QStringLiteral("code")).toString();
            issue.severity = i.value(QStringLiteral("severity")).toString();
            issue.message = i.value(QStringLiteral("message")).toString();
            const JsonValue context = i.value(QStringLiteral("context"));
            issue.context = QJsonObject::fromVariantMap(context.toVariant().toMap());
            issue.contextOrder = context.keys();
            b.result.issues.append(issue);
        }
        b.validity = b.summary.value(QStringLiteral("validity")).toString();
        const JsonValue me = b.summary.value(QStringLiteral("model_explorer"));
        b.result.overlaysSkippedReason = me.value(QStringLiteral("overlays_skipped")).toString();
        for (const JsonValue &u : me.value(QStringLiteral("unresolved_layers")).elements()) {
            b.result.unresolved.append(UnresolvedLayer { int(u.value(QStringLiteral("position")).toInt()),
                u.value(QStringLiteral("op")).toString(), u.value(QStringLiteral("reason")).toString() });
        }
    } else {
        b.warnings.append(tr("The bundle has no summary.json."));
    }
    if (b.hasManifest && b.summary.contains(QStringLiteral("validity"))
        && b.validity != b.manifest.value(QStringLiteral("validity")).toString()) {
        *failure = { tr("summary.json is damaged: its validity \"%1\" contradicts result_manifest.json's \"%2\".")
                         .arg(b.validity, b.manifest.value(QStringLiteral("validity")).toString()),
            QStringLiteral("summary.json") };
        return false;
    }
    if (b.validity.isEmpty())
        b.validity = b.hasManifest ? b.manifest.value(QStringLiteral("validity")).toString()
                                   : bundle::validityOf(b.result.issues);
    return true;
}

// run_metadata.json: firmware metadata, engine type, our aggregation, and so who wrote the bundle.
bool BundleReader::readRunMetadata(const QDir &dir, Bundle &b, Failure *failure)
{
    const bool hasSummary = b.artifacts.contains(QStringLiteral("summary.json"));
    if (b.artifacts.contains(QStringLiteral("run_metadata.json"))) {
        const auto metadata = readJson(dir, QStringLiteral("run_metadata.json"), failure, &b);
        if (!metadata)
            return false;
        if (const QString error = BundleSchema::checkRunMetadata(*metadata, QStringLiteral("run_metadata.json"));
            !error.isEmpty()) {
            *failure = { error, QStringLiteral("run_metadata.json") };
            return false;
        }
        b.metadata = *metadata;
        for (const auto &m : b.metadata.value(QStringLiteral("firmware")).members())
            b.result.firmware.append({ m.first, m.second.toVariant() });
        if (!hasSummary) {
            if (const auto engine
                = engineFromName(b.metadata.path({ QStringLiteral("engine"), QStringLiteral("type") }).toString()))
                b.result.engine = *engine;
        }
        const JsonValue studio = b.metadata.value(QStringLiteral("hpx_studio"));
        b.producer = studio.isObject() ? QStringLiteral("hpx Studio") : QStringLiteral("heliaPROFILER");
        b.result.cyclesPasses = studio.value(QStringLiteral("cycles_passes")).toVariant().toStringList();
        const QString agg = studio.value(QStringLiteral("aggregation")).toString();
        const QString configAgg
            = b.metadata.path({ QStringLiteral("config"), QStringLiteral("profiling"), QStringLiteral("aggregation") })
                  .toString();
        const QString name = agg.isEmpty() ? configAgg : agg;
        b.result.aggregation = name == QStringLiteral("mean") ? Aggregation::Mean
            : name == QStringLiteral("trimmed")               ? Aggregation::Trimmed
                                                              : Aggregation::Median;
    } else {
        b.producer = QStringLiteral("heliaPROFILER");
    }
    if (!b.hasManifest && b.producer == QStringLiteral("hpx Studio")) {
        // hpx Studio writes a manifest with every bundle, so its absence means a damaged or half-replaced folder.
        b.validity = QStringLiteral("invalid");
        b.validityReason = tr("result_manifest.json is missing, but hpx Studio writes one with every bundle: files may "
                              "be missing or come from another run, so these results are marked invalid.");
        b.warnings.append(b.validityReason);
    }
    return true;
}

namespace {

// Counters the board did not count have no column in any file; the run metadata lists them (§3.8). They join the
// result's counters without values, and what the board said about itself is kept with them.
void addNotCountedCounters(Bundle &b)
{
    const JsonValue studio = b.metadata.value(QStringLiteral("hpx_studio"));
    for (const QString &name : studio.value(QStringLiteral("not_counted")).toVariant().toStringList()) {
        if (name.isEmpty() || b.result.notCounted.contains(name))
            continue;
        b.result.notCounted.append(name);
        if (!b.result.counters.contains(name))
            b.result.counters.append(name);
    }
    for (QVector<LayerResult> *list : { &b.result.layers, &b.result.notRun }) {
        for (LayerResult &layer : *list) {
            if (layer.values.size() < b.result.counters.size())
                layer.values.resize(b.result.counters.size());
        }
    }
    for (const auto &m : studio.value(QStringLiteral("board_says")).members())
        b.result.boardStatement.append({ m.first, m.second.toVariant() });
}

} // namespace

// The summary's layer count is the table's: a results file that lost its rows (a header over rows it does not
// describe, a truncated table) contradicts it.
bool BundleReader::checkLayerCount(const Bundle &b, Failure *failure)
{
    const JsonValue *layers = b.summary.find(QStringLiteral("layers"));
    if (!layers || !layers->isInt() || layers->toInt() == b.result.layers.size())
        return true;
    const QString table = b.artifacts.contains(QStringLiteral("profile_results.json"))
        ? QStringLiteral("profile_results.json")
        : QStringLiteral("profile_results.csv");
    *failure = { tr("%1 is damaged: it has %2 layers, summary.json says %3.")
                     .arg(table)
                     .arg(b.result.layers.size())
                     .arg(layers->toInt()),
        table };
    return false;
}

BundleReadResult BundleReader::read(const QString &directory, const BundleReadOptions &options)
{
    BundleReadResult out;
    Failure failure;
    auto fail = [&]() {
        out.error = failure.message;
        out.errorFile = failure.file;
        out.bundle.reset();
        return out;
    };
    const QDir dir(directory);
    const QFileInfo where(directory);
    if (!where.exists()) {
        failure = { tr("The folder %1 does not exist.").arg(QDir::toNativeSeparators(directory)), QString() };
        return fail();
    }
    if (!where.isDir()) {
        failure = { where.isFile()
                ? tr("%1 is a file, not a bundle folder.").arg(QDir::toNativeSeparators(directory))
                : tr("%1 is not a bundle folder (a FIFO, device or socket).").arg(QDir::toNativeSeparators(directory)),
            QString() };
        return fail();
    }
    Bundle b;
    b.directory = dir.absolutePath();

    if (!recoverInterruptedWrite(directory, b, &failure) || !readDeclaredFiles(directory, dir, b, &failure)
        || !readSummary(dir, b, &failure) || !readRunMetadata(dir, b, &failure))
        return fail();
    const ArtifactReader read = [&b](const QString &rel, QString *error, QString *errorFile) {
        return BundleReader::readArtifact(b.directory, b, rel, error, errorFile);
    };
    if (!LayerTableReader::readTables(read, b, options.detailed, &failure.message, &failure.file))
        return fail();
    if (!LayerTableReader::readIdentities(read, b, &failure.message, &failure.file))
        return fail();
    addNotCountedCounters(b);
    if (!readOverlays(b.directory, b, options.overlays, &failure.message, &failure.file))
        return fail();
    if (!LayerTableReader::readAotMemory(read, b, &failure.message, &failure.file))
        return fail();
    if (b.hasManifest && !checkUnreadDigests(dir, b, &failure))
        return fail();
    if (!checkLayerCount(b, &failure))
        return fail();
    if (!b.hasManifest && b.result.overflowDetected) {
        // heliaPROFILER's rule for a legacy bundle (no validity of its own): PMU overflow makes it invalid. The same
        // answer in hpx show, hpx compare and the window.
        b.validity = QStringLiteral("invalid");
        b.validityReason = tr("This legacy bundle reports PMU counter overflow (overflow_detected): its results are "
                              "invalid.");
        b.warnings.append(b.validityReason);
    }
    if (b.artifacts.contains(QStringLiteral("capture.log")))
        b.rawCapturePath = dir.absoluteFilePath(QStringLiteral("capture.log"));
    out.bundle = std::move(b);
    return out;
}

} // namespace hpx::model
