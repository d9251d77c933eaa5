#include "model/tflite/modelinfo.h"

namespace hpx::model {

// The loader (tflitemodel.cpp) rejects models whose totals overflow, so plain sums are safe here.

qint64 ModelInfo::totalMacs() const
{
    qint64 total = 0;
    for (const SubgraphInfo &sg : subgraphs) {
        for (const OperatorInfo &op : sg.operators)
            total += op.macs;
    }
    return total;
}

qint64 ModelInfo::totalOps() const
{
    qint64 total = 0;
    for (const SubgraphInfo &sg : subgraphs) {
        for (const OperatorInfo &op : sg.operators)
            total += op.ops;
    }
    return total;
}

// Each constant tensor once, even when several operators read it.
qint64 ModelInfo::totalParameterBytes() const
{
    qint64 total = 0;
    for (const SubgraphInfo &sg : subgraphs) {
        for (const TensorInfo &t : sg.tensors) {
            if (t.isConstant)
                total += t.bytes;
        }
    }
    return total;
}

int ModelInfo::operatorCount() const
{
    int total = 0;
    for (const SubgraphInfo &sg : subgraphs)
        total += int(sg.operators.size());
    return total;
}

int ModelInfo::subgraphByGraphId(const QString &graphId) const
{
    for (const SubgraphInfo &sg : subgraphs) {
        if (sg.graphId == graphId)
            return sg.index;
    }
    return -1;
}

QVector<bool> ModelInfo::runOnceAtStart() const
{
    constexpr int callOnce = 129; // BuiltinOperator CALL_ONCE
    // Two walks from the entry subgraph: along every call but CALL_ONCE's (what each inference runs), then along
    // every call; what the second reaches and the first does not runs once.
    auto reach = [this](bool throughCallOnce) {
        QVector<bool> seen(subgraphs.size(), false);
        QVector<int> todo;
        if (!subgraphs.isEmpty()) {
            seen[0] = true;
            todo.append(0);
        }
        while (!todo.isEmpty()) {
            const int s = todo.takeLast();
            for (const OperatorInfo &op : subgraphs.at(s).operators) {
                if (op.builtinCode == callOnce && !throughCallOnce)
                    continue;
                for (int called : op.calledSubgraphs) {
                    if (called >= 0 && called < seen.size() && !seen.at(called)) {
                        seen[called] = true;
                        todo.append(called);
                    }
                }
            }
        }
        return seen;
    };
    const QVector<bool> everyInference = reach(false);
    QVector<bool> once = reach(true);
    for (int s = 0; s < once.size(); ++s)
        once[s] = once.at(s) && !everyInference.at(s);
    return once;
}

} // namespace hpx::model
