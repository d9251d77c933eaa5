#include "model/compare/layerdiff.h"

#include "model/bundle/csvreader.h"
#include "model/bundle/csvwriter.h"
#include "model/json/jsonwriter.h"

#include <QHash>
#include <QMap>

#include <algorithm>
#include <functional>

namespace hpx::model {

namespace {

// One numeric per-layer key of §5.3 besides id/op/cycles/overflow: a counter column, or a derived one.
struct Key {
    QString name;
    std::function<std::optional<double>(const ProfileResult &, int, int)> read; // (result, layer, counter column)
    int baselineColumn = -1;
    int candidateColumn = -1;
};

std::optional<double> counterValue(const ProfileResult &r, int layer, int column)
{
    if (column < 0)
        return std::nullopt;
    const auto &values = r.layers.at(layer).values;
    return column < values.size() ? values.at(column) : std::nullopt;
}

void appendId(QByteArray &out, const QVariant &id)
{
    bool ok = false;
    const qint64 v = id.toLongLong(&ok);
    if (id.typeId() != QMetaType::QString && ok)
        out.append(QByteArray::number(v));
    else if (!id.isNull())
        CsvWriter::appendText(out, id.toString());
}

void appendNumber(QByteArray &out, const std::optional<double> &v)
{
    if (v)
        appendPythonFloat(out, *v);
}

// --- AOT memory placement (docs/compatibility.md §7.2: baseline_memory, candidate_memory, memory_changed,
// memory_diff), from each bundle's aot_memory_layers.csv, worded as heliaPROFILER words it.

// A CSV cell as heliaPROFILER's compare reads it: True/False a bool, else an int, else a float, else the text.
struct PyCell {
    bool number = false;
    double value = 0; // numbers (a bool is 1 or 0)
    QString text; // str() of the cell
    bool truthy() const { return number ? value != 0 : !text.isEmpty(); }
    QString key() const
    {
        return number ? QString(QStringLiteral("n:") + QString::number(value, 'g', 17))
                      : QString(QStringLiteral("s:") + text);
    }
};

PyCell pyCell(const QString &cell)
{
    PyCell c;
    c.text = cell;
    if (cell == QLatin1String("True") || cell == QLatin1String("False")) {
        c.number = true;
        c.value = cell == QLatin1String("True") ? 1 : 0;
        return c;
    }
    const QByteArray bytes = cell.toUtf8();
    if (const std::optional<qint64> i = csvCellToInt(bytes)) {
        c.number = true;
        c.value = double(*i);
        c.text = QString::number(*i);
    } else if (const std::optional<double> d = csvCellToDouble(bytes)) {
        c.number = true;
        c.value = *d;
        c.text = QString::fromLatin1(pythonFloatRepr(*d));
    }
    return c;
}

// role -> placement -> tensor count, for one layer (sorted maps: the texts list them in Python's sorted() order).
using PlacementCounts = QMap<QString, QMap<QString, int>>;

QString friendlyRole(const QString &kind)
{
    static const QHash<QString, QString> labels = { { QStringLiteral("constant"), QStringLiteral("constants") },
        { QStringLiteral("scratch"), QStringLiteral("scratch") },
        { QStringLiteral("persistent"), QStringLiteral("persistent") },
        { QStringLiteral("input"), QStringLiteral("inputs") }, { QStringLiteral("output"), QStringLiteral("outputs") },
        { QStringLiteral("local"), QStringLiteral("local buffers") } };
    const QString lower = kind.toLower();
    return labels.value(lower, lower);
}

QString placementOf(const AotMemoryRow &row)
{
    const PyCell memoryCell = pyCell(row.memory);
    const QString memory = (memoryCell.truthy() ? memoryCell.text : QStringLiteral("?")).toUpper();
    const PyCell source = pyCell(row.sourceMemory);
    const QString sourceText = source.truthy() ? source.text.toUpper() : memory;
    return sourceText != memory ? QStringLiteral("staged %1 to %2").arg(sourceText, memory)
                                : QStringLiteral("in %1").arg(memory);
}

QString placementGroup(const QMap<QString, int> &placements)
{
    QStringList parts;
    for (auto it = placements.cbegin(); it != placements.cend(); ++it)
        parts.append(QStringLiteral("%1 %2 %3")
                         .arg(it.value())
                         .arg(it.value() == 1 ? QStringLiteral("buffer") : QStringLiteral("buffers"), it.key()));
    return parts.join(QStringLiteral(" + "));
}

QString placementSummary(const PlacementCounts &counts)
{
    QStringList parts;
    for (auto it = counts.cbegin(); it != counts.cend(); ++it)
        parts.append(it.key() + QStringLiteral(": ") + placementGroup(it.value()));
    return parts.join(QStringLiteral("; "));
}

QString placementDiff(const PlacementCounts &base, const PlacementCounts &cand)
{
    if (base.isEmpty() && cand.isEmpty())
        return {};
    if (base == cand)
        return QStringLiteral("unchanged: ") + placementSummary(base);
    QStringList kinds = base.keys() + cand.keys();
    kinds.sort();
    kinds.removeDuplicates();
    QStringList parts;
    for (const QString &kind : std::as_const(kinds)) {
        const QMap<QString, int> before = base.value(kind);
        const QMap<QString, int> after = cand.value(kind);
        if (before == after)
            continue;
        parts.append(QStringLiteral("%1: %2 -> %3")
                         .arg(kind, before.isEmpty() ? QStringLiteral("none") : placementGroup(before),
                             after.isEmpty() ? QStringLiteral("none") : placementGroup(after)));
    }
    return parts.join(QStringLiteral("; "));
}

// One bundle's aot_memory_layers.csv rows by layer key (layer_id and layer_idx both index a row), and the lookup
// of a layer: its id first, then its position, as heliaPROFILER matches them.
class PlacementIndex {
public:
    explicit PlacementIndex(const QVector<AotMemoryRow> &rows)
    {
        for (const AotMemoryRow &row : rows) {
            QStringList keys;
            for (const std::optional<QString> &cell : { row.layerId, row.layerIdx }) {
                if (cell && !keys.contains(pyCell(*cell).key()))
                    keys.append(pyCell(*cell).key());
            }
            for (const QString &k : std::as_const(keys))
                m_rows[k].append(&row);
        }
    }
    bool isEmpty() const { return m_rows.isEmpty(); }

