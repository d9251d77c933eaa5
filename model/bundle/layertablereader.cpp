// Reading back a bundle's per-layer files, the counterpart of layertables.cpp (docs/compatibility.md §5.3, §5.4,
// §5.7). Every file goes through the ArtifactReader BundleReader passes (BundleReader::readArtifact), so a declared
// file is checked against its digest.
#include "model/bundle/layertablereader.h"

#include "model/board/counters.h"
#include "model/bundle/bundleschema.h"
#include "model/bundle/csvreader.h"
#include "model/bundle/csvwriter.h"
#include "model/bundle/layertables.h"
#include "model/json/jsonparser.h"
#include "model/json/jsonwriter.h"
#include "model/results/aggregation.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>

#include <cmath>

namespace hpx::model {

namespace {

// Columns of §5.3 that are not counters.
bool isIdentityColumn(const QString &name)
{
    static const QStringList names = { QStringLiteral("id"), QStringLiteral("op"), QStringLiteral("source_index"),
        QStringLiteral("cycles"), QStringLiteral("cycles_pct"), QStringLiteral("overflow"), QStringLiteral("macs"),
        QStringLiteral("ops"), QStringLiteral("cycles_per_mac") };
    return names.contains(name);
}

QVariant idVariant(const QString &text)
{
    bool ok = false;
    const qint64 v = text.toLongLong(&ok);
    return ok ? QVariant(v) : QVariant(text);
}

// Layers of profile_results.json / presets: objects with the §5.3 keys.
QVector<LayerResult> layersFromJson(const JsonValue &list, QStringList *counters)
{
    counters->clear();
    for (const JsonValue &l : list.elements()) {
        for (const QString &key : l.keys()) {
            if (!isIdentityColumn(key) && !counters->contains(key))
                counters->append(key);
        }
    }
    QVector<LayerResult> layers;
    for (const JsonValue &l : list.elements()) {
        LayerResult layer;
        layer.position = int(layers.size());
        const JsonValue id = l.value(QStringLiteral("id"));
        layer.id = id.isInt() ? QVariant(id.toInt()) : QVariant(id.toString());
        layer.op = l.value(QStringLiteral("op")).toString();
        for (const QString &c : std::as_const(*counters)) {
            const JsonValue *v = l.find(c);
            layer.values.append(v && v->isNumber() ? std::optional<double>(v->toDouble()) : std::nullopt);
        }
        layer.overflow = l.value(QStringLiteral("overflow")).toBool();
        layers.append(std::move(layer));
    }
    return layers;
}

void defaultIdentity(Engine engine, QVector<LayerResult> &layers)
{
    for (LayerResult &layer : layers) {
        layer.opType = layer.op.section(QLatin1Char(':'), 0, 0);
        bool ok = false;
        int index = -1;
        if (engine == Engine::HeliaAot) {
            if (layer.op.contains(QLatin1Char(':')))
                index = layer.op.section(QLatin1Char(':'), -1).toInt(&ok);
        } else if (engine != Engine::Executorch) {
            index = layer.id.toString().toInt(&ok);
        }
        layer.subgraph = ok && index >= 0 ? 0 : -1;
        layer.sourceIndex = ok && index >= 0 ? index : -1;
    }
}

QString groupOf(const QString &passName)
{
    static const QRegularExpression grouped(QStringLiteral("^([a-z]+)_\\d+$"));
    const auto m = grouped.match(passName);
    return m.hasMatch() ? m.captured(1) : (passName.startsWith(QLatin1Char('_')) ? QString() : passName);
}

} // namespace

std::optional<QVector<LayerResult>> LayerTableReader::parseLayersCsv(
    const QByteArray &data, const QString &fileName, QStringList *counters, QString *error)
{
    CsvReader reader(data);
    QStringList header;
    if (reader.next()) {
        for (const QByteArrayView cell : reader.fields())
            header.append(QString::fromUtf8(cell));
    }
    if (header.isEmpty() || !header.contains(QStringLiteral("id")) || !header.contains(QStringLiteral("op"))) {
        *error = tr("%1 is damaged: the header has no \"id\" and \"op\" columns.").arg(fileName);
        return std::nullopt;
    }
    for (int c = 0; c < header.size(); ++c) {
        if (header.at(c).isEmpty() || header.indexOf(header.at(c)) != c) {
            *error = header.at(c).isEmpty()
                ? tr("%1 is damaged: column %2 of the header has no name.").arg(fileName).arg(c + 1)
                : tr("%1 is damaged: the header names \"%2\" twice.").arg(fileName, header.at(c));
            return std::nullopt;
        }
    }
    QVector<int> counterColumns;
    counters->clear();
    for (int c = 0; c < header.size(); ++c) {
        if (!isIdentityColumn(header.at(c))) {
            counters->append(header.at(c));
            counterColumns.append(c);
        }
    }
    // A `cycles` column without ARM_PMU_CPU_CYCLES still carries the cycles (older writers).
    const int cyclesColumn = header.indexOf(QStringLiteral("cycles"));
    const bool cyclesAsCounter = cyclesColumn >= 0 && !counters->contains(cyclesCounterName());
    if (cyclesAsCounter) {
        counters->append(cyclesCounterName());
        counterColumns.append(cyclesColumn);
    }
    const int idColumn = header.indexOf(QStringLiteral("id"));
    const int opColumn = header.indexOf(QStringLiteral("op"));
    const int overflowColumn = header.indexOf(QStringLiteral("overflow"));
    const int macsColumn = header.indexOf(QStringLiteral("macs"));
    const int opsColumn = header.indexOf(QStringLiteral("ops"));
    // Numbers that are not counters: empty (not measured, or no MACs) or a finite number.
    QVector<int> numberColumns;
    for (const char *name : { "cycles", "cycles_pct", "cycles_per_mac", "source_index" }) {
        if (const int c = int(header.indexOf(QLatin1String(name))); c >= 0)
            numberColumns.append(c);
    }
    QVector<LayerResult> layers;
    // A cell that breaks the schema makes the table damaged, named by line and column: a counter is a finite number,
    // or empty when the board did not measure it (never `nan`, `inf` or text).
    const auto badCell = [&](int line, int column, QByteArrayView cell, const QString &expected) {
        QString text = QString::fromUtf8(cell);
        if (text.size() > 40)
            text = text.left(37) + QStringLiteral("...");
        *error = tr("%1 is damaged: line %2, column \"%3\" holds \"%4\", %5.")
                     .arg(fileName)
                     .arg(line)
                     .arg(header.at(column), text, expected);
        return std::nullopt;
    };
    const auto isFiniteNumber = [](QByteArrayView cell) {
        const std::optional<double> v = csvCellToDouble(cell);
        return v && std::isfinite(*v);
    };
    // Cells stay bytes: only id and op become strings, numbers are converted straight from the text.
    for (int r = 1; reader.next(); ++r) {
        const CsvReader::Fields &row = reader.fields();
        if (row.size() == 1 && row.first().isEmpty())
            continue; // blank line
        if (row.size() != header.size()) {
            *error = tr("%1 is damaged: line %2 has %3 fields, the header has %4.")
                         .arg(fileName)
                         .arg(r + 1)
                         .arg(row.size())
                         .arg(header.size());
            return std::nullopt;
        }
        LayerResult layer;
        layer.position = int(layers.size());
        if (row.at(idColumn).isEmpty())
            return badCell(r + 1, idColumn, row.at(idColumn), tr("a layer id was expected"));
        layer.id = idVariant(QString::fromUtf8(row.at(idColumn)));
        layer.op = QString::fromUtf8(row.at(opColumn));
        layer.values.reserve(counterColumns.size());
        for (int c : std::as_const(counterColumns)) {
            const QByteArrayView cell = row.at(c);
            const std::optional<double> v = csvCellToDouble(cell);
            if (!cell.isEmpty() && !(v && std::isfinite(*v)))
                return badCell(r + 1, c, cell, tr("a number or an empty cell (not measured) was expected"));
            layer.values.append(v);
        }
        for (int c : std::as_const(numberColumns)) {
            if (!row.at(c).isEmpty() && !isFiniteNumber(row.at(c)))
                return badCell(r + 1, c, row.at(c), tr("a number or an empty cell was expected"));
        }
        if (overflowColumn >= 0) {
            const QByteArrayView cell = row.at(overflowColumn);
            if (!cell.isEmpty() && cell != QByteArrayView("True") && cell != QByteArrayView("False"))
                return badCell(r + 1, overflowColumn, cell, tr("True or False was expected"));
            layer.overflow = cell == QByteArrayView("True");
        }
        if (macsColumn >= 0 && !row.at(macsColumn).isEmpty()) {
            const std::optional<qint64> macs = csvCellToInt(row.at(macsColumn));
            if (!macs || *macs < 0)
                return badCell(
                    r + 1, macsColumn, row.at(macsColumn), tr("a whole number or an empty cell was expected"));
            layer.macs = *macs;
        }
        if (opsColumn >= 0 && !row.at(opsColumn).isEmpty()) {
            const std::optional<qint64> ops = csvCellToInt(row.at(opsColumn));
            if (!ops || *ops < 0)
                return badCell(r + 1, opsColumn, row.at(opsColumn), tr("a whole number or an empty cell was expected"));
            layer.ops = *ops;
        }
        layers.append(std::move(layer));
    }
    return layers;
}

bool LayerTableReader::readTables(
    const ArtifactReader &read, Bundle &b, bool detailed, QString *error, QString *errorFile)
{
    const auto declared = [&](const QString &rel) { return b.artifacts.contains(rel); };
    ProfileResult &r = b.result;
    if (declared(QStringLiteral("profile_results.json"))) {
        const QString rel = QStringLiteral("profile_results.json");
        const auto data = read(rel, error, errorFile);
        if (!data)
            return false;
        QString parseError;
        const JsonValue doc = parseJson(*data, &parseError);
        if (!parseError.isEmpty() || !doc.value(QStringLiteral("layers")).isArray()) {
            *error = parseError.isEmpty() ? tr("%1 is damaged: it has no \"layers\" list.").arg(rel)
                                          : tr("%1 is damaged: not valid JSON (%2).").arg(rel, parseError);
            *errorFile = rel;
            return false;
        }
        if (const QString schemaError = BundleSchema::checkProfileResultsJson(doc, rel); !schemaError.isEmpty()) {
            *error = schemaError;
            *errorFile = rel;
            return false;
        }
        r.layers = layersFromJson(doc.value(QStringLiteral("layers")), &r.counters);
        for (const auto &p : doc.value(QStringLiteral("presets")).members()) {
            PassResult pass;
            pass.name = p.first;
            pass.group = groupOf(p.first);
            pass.layers = layersFromJson(p.second.value(QStringLiteral("layers")), &pass.counters);
            pass.iterationCount = int(p.second.value(QStringLiteral("iteration_count")).toInt());
            defaultIdentity(r.engine, pass.layers);
            r.passes.append(std::move(pass));
        }
        if (r.firmware.isEmpty()) {
            for (const auto &m : doc.value(QStringLiteral("summary")).members())
                r.firmware.append({ m.first, m.second.toVariant() });
        }
        if (!declared(QStringLiteral("summary.json")))
            r.overflowDetected = doc.value(QStringLiteral("overflow_detected")).toBool();
    } else if (declared(QStringLiteral("profile_results.csv"))) {
        const QString rel = QStringLiteral("profile_results.csv");
        const auto data = read(rel, error, errorFile);
        if (!data)
            return false;
        const auto layers = parseLayersCsv(*data, rel, &r.counters, error);
        if (!layers) {
            *errorFile = rel;
            return false;
        }
        r.layers = *layers;
    } else {
        *error = tr("The bundle has no profile_results.csv or profile_results.json.");
        errorFile->clear();
        return false;
    }
    defaultIdentity(r.engine, r.layers);
    if (!declared(QStringLiteral("summary.json"))) {
        for (const LayerResult &l : std::as_const(r.layers))
            r.overflowDetected = r.overflowDetected || l.overflow;
    }

    // detailed/profile_<pass|group>.csv: passes when the results file had none, and groups.
    QStringList presetNames;
    for (const auto &entry : std::as_const(r.firmware)) {
        if (entry.first == QStringLiteral("presets"))
            presetNames = entry.second.toStringList();
    }
    const bool havePasses = !r.passes.isEmpty();
    // Without `detailed` the tables are still read and checked (one verification for every reader), only not kept.
    for (const QString &rel : std::as_const(b.artifacts)) {
        if (!rel.startsWith(QStringLiteral("detailed/profile_")) || !rel.endsWith(QStringLiteral(".csv")))
            continue;
        const QString name = rel.mid(17, rel.size() - 17 - 4);
        const auto data = read(rel, error, errorFile);
        if (!data)
            return false;
        QStringList counters;
        const auto layers = parseLayersCsv(*data, rel, &counters, error);
        if (!layers) {
            *errorFile = rel;
            return false;
        }
        if (!detailed)
            continue;
        if (presetNames.contains(name)) {
            if (!havePasses) {
                PassResult pass { name, groupOf(name), counters, *layers, 0, false, {} };
                defaultIdentity(r.engine, pass.layers);
                r.passes.append(std::move(pass));
            }
        } else {
            GroupResult group { name, counters, *layers };
            defaultIdentity(r.engine, group.layers);
            r.groups.append(std::move(group));
        }
    }
    return true;
}

namespace {

// The rows of hpx_studio_layers.csv for operators that did not run: ProfileResult::notRun again, each by its
// (subgraph, source index), invocations 0 and no value. A row that names no operator, or says it ran, is left out
// with a warning rather than shown as not run.
void readNotRun(const QVector<QStringList> &rows, const QStringList &header, ProfileResult &r, const QString &file,
    QStringList *warnings)
{
    const int op = int(header.indexOf(QStringLiteral("op")));
    const int sub = int(header.indexOf(QStringLiteral("subgraph")));
    const int src = int(header.indexOf(QStringLiteral("source_index")));
    const int inv = int(header.indexOf(QStringLiteral("invocations")));
    const int spread = int(header.indexOf(QStringLiteral("cycles_by_pass")));
    const int execution = int(header.indexOf(QStringLiteral("execution")));
    r.notRun.clear();
    int contradictory = 0;
    for (const QStringList &row : rows) {
        bool okSub = false, okSrc = false, okInv = false;
        const int s = row.value(sub).toInt(&okSub);
        const int x = row.value(src).toInt(&okSrc);
        const int invocations = row.value(inv).toInt(&okInv);
        if (!okSub || !okSrc || s < 0 || x < 0 || (okInv && invocations != 0) || !row.value(spread).isEmpty()) {
            ++contradictory;
            continue;
        }
        LayerResult layer;
        layer.position = int(r.layers.size() + r.notRun.size());
        layer.op = row.value(op);
        layer.opType = opTypeOf(layer.op);
        layer.subgraph = s;
        layer.sourceIndex = x;
        layer.invocations = 0;
        layer.samples = 0;
        layer.values = QVector<std::optional<double>>(r.counters.size());
        layer.execution = *bundle::executionFromName(row.value(execution));
        r.notRun.append(layer);
    }
    if (contradictory > 0)
        warnings->append(LayerTableReader::tr("%1: %n row(s) said not run but name no operator or carry a value; "
                                              "left out.",
            nullptr, contradictory)
                             .arg(file));
}

} // namespace

bool LayerTableReader::readIdentities(const ArtifactReader &read, Bundle &b, QString *failure, QString *failureFile)
{
    ProfileResult &r = b.result;
    const QString rel = bundle::layerIdentityFileName();
    if (!b.artifacts.contains(rel)) {
        for (const UnresolvedLayer &u : std::as_const(r.unresolved)) {
            if (u.position >= 0 && u.position < r.layers.size()) {
                r.layers[u.position].subgraph = -1;
                r.layers[u.position].sourceIndex = -1;
            }
        }
        return true;
    }
    QString error, errorFile;
    const auto data = read(rel, &error, &errorFile);
    if (!data) {
        if (b.hasManifest) {
            // A declared file that cannot be read or fails its digest is damage, as everywhere else.
            *failure = error;
            *failureFile = errorFile;
            return false;
        }
        b.warnings.append(error);
        return true;
    }
    const QVector<QStringList> rows = parseCsv(*data);
    const QStringList header = rows.value(0);
    const int pos = header.indexOf(QStringLiteral("position"));
    const int sub = header.indexOf(QStringLiteral("subgraph"));
    const int src = header.indexOf(QStringLiteral("source_index"));
    const int inv = header.indexOf(QStringLiteral("invocations"));
    const int spread = header.indexOf(QStringLiteral("cycles_by_pass"));
    const int enclosedBy = header.indexOf(QStringLiteral("enclosed_by"));
    const int selfValues = header.indexOf(QStringLiteral("self_values"));
    // Rows of operators that did not run follow the layers' (layertables.h): the others are the layer table's.
    const int execution = header.indexOf(QStringLiteral("execution"));
    QVector<QStringList> layerRows;
    QVector<QStringList> notRunRows;
    for (int i = 1; i < rows.size(); ++i) {
        const std::optional<LayerResult::Execution> e
            = execution >= 0 ? bundle::executionFromName(rows.at(i).value(execution)) : std::nullopt;
        (e && *e != LayerResult::Execution::Profiled ? notRunRows : layerRows).append(rows.at(i));
    }
    if (pos < 0 || sub < 0 || src < 0 || layerRows.size() != r.layers.size()) {
        b.warnings.append(
            tr("%1 does not match the layer table; layer identities follow heliaPROFILER's rule.").arg(rel));
        return true;
    }
    readNotRun(notRunRows, header, r, rel, &b.warnings);
    for (const QStringList &row : std::as_const(layerRows)) {
        bool ok = false;
        const int p = row.value(pos).toInt(&ok);
        if (!ok || p < 0 || p >= r.layers.size())
            continue;
        LayerResult &layer = r.layers[p];
        bool okSub = false, okSrc = false;
        const int s = row.value(sub).toInt(&okSub);
        const int x = row.value(src).toInt(&okSrc);
        layer.subgraph = okSub && okSrc ? s : -1;
        layer.sourceIndex = okSub && okSrc ? x : -1;
        if (inv >= 0 && row.value(inv).toInt(&ok) > 0)
            layer.invocations = row.value(inv).toInt();
        if (spread >= 0 && !row.value(spread).isEmpty()) {
            layer.cyclesByPass.clear();
            const JsonValue list = parseJson(row.value(spread).toUtf8());
            for (const JsonValue &v : list.elements())
                layer.cyclesByPass.append(v.toDouble());
        }
        if (enclosedBy >= 0 && row.value(enclosedBy).toInt(&ok) >= 0 && ok
            && row.value(enclosedBy).toInt() < r.layers.size())
            layer.parentLayer = row.value(enclosedBy).toInt();
        if (selfValues >= 0 && !row.value(selfValues).isEmpty()) {
            const JsonValue own = parseJson(row.value(selfValues).toUtf8());
            layer.selfValues = QVector<std::optional<double>>(r.counters.size());
            for (int c = 0; c < r.counters.size(); ++c) {
                const JsonValue v = own.value(r.counters.at(c));
                if (v.isNumber())
                    layer.selfValues[c] = v.toDouble();
            }
        }
    }
    return true;
}

bool LayerTableReader::readAotMemory(const ArtifactReader &read, Bundle &b, QString *error, QString *errorFile)
{
    const QString rel = QStringLiteral("aot_memory_layers.csv");
    if (!b.artifacts.contains(rel))
        return true;
    const auto data = read(rel, error, errorFile);
    if (!data)
        return false;
    const QVector<QStringList> rows = parseCsv(*data);
    const QStringList header = rows.value(0);
    const auto column = [&header](const char *name) { return int(header.indexOf(QLatin1String(name))); };
    const int idx = column("layer_idx");
    const int id = column("layer_id");
    const int role = column("tensor_role");
    const int kind = column("tensor_kind");
    const int arena = column("arena_role");
    const int memory = column("memory");
    const int source = column("source_memory");
    if (idx < 0 && id < 0)
        return true; // no row names its layer, so no layer has a placement (as heliaPROFILER reads it)
    for (int i = 1; i < rows.size(); ++i) {
        const QStringList &row = rows.at(i);
        if (row.size() == 1 && row.first().isEmpty())
            continue; // blank line
        const auto cell = [&row](int c) { return c >= 0 ? row.value(c) : QString(); };
        const auto key = [&row](int c) { return c >= 0 ? std::optional<QString>(row.value(c)) : std::nullopt; };
        b.aotMemory.append({ key(idx), key(id), cell(role), cell(kind), cell(arena), cell(memory), cell(source) });
    }
    return true;
}

} // namespace hpx::model
