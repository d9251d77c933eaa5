#include "device/sim/simexecution.h"

#include <QSet>

namespace hpx::device {

namespace {
constexpr int MaxCallDepth = 8;

QString tflmTag(const hpx::model::OperatorInfo &op)
{
    if (op.op == QLatin1String("CUSTOM") && !op.customCode.isEmpty())
        return op.customCode; // TFLM tags a custom kernel with its registration name
    return op.op.isEmpty() ? QStringLiteral("?") : op.op;
}

struct TflmWalker {
    const hpx::model::ModelInfo &model;
    int whileIterations;
    QVector<SimLayer> layers;

    void add(int sg, int opIndex, int parent)
    {
        const auto &op = model.subgraphs.at(sg).operators.at(opIndex);
        layers.append(SimLayer { tflmTag(op), -1, { SimOpRef { sg, opIndex } }, parent });
    }

    bool validSubgraph(int sg) const { return sg >= 0 && sg < model.subgraphs.size(); }

    void run(int sg, int depth, int parent)
    {
        const auto &ops = model.subgraphs.at(sg).operators;
        for (int i = 0; i < ops.size(); ++i) {
            const auto &op = ops.at(i);
            // The control-flow kernel's profiler event begins before the ops it invokes and ends after them: its row
            // comes first and its counts enclose theirs.
            const int self = int(layers.size());
            add(sg, i, parent);
            if (depth >= MaxCallDepth)
                continue;
            const QVector<int> &called = op.calledSubgraphs;
            if (op.op == QLatin1String("WHILE") && called.size() >= 2 && validSubgraph(called.at(0))
                && validSubgraph(called.at(1))) {
                for (int k = 0; k < whileIterations; ++k) {
                    run(called.at(0), depth + 1, self);
                    run(called.at(1), depth + 1, self);
                }
                run(called.at(0), depth + 1, self); // the final condition that ends the loop
            } else if (op.op == QLatin1String("IF") && !called.isEmpty() && validSubgraph(called.at(0))) {
                run(called.at(0), depth + 1, self);
            }
        }
    }
};

bool delegable(const QString &op)
{
    static const QSet<QString> ops = { QStringLiteral("CONV_2D"), QStringLiteral("DEPTHWISE_CONV_2D"),
        QStringLiteral("FULLY_CONNECTED"), QStringLiteral("AVERAGE_POOL_2D"), QStringLiteral("MAX_POOL_2D"),
        QStringLiteral("ADD"), QStringLiteral("MUL"), QStringLiteral("BATCH_MATMUL") };
    return ops.contains(op);
}
} // namespace

bool aotSkipsOp(const QString &op)
{
    static const QSet<QString> ops = { QStringLiteral("VAR_HANDLE"), QStringLiteral("CALL_ONCE"),
        QStringLiteral("RESHAPE"), QStringLiteral("SQUEEZE"), QStringLiteral("EXPAND_DIMS") };
    return ops.contains(op);
}

SimExecution simExecution(const SimulatorConfig &config)
{
    SimExecution exec;
    const auto &model = config.model;
    if (model.subgraphs.isEmpty())
        return exec;
    const auto &main = model.subgraphs.first().operators;
    switch (config.engine) {
    case model::Engine::Tflm:
    case model::Engine::HeliaRt: {
        TflmWalker walker { model, config.whileIterations, {} };
        walker.run(0, 0, -1);
        exec.layers = std::move(walker.layers);
        break;
    }
    case model::Engine::HeliaAot:
        for (int i = 0; i < main.size(); ++i) {
            const auto &op = main.at(i);
            if (aotSkipsOp(op.op))
                continue;
            const QString tag = config.aotOpIdTags
                ? QString(op.op.toUpper() + QLatin1Char(':') + QString::number(op.index >= 0 ? op.index : i))
                : QString(QStringLiteral("op:") + QString::number(exec.layers.size()));
            exec.layers.append(SimLayer { tag, -1, { SimOpRef { 0, i } } });
        }
        break;
    case model::Engine::Executorch: {
        int instruction = 0;
        for (int i = 0; i < main.size(); ++i) {
            const QString &op = main.at(i).op;
            if (delegable(op)) {
                SimLayer layer { QString(), instruction, {} };
                while (i < main.size() && delegable(main.at(i).op))
                    layer.members.append(SimOpRef { 0, i++ });
                --i;
                layer.tag = QStringLiteral("DELEGATE_CALL:c0i") + QString::number(instruction);
                exec.layers.append(layer);
                instruction += 2; // the delegate call is followed by a FreeCall that frees its scratch
            } else {
                exec.layers.append(SimLayer { QStringLiteral("OPERATOR_CALL:c0i") + QString::number(instruction),
                    instruction, { SimOpRef { 0, i } } });
                instruction += 1;
            }
        }
        break;
    }
    }
    exec.executedOps = exec.layers.size();
    const int cap = config.soc.pmuMaxOps; // docs/compatibility.md §4.4
    if (exec.layers.size() > cap) {
        exec.exceedsCapacity = true;
        if (config.engine != model::Engine::Executorch)
            exec.layers.resize(cap);
    }
    return exec;
}

} // namespace hpx::device
