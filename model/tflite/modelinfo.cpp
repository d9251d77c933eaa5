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

} // namespace hpx::model