    PlacementCounts countsFor(const LayerResult &layer, int position) const
    {
        PlacementCounts counts;
        const QVector<const AotMemoryRow *> *rows = nullptr;
        for (const PyCell &key : { pyCell(layer.id.toString()), pyCell(QString::number(position)) }) {
            for (const QString &k : { key.key(), QString(QStringLiteral("s:") + key.text) }) {
                const auto found = m_rows.constFind(k);
                if (!rows && found != m_rows.constEnd())
                    rows = &found.value();
            }
        }
        if (!rows)
            return counts;
        for (const AotMemoryRow *row : *rows) {
            QString kind = QStringLiteral("tensor");
            for (const QString *cell : { &row->tensorKind, &row->arenaRole, &row->tensorRole }) {
                const PyCell c = pyCell(*cell);
                if (c.truthy()) {
                    kind = c.text;
                    break;
                }
            }
            ++counts[friendlyRole(kind)][placementOf(*row)];
        }
        return counts;
    }

private:
    QHash<QString, QVector<const AotMemoryRow *>> m_rows;
};

struct PlacementCells {
    QString baseline;
    QString candidate;
    bool changed = false;
    QString diff;
};

} // namespace

namespace {

// The value columns: every counter both sides have, then the derived ones neither side has as a counter.
QVector<Key> diffKeys(const ProfileResult &b, const ProfileResult &c)
{
    const QString cyclesName = QStringLiteral("ARM_PMU_CPU_CYCLES");
    const double baseTotal = b.totalCycles();
    const double candTotal = c.totalCycles();
    QVector<Key> keys;
    for (int i = 0; i < b.counters.size(); ++i) {
        const int j = int(c.counters.indexOf(b.counters.at(i)));
        if (j >= 0)
            keys.append({ b.counters.at(i),
                [](const ProfileResult &r, int l, int col) { return counterValue(r, l, col); }, i, j });
    }
    const auto derived
        = [&](const QString &name, std::function<std::optional<double>(const ProfileResult &, int, int)> fn) {
              if (!b.counters.contains(name) && !c.counters.contains(name))
                  keys.append({ name, std::move(fn), -1, -1 });
          };
    // The readers outlive this function: they hold the results by reference, the numbers by value.
    const int baseCyclesCol = b.counterIndex(cyclesName);
    const int candCyclesCol = c.counterIndex(cyclesName);
    derived(QStringLiteral("cycles_pct"),
        [&b, baseTotal, candTotal, baseCyclesCol, candCyclesCol](
            const ProfileResult &r, int l, int) -> std::optional<double> {
            const double total = &r == &b ? baseTotal : candTotal;
            const auto v = counterValue(r, l, &r == &b ? baseCyclesCol : candCyclesCol);
            if (!v || total <= 0)
                return std::nullopt;
            return pythonRound(*v / total * 100.0, 1);
        });
    if (b.hasEnclosingLayers() || c.hasEnclosingLayers()) {
        // A control-flow layer's own cycles beside its inclusive ones (the cycles columns), so a change inside a
        // WHILE body is not read as the WHILE's own (docs/merging.md, "Self and inclusive").
        derived(QStringLiteral("self_cycles"),
            [&b, baseCyclesCol, candCyclesCol](const ProfileResult &r, int l, int) -> std::optional<double> {
                return r.layers.at(l).selfAt(&r == &b ? baseCyclesCol : candCyclesCol);
            });
    }
    derived(QStringLiteral("macs"), [](const ProfileResult &r, int l, int) -> std::optional<double> {
        const auto &m = r.layers.at(l).macs;
        return m ? std::optional<double>(double(*m)) : std::nullopt;
    });
    derived(QStringLiteral("ops"), [](const ProfileResult &r, int l, int) -> std::optional<double> {
        const auto &o = r.layers.at(l).ops;
        return o ? std::optional<double>(double(*o)) : std::nullopt;
    });
    derived(QStringLiteral("cycles_per_mac"),
        [&b, baseCyclesCol, candCyclesCol](const ProfileResult &r, int l, int) -> std::optional<double> {
            const auto &m = r.layers.at(l).macs;
            const auto v = counterValue(r, l, &r == &b ? baseCyclesCol : candCyclesCol);
            if (!m || *m <= 0 || !v || *v == 0)
                return std::nullopt;
            return pythonRound(*v / double(*m), 2);
        });
    return keys;
}

// Values per row and key, row-major; a key is a column group when at least one row holds it on both sides.
struct KeyValues {
    std::vector<std::optional<double>> baseline;
    std::vector<std::optional<double>> candidate;
    QVector<bool> present;
};

KeyValues pairedValues(const Comparison &cmp, const QVector<Key> &keys)
{
    const ProfileResult &b = cmp.baseline.result;
    const ProfileResult &c = cmp.candidate.result;
    const int nk = int(keys.size());
    const int rows = int(cmp.pairs.size());
    KeyValues values { std::vector<std::optional<double>>(size_t(rows) * nk),
        std::vector<std::optional<double>>(size_t(rows) * nk), QVector<bool>(nk, false) };
    for (int r = 0; r < rows; ++r) {
        const LayerPair &p = cmp.pairs.at(r);
        if (p.baseline < 0 || p.candidate < 0)
            continue;
        for (int k = 0; k < nk; ++k) {
            const Key &key = keys.at(k);
            auto x = key.read(b, p.baseline, key.baselineColumn);
            auto y = key.read(c, p.candidate, key.candidateColumn);
            if (x && y) {
                values.baseline[size_t(r) * nk + k] = x;
                values.candidate[size_t(r) * nk + k] = y;
                values.present[k] = true;
            }
        }
    }
    return values;
}

enum class ColumnKind { Base, Cand, Delta, DeltaPct };

struct KeyColumn {
    QString name;
    int key;
    ColumnKind kind;
};

// Four columns per present key (baseline_, candidate_, delta_, delta_pct_), sorted by name.
QVector<KeyColumn> keyColumns(const QVector<Key> &keys, const QVector<bool> &present)
{
    QVector<KeyColumn> columns;
    for (int k = 0; k < keys.size(); ++k) {
        if (!present.at(k))
            continue;
        columns.append({ QStringLiteral("baseline_") + keys.at(k).name, k, ColumnKind::Base });
        columns.append({ QStringLiteral("candidate_") + keys.at(k).name, k, ColumnKind::Cand });
        columns.append({ QStringLiteral("delta_") + keys.at(k).name, k, ColumnKind::Delta });
        columns.append({ QStringLiteral("delta_pct_") + keys.at(k).name, k, ColumnKind::DeltaPct });
    }
    std::sort(columns.begin(), columns.end(), [](const KeyColumn &x, const KeyColumn &y) { return x.name < y.name; });
    return columns;
}

// AOT memory placement per row; empty when no row has a placement on either side (then the four columns are left
// out).
QVector<std::optional<PlacementCells>> placementCells(const Comparison &cmp)
{
    const ProfileResult &b = cmp.baseline.result;
    const ProfileResult &c = cmp.candidate.result;
    const int rows = int(cmp.pairs.size());
    const PlacementIndex basePlacement(cmp.baseline.aotMemory);
    const PlacementIndex candPlacement(cmp.candidate.aotMemory);
    QVector<std::optional<PlacementCells>> placement(rows);
    bool anyPlacement = false;
    if (!basePlacement.isEmpty() || !candPlacement.isEmpty()) {
        for (int r = 0; r < rows; ++r) {
            const LayerPair &p = cmp.pairs.at(r);
            const PlacementCounts bc
                = p.baseline >= 0 ? basePlacement.countsFor(b.layers.at(p.baseline), p.baseline) : PlacementCounts();
            const PlacementCounts cc
                = p.candidate >= 0 ? candPlacement.countsFor(c.layers.at(p.candidate), p.candidate) : PlacementCounts();
            const QString bs = placementSummary(bc);
            const QString cs = placementSummary(cc);
            if (bs.isEmpty() && cs.isEmpty())
                continue;
            placement[r] = PlacementCells { bs, cs, bs != cs, placementDiff(bc, cc) };
            anyPlacement = true;
        }
    }
    if (!anyPlacement)
        placement.clear();
    return placement;
}

// A row's fixed cells: ids, ops, cycles with their delta, delta % and speedup, overflow flags.
void appendLayerCells(QByteArray &out, const Comparison &cmp, const LayerPair &p)
{
    const ProfileResult &b = cmp.baseline.result;
    const ProfileResult &c = cmp.candidate.result;
    const QString cyclesName = QStringLiteral("ARM_PMU_CPU_CYCLES");
    const LayerResult *bl = p.baseline >= 0 ? &b.layers.at(p.baseline) : nullptr;
    const LayerResult *cl = p.candidate >= 0 ? &c.layers.at(p.candidate) : nullptr;
    appendId(out, cl ? cl->id : bl->id);
    out.append(',');
    if (bl)
        appendId(out, bl->id);
    out.append(',');
    if (cl)
        appendId(out, cl->id);
    out.append(',');
    if (bl)
        CsvWriter::appendText(out, bl->op);
    out.append(',');
    if (cl)
        CsvWriter::appendText(out, cl->op);
    out.append(',');
    out.append(bl && cl && bl->op == cl->op ? "True" : "False");
    const auto bc = bl ? b.value(p.baseline, cyclesName) : std::nullopt;
    const auto cc = cl ? c.value(p.candidate, cyclesName) : std::nullopt;
    std::optional<double> delta, pct, speedup;
    if (bc && cc) {
        delta = *cc - *bc;
        if (*bc != 0)
            pct = *delta / *bc * 100.0;
        if (*cc != 0)
            speedup = *bc / *cc;
    }
    for (const auto &v : { bc, cc, delta, pct, speedup }) {
        out.append(',');
        appendNumber(out, v);
    }
    out.append(',');
    if (bl)
        out.append(bl->overflow ? "True" : "False");
    out.append(',');
    if (cl)
        out.append(cl->overflow ? "True" : "False");
}

void appendPlacementCells(QByteArray &out, const std::optional<PlacementCells> &cells)
{
    if (cells) {
        out.append(',');
        CsvWriter::appendText(out, cells->baseline);
        out.append(',');
        CsvWriter::appendText(out, cells->candidate);
        out.append(cells->changed ? ",True," : ",False,");
        CsvWriter::appendText(out, cells->diff);
    } else {
        out.append(",,,,");
    }
}

// A row's key columns; a cell stays empty unless both sides have the key (and, for delta %, a non-zero baseline).
void appendKeyCells(QByteArray &out, const QVector<KeyColumn> &columns, const std::optional<double> *baseline,
    const std::optional<double> *candidate)
{
    for (const KeyColumn &col : columns) {
        out.append(',');
        const auto &x = baseline[col.key];
        const auto &y = candidate[col.key];
        if (!x || !y)
            continue;
        switch (col.kind) {
        case ColumnKind::Base:
            appendPythonFloat(out, *x);
            break;
        case ColumnKind::Cand:
            appendPythonFloat(out, *y);
            break;
        case ColumnKind::Delta:
            appendPythonFloat(out, *y - *x);
            break;
        case ColumnKind::DeltaPct:
            if (*x != 0)
                appendPythonFloat(out, (*y - *x) / *x * 100.0);
            break;
        }
    }
}

} // namespace

QByteArray layerDiffCsv(const Comparison &cmp)
{
    if (cmp.pairs.isEmpty())
        return QByteArrayLiteral("\r\n"); // csv.DictWriter with no field names writes an empty header row

    const QVector<Key> keys = diffKeys(cmp.baseline.result, cmp.candidate.result);
    const KeyValues values = pairedValues(cmp, keys);
    const QVector<KeyColumn> columns = keyColumns(keys, values.present);
    const QVector<std::optional<PlacementCells>> placement = placementCells(cmp);
    const bool anyPlacement = !placement.isEmpty();
    const int nk = int(keys.size());
    const int rows = int(cmp.pairs.size());

    CsvWriter writer;
    writer.reserve(qsizetype(rows) * (120 + qsizetype(columns.size()) * 12));
    QStringList header = { QStringLiteral("id"), QStringLiteral("baseline_id"), QStringLiteral("candidate_id"),
        QStringLiteral("baseline_op"), QStringLiteral("candidate_op"), QStringLiteral("op_match"),
        QStringLiteral("baseline_cycles"), QStringLiteral("candidate_cycles"), QStringLiteral("delta_cycles"),
        QStringLiteral("delta_pct"), QStringLiteral("speedup"), QStringLiteral("baseline_overflow"),
        QStringLiteral("candidate_overflow") };
    if (anyPlacement)
        header += { QStringLiteral("baseline_memory"), QStringLiteral("candidate_memory"),
            QStringLiteral("memory_changed"), QStringLiteral("memory_diff") };
    for (const KeyColumn &col : std::as_const(columns))
        header.append(col.name);
    writer.writeHeader(header);
    QByteArray out = writer.takeData();
    out.reserve(qsizetype(rows) * (120 + qsizetype(columns.size()) * 12));
    for (int r = 0; r < rows; ++r) {
        appendLayerCells(out, cmp, cmp.pairs.at(r));
        if (anyPlacement)
            appendPlacementCells(out, placement.at(r));
        appendKeyCells(out, columns, values.baseline.data() + size_t(r) * nk, values.candidate.data() + size_t(r) * nk);
        out.append("\r\n");
    }
    return out;
}

} // namespace hpx::model
