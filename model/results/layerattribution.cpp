#include "model/results/layerattribution.h"

#include <QCoreApplication>
#include <QHash>
#include <QJsonArray>
#include <QJsonObject>

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>

namespace hpx::model {

namespace {

QString normalOp(const QString &op)
{
    QString text = op.toUpper();
    text.remove(QLatin1Char('_'));
    return text;
}

bool tagNamesOperator(const QString &opType, const OperatorInfo &op)
{
    const QString normal = normalOp(opType);
    return normal == normalOp(op.op) || (!op.customCode.isEmpty() && normal == normalOp(op.customCode));
}

// What an aligner has placed so far: each row's source, and the rows in the order they were placed, so a tentative
// reading that fails is undone back to where it began. Both aligners below try their readings this way.
class SourceTrail {
protected:
    explicit SourceTrail(qsizetype rows)
        : m_sources(rows)
    {
    }

    void assign(int row, int subgraph, int index)
    {
        m_sources[row].subgraph = subgraph;
        m_sources[row].sourceIndex = index;
        m_trail.append(row);
    }

    void rollback(int trailSize)
    {
        while (m_trail.size() > trailSize) {
            m_sources[m_trail.last()] = LayerSource();
            m_trail.removeLast();
        }
    }

    QVector<LayerSource> m_sources;
    QVector<int> m_trail;
};

// The best-effort alignment, used when no reading explains every row (ExactAligner below finds none: a stream cut
// short, or rows of another model): aligns rows (op tags in execution order) with the operators the interpreter runs,
// greedily, descending into the subgraphs an operator calls. Expansions are optional because firmware may record only
// the calling operator; a WHILE body repeats as long as it and the condition after it match in full. Every tentative
// match is rolled back on failure, so nothing is assigned that the whole sequence does not confirm.
class Aligner : private SourceTrail {
public:
    Aligner(const ModelInfo &model, const QVector<LayerResult> &layers, bool expand)
        : SourceTrail(layers.size())
        , m_model(model)
        , m_layers(layers)
        , m_expand(expand)
    {
    }

    int resolvedCount() const
    {
        return int(
            std::count_if(m_sources.cbegin(), m_sources.cend(), [](const LayerSource &s) { return s.resolved(); }));
    }

    QVector<LayerSource> run()
    {
        if (m_model.subgraphs.isEmpty()) {
            markRest(0, LayerSource::tr("the model has no subgraph"));
            return m_sources;
        }
        int pos = 0;
        const SubgraphInfo &main = m_model.subgraphs.first();
        for (const OperatorInfo &op : main.operators) {
            if (pos >= m_layers.size())
                break; // fewer rows than operators: the firmware stopped recording (pmu_max_ops)
            const int next = matchOperator(0, op, pos, 1);
            if (next < 0) {
                markRest(pos,
                    LayerSource::tr(
                        "cannot be aligned with the model's execution order: subgraph 0 operator %1 is %2 but the "
                        "row is %3")
                        .arg(op.index)
                        .arg(op.op, m_layers.at(pos).op));
                m_sources[pos].tagDisagrees = m_layers.at(pos).observed;
                return m_sources;
            }
            pos = next;
        }
        if (pos < m_layers.size())
            markRest(pos, LayerSource::tr("the row comes after the last operator of the model's execution order"));
        return m_sources;
    }

private:
    bool tagMatches(int row, const OperatorInfo &op) const
    {
        const QString &tag = m_layers.at(row).opType;
        // TFLM prints '?' for an operator without a name, and a position no iteration had a row for has no tag
        // at all: position decides (its values are missing, so it is listed, not guessed).
        if (tag == QLatin1String("?") || !m_layers.at(row).observed || m_layers.at(row).tagUndecided)
            return true;
        const QString normal = normalOp(tag);
        if (normal == normalOp(op.op))
            return true;
        return op.op == QLatin1String("CUSTOM") && !op.customCode.isEmpty() && normal == normalOp(op.customCode);
    }

    void markRest(int from, const QString &reason)
    {
        for (int row = from; row < m_layers.size(); ++row) {
            if (!m_sources.at(row).resolved() && m_sources.at(row).reason.isEmpty())
                m_sources[row].reason = reason;
        }
    }

    // Matches every operator of subgraph s from row pos; returns the row after it, or -1. Running out of rows
    // part-way is a failure here: only the top level may stop early.
    int matchSubgraph(int s, int pos, int depth)
    {
        if (s < 0 || s >= m_model.subgraphs.size() || depth > kMaxDepth)
            return -1;
        const int trail = int(m_trail.size());
        for (const OperatorInfo &op : m_model.subgraphs.at(s).operators) {
            const int next = matchOperator(s, op, pos, depth + 1);
            if (next < 0) {
                rollback(trail);
                return -1;
            }
            pos = next;
        }
        return pos;
    }

    // One operator and whatever it calls, its own row either before (pre-order) or after its subgraphs' rows.
    int matchOperator(int s, const OperatorInfo &op, int pos, int depth)
    {
        if (pos >= m_layers.size())
            return -1;
        const int trail = int(m_trail.size());
        if (tagMatches(pos, op)) {
            assign(pos, s, op.index);
            const int after = expandCalls(op, pos + 1, depth);
            adoptChildren(trail, pos);
            return after;
        }
        if (!op.calledSubgraphs.isEmpty()) {
            const int after = expandCalls(op, pos, depth);
            if (after > pos && after < m_layers.size() && tagMatches(after, op)) {
                assign(after, s, op.index);
                adoptChildren(trail, after);
                return after + 1;
            }
            rollback(trail);
        }
        return -1;
    }

    // The rows the operator at `row` called (assigned since `trail`) that no deeper operator encloses are its direct
    // children: TFLM's profiler event of a WHILE/IF/CALL_ONCE encloses the events of the subgraphs it invokes.
    void adoptChildren(int trail, int row)
    {
        for (int i = trail; i < m_trail.size(); ++i) {
            const int child = m_trail.at(i);
            if (child != row && m_sources.at(child).parentRow < 0)
                m_sources[child].parentRow = row;
        }
    }

