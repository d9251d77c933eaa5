#include "model/compare/layerdiff.h"

#include "model/bundle/csvwriter.h"
#include "model/json/jsonwriter.h"

#include <QHash>

#include <algorithm>
#include <functional>

namespace hpx::model {

namespace {

// The op-sequence alignment keeps a table of (differing baseline layers) x (differing candidate layers);
// beyond this many cells the layers are not paired at all rather than paired badly.
constexpr qint64 kMaxAlignmentCells = 8 * 1024 * 1024;

bool identicalLists(const ProfileResult &b, const ProfileResult &c)
{
    if (b.layers.size() != c.layers.size())
        return false;
    for (int i = 0; i < b.layers.size(); ++i) {
        if (b.layers.at(i).op != c.layers.at(i).op)
            return false;
    }
    return true;
}

void count(LayerMatch &m)
{
    for (const LayerPair &p : std::as_const(m.pairs)) {
        m.matched += p.baseline >= 0 && p.candidate >= 0;
        m.baselineOnly += p.candidate < 0;
        m.candidateOnly += p.baseline < 0;
    }
}

// Every layer has a resolved (subgraph, operator index), unique within its run.
std::optional<QHash<qint64, int>> operatorKeys(const ProfileResult &r)
{
    QHash<qint64, int> keys;
    keys.reserve(r.layers.size());
    for (int i = 0; i < r.layers.size(); ++i) {
        const LayerResult &l = r.layers.at(i);
        if (l.subgraph < 0 || l.sourceIndex < 0)
            return std::nullopt;
        const qint64 key = (qint64(l.subgraph) << 32) | qint64(l.sourceIndex);
        if (keys.contains(key))
            return std::nullopt;
        keys.insert(key, i);
    }
    return keys;
}

QVector<LayerPair> byOperatorIndex(
    const ProfileResult &b, const ProfileResult &c, const QHash<qint64, int> &bk, const QHash<qint64, int> &ck)
{
    QVector<bool> baselineMatched(b.layers.size(), false);
    QVector<int> partner(c.layers.size(), -1);
    for (int j = 0; j < c.layers.size(); ++j) {
        const LayerResult &l = c.layers.at(j);
        const int i = bk.value((qint64(l.subgraph) << 32) | qint64(l.sourceIndex), -1);
        partner[j] = i;
        if (i >= 0)
            baselineMatched[i] = true;
    }
    Q_UNUSED(ck);
    // Candidate order; a baseline-only layer comes out just before the next pair that follows it.
    QVector<LayerPair> pairs;
    int cursor = 0;
    for (int j = 0; j < c.layers.size(); ++j) {
        if (partner[j] >= 0) {
            for (; cursor < partner[j]; ++cursor) {
                if (!baselineMatched[cursor])
                    pairs.append({ cursor, -1 });
            }
        }
        pairs.append({ partner[j], j });
    }
    for (; cursor < b.layers.size(); ++cursor) {
        if (!baselineMatched[cursor])
            pairs.append({ cursor, -1 });
    }
    return pairs;
}

// Longest common subsequence of the op types; common prefix and suffix first, so the table only spans the
// part that changed.
std::optional<QVector<LayerPair>> byOpSequence(const ProfileResult &b, const ProfileResult &c)
{
    const int nb = int(b.layers.size());
    const int nc = int(c.layers.size());
    const auto same = [&](int i, int j) { return b.layers.at(i).opType == c.layers.at(j).opType; };
    int prefix = 0;
    while (prefix < nb && prefix < nc && same(prefix, prefix))
        ++prefix;
    int suffix = 0;
    while (suffix < nb - prefix && suffix < nc - prefix && same(nb - 1 - suffix, nc - 1 - suffix))
        ++suffix;
    const int rows = nb - prefix - suffix;
    const int cols = nc - prefix - suffix;
    if (qint64(rows + 1) * qint64(cols + 1) > kMaxAlignmentCells)
        return std::nullopt;
    QVector<LayerPair> pairs;
    pairs.reserve(std::max(nb, nc));
    for (int i = 0; i < prefix; ++i)
        pairs.append({ i, i });
    // lcs[i][j] = LCS length of baseline[prefix + i ..] and candidate[prefix + j ..] (middle part only);
    // lengths fit 16 bits because min(rows, cols) <= sqrt(kMaxAlignmentCells).
    const int width = cols + 1;
    std::vector<quint16> lcs(size_t(rows + 1) * size_t(width), 0);
    for (int i = rows - 1; i >= 0; --i) {
        for (int j = cols - 1; j >= 0; --j) {
            quint16 &cell = lcs[size_t(i) * width + j];
            if (same(prefix + i, prefix + j))
                cell = quint16(lcs[size_t(i + 1) * width + j + 1] + 1);
            else
                cell = std::max(lcs[size_t(i + 1) * width + j], lcs[size_t(i) * width + j + 1]);
        }
    }
    int i = 0, j = 0;
    while (i < rows || j < cols) {
        if (i < rows && j < cols && same(prefix + i, prefix + j)) {
            pairs.append({ prefix + i, prefix + j });
            ++i;
            ++j;
        } else if (j >= cols || (i < rows && lcs[size_t(i + 1) * width + j] >= lcs[size_t(i) * width + j + 1])) {
            pairs.append({ prefix + i, -1 });
            ++i;
        } else {
            pairs.append({ -1, prefix + j });
            ++j;
        }
    }
    for (int k = 0; k < suffix; ++k)
        pairs.append({ nb - suffix + k, nc - suffix + k });
    return pairs;
}

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

} // namespace

LayerMatch matchLayers(const ProfileResult &baseline, const ProfileResult &candidate, ModelRelation relation)
{
    LayerMatch m;
    m.identicalLists = identicalLists(baseline, candidate);
    if (m.identicalLists && relation != ModelRelation::Different) {
        m.rule = LayerMatchRule::Position;
        m.pairs.reserve(baseline.layers.size());
        for (int i = 0; i < baseline.layers.size(); ++i)
            m.pairs.append({ i, i });
        count(m);
        return m;
    }
    if (relation == ModelRelation::Same) {
        const auto bk = operatorKeys(baseline);
        const auto ck = bk ? operatorKeys(candidate) : std::nullopt;
        if (bk && ck) {
            m.rule = LayerMatchRule::OperatorIndex;
            m.pairs = byOperatorIndex(baseline, candidate, *bk, *ck);
            count(m);
            return m;
        }
    }
    if (auto pairs = byOpSequence(baseline, candidate)) {
        m.rule = LayerMatchRule::OpSequence;
        m.pairs = std::move(*pairs);
        count(m);
        return m;
    }
    m.reason = QStringLiteral("too many differing layers to align by op sequence");
    return m;
}

QByteArray layerDiffCsv(const Comparison &cmp)
{
    const ProfileResult &b = cmp.baseline.result;
    const ProfileResult &c = cmp.candidate.result;
    if (cmp.pairs.isEmpty())
        return QByteArrayLiteral("\r\n"); // csv.DictWriter with no field names writes an empty header row

    const QString cyclesName = QStringLiteral("ARM_PMU_CPU_CYCLES");
    const double baseTotal = b.totalCycles();
    const double candTotal = c.totalCycles();
    const auto cycles = [&](const ProfileResult &r, int layer) { return r.value(layer, cyclesName); };
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
    const int baseCyclesCol = b.counterIndex(cyclesName);
    const int candCyclesCol = c.counterIndex(cyclesName);
    derived(QStringLiteral("cycles_pct"), [&](const ProfileResult &r, int l, int) -> std::optional<double> {
        const double total = &r == &b ? baseTotal : candTotal;
        const auto v = counterValue(r, l, &r == &b ? baseCyclesCol : candCyclesCol);
        if (!v || total <= 0)
            return std::nullopt;
        return pythonRound(*v / total * 100.0, 1);
    });
    derived(QStringLiteral("macs"), [](const ProfileResult &r, int l, int) -> std::optional<double> {
        const auto &m = r.layers.at(l).macs;
        return m ? std::optional<double>(double(*m)) : std::nullopt;
    });
    derived(QStringLiteral("ops"), [](const ProfileResult &r, int l, int) -> std::optional<double> {
        const auto &o = r.layers.at(l).ops;
        return o ? std::optional<double>(double(*o)) : std::nullopt;
    });
    derived(QStringLiteral("cycles_per_mac"), [&](const ProfileResult &r, int l, int) -> std::optional<double> {
        const auto &m = r.layers.at(l).macs;
        const auto v = counterValue(r, l, &r == &b ? baseCyclesCol : candCyclesCol);
        if (!m || *m <= 0 || !v || *v == 0)
            return std::nullopt;
        return pythonRound(*v / double(*m), 2);
    });

    // Values per row and key; a key is a column group when at least one row holds it on both sides.
    const int nk = int(keys.size());
    const int rows = int(cmp.pairs.size());
    std::vector<std::optional<double>> bv(size_t(rows) * nk), cv(size_t(rows) * nk);
    QVector<bool> present(nk, false);
    for (int r = 0; r < rows; ++r) {
        const LayerPair &p = cmp.pairs.at(r);
        if (p.baseline < 0 || p.candidate < 0)
            continue;
        for (int k = 0; k < nk; ++k) {
            const Key &key = keys.at(k);
            auto x = key.read(b, p.baseline, key.baselineColumn);
            auto y = key.read(c, p.candidate, key.candidateColumn);
            if (x && y) {
                bv[size_t(r) * nk + k] = x;
                cv[size_t(r) * nk + k] = y;
                present[k] = true;
            }
        }
    }
    enum Kind { Base, Cand, Delta, DeltaPct };
    struct Column {
        QString name;
        int key;
        Kind kind;
    };
    QVector<Column> columns;
    for (int k = 0; k < nk; ++k) {
        if (!present.at(k))
            continue;
        columns.append({ QStringLiteral("baseline_") + keys.at(k).name, k, Base });
        columns.append({ QStringLiteral("candidate_") + keys.at(k).name, k, Cand });
        columns.append({ QStringLiteral("delta_") + keys.at(k).name, k, Delta });
        columns.append({ QStringLiteral("delta_pct_") + keys.at(k).name, k, DeltaPct });
    }
    std::sort(columns.begin(), columns.end(), [](const Column &x, const Column &y) { return x.name < y.name; });

    CsvWriter writer;
    writer.reserve(qsizetype(rows) * (120 + qsizetype(columns.size()) * 12));
    QStringList header = { QStringLiteral("id"), QStringLiteral("baseline_id"), QStringLiteral("candidate_id"),
        QStringLiteral("baseline_op"), QStringLiteral("candidate_op"), QStringLiteral("op_match"),
        QStringLiteral("baseline_cycles"), QStringLiteral("candidate_cycles"), QStringLiteral("delta_cycles"),
        QStringLiteral("delta_pct"), QStringLiteral("speedup"), QStringLiteral("baseline_overflow"),
        QStringLiteral("candidate_overflow") };
    for (const Column &col : std::as_const(columns))
        header.append(col.name);
    writer.writeHeader(header);
    QByteArray out = writer.takeData();
    out.reserve(qsizetype(rows) * (120 + qsizetype(columns.size()) * 12));
    for (int r = 0; r < rows; ++r) {
        const LayerPair &p = cmp.pairs.at(r);
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
        const auto bc = bl ? cycles(b, p.baseline) : std::nullopt;
        const auto cc = cl ? cycles(c, p.candidate) : std::nullopt;
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
        for (const Column &col : std::as_const(columns)) {
            out.append(',');
            const auto &x = bv[size_t(r) * nk + col.key];
            const auto &y = cv[size_t(r) * nk + col.key];
            if (!x || !y)
                continue;
            switch (col.kind) {
            case Base:
                appendPythonFloat(out, *x);
                break;
            case Cand:
                appendPythonFloat(out, *y);
                break;
            case Delta:
                appendPythonFloat(out, *y - *x);
                break;
            case DeltaPct:
                if (*x != 0)
                    appendPythonFloat(out, (*y - *x) / *x * 100.0);
                break;
            }
        }
        out.append("\r\n");
    }
    return out;
}

} // namespace hpx::model
