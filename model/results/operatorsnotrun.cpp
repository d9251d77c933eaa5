#include "model/results/operatorsnotrun.h"

#include <QCoreApplication>

namespace hpx::model {

namespace {

using Execution = LayerResult::Execution;

bool isOp(const OperatorInfo &op, const char *name)
{
    return op.op == QLatin1String(name);
}

// Per subgraph, per operator: does a layer measure it?
QVector<QVector<bool>> measuredOperators(const ProfileResult &result, const ModelInfo &model)
{
    QVector<QVector<bool>> measured(model.subgraphs.size());
    for (int s = 0; s < model.subgraphs.size(); ++s)
        measured[s].fill(false, model.subgraphs.at(s).operators.size());
    for (const LayerResult &layer : result.layers) {
        if (layer.subgraph >= 0 && layer.subgraph < measured.size() && layer.sourceIndex >= 0
            && layer.sourceIndex < measured.at(layer.subgraph).size())
            measured[layer.subgraph][layer.sourceIndex] = true;
    }
    return measured;
}

QString operatorText(const LayerResult &op, const ModelInfo *model)
{
    const QString graph = model && op.subgraph >= 0 && op.subgraph < model->subgraphs.size()
        ? model->subgraphs.at(op.subgraph).graphId
        : QStringLiteral("subgraph_%1").arg(op.subgraph);
    return QStringLiteral("%1 (%2 #%3)").arg(op.op, graph).arg(op.sourceIndex);
}

QString listed(const QVector<const LayerResult *> &ops, const ModelInfo *model)
{
    constexpr int kNamed = 12; // a model with hundreds of unreached operators keeps its note readable
    QStringList names;
    for (int i = 0; i < ops.size() && i < kNamed; ++i)
        names.append(operatorText(*ops.at(i), model));
    QString text = names.join(QStringLiteral(", "));
    if (ops.size() > kNamed)
        text += NotRunOperators::tr(" and %n more", nullptr, int(ops.size()) - kNamed);
    return text;
}

} // namespace

QVector<LayerResult> NotRunOperators::find(const ProfileResult &result, const ModelInfo *model)
{
    if (!model || model->subgraphs.isEmpty() || (result.engine != Engine::Tflm && result.engine != Engine::HeliaRt))
        return {};
    for (const LayerResult &layer : result.layers) {
        if (layer.subgraph < 0 || layer.sourceIndex < 0 || layer.subgraph >= model->subgraphs.size()
            || layer.sourceIndex >= model->subgraphs.at(layer.subgraph).operators.size())
            return {}; // a row not attributed may be any operator's: which ones ran is not known
    }
    const QVector<QVector<bool>> measured = measuredOperators(result, *model);
    const int count = int(model->subgraphs.size());
    QVector<bool> ran(count, false);
    for (int s = 0; s < count; ++s) {
        ran[s] = measured.at(s).contains(true);
        // A subgraph runs whole: one that ran with an operator missing its row was not recorded whole.
        if (ran.at(s) && measured.at(s).contains(false))
            return {};
    }
    if (!ran.at(0))
        return {}; // subgraph 0 runs every inference
    const auto hasOperators
        = [model, count](int s) { return s >= 0 && s < count && !model->subgraphs.at(s).operators.isEmpty(); };
    const auto ranSubgraph = [&ran, count](int s) { return s >= 0 && s < count && ran.at(s); };
    // A firmware that records only the calling operators shows a WHILE or IF that ran without the subgraphs it must
    // have called: then an unrecorded subgraph says nothing about whether it ran.
    for (int s = 0; s < count; ++s) {
        for (const OperatorInfo &op : model->subgraphs.at(s).operators) {
            if (!measured.at(s).value(op.index) || op.calledSubgraphs.size() < 2)
                continue;
            const int first = op.calledSubgraphs.at(0);
            const int second = op.calledSubgraphs.at(1);
            if (isOp(op, "WHILE") && hasOperators(first) && !ranSubgraph(first))
                return {}; // the condition runs at least once whenever the WHILE runs
            if (isOp(op, "IF") && !ranSubgraph(first) && !ranSubgraph(second)
                && (hasOperators(first) || hasOperators(second)))
                return {}; // one branch runs whenever the IF runs (an empty one leaves no row: not known which)
        }
    }

    // What a CALL_ONCE that ran calls, and what that calls in turn, ran at the first Invoke only (when it has no
    // rows: with rows it ran in the profiled inferences and is measured).
    QVector<bool> atInit(count, false);
    QVector<int> todo;
    for (int s = 0; s < count; ++s) {
        for (const OperatorInfo &op : model->subgraphs.at(s).operators) {
            if (isOp(op, "CALL_ONCE") && measured.at(s).value(op.index))
                todo += op.calledSubgraphs;
        }
    }
    while (!todo.isEmpty()) {
        const int s = todo.takeLast();
        if (s < 0 || s >= count || ran.at(s) || atInit.at(s))
            continue;
        atInit[s] = true;
        for (const OperatorInfo &op : model->subgraphs.at(s).operators)
            todo += op.calledSubgraphs;
    }

    QVector<LayerResult> notRun;
    for (int s = 1; s < count; ++s) {
        if (ran.at(s))
            continue;
        for (const OperatorInfo &op : model->subgraphs.at(s).operators) {
            LayerResult layer;
            layer.position = int(result.layers.size() + notRun.size());
            layer.op = op.op == QLatin1String("CUSTOM") && !op.customCode.isEmpty() ? op.customCode : op.op;
            layer.opType = layer.op;
            layer.subgraph = s;
            layer.sourceIndex = op.index;
            layer.values = QVector<std::optional<double>>(result.counters.size());
            layer.invocations = 0;
            layer.samples = 0;
            layer.execution = atInit.at(s) ? Execution::OnceAtInit : Execution::NotRun;
            notRun.append(layer);
        }
    }
    return notRun;
}

QStringList NotRunOperators::notes(const ProfileResult &result, const ModelInfo *model)
{
    QVector<const LayerResult *> skipped;
    QVector<const LayerResult *> atInit;
    for (const LayerResult &op : result.notRun)
        (op.execution == Execution::OnceAtInit ? atInit : skipped).append(&op);
    QStringList notes;
    if (!skipped.isEmpty())
        notes.append(NotRunOperators::tr("%n operator(s) did not run in the profiled inferences (no value, not 0): %1.",
            nullptr, int(skipped.size()))
                         .arg(listed(skipped, model)));
    if (!atInit.isEmpty())
        notes.append(NotRunOperators::tr("%n operator(s) of a CALL_ONCE's init subgraph ran once, at initialisation "
                                         "(the first Invoke, which is not profiled): %1.",
            nullptr, int(atInit.size()))
                         .arg(listed(atInit, model)));
    return notes;
}

} // namespace hpx::model