    // Rows of the subgraphs an operator calls; returns the row after them (pos when none were recorded).
    int expandCalls(const OperatorInfo &op, int pos, int depth)
    {
        const QVector<int> &called = op.calledSubgraphs;
        if (!m_expand || called.isEmpty() || depth > kMaxDepth)
            return pos;
        if (op.op == QLatin1String("WHILE") && called.size() >= 2) {
            // cond, then (body, cond) for as long as the body ran.
            int p = matchSubgraph(called.at(0), pos, depth);
            if (p <= pos)
                return pos;
            for (;;) {
                const int trail = int(m_trail.size());
                const int afterBody = matchSubgraph(called.at(1), p, depth);
                if (afterBody <= p) {
                    rollback(trail);
                    break;
                }
                const int afterCond = matchSubgraph(called.at(0), afterBody, depth);
                if (afterCond <= afterBody && !m_model.subgraphs.at(called.at(0)).operators.isEmpty()) {
                    // TFLM runs the condition after every body (and once more to end the loop): rows that fit the
                    // body but are not followed by the condition's are not another iteration (an operator after the
                    // loop of the body's type).
                    rollback(trail);
                    break;
                }
                p = afterCond;
            }
            return p;
        }
        if (op.op == QLatin1String("IF") && called.size() >= 2) {
            const int trail = int(m_trail.size());
            const int afterThen = matchSubgraph(called.at(0), pos, depth);
            const QVector<int> thenTrail = m_trail.mid(trail);
            QVector<LayerSource> thenSources;
            for (int row : thenTrail)
                thenSources.append(m_sources.at(row));
            rollback(trail);
            const int afterElse = matchSubgraph(called.at(1), pos, depth);
            const bool thenOk = afterThen > pos;
            const bool elseOk = afterElse > pos;
            if (elseOk && !(thenOk && afterThen > afterElse)) {
                if (thenOk && afterThen == afterElse) {
                    // Both branches explain these rows equally well: report them rather than pick one.
                    rollback(trail);
                    for (int row = pos; row < afterElse; ++row)
                        m_sources[row].reason
                            = LayerSource::tr("IF branches %1 and %2 both match these rows; the branch that "
                                              "ran cannot be told apart")
                                  .arg(called.at(0))
                                  .arg(called.at(1));
                    return afterElse;
                }
                return afterElse;
            }
            rollback(trail);
            if (thenOk) {
                for (int i = 0; i < thenTrail.size(); ++i) {
                    m_sources[thenTrail.at(i)] = thenSources.at(i);
                    m_trail.append(thenTrail.at(i));
                }
                return afterThen;
            }
            return pos;
        }
        // CALL_ONCE (init runs only on the first Invoke, normally during warmup) and anything else: each called
        // subgraph is taken when its rows are there.
        int p = pos;
        for (int s : called) {
            const int after = matchSubgraph(s, p, depth);
            if (after > p)
                p = after;
        }
        return p;
    }

    static constexpr int kMaxDepth = 32;
    const ModelInfo &m_model;
    const QVector<LayerResult> &m_layers;
    bool m_expand = true;
};

// The exact alignment (docs/compatibility.md §0.2): every reading of the rows as the model's control structure runs it,
// all rows explained and every operator of subgraph 0 reached. WHILE runs its condition, then (body, condition) as
// often as the body ran, so a loop always ends with its condition's rows; IF runs one branch; CALL_ONCE runs its init
// subgraph or (after the first Invoke) nothing; a control-flow operator's own row comes before its subgraphs' rows
// (TFLM begins its event first) or after them. The rows are attributed where every reading agrees; where two readings
// differ, which operator a row measured is not known and it is reported, never guessed.
class ExactAligner : private SourceTrail {
public:
    ExactAligner(const ModelInfo &model, const QVector<LayerResult> &layers, bool expand)
        : SourceTrail(layers.size())
        , m_model(model)
        , m_layers(layers)
        , m_expand(expand)
    {
    }

    enum class Outcome { None, Found, TooMany };

    // Searches every reading (up to kMaxReadings, within kMaxSteps); `sources` gets the rows they agree on.
    Outcome run(QVector<LayerSource> *sources)
    {
        if (m_model.subgraphs.isEmpty() || m_layers.isEmpty() || m_layers.size() > kMaxRows)
            return Outcome::None;
        const Cont done = [this](int pos) {
            if (pos != m_layers.size())
                return false;
            m_readings.append(m_sources);
            return m_readings.size() >= kMaxReadings;
        };
        operators(0, 0, 0, 0, done);
        if (m_steps > kMaxSteps || m_readings.isEmpty())
            return Outcome::None; // searched too long to know every reading: the best-effort alignment decides
        if (m_readings.size() >= kMaxReadings)
            return Outcome::TooMany;
        *sources = m_readings.first();
        for (int row = 0; row < sources->size(); ++row) {
            LayerSource &source = (*sources)[row];
            QStringList options;
            bool parentsAgree = true;
            for (const QVector<LayerSource> &reading : std::as_const(m_readings)) {
                const LayerSource &other = reading.at(row);
                const QString option = QStringLiteral("%1/%2").arg(other.subgraph).arg(other.sourceIndex);
                if (!options.contains(option))
                    options.append(option);
                parentsAgree = parentsAgree && other.parentRow == source.parentRow;
            }
            if (options.size() > 1) {
                source = LayerSource();
                source.reason = LayerSource::tr("the rows fit the model's control flow in more than one way: "
                                                "this row may be any of these operators (subgraph/index): %1")
                                    .arg(options.join(QStringLiteral(", ")));
            } else if (!parentsAgree) {
                source.parentRow = -1;
            }
        }
        return Outcome::Found;
    }

private:
    using Cont = std::function<bool(int)>; // the rest of the reading from a row; true: stop searching

