#include "model/results/aggregation.h"

#include "model/board/counters.h"

#include <QCoreApplication>
#include <QHash>
#include <QRegularExpression>

#include <algorithm>
#include <numeric>
#include <utility>

namespace hpx::model {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("hpx::model::Aggregation", text);
}

// The parser interns op tags, so rows of the same layer share one string: equal data pointers answer at once.
inline bool sameOp(const QString &a, const QString &b)
{
    return a.size() == b.size() && (a.constData() == b.constData() || a == b);
}

bool rowIsFrozen(const CaptureRow &row)
{
    bool seen = false;
    for (qsizetype i = 0; i < row.values.size(); ++i) {
        if (!row.values.has(i))
            continue;
        seen = true;
        if (row.values.raw(i) != 0.0)
            return false;
    }
    return seen;
}

} // namespace

// Reduces [begin, end) in place (the range is reordered).
double aggregateRange(double *begin, double *end, Aggregation aggregation)
{
    const std::ptrdiff_t n = end - begin;
    if (n <= 0)
        return 0.0;
    auto mean = [](const double *b, const double *e) { return std::accumulate(b, e, 0.0) / double(e - b); };
    switch (aggregation) {
    case Aggregation::Mean:
        return mean(begin, end);
    case Aggregation::Trimmed:
        if (n >= 3) {
            std::sort(begin, end);
            return mean(begin + 1, end - 1);
        }
        return mean(begin, end);
    case Aggregation::Median:
        break;
    }
    double *middle = begin + n / 2;
    std::nth_element(begin, middle, end);
    if (n % 2 == 1)
        return *middle;
    // Even count: the mean of the two middle values; the lower one is the largest of the lower half.
    const double lower = *std::max_element(begin, middle);
    return (lower + *middle) / 2.0;
}

double aggregateSamples(QVector<double> samples, Aggregation aggregation)
{
    return aggregateRange(samples.data(), samples.data() + samples.size(), aggregation);
}

QString passGroupName(const QString &passName)
{
    if (passName.startsWith(QLatin1Char('_')))
        return {};
    static const QRegularExpression groupPattern(QStringLiteral("^([a-z]+)_\\d+$"));
    const QRegularExpressionMatch match = groupPattern.match(passName);
    return match.hasMatch() ? match.captured(1) : passName;
}

QString opTypeOf(const QString &op)
{
    const int colon = op.indexOf(QLatin1Char(':'));
    return colon < 0 ? op : op.left(colon);
}

QVariant layerIdOf(const QString &layerCell)
{
    bool ok = false;
    const int value = layerCell.trimmed().toInt(&ok);
    return ok ? QVariant(value) : QVariant(layerCell);
}

