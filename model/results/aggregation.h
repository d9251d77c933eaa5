#pragma once

#include "model/results/capture.h"
#include "model/results/profileresult.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>
#include <QVector>

#include <functional>

namespace hpx::model {

class PassSamples;

// Per-pass aggregation across iterations (docs/compatibility.md §3.1, §1.9).

// Values at or above 2^31 are taken as a wrapped uint32 subtraction and excluded.
constexpr double kWrapThreshold = 2147483648.0;

// Reduces samples with the given method: median (even count -> mean of the two middle values), mean,
// trimmed (>= 3 samples: drop one minimum and one maximum, then mean; else mean). Empty -> 0.
double aggregateSamples(QVector<double> samples, Aggregation aggregation);

struct AggregationStats {
    int wrapRejected = 0; // individual values >= 2^31 left out
    int frozenRejected = 0; // whole sample rows (every counter 0) left out
    AggregationStats &operator+=(const AggregationStats &other)
    {
        wrapRejected += other.wrapRejected;
        frozenRejected += other.frozenRejected;
        return *this;
    }
};

// How an op tag fits the model's operator at a position, for breaking a tie between iterations that name a position
// differently (layerattribution.h: modelTagCheck()). `consensus` holds the tag each other position agrees on ("" where
// iterations tie).
enum class TagFit { Disagrees, Unknown, Agrees };
struct TagCheck {
    std::function<TagFit(int position, const QString &tag, const QVector<QString> &consensus)> fits;
    // How many rows of one iteration the model explains, its op tags given by position ("" where it has no row): the
    // whole iteration's evidence, which decides a tie before any single position's (a damaged row can shift what
    // follows it, and a model with called subgraphs cannot judge one tag alone).
    std::function<int(const QVector<QString> &tags)> explained;
    explicit operator bool() const { return bool(fits); }
};

// An iteration left out because its op tag at a position disagrees with the tag the pass settled on there.
struct IterationDisagreement {
    int iteration = 0; // index into the pass's iterations
    int number = 0; // the N of "--- HPX_ITER N ---"
    int position = 0;
    int line = 0; // the disagreeing row's stream line
    QString op; // what that row says
    QString expected; // what the pass settled on
};

struct PassAggregation {
    PassResult pass;
    AggregationStats stats;
    QStringList warnings; // translated: differing layer counts, iterations left out
    QVector<int> droppedIterations; // iteration indices left out because their op tags disagree
    QVector<IterationDisagreement> disagreements; // the same, with the row that disagreed
    // Positions where iterations tie on the op tag and the model prefers none of them (LayerResult::tagUndecided).
    QVector<int> undecidedPositions;
    bool anyOverflow = false; // some row of some committed iteration was flagged (used or not)

    // Aggregating a pass's iterations: its warnings.
    Q_DECLARE_TR_FUNCTIONS(hpx::model::PassAggregation)
};

// "cpu" for cpu_0, the name itself for other names (basic_cpu), "" for names starting with '_'.
QString passGroupName(const QString &passName);
// The op tag without a ":suffix" (CONV_2D:3 -> CONV_2D).
QString opTypeOf(const QString &op);
// The firmware "Layer" cell as hpx stores it: int when it parses, else the string.
QVariant layerIdOf(const QString &layerCell);

// Aggregates one pass. Every committed iteration takes part in the layer list: the count most iterations
// reach (ties: the larger; longer iterations are cut) and, per position, the op tag most iterations give it,
// so one lost row costs one sample, not the layer. Samples are taken by position. Rather than let a row
// land on another layer, an iteration whose op tag disagrees with that consensus at any position is left
// out entirely (reported in warnings and droppedIterations). Where iterations tie on a position's tag, `check` (when
// given) prefers the tag of the iteration the model explains best as a whole, then a tag that agrees with the model at
// that position over one it cannot judge, and that over one that disagrees; when the model prefers none, the earliest
// is kept and the position is marked undecided (never attributed, docs/merging.md).
PassAggregation aggregatePass(const CapturePass &pass, Aggregation aggregation, const TagCheck &check = {});
// The same for a pass already in compact form (hpx import folds passes as they are parsed, capturefold.h).
PassAggregation aggregatePass(const PassSamples &pass, Aggregation aggregation, const TagCheck &check = {});

} // namespace hpx::model