    bool tagMatches(int row, const OperatorInfo &op) const
    {
        const LayerResult &layer = m_layers.at(row);
        if (layer.opType == QLatin1String("?") || !layer.observed || layer.tagUndecided)
            return true; // no name: position decides, as in Aligner
        return tagNamesOperator(layer.opType, op);
    }

    bool calls(const OperatorInfo &op) const { return m_expand && !op.calledSubgraphs.isEmpty(); }

    bool budgetLeft() { return ++m_steps <= kMaxSteps; }

    // Operators `from`... of subgraph s from row pos, then k. Operators that call nothing are matched in a loop (one
    // frame for a whole straight run); a control-flow operator continues through its own continuation.
    bool operators(int s, int from, int pos, int depth, const Cont &k)
    {
        if (!budgetLeft())
            return true;
        const QVector<OperatorInfo> &ops = m_model.subgraphs.at(s).operators;
        const int trail = int(m_trail.size());
        int i = from;
        for (; i < ops.size() && !calls(ops.at(i)); ++i) {
            if (pos >= m_layers.size() || !tagMatches(pos, ops.at(i))) {
                rollback(trail);
                return false;
            }
            assign(pos++, s, ops.at(i).index);
        }
        bool stop = false;
        if (i == ops.size())
            stop = k(pos);
        else
            stop = control(s, ops.at(i), pos, depth,
                [this, s, i, depth, &k](int next) { return operators(s, i + 1, next, depth, k); });
        if (!stop)
            rollback(trail);
        return stop;
    }

    // Every operator of subgraph s (a called subgraph), then k.
    bool subgraph(int s, int pos, int depth, const Cont &k)
    {
        if (s < 0 || s >= m_model.subgraphs.size() || depth > kMaxDepth)
            return false;
        return operators(s, 0, pos, depth, k);
    }

    // The rows the operator at `row` called (assigned since `trail`) that no deeper operator encloses are its
    // direct children; undone when the reading goes on without them.
    bool adoptThen(int trail, int row, int next, const Cont &k)
    {
        QVector<int> adopted;
        for (int i = trail; i < m_trail.size(); ++i) {
            const int child = m_trail.at(i);
            if (child != row && m_sources.at(child).parentRow < 0) {
                m_sources[child].parentRow = row;
                adopted.append(child);
            }
        }
        const bool stop = k(next);
        if (!stop) {
            for (int child : std::as_const(adopted))
                m_sources[child].parentRow = -1;
        }
        return stop;
    }

    // A control-flow operator: its row before its subgraphs' rows, or after them (then at least one row of theirs).
    bool control(int s, const OperatorInfo &op, int pos, int depth, const Cont &k)
    {
        const int trail = int(m_trail.size());
        if (pos < m_layers.size() && tagMatches(pos, op)) {
            assign(pos, s, op.index);
            const int row = pos;
            if (expand(op, pos + 1, depth + 1, [&](int next) { return adoptThen(trail, row, next, k); }))
                return true;
            rollback(trail);
        }
        const bool stop = expand(op, pos, depth + 1, [&](int next) {
            if (next <= pos || next >= m_layers.size() || !tagMatches(next, op))
                return false;
            const int before = int(m_trail.size());
            assign(next, s, op.index);
            if (adoptThen(trail, next, next + 1, k))
                return true;
            rollback(before);
            return false;
        });
        if (!stop)
            rollback(trail);
        return stop;
    }

    bool isEmpty(int s) const
    {
        return s < 0 || s >= m_model.subgraphs.size() || m_model.subgraphs.at(s).operators.isEmpty();
    }

    // The rows of the subgraphs the operator runs, then k.
    bool expand(const OperatorInfo &op, int pos, int depth, const Cont &k)
    {
        const QVector<int> &called = op.calledSubgraphs;
        if (depth > kMaxDepth)
            return false;
        if (op.op == QLatin1String("WHILE") && called.size() >= 2) {
            const int cond = called.at(0);
            const int body = called.at(1);
            // The condition; then either the loop ends, or the body and the condition run again.
            std::function<bool(int)> afterCond = [&](int p) {
                if (k(p))
                    return true;
                return subgraph(body, p, depth,
                    [&](int q) { return subgraph(cond, q, depth, [&](int r) { return r > p && afterCond(r); }); });
            };
            return subgraph(cond, pos, depth, afterCond);
        }
        if (op.op == QLatin1String("IF") && called.size() >= 2) {
            if (subgraph(called.at(0), pos, depth, k))
                return true;
            return called.at(1) != called.at(0) && subgraph(called.at(1), pos, depth, k);
        }
        // CALL_ONCE (its init subgraph runs on the first Invoke only) and anything else that calls subgraphs: each
        // called subgraph ran, or did not.
        return optionalCalls(called, 0, pos, depth, k);
    }

    bool optionalCalls(const QVector<int> &called, int i, int pos, int depth, const Cont &k)
    {
        if (i == called.size())
            return k(pos);
        if (!isEmpty(called.at(i)) && subgraph(called.at(i), pos, depth, [&](int next) {
                return optionalCalls(called, i + 1, next, depth, k);
            }))
            return true;
        return optionalCalls(called, i + 1, pos, depth, k);
    }

