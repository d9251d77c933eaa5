#pragma once

#include "model/tflite/modelinfo.h"

#include <QStringList>

namespace hpx::test {

// Hand-built ModelInfo values for attribution tests: subgraph(name, {ops}) where an op is "CONV_2D",
// "WHILE>1,2" (calls subgraphs 1 and 2) or "CUSTOM=SignalWindow".
inline hpx::model::SubgraphInfo subgraph(
    int index, const QString &name, const QStringList &ops, const QVector<qint64> &macs = {})
{
    hpx::model::SubgraphInfo s;
    s.index = index;
    s.name = name;
    s.graphId = name.isEmpty() ? QStringLiteral("subgraph_%1").arg(index) : name;
    for (int i = 0; i < ops.size(); ++i) {
        hpx::model::OperatorInfo op;
        op.index = i;
        QString text = ops.at(i);
        const int arrow = int(text.indexOf(QLatin1Char('>')));
        if (arrow >= 0) {
            const QStringList called = text.mid(arrow + 1).split(QLatin1Char(','));
            for (const QString &c : called)
                op.calledSubgraphs.append(c.toInt());
            text = text.left(arrow);
        }
        const int eq = int(text.indexOf(QLatin1Char('=')));
        if (eq >= 0) {
            op.customCode = text.mid(eq + 1);
            text = text.left(eq);
        }
        op.op = text;
        op.macs = i < macs.size() ? macs.at(i) : 0;
        op.ops = 2 * op.macs + 1;
        s.operators.append(op);
    }
    return s;
}

inline hpx::model::ModelInfo modelOf(const QVector<hpx::model::SubgraphInfo> &subgraphs)
{
    hpx::model::ModelInfo model;
    model.fileName = QStringLiteral("hand-built.tflite");
    model.subgraphs = subgraphs;
    return model;
}

} // namespace hpx::test
