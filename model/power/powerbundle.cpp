// hpx power: a recording's measurement added to a bundle (docs/power.md, docs/output-files.md "power").
#include "model/power/powerbundle.h"

#include "model/bundle/bundlepublish.h"
#include "model/bundle/bundlereader.h"
#include "model/bundle/bundlewriter.h"
#include "model/bundle/csvreader.h"
#include "model/bundle/csvwriter.h"
#include "model/bundle/layertables.h"
#include "model/bundle/overlay.h"
#include "model/bundle/resultmanifest.h"
#include "model/digest/sha256.h"
#include "model/json/jsonparser.h"
#include "model/json/jsonwriter.h"
#include "model/power/powersummary.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QSet>

namespace hpx::model::power {

namespace {

const QString kManifest = QStringLiteral("result_manifest.json");

QString sha256OfFile(const QString &path, qint64 *size)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    Sha256 sha;
    QByteArray buffer(1 << 20, Qt::Uninitialized);
    qint64 total = 0;
    for (;;) {
        const qint64 n = f.read(buffer.data(), buffer.size());
        if (n < 0)
            return {};
        if (n == 0)
            break;
        sha.addData(QByteArrayView(buffer.constData(), n));
        total += n;
    }
    *size = total;
    return sha.hexResult();
}

std::optional<QByteArray> readFile(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return std::nullopt;
    return f.readAll();
}

// `value` printed as the layer tables print a float (Python repr), empty when not measured.
void appendCell(QByteArray &out, const std::optional<double> &value)
{
    if (value)
        appendPythonFloat(out, *value);
}

// The layer CSV with the energy columns (replacing earlier ones): cells copied as they were, quoting as the writer's.
std::optional<QByteArray> withEnergyColumns(const QByteArray &csv, const QVector<std::optional<double>> &energy,
    const QVector<std::optional<double>> &power, bool add, QString *error)
{
    CsvReader reader(csv);
    QByteArray out;
    out.reserve(csv.size() + energy.size() * 48 + 64);
    QVector<int> keep;
    int row = -1;
    while (reader.next()) {
        const CsvReader::Fields &f = reader.fields();
        if (row >= 0 && f.size() == 1 && f.first().isEmpty())
            continue;
        if (row < 0) {
            for (int c = 0; c < f.size(); ++c) {
                if (f.at(c) != QByteArrayView("energy_j") && f.at(c) != QByteArrayView("avg_power_w"))
                    keep.append(c);
            }
        }
        bool first = true;
        for (int c : std::as_const(keep)) {
            if (!first)
                out.append(',');
            first = false;
            CsvWriter::appendText(out, QString::fromUtf8(c < f.size() ? f.at(c) : QByteArrayView()));
        }
        if (!add) {
            // the columns of an earlier measurement are only dropped
        } else if (row < 0) {
            out.append(",energy_j,avg_power_w");
        } else {
            if (row >= energy.size()) {
                *error = PowerBundle::tr("The layer table has more rows than the bundle has layers.");
                return std::nullopt;
            }
            out.append(',');
            appendCell(out, energy.at(row));
            out.append(',');
            appendCell(out, power.at(row));
        }
        out.append("\r\n", 2);
        ++row;
    }
    if (row != energy.size()) {
        *error = PowerBundle::tr("The layer table has %1 rows, the bundle %2 layers.").arg(row).arg(energy.size());
        return std::nullopt;
    }
    return out;
}

JsonValue optJson(const std::optional<double> &v)
{
    return v ? JsonValue(*v) : JsonValue();
}

// hpx_studio_layers.csv with an enclosing layer's own energy in its self_values.
std::optional<QByteArray> withSelfEnergy(const QByteArray &csv, const PowerMeasurement &m)
{
    const QVector<QStringList> rows = parseCsv(csv);
    const QStringList header = rows.value(0);
    const int selfColumn = int(header.indexOf(QStringLiteral("self_values")));
    const int posColumn = int(header.indexOf(QStringLiteral("position")));
    if (selfColumn < 0 || posColumn < 0)
        return std::nullopt; // nothing encloses anything: nothing to change
    QByteArray out;
    bool changed = false;
    for (int r = 0; r < rows.size(); ++r) {
        QStringList row = rows.at(r);
        if (row.size() == 1 && row.first().isEmpty())
            continue;
        if (r > 0 && selfColumn < row.size() && !row.at(selfColumn).isEmpty()) {
            bool ok = false;
            const int p = row.value(posColumn).toInt(&ok);
            JsonValue own = parseJson(row.at(selfColumn).toUtf8());
            if (ok && own.isObject() && p >= 0 && p < m.layerSelfEnergyJ.size()) {
                own.remove(energyColumn());
                own.remove(powerColumn());
                if (m.layerSelfEnergyJ.at(p))
                    own.insert(energyColumn(), JsonValue(*m.layerSelfEnergyJ.at(p)));
                if (m.layerSelfPowerW.at(p))
                    own.insert(powerColumn(), JsonValue(*m.layerSelfPowerW.at(p)));
                row[selfColumn] = QString::fromUtf8(toPythonJson(own, -1));
                changed = true;
            }
        }
        for (int c = 0; c < row.size(); ++c) {
            if (c > 0)
                out.append(',');
            CsvWriter::appendText(out, row.at(c));
        }
        out.append("\r\n", 2);
    }
    if (!changed)
        return std::nullopt;
    return out;
}

// Per layer, the Model Explorer graph it belongs to: hpx_studio_layers.csv's graph_id, else heliaPROFILER's
// single graph "main".
QStringList graphIds(const QString &directory, const Bundle &b)
{
    QStringList ids(b.result.layers.size(), QStringLiteral("main"));
    if (!b.artifacts.contains(bundle::layerIdentityFileName()))
        return ids;
    const auto data = readFile(QDir(directory).filePath(bundle::layerIdentityFileName()));
    if (!data)
        return ids;
    const QVector<QStringList> rows = parseCsv(*data);
    const int pos = int(rows.value(0).indexOf(QStringLiteral("position")));
    const int graph = int(rows.value(0).indexOf(QStringLiteral("graph_id")));
    if (pos < 0 || graph < 0)
        return ids;
    for (int r = 1; r < rows.size(); ++r) {
        bool ok = false;
        const int p = rows.at(r).value(pos).toInt(&ok);
        if (ok && p >= 0 && p < ids.size() && !rows.at(r).value(graph).isEmpty())
            ids[p] = rows.at(r).value(graph);
    }
    return ids;
}

QByteArray energyOverlay(const QString &directory, const Bundle &b, const PowerMeasurement &m)
{
    const QStringList ids = graphIds(directory, b);
    QVector<OverlayGraph> graphs;
    QSet<QString> keys;
    for (int l = 0; l < b.result.layers.size(); ++l) {
        const LayerResult &layer = b.result.layers.at(l);
        if (layer.subgraph < 0 || layer.sourceIndex < 0 || !m.layerEnergyJ.value(l))
            continue;
        const QString graph = ids.at(l);
        const QString key = QString::number(layer.sourceIndex);
        if (keys.contains(graph + QLatin1Char('/') + key))
            continue;
        keys.insert(graph + QLatin1Char('/') + key);
        auto it = std::find_if(graphs.begin(), graphs.end(), [&](const OverlayGraph &g) { return g.graphId == graph; });
        if (it == graphs.end()) {
            graphs.append(OverlayGraph { graph, {} });
            it = graphs.end() - 1;
        }
        it->results.append({ key, JsonValue(*m.layerEnergyJ.at(l)) });
    }
    if (graphs.isEmpty())
        return {};
    return overlayDocumentBytes(graphs, energyColumn());
}

// summary.json with `power` in place (before validity/issues when new).
JsonValue summaryWithPower(const JsonValue &summary, const JsonValue &power)
{
    if (summary.contains(QStringLiteral("power"))) {
        JsonValue s = summary;
        s.insert(QStringLiteral("power"), power);
        return s;
    }
    JsonValue s = JsonValue::object();
    bool placed = false;
    for (const auto &m : summary.members()) {
        if (!placed && (m.first == QStringLiteral("validity") || m.first == QStringLiteral("issues"))) {
            s.appendMember(QStringLiteral("power"), power);
            placed = true;
        }
        s.appendMember(m.first, m.second);
    }
    if (!placed)
        s.appendMember(QStringLiteral("power"), power);
    return s;
}

} // namespace

