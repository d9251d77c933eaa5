#include "model/results/aggregation.h"

#include "model/board/counters.h"
#include "model/results/passsamples.h"

#include <QCoreApplication>
#include <QHash>
#include <QRegularExpression>

#include <algorithm>
#include <cstring>
#include <numeric>
#include <utility>

namespace hpx::model {

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
    // A count that does not vary across iterations (instructions, memory accesses: most counters of a deterministic
    // layer) is its own median: no selection needed. Compared bit for bit, so the value returned is the one given.
    const auto bitsOf = [](double value) {
        quint64 bits;
        std::memcpy(&bits, &value, sizeof bits);
        return bits;
    };
    const quint64 first = bitsOf(*begin);
    if (std::all_of(begin + 1, end, [&](double value) { return bitsOf(value) == first; }))
        return *begin;
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

PassAggregation aggregatePass(const CapturePass &pass, Aggregation aggregation, const TagCheck &check)
{
    qsizetype rows = 0;
    for (const CaptureIteration &iteration : pass.iterations)
        rows += iteration.rows.size();
    PassSamples samples;
    samples.reset(pass.name);
    samples.setCounters(pass.counters);
    samples.reserve(rows);
    for (const CaptureIteration &iteration : pass.iterations)
        samples.append(iteration);
    return aggregatePass(samples, aggregation, check);
}

namespace {

// The layer count: the one most iterations reach (ties: the larger), so a row lost at the end of the first
// iteration does not cut the layer, and a stray longer iteration is still cut (docs/merging.md).
int votedLayerCount(const PassSamples &pass)
{
    QHash<int, int> countVotes;
    for (int it = 0; it < pass.iterationCount(); ++it) {
        const PassSamples::Iteration &iteration = pass.iteration(it);
        int count = 0;
        for (int r = iteration.firstRow; r < iteration.firstRow + iteration.rowCount; ++r)
            count = std::max(count, pass.position(r) + 1);
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
    return layerCount;
}

// One op tag's votes at a position: how many iterations give it and the first row that does.
struct TagVote {
    int op;
    int firstRow;
    int votes;
};

// A tie (two iterations, two tags) is broken by the model where it can tell the tags apart: the damaged tag of one
// iteration must not win over the good one just because it came first (docs/merging.md). The iteration the model
// explains best as a whole decides; a position's own fit only where the iterations explain equally much. Positions
// the model cannot decide keep the earliest tag and are returned.
QVector<int> breakTiesByModel(const PassSamples &pass, const QVector<QVector<TagVote>> &tally,
    const QVector<bool> &tied, const TagCheck &check, QVector<int> &referenceRows)
{
    const int layerCount = int(referenceRows.size());
    QVector<QString> consensus(layerCount);
    for (int position = 0; position < layerCount; ++position) {
        if (!tied.at(position) && referenceRows.at(position) >= 0)
            consensus[position] = pass.op(pass.opId(referenceRows.at(position)));
    }
    // Each iteration's tags by position, and what the model explains of it (computed when a tie needs it).
    const int iterationCount = pass.iterationCount();
    QVector<QVector<int>> opAt(iterationCount);
    QVector<int> explained(iterationCount, -2);
    auto opOf = [&](int iteration, int position) {
        if (opAt.at(iteration).isEmpty()) {
            QVector<int> &ops = opAt[iteration];
            ops.fill(-1, layerCount);
            const PassSamples::Iteration &it = pass.iteration(iteration);
            for (int r = it.firstRow; r < it.firstRow + it.rowCount; ++r) {
                if (pass.position(r) >= 0 && pass.position(r) < layerCount)
                    ops[pass.position(r)] = pass.opId(r);
            }
        }
        return opAt.at(iteration).at(position);
    };
    auto explainedOf = [&](int iteration) {
        if (explained.at(iteration) == -2) {
            QVector<QString> tags = consensus;
            for (int position = 0; position < layerCount; ++position) {
                const int op = opOf(iteration, position);
                if (op >= 0)
                    tags[position] = pass.op(op);
            }
            explained[iteration] = check.explained ? check.explained(tags) : -1;
        }
        return explained.at(iteration);
    };

    QVector<int> undecided;
    for (int position = 0; position < layerCount; ++position) {
        if (!tied.at(position))
            continue;
        int best = 0;
        for (const TagVote &vote : std::as_const(tally.at(position)))
            best = std::max(best, vote.votes);
        // Per candidate tag: the best whole-iteration score among the iterations that give it, and its own fit.
        struct Candidate {
            int row;
            int score;
            TagFit fit;
        };
        QVector<Candidate> candidates;
        for (const TagVote &vote : std::as_const(tally.at(position))) { // first-seen order: earliest first
            if (vote.votes != best)
                continue;
            int score = -1;
            for (int it = 0; it < iterationCount; ++it) {
                if (opOf(it, position) == vote.op)
                    score = std::max(score, explainedOf(it));
            }
            candidates.append({ vote.firstRow, score, check.fits(position, pass.op(vote.op), consensus) });
        }
        if (candidates.isEmpty())
            continue;
        auto better = [](const Candidate &a, const Candidate &b) {
            return a.score != b.score ? a.score > b.score : int(a.fit) > int(b.fit);
        };
        int chosen = 0;
        bool alone = true;
        for (int c = 1; c < candidates.size(); ++c) {
            if (better(candidates.at(c), candidates.at(chosen))) {
                chosen = c;
                alone = true;
            } else if (!better(candidates.at(chosen), candidates.at(c))) {
                alone = false;
            }
        }
        referenceRows[position] = candidates.at(chosen).row;
        if (!alone)
            undecided.append(position);
    }
    return undecided;
}

// A position's identity (Layer cell and op tag) is the op tag most iterations give it (ties: the earliest), taken
// from every iteration that has the position, so a row lost in one iteration leaves no hole in the layer list. The
// parser numbers positions by their Layer cell, so a lost row leaves a hole, never a shift.
// Returns, per position, the first row with the winning op tag, -1 where no iteration has the position.
QVector<int> referenceRowsOf(const PassSamples &pass, int layerCount, const TagCheck &check, QVector<int> *undecided)
{
    QVector<int> referenceRows(layerCount, -1);
    QVector<QVector<TagVote>> tally(layerCount);
    for (int r = 0; r < pass.rowCount(); ++r) {
        const int position = pass.position(r);
        if (position < 0 || position >= layerCount)
            continue;
        QVector<TagVote> &votes = tally[position];
        const int op = pass.opId(r);
        auto found = std::find_if(votes.begin(), votes.end(), [op](const TagVote &v) { return v.op == op; });
        if (found == votes.end())
            votes.append({ op, r, 1 });
        else
            ++found->votes;
    }
    QVector<bool> tied(layerCount, false);
    for (int position = 0; position < layerCount; ++position) {
        int best = 0;
        for (const TagVote &vote : std::as_const(tally.at(position))) {
            if (vote.votes > best) {
                best = vote.votes;
                referenceRows[position] = vote.firstRow;
                tied[position] = false;
            } else if (vote.votes == best) {
                tied[position] = true;
            }
        }
    }
    if (check && std::find(tied.cbegin(), tied.cend(), true) != tied.cend())
        *undecided = breakTiesByModel(pass, tally, tied, check, referenceRows);
    return referenceRows;
}

// The kept iterations' rows grouped by position, in iteration order: rows[start[p] .. start[p + 1]).
struct RowsByPosition {
    QVector<int> start;
    QVector<int> rows;
    QVector<bool> overflow; // any kept row at the position flagged overflow
};

// Leaves out every iteration whose op tag disagrees with the reference at some position (reported in `out`) and
// groups the rows of the others by position.
RowsByPosition keptRowsByPosition(
    const PassSamples &pass, int layerCount, const QVector<int> &referenceRows, PassAggregation &out)
{
    const int iterationCount = pass.iterationCount();
    QVector<bool> kept(iterationCount, true);
    QStringList countText;
    bool countsDiffer = false;
    const int referenceSize = pass.iteration(0).rowCount;
    RowsByPosition grouped;
    QVector<int> &rowsStart = grouped.start;
    rowsStart.fill(0, layerCount + 1);
    for (int it = 0; it < iterationCount; ++it) {
        const PassSamples::Iteration &iteration = pass.iteration(it);
        countText.append(QString::number(iteration.rowCount));
        if (iteration.rowCount != referenceSize)
            countsDiffer = true;
        const int end = iteration.firstRow + iteration.rowCount;
        int mismatch = -1;
        for (int r = iteration.firstRow; r < end; ++r) {
            const int position = pass.position(r);
            if (position < 0 || position >= layerCount)
                continue; // beyond the pass's layer count: cut (§1.9)
            const int ref = referenceRows.at(position);
            if (ref >= 0 && pass.opId(ref) != pass.opId(r)) {
                mismatch = r;
                break;
            }
        }
        if (mismatch >= 0) {
            const int ref = referenceRows.at(pass.position(mismatch));
            kept[it] = false;
            out.droppedIterations.append(it);
            out.disagreements.append({ it, iteration.number, pass.position(mismatch), pass.line(mismatch),
                pass.op(pass.opId(mismatch)), pass.op(pass.opId(ref)) });
            out.warnings.append(
                PassAggregation::tr("Pass %1, iteration %2 left out: row %3 (line %4) is %5 where the other "
                                    "iterations have %6; its values would land on the wrong layers.")
                    .arg(pass.passName())
                    .arg(iteration.number)
                    .arg(pass.position(mismatch))
                    .arg(pass.line(mismatch))
                    .arg(pass.op(pass.opId(mismatch)), pass.op(pass.opId(ref))));
            continue;
        }
        for (int r = iteration.firstRow; r < end; ++r) {
            const int position = pass.position(r);
            if (position >= 0 && position < layerCount)
                ++rowsStart[position + 1];
        }
    }
    if (countsDiffer)
        out.warnings.append(
            PassAggregation::tr("Pass %1: inconsistent layer counts across iterations [%2]; data may be truncated or "
                                "corrupted.")
                .arg(pass.passName(), countText.join(QStringLiteral(", "))));
    for (int position = 0; position < layerCount; ++position)
        rowsStart[position + 1] += rowsStart[position];
    grouped.rows.resize(rowsStart.at(layerCount));
    grouped.overflow.fill(false, layerCount);
    QVector<int> fill = rowsStart;
    // Raw pointers in the loops over every row: a QVector's operator[] checks for sharing on each call.
    int *fillAt = fill.data();
    int *rowsOut = grouped.rows.data();
    bool *overflowOut = grouped.overflow.data();
    for (int it = 0; it < iterationCount; ++it) {
        if (!kept.at(it))
            continue;
        const PassSamples::Iteration &iteration = pass.iteration(it);
        for (int r = iteration.firstRow; r < iteration.firstRow + iteration.rowCount; ++r) {
            const int position = pass.position(r);
            if (position >= 0 && position < layerCount) {
                rowsOut[fillAt[position]++] = r;
                if (pass.overflow(r))
                    overflowOut[position] = true;
            }
        }
    }
    return grouped;
}

// A layer's identity from its reference row; without one (no iteration has a row there) the layer stays in the
// list, unidentified and without values.
LayerResult identifiedLayer(const PassSamples &pass, int position, int referenceRow)
{
    LayerResult layer;
    layer.position = position;
    if (referenceRow >= 0) {
        layer.id = layerIdOf(pass.layer(pass.layerId(referenceRow)));
        layer.op = pass.op(pass.opId(referenceRow));
        layer.line = pass.line(referenceRow);
    } else {
        layer.id = position;
        layer.op = QStringLiteral("unknown");
        layer.observed = false;
    }
    return layer;
}

// Buffers reused from one position to the next, so aggregating a layer allocates nothing once they are large.
struct LayerScratch {
    QVector<double> local; // the position's rows, decoded
    QVector<double> clean;
    QVector<double> raw;
    QVector<int> cleanCount;
    QVector<int> rawCount;
    QVector<bool> frozen;
};

// Decodes a position's rows into scratch.local and marks the frozen ones (every counter the row has is 0: a board
// that stopped counting) in scratch.frozen. Returns how many are rejected as frozen: none when all of them are.
int decodeRows(const PassSamples &pass, const int *rows, int rowCount, LayerScratch &scratch)
{
    const int columnCount = pass.columnCount();
    scratch.frozen.fill(false, rowCount);
    bool *frozenAt = scratch.frozen.data();
    int frozenCount = 0;
    // The rows sit in different iterations, far apart: fetch a few ahead while decoding them once.
    constexpr int kAhead = 8;
    scratch.local.resize(qsizetype(rowCount) * columnCount);
    double *localData = scratch.local.data();
    for (int r = 0; r < rowCount; ++r) {
        if (r + kAhead < rowCount)
            __builtin_prefetch(pass.valuesAddress(rows[r + kAhead]));
        double *values = localData + qsizetype(r) * columnCount;
        pass.rowValues(rows[r], values);
        bool seen = false;
        bool allZero = true;
        for (int column = 0; column < columnCount && allZero; ++column) {
            if (PassSamples::isMissing(values[column]))
                continue;
            seen = true;
            allZero = values[column] == 0.0;
        }
        frozenAt[r] = seen && allZero;
        frozenCount += frozenAt[r] ? 1 : 0;
    }
    if (frozenCount >= rowCount) {
        scratch.frozen.fill(false);
        frozenCount = 0;
    }
    return frozenCount;
}

// Aggregates each column of the decoded rows into layer.values: the clean samples (not frozen, below the wrap
// threshold) where there are any, else the raw ones. Returns how many samples were rejected as wrapped.
int aggregateColumns(int columnCount, int rowCount, Aggregation aggregation, LayerScratch &scratch, LayerResult &layer)
{
    layer.values.resize(columnCount);
    // Clean samples and raw samples per column, laid out column-major in two flat buffers.
    scratch.clean.resize(columnCount * rowCount);
    scratch.raw.resize(columnCount * rowCount);
    scratch.cleanCount.fill(0, columnCount);
    scratch.rawCount.fill(0, columnCount);
    const double *localData = scratch.local.constData();
    const bool *frozenAt = scratch.frozen.constData();
    double *cleanData = scratch.clean.data();
    double *rawData = scratch.raw.data();
    int *cleanCounts = scratch.cleanCount.data();
    int *rawCounts = scratch.rawCount.data();
    int wrapRejected = 0;
    for (int r = 0; r < rowCount; ++r) {
        const double *values = localData + qsizetype(r) * columnCount;
        const bool rowFrozen = frozenAt[r];
        for (int column = 0; column < columnCount; ++column) {
            const double value = values[column];
            if (PassSamples::isMissing(value))
                continue;
            rawData[column * rowCount + rawCounts[column]++] = value;
            if (value >= kWrapThreshold) {
                ++wrapRejected;
                continue;
            }
            if (!rowFrozen)
                cleanData[column * rowCount + cleanCounts[column]++] = value;
        }
    }
    for (int column = 0; column < columnCount; ++column) {
        double *base = nullptr;
        int count = 0;
        if (cleanCounts[column] > 0) {
            base = cleanData + column * rowCount;
            count = cleanCounts[column];
        } else if (rawCounts[column] > 0) {
            base = rawData + column * rowCount;
            count = rawCounts[column];
        }
        if (base)
            layer.values[column] = aggregateRange(base, base + count, aggregation);
    }
    return wrapRejected;
}

} // namespace

PassAggregation aggregatePass(const PassSamples &pass, Aggregation aggregation, const TagCheck &check)
{
    PassAggregation out;
    out.pass.name = pass.passName();
    out.pass.group = passGroupName(pass.passName());
    out.pass.counters = pass.counters();
    out.pass.iterationCount = pass.iterationCount();
    out.anyOverflow = pass.anyOverflow();
    if (pass.iterationCount() == 0)
        return out;

    const int layerCount = votedLayerCount(pass);
    const QVector<int> referenceRows = referenceRowsOf(pass, layerCount, check, &out.undecidedPositions);
    const RowsByPosition grouped = keptRowsByPosition(pass, layerCount, referenceRows, out);

    out.pass.layers.reserve(layerCount);
    LayerScratch scratch;
    for (int position = 0; position < layerCount; ++position) {
        const int *rows = grouped.rows.constData() + grouped.start.at(position);
        const int rowCount = grouped.start.at(position + 1) - grouped.start.at(position);
        LayerResult layer = identifiedLayer(pass, position, referenceRows.at(position));
        layer.samples = rowCount;
        layer.opType = opTypeOf(layer.op);
        layer.tagUndecided = out.undecidedPositions.contains(position);
        layer.overflow = grouped.overflow.at(position);
        out.stats.frozenRejected += decodeRows(pass, rows, rowCount, scratch);
        out.stats.wrapRejected += aggregateColumns(pass.columnCount(), rowCount, aggregation, scratch, layer);
        out.pass.layers.append(std::move(layer));
    }
    return out;
}

} // namespace hpx::model