    static constexpr int kMaxDepth = 32;
    static constexpr int kMaxReadings = 16;
    static constexpr qint64 kMaxSteps = 2'000'000;
    static constexpr int kMaxRows = 4096; // the search recurses per control-flow step: bounded stack
    const ModelInfo &m_model;
    const QVector<LayerResult> &m_layers;
    QVector<QVector<LayerSource>> m_readings;
    qint64 m_steps = 0;
    bool m_expand = true;
};

int operatorCount(const ModelInfo *model, int subgraph)
{
    if (!model || subgraph < 0 || subgraph >= model->subgraphs.size())
        return -1;
    return int(model->subgraphs.at(subgraph).operators.size());
}

void sumInto(LayerResult &target, const LayerResult &row)
{
    if (!target.selfValues.isEmpty() || !row.selfValues.isEmpty()) {
        // Self values add up like the values; a row that encloses nothing is its own self.
        QVector<std::optional<double>> a = target.selfValues.isEmpty() ? target.values : target.selfValues;
        const QVector<std::optional<double>> &b = row.selfValues.isEmpty() ? row.values : row.selfValues;
        for (int c = 0; c < a.size(); ++c) {
            const std::optional<double> add = b.value(c);
            a[c] = a.at(c) && add ? std::optional<double>(*a.at(c) + *add) : std::nullopt;
        }
        target.selfValues = a;
    }
    for (int c = 0; c < target.values.size(); ++c) {
        const std::optional<double> add = row.values.value(c);
        if (target.values.at(c) && add)
            target.values[c] = *target.values.at(c) + *add;
        else
            target.values[c] = std::nullopt; // a sum with a missing term would understate: leave it empty
    }
    for (int p = 0; p < target.cyclesByPass.size() && p < row.cyclesByPass.size(); ++p)
        target.cyclesByPass[p] += row.cyclesByPass.at(p); // NaN stays NaN
    target.overflow = target.overflow || row.overflow;
    target.invocations += row.invocations;
    target.rows += row.rows;
}

} // namespace

TagCheck modelTagCheck(const ModelInfo *model, const AotManifest *manifest)
{
    if (!model && !manifest)
        return {};
    bool calls = false;
    if (model) {
        for (const SubgraphInfo &subgraph : model->subgraphs) {
            for (const OperatorInfo &op : subgraph.operators)
                calls = calls || !op.calledSubgraphs.isEmpty();
        }
    }
    TagCheck check;
    check.fits = [model, manifest, calls](int position, const QString &tag, const QVector<QString> &consensus) {
        const QString type = opTypeOf(tag);
        if (tag == QLatin1String("?") || tag.isEmpty())
            return TagFit::Unknown;
        const std::optional<int> label = labelSourceIndex(tag);
        const bool labelled = tag.contains(QLatin1Char(':'));
        if (labelled) {
            if (!label)
                return TagFit::Unknown; // op:<n> without a manifest, ExecuTorch's c<chain>i<instr>
            for (int other = 0; other < consensus.size(); ++other) {
                if (other != position && consensus.at(other) == tag)
                    return TagFit::Disagrees; // heliaAOT runs every operator once
            }
            if (manifest) {
                const std::optional<int> expected = manifest->sourceIndexFor(position);
                if (expected && *expected != *label)
                    return TagFit::Disagrees;
            }
            if (!model || model->subgraphs.isEmpty())
                return TagFit::Unknown;
            const QVector<OperatorInfo> &ops = model->subgraphs.first().operators;
            if (*label >= ops.size() || !tagNamesOperator(type, ops.at(*label)))
                return TagFit::Disagrees;
            return TagFit::Agrees;
        }
        if (!model || model->subgraphs.isEmpty())
            return TagFit::Unknown;
        if (!calls) {
            const QVector<OperatorInfo> &ops = model->subgraphs.first().operators;
            return position < ops.size() && tagNamesOperator(type, ops.at(position)) ? TagFit::Agrees
                                                                                     : TagFit::Disagrees;
        }
        for (const SubgraphInfo &subgraph : model->subgraphs) {
            for (const OperatorInfo &op : subgraph.operators) {
                if (tagNamesOperator(type, op))
                    return TagFit::Unknown; // the model runs such an operator somewhere
            }
        }
        return TagFit::Disagrees;
    };
    const auto fits = check.fits;
    check.explained = [model, fits](const QVector<QString> &tags) {
        const bool labelled = std::any_of(
            tags.cbegin(), tags.cend(), [](const QString &tag) { return tag.contains(QLatin1Char(':')); });
        if (labelled || !model) {
            // heliaAOT tags name their operator: count the rows that agree with it.
            return int(std::count_if(tags.cbegin(), tags.cend(), [&, position = 0](const QString &tag) mutable {
                return fits(position++, tag, tags) == TagFit::Agrees;
            }));
        }
        // Rows in execution order: as many as the alignment with the model places, nested or flat.
        QVector<LayerResult> rows(tags.size());
        for (int i = 0; i < tags.size(); ++i) {
            rows[i].position = i;
            rows[i].op = tags.at(i);
            rows[i].opType = opTypeOf(tags.at(i));
            rows[i].observed = !tags.at(i).isEmpty();
        }
        Aligner nested(*model, rows, true);
        nested.run();
        Aligner flat(*model, rows, false);
        flat.run();
        return std::max(nested.resolvedCount(), flat.resolvedCount());
    };
    return check;
}

std::optional<int> labelSourceIndex(const QString &op)
{
    const int colon = op.lastIndexOf(QLatin1Char(':'));
    if (colon < 0)
        return std::nullopt;
    bool ok = false;
    const int value = QStringView(op).mid(colon + 1).toInt(&ok);
    if (!ok || value < 0)
        return std::nullopt;
    return value;
}

namespace {

// A heliaAOT row's operator: the manifest's for its position, else its op tag's index; checked against the model's
// subgraph 0 (`count` operators, -1 without a model) and, with a manifest, against the tag's own index.
LayerSource resolveAotSource(const LayerResult &layer, const ModelInfo *model, const AotManifest *manifest, int count)
{
    LayerSource source;
    bool idOk = false;
    const int position = layer.id.toInt(&idOk);
    std::optional<int> original;
    if (manifest) {
        original = idOk ? manifest->sourceIndexFor(position) : std::nullopt;
        if (!original) {
            source.reason
                = LayerSource::tr("the AOT operator manifest does not name position %1").arg(layer.id.toString());
            return source;
        }
    } else if (layer.opType == QLatin1String("op")) {
        source.reason = LayerSource::tr("the firmware was built without an AOT operator manifest: %1 names a position, "
                                        "not an operator")
                            .arg(layer.op);
        return source;
    } else {
        original = labelSourceIndex(layer.op);
        if (!original) {
            source.reason = LayerSource::tr("the op label %1 carries no operator index").arg(layer.op);
            return source;
        }
    }
    if (count >= 0 && *original >= count) {
        source.reason = LayerSource::tr("operator index %1 is outside the model's subgraph 0 (%2 operators)")
                            .arg(*original)
                            .arg(count);
        source.tagDisagrees = true;
        return source;
    }
    if (manifest) {
        // The tag's own index must be the one the manifest names for this position.
        const std::optional<int> labelled = labelSourceIndex(layer.op);
        if (labelled && *labelled != *original) {
            source.reason
                = LayerSource::tr("the op tag %1 names operator %2, but the AOT operator manifest says position "
                                  "%3 is operator %4")
                      .arg(layer.op)
                      .arg(*labelled)
                      .arg(layer.id.toString())
                      .arg(*original);
            source.tagDisagrees = true;
            return source;
        }
    }
    if (count >= 0) {
        // A row whose tag names another operator type than the model's operator at that index is damaged
        // or from another model: never attributed to that operator (docs/merging.md).
        const OperatorInfo &op = model->subgraphs.at(0).operators.at(*original);
        if (layer.observed && !tagNamesOperator(layer.opType, op)) {
            source.reason = LayerSource::tr("the op tag %1 names a %2, but the model's operator %3 is %4")
                                .arg(layer.op, layer.opType)
                                .arg(*original)
                                .arg(op.op);
            source.tagDisagrees = true;
            return source;
        }
    }
    source.subgraph = 0;
    source.sourceIndex = *original;
    return source;
}

// heliaAOT runs every operator once: two rows naming one operator cannot both be right. The one whose index fits
// between its neighbours' (the compiled order follows the model's) keeps it; if that does not single one out, none
// does.
void settleAotClaims(const QVector<LayerResult> &layers, QVector<LayerSource> &sources)
{
    QHash<int, QVector<int>> claims;
    for (int i = 0; i < sources.size(); ++i) {
        if (sources.at(i).resolved())
            claims[sources.at(i).sourceIndex].append(i);
    }
    for (auto it = claims.cbegin(); it != claims.cend(); ++it) {
        const QVector<int> &rows = it.value();
        if (rows.size() < 2)
            continue;
        auto neighbour = [&](int row, int step) -> std::optional<int> {
            for (int j = row + step; j >= 0 && j < sources.size(); j += step) {
                if (rows.contains(j))
                    continue; // another claimant: what is in question
                if (const std::optional<int> index = labelSourceIndex(layers.at(j).op))
                    return index;
                if (sources.at(j).resolved())
                    return sources.at(j).sourceIndex;
            }
            return std::nullopt;
        };
        QVector<int> fitting;
        for (int row : rows) {
            const std::optional<int> before = neighbour(row, -1);
            const std::optional<int> after = neighbour(row, 1);
            if ((!before || *before < it.key()) && (!after || *after > it.key()))
                fitting.append(row);
        }
        for (int row : rows) {
            if (fitting.size() == 1 && fitting.first() == row)
                continue;
            QStringList others;
            for (int other : rows) {
                if (other != row)
                    others.append(layers.at(other).id.toString());
            }
            sources[row].subgraph = -1;
            sources[row].sourceIndex = -1;
            sources[row].tagDisagrees = true;
            sources[row].reason
                = LayerSource::tr("operator %1 is also named by the row at position %2, and heliaAOT runs "
                                  "every operator once")
                      .arg(it.key())
                      .arg(others.join(QStringLiteral(", ")));
        }
    }
}

// Whether heliaAOT rows fit the model as a whole (docs/merging.md, "The wrong model"): English, empty when they do.
// They do not when the manifest names operators the model does not have, when there are more rows than the model has
// operators (heliaAOT runs each once), or when rows name operators the model has not at that index. A few damaged
// tags among fitting rows leave the others attributed; when at least half of the rows disagree, or the manifest or
// the count does, the stream was made for another model and no row is attributed to this one's operators.
struct AotFit {
    QString misfit; // English, empty when the rows fit
    bool attributeNone = false;
};

AotFit aotModelFit(const QVector<LayerResult> &layers, const QVector<LayerSource> &sources, const ModelInfo *model,
    const AotManifest *manifest, int count)
{
    AotFit fit;
    if (!model || count < 0)
        return fit;
    const QString name = model->fileName.isEmpty() ? QStringLiteral("the model") : model->fileName;
    if (manifest) {
        for (const AotManifestEntry &entry : manifest->entries) {
            if (!entry.id)
                continue;
            if (*entry.id >= count) {
                fit.misfit = QStringLiteral("the AOT operator manifest names operator %1, but %2 has %3 operators")
                                 .arg(*entry.id)
                                 .arg(name)
                                 .arg(count);
            } else if (const OperatorInfo &op = model->subgraphs.at(0).operators.at(*entry.id);
                       !entry.opType.isEmpty() && !tagNamesOperator(entry.opType, op)) {
                fit.misfit = QStringLiteral("the AOT operator manifest says operator %1 is %2, but in %3 it is %4")
                                 .arg(*entry.id)
                                 .arg(entry.opType, name, op.op);
            }
            if (!fit.misfit.isEmpty()) {
                fit.attributeNone = true;
                return fit;
            }
        }
    }
    int observed = 0;
    int disagreeing = 0;
    int first = -1;
    for (int i = 0; i < layers.size(); ++i) {
        if (!layers.at(i).observed)
            continue;
        ++observed;
        if (sources.at(i).tagDisagrees) {
            ++disagreeing;
            if (first < 0)
                first = i;
        }
    }
    if (layers.size() > count) {
        fit.misfit = QStringLiteral("the stream has %1 layer rows, but %2 has %3 operators and heliaAOT runs each once")
                         .arg(layers.size())
                         .arg(name)
                         .arg(count);
        fit.attributeNone = true;
        return fit;
    }
    if (disagreeing == 0)
        return fit;
    fit.misfit = QStringLiteral("%1 of %2 layer rows name operators %3 does not have at that index (the first, %4: %5)")
                     .arg(disagreeing)
                     .arg(observed)
                     .arg(name, layers.at(first).op, sources.at(first).reason);
    fit.attributeNone = 2 * disagreeing >= observed;
    return fit;
}

} // namespace

namespace {

// Rows the board placed itself (HPX_LAYER_POSITIONS): each row is the operator it names, never another of the same
// type; a position the model does not have, or whose operator is of another type than the row's op tag, is reported
// like a tag the alignment cannot place.
QVector<LayerSource> positionSources(
    const QVector<LayerResult> &layers, const QVector<LayerPosition> &positions, const ModelInfo *model)
{
    QVector<LayerSource> sources(layers.size());
    QHash<int, int> rowOfLayer;
    for (int i = 0; i < layers.size(); ++i) {
        bool ok = false;
        const int id = layers.at(i).id.toInt(&ok);
        if (ok)
            rowOfLayer.insert(id, i);
    }
    for (int i = 0; i < layers.size(); ++i) {
        const LayerResult &layer = layers.at(i);
        LayerSource &source = sources[i];
        bool ok = false;
        const int id = layer.id.toInt(&ok);
        const LayerPosition position = ok && id >= 0 && id < positions.size() ? positions.at(id) : LayerPosition();
        if (!position.known()) {
            source.reason = LayerSource::tr("the board named no operator for this row");
            continue;
        }
        source.parentRow = rowOfLayer.value(position.parentLayer, -1);
        if (model) {
            const OperatorInfo *op = position.subgraph < model->subgraphs.size()
                    && position.operatorIndex < model->subgraphs.at(position.subgraph).operators.size()
                ? &model->subgraphs.at(position.subgraph).operators.at(position.operatorIndex)
                : nullptr;
            if (!op) {
                source.reason = LayerSource::tr("the board says subgraph %1 operator %2, which the model does "
                                                "not have")
                                    .arg(position.subgraph)
                                    .arg(position.operatorIndex);
                source.tagDisagrees = layer.observed;
                continue;
            }
            const bool tagKnown = layer.observed && !layer.tagUndecided && layer.opType != QLatin1String("?");
            if (tagKnown && !tagNamesOperator(layer.opType, *op)) {
                source.reason = LayerSource::tr("the board says subgraph %1 operator %2, which is %3 in the "
                                                "model, but the row is %4")
                                    .arg(position.subgraph)
                                    .arg(position.operatorIndex)
                                    .arg(op->op, layer.op);
                source.tagDisagrees = true;
                continue;
            }
        }
        source.subgraph = position.subgraph;
        source.sourceIndex = position.operatorIndex;
    }
    return sources;
}

} // namespace

QVector<LayerSource> resolveLayerSources(const QVector<LayerResult> &layers, Engine engine, const ModelInfo *model,
    const AotManifest *manifest, QStringList *warnings, const QVector<LayerPosition> *positions)
{
    QVector<LayerSource> sources(layers.size());
    switch (engine) {
    case Engine::Executorch:
        for (LayerSource &source : sources)
            source.reason = LayerSource::tr("ExecuTorch rows name plan instructions, not model operators");
        return sources;

    case Engine::HeliaAot: {
        const int count = operatorCount(model, 0);
        for (int i = 0; i < layers.size(); ++i)
            sources[i] = resolveAotSource(layers.at(i), model, manifest, count);
        settleAotClaims(layers, sources);
        Q_UNUSED(warnings)
        return sources;
    }

    case Engine::Tflm:
    case Engine::HeliaRt:
        break;
    }

    if (positions && !positions->isEmpty())
        return positionSources(layers, *positions, model);

    if (model) {
        // Every reading that explains all rows, with the rows of called subgraphs, else with only the calling
        // operators recorded (firmware that records no nested events).
        for (const bool expand : { true, false }) {
            ExactAligner exact(*model, layers, expand);
            QVector<LayerSource> found;
            const ExactAligner::Outcome outcome = exact.run(&found);
            if (outcome == ExactAligner::Outcome::Found)
                return found;
            if (outcome == ExactAligner::Outcome::TooMany) {
                for (LayerSource &source : sources)
                    source.reason = LayerSource::tr("the rows fit the model's control flow in too many ways to "
                                                    "tell which operator each row measured");
                return sources;
            }
        }
        // None: a stream cut short or another model's rows. Rows of called subgraphs first; if that leaves rows
        // unaligned, a reading in which the firmware recorded only the calling operators may explain more of them.
        Aligner nested(*model, layers, true);
        QVector<LayerSource> sources = nested.run();
        if (nested.resolvedCount() == layers.size())
            return sources;
        Aligner flat(*model, layers, false);
        QVector<LayerSource> flatSources = flat.run();
        return flat.resolvedCount() > nested.resolvedCount() ? flatSources : sources;
    }
    // No model: the sequential operator index in the one subgraph the overlays assume.
    for (int i = 0; i < layers.size(); ++i) {
        bool ok = false;
        const int id = layers.at(i).id.toInt(&ok);
        sources[i].subgraph = 0;
        sources[i].sourceIndex = ok && id >= 0 ? id : layers.at(i).position;
    }
    return sources;
}

namespace {

// Self costs (docs/merging.md, "Self and inclusive"): a row whose event encloses its called subgraphs' rows holds
// their counts too. Its self value is its own value less its direct children's; a missing term leaves it missing.
void computeSelfValues(QVector<LayerResult> &rows, const QVector<LayerSource> &sources)
{
    QVector<bool> encloses(rows.size(), false);
    QVector<QVector<std::optional<double>>> childSums(rows.size());
    for (int i = 0; i < sources.size(); ++i) {
        const int parent = sources.at(i).parentRow;
        if (parent < 0 || parent >= rows.size())
            continue;
        QVector<std::optional<double>> &sum = childSums[parent];
        const LayerResult &child = rows.at(i);
        if (!encloses.at(parent)) {
            encloses[parent] = true;
            sum = QVector<std::optional<double>>(rows.at(parent).values.size(), 0.0);
        }
        for (int c = 0; c < sum.size(); ++c) {
            const std::optional<double> v = child.values.value(c);
            sum[c] = sum.at(c) && v ? std::optional<double>(*sum.at(c) + *v) : std::nullopt;
        }
    }
    for (int i = 0; i < rows.size(); ++i) {
        LayerResult &layer = rows[i];
        if (!encloses.at(i))
            continue;
        layer.selfValues.resize(layer.values.size());
        for (int c = 0; c < layer.values.size(); ++c) {
            const std::optional<double> own = layer.values.at(c);
            const std::optional<double> inner = childSums.at(i).value(c);
            layer.selfValues[c] = own && inner ? std::optional<double>(*own - *inner) : std::nullopt;
        }
    }
}

// The layers: the rows of one operator summed into one layer, an unresolved row a layer of its own (and listed in
// result.unresolved). layerOfRow maps each row to its layer.
struct AttributedLayers {
    QVector<LayerResult> layers;
    QVector<int> layerOfRow;
};

AttributedLayers sumRowsByOperator(ProfileResult &result, const QVector<LayerSource> &sources)
{
    AttributedLayers out;
    QVector<LayerResult> &layers = out.layers;
    QVector<int> &layerOfRow = out.layerOfRow;
    layerOfRow.fill(-1, result.layers.size());
    layers.reserve(result.layers.size());
    QHash<qint64, int> byOperator; // (subgraph << 32 | index) -> layer in `layers`
    result.unresolved.clear();
    for (int i = 0; i < result.layers.size(); ++i) {
        LayerResult layer = result.layers.at(i);
        const LayerSource &source = sources.at(i);
        if (layer.rows.isEmpty())
            layer.rows = { layer.position };
        layer.subgraph = source.subgraph;
        layer.sourceIndex = source.sourceIndex;
        if (!source.resolved()) {
            layer.subgraph = -1;
            layer.sourceIndex = -1;
            if (result.engine != Engine::Executorch)
                result.unresolved.append({ int(layers.size()), layer.op, source.reason });
            layerOfRow[i] = int(layers.size());
            layers.append(layer);
            continue;
        }
        const qint64 key = (qint64(source.subgraph) << 32) | quint32(source.sourceIndex);
        const auto it = byOperator.constFind(key);
        if (it != byOperator.constEnd()) {
            sumInto(layers[it.value()], layer);
            layerOfRow[i] = it.value();
            continue;
        }
        byOperator.insert(key, int(layers.size()));
        layerOfRow[i] = int(layers.size());
        layers.append(layer);
    }
    // The enclosing layer of each layer (its first row's parent), once the rows are summed into layers.
    for (int i = 0; i < sources.size(); ++i) {
        const int layer = layerOfRow.at(i);
        const int parent = sources.at(i).parentRow;
        if (layer >= 0 && parent >= 0 && layers.at(layer).parentLayer < 0)
            layers[layer].parentLayer = layerOfRow.value(parent, -1);
    }
    return out;
}

// Positions in the new order, MACs and ops from the model. Rows that could not be aligned may hold further executions
// of an operator of a called subgraph (a WHILE body that ran again): its sum over the aligned rows alone would be
// partial, so it is left out rather than written as a whole (docs/merging.md).
void finishLayers(
    QVector<LayerResult> &layers, const QVector<LayerSource> &sources, const ModelInfo *model, Engine engine)
{
    bool alignmentStopped = false;
    if (model && (engine == Engine::Tflm || engine == Engine::HeliaRt))
        alignmentStopped = std::any_of(
            sources.cbegin(), sources.cend(), [](const LayerSource &s) { return !s.resolved() && !s.undecided; });
    for (int i = 0; i < layers.size(); ++i) {
        LayerResult &layer = layers[i];
        layer.position = i;
        if (alignmentStopped && layer.subgraph > 0) {
            for (std::optional<double> &value : layer.values)
                value.reset();
            for (std::optional<double> &value : layer.selfValues)
                value.reset();
            for (double &cycles : layer.cyclesByPass)
                cycles = std::numeric_limits<double>::quiet_NaN();
            layer.incompleteReason = QStringLiteral("some rows could not be aligned with the model's execution order, "
                                                    "and this operator of a called subgraph may have run again among "
                                                    "them: the sum of its aligned rows may be partial");
        }
        layer.macs.reset();
        layer.ops.reset();
        if (model && layer.subgraph >= 0 && layer.subgraph < model->subgraphs.size()) {
            const QVector<OperatorInfo> &ops = model->subgraphs.at(layer.subgraph).operators;
            if (layer.sourceIndex < ops.size()) {
                layer.macs = ops.at(layer.sourceIndex).macs * layer.invocations;
                layer.ops = ops.at(layer.sourceIndex).ops * layer.invocations;
            }
        }
    }
}

// Rows whose op tag disagrees with the model: never attributed, and named with their lines in one issue.
void reportDisagreeingTags(
    ProfileResult &result, const QVector<LayerResult> &rowsRead, const QVector<LayerSource> &sources)
{
    QJsonArray rows;
    QStringList examples;
    int disagreeing = 0;
    for (int i = 0; i < sources.size(); ++i) {
        if (!sources.at(i).tagDisagrees)
            continue;
        const LayerResult &layer = rowsRead.at(i);
        ++disagreeing;
        if (examples.size() < 3) {
            examples.append(layer.line > 0
                    ? QStringLiteral("%1 at position %2 (line %3): %4")
                          .arg(layer.op, layer.id.toString())
                          .arg(layer.line)
                          .arg(sources.at(i).reason)
                    : QStringLiteral("%1 at position %2: %3").arg(layer.op, layer.id.toString(), sources.at(i).reason));
        }
        if (rows.size() < 50) {
            QJsonObject entry;
            entry.insert(QStringLiteral("position"), layer.position);
            entry.insert(QStringLiteral("op"), layer.op);
            if (layer.line > 0)
                entry.insert(QStringLiteral("line"), layer.line);
            entry.insert(QStringLiteral("reason"), sources.at(i).reason);
            rows.append(entry);
        }
    }
    if (disagreeing > 0) {
        Issue issue = Issue::make(QStringLiteral("profile.op_tag_mismatch"), QStringLiteral("warning"),
            QStringLiteral("%1 row(s) name an operator the model does not have there, so they are not attributed to "
                           "any operator (a damaged op tag, or firmware built for another model): %2%3")
                .arg(disagreeing)
                .arg(examples.join(QStringLiteral("; ")))
                .arg(disagreeing > examples.size() ? QStringLiteral("; ...") : QString()));
        issue.put(QStringLiteral("count"), disagreeing);
        issue.put(QStringLiteral("rows"), rows);
        result.issues.append(issue);
    }
}

// Rows whose op tag the iterations tie on and the model cannot settle: left unattributed, and named in one issue.
void reportUndecidedTags(
    ProfileResult &result, const QVector<LayerResult> &rowsRead, const QVector<LayerSource> &sources)
{
    QJsonArray rows;
    QStringList examples;
    for (int i = 0; i < sources.size(); ++i) {
        if (!sources.at(i).undecided)
            continue;
        const LayerResult &layer = rowsRead.at(i);
        if (examples.size() < 3)
            examples.append(layer.line > 0 ? QStringLiteral("position %1 (line %2)").arg(layer.position).arg(layer.line)
                                           : QStringLiteral("position %1").arg(layer.position));
        QJsonObject entry;
        entry.insert(QStringLiteral("position"), layer.position);
        entry.insert(QStringLiteral("op"), layer.op);
        if (layer.line > 0)
            entry.insert(QStringLiteral("line"), layer.line);
        rows.append(entry);
    }
    if (rows.isEmpty())
        return;
    Issue issue = Issue::make(QStringLiteral("profile.op_tag_undecided"), QStringLiteral("warning"),
        QStringLiteral("%1 layer(s) are not attributed to any operator: the iterations disagree on their op tag, no "
                       "majority exists and the model fits none of them better (%2%3).")
            .arg(rows.size())
            .arg(examples.join(QStringLiteral(", ")))
            .arg(rows.size() > examples.size() ? QStringLiteral(", ...") : QString()));
    issue.put(QStringLiteral("count"), int(rows.size()));
    issue.put(QStringLiteral("rows"), rows);
    result.issues.append(issue);
}

} // namespace

void attributeLayers(
    ProfileResult &result, const ModelInfo *model, const AotManifest *manifest, const CaptureLayerPositions *positions)
{
    std::optional<QVector<LayerPosition>> placed;
    if (positions && positions->iterations > 0 && (result.engine == Engine::Tflm || result.engine == Engine::HeliaRt)) {
        QString unused;
        if (positions->differ)
            unused = QStringLiteral("the iterations' HPX_LAYER_POSITIONS lines differ");
        else if (!(placed = parseLayerPositions(positions->value)))
            unused = QStringLiteral("the HPX_LAYER_POSITIONS line is damaged");
        if (!unused.isEmpty()) {
            placed.reset();
            Issue issue = Issue::make(QStringLiteral("profile.layer_positions_unused"), QStringLiteral("warning"),
                QStringLiteral("The board named each row's operator, but %1: the rows are attributed by aligning "
                               "their op tags with the model's execution order instead.")
                    .arg(unused));
            result.issues.append(issue);
        }
    }
    QVector<LayerSource> sources = resolveLayerSources(
        result.layers, result.engine, model, manifest, &result.warnings, placed ? &*placed : nullptr);
    // Iterations tied on these rows' op tags and the model preferred none: which operator they measured is not known.
    for (int i = 0; i < sources.size(); ++i) {
        if (!result.layers.at(i).tagUndecided || result.engine == Engine::Executorch)
            continue;
        sources[i] = LayerSource();
        sources[i].undecided = true;
        sources[i].reason = LayerSource::tr("the iterations disagree on its op tag and the model fits neither "
                                            "better, so which operator it measured is not known");
    }
    result.modelMisfit.clear();
    if (result.engine == Engine::HeliaAot) {
        const AotFit fit = aotModelFit(result.layers, sources, model, manifest, operatorCount(model, 0));
        result.modelMisfit = fit.misfit;
        if (fit.attributeNone) {
            // Values of another model's operators never land on this one's nodes, even where a type matches.
            for (LayerSource &source : sources) {
                if (!source.resolved())
                    continue;
                source.subgraph = -1;
                source.sourceIndex = -1;
                source.reason = LayerSource::tr("the stream does not fit %1, so no row is attributed to its "
                                                "operators")
                                    .arg(model->fileName);
            }
        }
    }

    if (result.engine == Engine::Executorch) {
        result.overlaysSkippedReason
            = LayerSource::tr("ExecuTorch layers name plan instructions, not graph nodes, so an "
                              "ExecuTorch run writes no Model Explorer overlays.");
    }

    const QVector<LayerResult> original = result.layers;
    computeSelfValues(result.layers, sources);
    AttributedLayers attributed = sumRowsByOperator(result, sources);
    finishLayers(attributed.layers, sources, model, result.engine);
    result.layers = std::move(attributed.layers);
    reportDisagreeingTags(result, original, sources);
    reportUndecidedTags(result, original, sources);
}

} // namespace hpx::model