QString PowerBundle::overlayPath()
{
    return overlayDirectoryName() + QLatin1Char('/') + overlayFileName(energyColumn());
}

std::optional<PowerTerminalRecord> PowerBundle::terminalRecordFromFile(const QString &path, QString *error)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return std::nullopt;
    PowerTerminalParser parser;
    QByteArray pending;
    QByteArray chunk;
    while (!(chunk = f.read(1 << 20)).isEmpty()) {
        pending += chunk;
        qsizetype start = 0;
        for (qsizetype nl; (nl = pending.indexOf('\n', start)) >= 0; start = nl + 1)
            parser.feed(QByteArrayView(pending.constData() + start, nl - start));
        pending.remove(0, start);
        if (pending.size() > (1 << 20))
            pending.clear(); // a line longer than any record: not one
    }
    if (!pending.isEmpty())
        parser.feed(pending);
    if (error)
        *error = parser.lastError();
    return parser.record();
}

PowerBundle::Result PowerBundle::attach(const QString &directory, const QString &recordingPath,
    const PowerOptions &options, const PowerScanner::Progress &progress, const std::atomic_bool *cancel)
{
    Result result;
    BundleReadOptions readOptions;
    readOptions.detailed = false;
    BundleReadResult read = BundleReader::read(directory, readOptions);
    if (!read.bundle) {
        result.error = read.error;
        return result;
    }
    Bundle &b = *read.bundle;
    if (b.result.cyclesAreEmulatedInstructions()) {
        // Honesty (docs/power.md): an emulator draws no supply current; a recording cannot belong to this run.
        result.error = tr("This run is from the virtual board (QEMU): an emulator has no supply current, so its power "
                          "cannot be measured. Measure a real board running the same firmware.");
        return result;
    }

    std::optional<PowerTerminalRecord> terminal;
    if (!b.rawCapturePath.isEmpty()) {
        QString terminalError;
        terminal = terminalRecordFromFile(b.rawCapturePath, &terminalError);
        if (!terminal && !terminalError.isEmpty())
            result.notes.append(tr("The stream's power terminal record was not used: %1").arg(terminalError));
    }
    const JsonValue avg = b.summary.path({ QStringLiteral("latency"), QStringLiteral("device_clean_infer_avg_us") });
    const std::optional<double> avgUs = avg.isNumber() ? std::optional<double>(avg.toDouble()) : std::nullopt;

    RecordingFile file;
    file.name = QFileInfo(recordingPath).fileName();
    file.sha256 = sha256OfFile(recordingPath, &file.sizeBytes);
    if (file.sha256.isEmpty()) {
        result.error = tr("Cannot read the recording %1.").arg(QDir::toNativeSeparators(recordingPath));
        return result;
    }
    QString error;
    std::unique_ptr<PowerSource> source = PowerRecording::open(recordingPath, &error);
    if (!source) {
        result.error = error;
        return result;
    }
    const PowerContext context = powerContext(b.result, terminal, avgUs);
    std::optional<RecordingScan> scan
        = PowerScanner::scan(*source, options, &error, progress, cancel, int(context.eventLayers.size()));
    if (!scan) {
        result.error = error;
        return result;
    }
    PowerMeasurement m = PowerAnalysis::measure(std::move(*scan), context, options, int(b.result.layers.size()));

    // The files that change.
    QVector<BundleFile> files;
    const JsonValue power = powerSummaryJson(m, file);
    const JsonValue summary = summaryWithPower(b.summary, power);
    if (b.artifacts.contains(QStringLiteral("summary.json")) || !b.hasManifest)
        files.append({ QStringLiteral("summary.json"), toPythonJson(summary) });
    files.append({ powerSummaryPath(), powerSummaryCsv(power) });
    const bool layers = m.hasLayerEnergy();
    QStringList dropped; // earlier energy files a measurement without per-layer energy replaces
    const QDir dir(b.directory);
    if (b.artifacts.contains(QStringLiteral("profile_results.csv"))) {
        const auto csv = readFile(dir.filePath(QStringLiteral("profile_results.csv")));
        if (!csv) {
            result.error = tr("Cannot read profile_results.csv.");
            return result;
        }
        const auto updated = withEnergyColumns(*csv, m.layerEnergyJ, m.layerPowerW, layers, &error);
        if (!updated) {
            result.error = error;
            return result;
        }
        files.append({ QStringLiteral("profile_results.csv"), *updated });
    } else if (b.artifacts.contains(QStringLiteral("profile_results.json"))) {
        const auto data = readFile(dir.filePath(QStringLiteral("profile_results.json")));
        JsonValue doc = data ? parseJson(*data) : JsonValue();
        if (!doc.value(QStringLiteral("layers")).isArray()) {
            result.error = tr("Cannot read profile_results.json.");
            return result;
        }
        JsonValue list = JsonValue::array();
        int l = 0;
        for (JsonValue row : doc.value(QStringLiteral("layers")).elements()) {
            row.remove(energyColumn());
            row.remove(powerColumn());
            if (layers) {
                row.appendMember(energyColumn(), optJson(m.layerEnergyJ.value(l)));
                row.appendMember(powerColumn(), optJson(m.layerPowerW.value(l)));
            }
            list.append(std::move(row));
            ++l;
        }
        doc.insert(QStringLiteral("layers"), std::move(list));
        files.append({ QStringLiteral("profile_results.json"), toPythonJson(doc) });
    }
    if (b.artifacts.contains(bundle::layerIdentityFileName())) {
        if (const auto data = readFile(dir.filePath(bundle::layerIdentityFileName()))) {
            if (const auto updated = withSelfEnergy(*data, m))
                files.append({ bundle::layerIdentityFileName(), *updated });
        }
    }
    if (layers) {
        const QByteArray overlay = energyOverlay(b.directory, b, m);
        if (!overlay.isEmpty())
            files.append({ overlayPath(), overlay });
        else
            dropped.append(overlayPath());
    } else {
        dropped.append(overlayPath());
    }

    // The manifest: the changed artifacts' sizes and digests, the new ones added, the recording named.
    if (b.hasManifest) {
        JsonValue manifest = b.manifest;
        JsonValue artifacts = JsonValue::array();
        QHash<QString, const BundleFile *> byPath;
        for (const BundleFile &f : std::as_const(files))
            byPath.insert(f.path, &f);
        QSet<QString> listed;
        for (const JsonValue &a : manifest.value(QStringLiteral("artifacts")).elements()) {
            const QString path = a.value(QStringLiteral("path")).toString();
            if (dropped.contains(path))
                continue;
            listed.insert(path);
            if (const BundleFile *f = byPath.value(path)) {
                JsonValue entry = a;
                entry.insert(QStringLiteral("size_bytes"), JsonValue(qint64(f->data.size())));
                entry.insert(QStringLiteral("sha256"), JsonValue(Sha256::hex(f->data)));
                artifacts.append(std::move(entry));
            } else {
                artifacts.append(a);
            }
        }
        for (const BundleFile &f : std::as_const(files)) {
            if (!listed.contains(f.path))
                artifacts.append(bundle::artifactJson({ f.path, f.data.size(), Sha256::hex(f.data) }));
        }
        manifest.insert(QStringLiteral("artifacts"), std::move(artifacts));
        JsonValue extensions = manifest.value(QStringLiteral("extensions"));
        if (!extensions.isObject())
            extensions = JsonValue::object();
        JsonValue rec = JsonValue::object();
        rec.appendMember(QStringLiteral("name"), JsonValue(file.name));
        rec.appendMember(QStringLiteral("sha256"), JsonValue(file.sha256));
        rec.appendMember(QStringLiteral("size_bytes"), JsonValue(file.sizeBytes));
        rec.appendMember(QStringLiteral("format"), JsonValue(m.scan.format));
        rec.appendMember(QStringLiteral("simulated"), JsonValue(m.scan.simulated));
        JsonValue ext = JsonValue::object();
        ext.appendMember(QStringLiteral("recording"), std::move(rec));
        extensions.insert(QStringLiteral("hpx_studio_power"), std::move(ext));
        manifest.insert(QStringLiteral("extensions"), std::move(extensions));
        files.append({ kManifest, toManifestJson(manifest) });
    }

    QSet<QString> ours;
    for (const BundleFile &f : std::as_const(files))
        ours.insert(f.path);
    for (const QString &d : std::as_const(dropped))
        ours.insert(d);
    const BundlePublisher::Result published
        = BundlePublisher::publish(b.directory, files, [&ours](const QString &rel) { return ours.contains(rel); });
    if (!published.ok) {
        result.error = published.errorFile.isEmpty()
            ? published.error
            : QStringLiteral("%1 (%2)").arg(published.error, published.errorFile);
        return result;
    }
    result.notes += published.notes;
    for (const BundleFile &f : std::as_const(files))
        result.written.append(f.path);
    result.ok = true;
    result.measurement = std::move(m);
    return result;
}

} // namespace hpx::model::power