PassAggregation aggregatePass(const CapturePass &pass, Aggregation aggregation)
{
    PassAggregation out;
    out.pass.name = pass.name;
    out.pass.group = passGroupName(pass.name);
    out.pass.counters = pass.counters;
    out.pass.iterationCount = int(pass.iterations.size());
    if (pass.iterations.isEmpty())
        return out;

    const int columnCount = int(pass.counters.size());
    // The layer count: the one most iterations reach (ties: the larger), so a row lost at the end of the first
    // iteration does not cut the layer, and a stray longer iteration is still cut (docs/merging.md).
    QHash<int, int> countVotes;
    for (const CaptureIteration &iteration : pass.iterations) {
        int count = 0;
        for (const CaptureRow &row : iteration.rows)
            count = std::max(count, row.position + 1);
        ++countVotes[count];
    }
    int layerCount = 0;
    int bestVotes = 0;
    for (auto it = countVotes.cbegin(); it != countVotes.cend(); ++it) {
        if (it.value() > bestVotes || (it.value() == bestVotes && it.key() > layerCount)) {
            layerCount = it.key();
            bestVotes = it.value();
        }
    }

    // A position's identity (Layer cell and op tag) is the op tag most iterations give it (ties: the earliest),
    // taken from every iteration that has the position, so a row lost in one iteration leaves no hole in the
    // layer list. The parser numbers positions by their Layer cell, so a lost row leaves a hole, never a shift.
    QVector<const CaptureRow *> referenceRows(layerCount, nullptr);
    {
        QVector<QVector<QPair<const CaptureRow *, int>>> tally(layerCount); // first row with that tag, votes
        for (const CaptureIteration &iteration : pass.iterations) {
            for (const CaptureRow &row : iteration.rows) {
                if (row.position < 0 || row.position >= layerCount)
                    continue;
                auto &votes = tally[row.position];
                auto found = std::find_if(votes.begin(), votes.end(),
                    [&row](const QPair<const CaptureRow *, int> &v) { return sameOp(v.first->op, row.op); });
                if (found == votes.end())
                    votes.append({ &row, 1 });
                else
                    ++found->second;
            }
        }
        for (int position = 0; position < layerCount; ++position) {
            int best = 0;
            for (const auto &vote : std::as_const(tally.at(position))) {
                if (vote.second > best) {
                    best = vote.second;
                    referenceRows[position] = vote.first;
                }
            }
        }
    }

    // rowsAt[position] = that position's row in every iteration that is kept.
    QVector<QVector<const CaptureRow *>> rowsAt(layerCount);
    for (QVector<const CaptureRow *> &rows : rowsAt)
        rows.reserve(pass.iterations.size());
    QStringList countText;
    bool countsDiffer = false;
    const int referenceSize = int(pass.iterations.first().rows.size());
    for (int it = 0; it < pass.iterations.size(); ++it) {
        const CaptureIteration &iteration = pass.iterations.at(it);
        countText.append(QString::number(iteration.rows.size()));
        if (iteration.rows.size() != referenceSize)
            countsDiffer = true;
        const CaptureRow *mismatch = nullptr;
        for (const CaptureRow &row : iteration.rows) {
            if (row.position < 0 || row.position >= layerCount)
                continue; // beyond the pass's layer count: cut (§1.9)
            const CaptureRow *ref = referenceRows.at(row.position);
            if (ref && !sameOp(ref->op, row.op)) {
                mismatch = &row;
                break;
            }
        }
        if (mismatch) {
            const CaptureRow *ref = referenceRows.at(mismatch->position);
            out.droppedIterations.append(it);
            out.warnings.append(tr("Pass %1, iteration %2 left out: row %3 (line %4) is %5 where the other "
                                   "iterations have %6; its values would land on the wrong layers.")
                                    .arg(pass.name)
                                    .arg(iteration.number)
                                    .arg(mismatch->position)
                                    .arg(mismatch->line)
                                    .arg(mismatch->op, ref->op));
            continue;
        }
        for (const CaptureRow &row : iteration.rows) {
            if (row.position >= 0 && row.position < layerCount)
                rowsAt[row.position].append(&row);
        }
    }
    if (countsDiffer)
        out.warnings.append(tr("Pass %1: inconsistent layer counts across iterations [%2]; data may be truncated or "
                               "corrupted.")
                                .arg(pass.name, countText.join(QStringLiteral(", "))));

    out.pass.layers.reserve(layerCount);
    QVector<double> clean;
    QVector<double> raw;
    QVector<int> cleanCount;
    QVector<int> rawCount;
    QVector<bool> frozen;
    for (int position = 0; position < layerCount; ++position) {
        const QVector<const CaptureRow *> &rows = rowsAt.at(position);
        LayerResult layer;
        layer.position = position;
        if (const CaptureRow *ref = referenceRows.at(position)) {
            layer.id = layerIdOf(ref->layer);
            layer.op = ref->op;
        } else {
            // No iteration has a row here: the layer stays in the list, unidentified and without values.
            layer.id = position;
            layer.op = QStringLiteral("unknown");
            layer.observed = false;
        }
        layer.samples = int(rows.size());
        layer.opType = opTypeOf(layer.op);

        frozen.fill(false, rows.size());
        int frozenCount = 0;
        for (int r = 0; r < rows.size(); ++r) {
            frozen[r] = rowIsFrozen(*rows.at(r));
            frozenCount += frozen[r] ? 1 : 0;
        }
        if (frozenCount >= rows.size()) {
            frozen.fill(false);
            frozenCount = 0;
        }
        out.stats.frozenRejected += frozenCount;

        layer.values.resize(columnCount);
        // Gather every column in one sweep over the rows (they sit in different iterations, far apart in
        // memory): clean samples and raw samples per column, laid out column-major in two flat buffers.
        const int rowCount = int(rows.size());
        clean.resize(columnCount * rowCount);
        raw.resize(columnCount * rowCount);
        cleanCount.fill(0, columnCount);
        rawCount.fill(0, columnCount);
        for (int r = 0; r < rowCount; ++r) {
            const CaptureValues &values = rows.at(r)->values;
            const int n = std::min(columnCount, int(values.size()));
            for (int column = 0; column < n; ++column) {
                if (!values.has(column))
                    continue;
                const double value = values.raw(column);
                raw[column * rowCount + rawCount[column]++] = value;
                if (value >= kWrapThreshold) {
                    ++out.stats.wrapRejected;
                    continue;
                }
                if (!frozen.at(r))
                    clean[column * rowCount + cleanCount[column]++] = value;
            }
        }
        for (int column = 0; column < columnCount; ++column) {
            double *base = nullptr;
            int count = 0;
            if (cleanCount.at(column) > 0) {
                base = clean.data() + column * rowCount;
                count = cleanCount.at(column);
            } else if (rawCount.at(column) > 0) {
                base = raw.data() + column * rowCount;
                count = rawCount.at(column);
            }
            if (base)
                layer.values[column] = aggregateRange(base, base + count, aggregation);
        }
        for (const CaptureRow *row : rows)
            layer.overflow = layer.overflow || row->overflow;
        out.pass.layers.append(std::move(layer));
    }
    return out;
}

} // namespace hpx::model
