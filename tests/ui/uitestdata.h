#pragma once

// Hand-built ModelInfo / ProfileResult values for the ui tests and benchmark, until the loader's
// synthetic models are available everywhere. Deterministic.

#include "model/results/profileresult.h"
#include "model/tflite/modelinfo.h"
#include "model/tflite/syntheticmodel.h"
#include "model/tflite/tflitemodel.h"

#include <QRandomGenerator>

namespace hpx::test {

inline QStringList strings(std::initializer_list<const char *> list)
{
    QStringList out;
    for (const char *s : list)
        out.append(QString::fromUtf8(s));
    return out;
}

inline model::OperatorInfo makeOp(
    int index, const QString &op, QVector<int> inputs, QVector<int> outputs, qint64 macs = 0)
{
    model::OperatorInfo o;
    o.index = index;
    o.op = op;
    o.inputs = std::move(inputs);
    o.outputs = std::move(outputs);
    o.macs = macs;
    return o;
}

// Subgraph "main": 0 CONV_2D -> {1 DEPTHWISE_CONV_2D, 2 CONV_2D} -> 3 ADD -> 4 FULLY_CONNECTED -> 5 SOFTMAX
// (tensor 0 is the model input, 9 a weight tensor with no producer); subgraph "body": 0 ADD -> 1 MUL.
inline model::ModelInfo diamondModel()
{
    model::ModelInfo m;
    m.fileName = QStringLiteral("diamond.tflite");
    model::SubgraphInfo sg;
    sg.index = 0;
    sg.graphId = QStringLiteral("main");
    sg.operators = {
        makeOp(0, QStringLiteral("CONV_2D"), { 0, 9, -1 }, { 1 }, 1000),
        makeOp(1, QStringLiteral("DEPTHWISE_CONV_2D"), { 1, 9 }, { 2 }, 300),
        makeOp(2, QStringLiteral("CONV_2D"), { 1, 9 }, { 3 }, 2000),
        makeOp(3, QStringLiteral("ADD"), { 2, 3 }, { 4 }),
        makeOp(4, QStringLiteral("FULLY_CONNECTED"), { 4, 9 }, { 5 }, 500),
        makeOp(5, QStringLiteral("SOFTMAX"), { 5 }, { 6 }),
    };
    for (int t = 0; t < 10; ++t) {
        model::TensorInfo ti;
        ti.index = t;
        ti.name = QStringLiteral("t%1").arg(t);
        sg.tensors.append(ti);
    }
    model::SubgraphInfo body;
    body.index = 1;
    body.graphId = QStringLiteral("body");
    body.operators
        = { makeOp(0, QStringLiteral("ADD"), { 0, 1 }, { 2 }), makeOp(1, QStringLiteral("MUL"), { 2, 1 }, { 3 }) };
    m.subgraphs = { sg, body };
    return m;
}

inline model::LayerResult makeLayer(int position, const QString &op, int subgraph, int sourceIndex,
    QVector<std::optional<double>> values, std::optional<qint64> macs = std::nullopt)
{
    model::LayerResult l;
    l.position = position;
    l.id = position;
    l.op = op;
    l.opType = op.section(QLatin1Char(':'), 0, 0);
    l.subgraph = subgraph;
    l.sourceIndex = sourceIndex;
    l.values = std::move(values);
    l.macs = macs;
    return l;
}

// Counters: CPU_CYCLES, INST_RETIRED, MVE_INST_RETIRED, MVE_STALL. Layer 5 (SOFTMAX) has no
// MVE values; the last layer is an op of subgraph 1.
inline model::ProfileResult diamondResult()
{
    model::ProfileResult r;
    r.counters = { QStringLiteral("ARM_PMU_CPU_CYCLES"), QStringLiteral("ARM_PMU_INST_RETIRED"),
        QStringLiteral("ARM_PMU_MVE_INST_RETIRED"), QStringLiteral("ARM_PMU_MVE_STALL") };
    r.layers = {
        makeLayer(0, QStringLiteral("CONV_2D"), 0, 0, { 4000.0, 2000.0, 1000.0, 400.0 }, 1000),
        makeLayer(1, QStringLiteral("DEPTHWISE_CONV_2D"), 0, 1, { 1500.0, 900.0, 300.0, 150.0 }, 300),
        makeLayer(2, QStringLiteral("CONV_2D"), 0, 2, { 10000.0, 5000.0, 2500.0, 2000.0 }, 2000),
        makeLayer(3, QStringLiteral("ADD"), 0, 3, { 500.0, 400.0, 100.0, 0.0 }, 0),
        makeLayer(4, QStringLiteral("FULLY_CONNECTED"), 0, 4, { 2500.5, 1200.0, 600.0, 100.0 }, 500),
        makeLayer(5, QStringLiteral("SOFTMAX"), 0, 5, { 1000.0, 800.0, std::nullopt, std::nullopt }, 0),
        makeLayer(6, QStringLiteral("ADD"), 1, 0, { 700.0, 300.0, 50.0, 10.0 }, 0),
    };
    return r;
}

// diamondResult() as the virtual board reports it: its cycle column holds the instructions QEMU executed.
inline model::ProfileResult diamondResultOnTheVirtualBoard()
{
    model::ProfileResult r = diamondResult();
    r.boardStatement = { { QStringLiteral("core"), QStringLiteral("cortex-m55") },
        { QStringLiteral("cycle_source"), QStringLiteral("qemu_icount_instructions") } };
    return r;
}

// A ResNet-like chain of n operators: each consumes its predecessor and every 4th also a skip
// from 3 back (through an ADD), so the graph has real fan-out and merges.
inline model::ModelInfo syntheticModel(int n)
{
    static const QString ops[] = { QStringLiteral("CONV_2D"), QStringLiteral("DEPTHWISE_CONV_2D"),
        QStringLiteral("CONV_2D"), QStringLiteral("ADD") };
    model::ModelInfo m;
    m.fileName = QStringLiteral("synthetic_%1.tflite").arg(n);
    model::SubgraphInfo sg;
    sg.index = 0;
    sg.graphId = QStringLiteral("main");
    sg.operators.reserve(n);
    for (int i = 0; i < n; ++i) {
        // tensor i+1 is op i's output; tensor 0 the model input.
        QVector<int> in { i };
        const QString op = ops[i % 4];
        if (op == QLatin1String("ADD") && i >= 3)
            in.append(i - 2);
        sg.operators.append(makeOp(i, op, in, { i + 1 }, op == QLatin1String("ADD") ? 0 : 1000 + (i * 37) % 5000));
    }
    m.subgraphs = { sg };
    return m;
}

// The 138-operator conformer-like chain of model::SyntheticModel::conformer(), loaded as a user would.
inline model::ModelInfo conformerModel(int blocks = 4)
{
    const auto loaded = model::parseModel(
        model::SyntheticModel::conformer(blocks).build(), QStringLiteral("conformer_%1.tflite").arg(blocks * 34 + 2));
    return loaded.model.value_or(model::ModelInfo());
}

inline model::ProfileResult syntheticResult(const model::ModelInfo &m)
{
    model::ProfileResult r;
    r.counters = { QStringLiteral("ARM_PMU_CPU_CYCLES"), QStringLiteral("ARM_PMU_INST_RETIRED") };
    QRandomGenerator rng(42);
    const auto &ops = m.subgraphs.first().operators;
    for (int i = 0; i < ops.size(); ++i) {
        const double cycles = double(ops[i].macs * 3 + 200 + rng.bounded(500));
        r.layers.append(makeLayer(i, ops[i].op, 0, i, { cycles, cycles * 0.6 }, ops[i].macs));
    }
    return r;
}

// WHILE loops nested three deep, as real .tflite bytes loaded as a user would: main = CONV_2D, WHILE
// (cond 1, body 2), FULLY_CONNECTED; outer body 2 = ADD, WHILE (cond 3, body 4), MUL; inner body 4 = ADD,
// IF (then 5, else 6), MUL; conds are LESS, branches ADD / SUB.
inline model::ModelInfo nestedWhileModel()
{
    model::SyntheticModel m;
    auto chain = [&m](const QString &name, const QList<QPair<QString, QVector<int>>> &ops) {
        model::SyntheticModel::Subgraph &sg = m.addSubgraph(name);
        int t = sg.addTensor(name + QStringLiteral("_in"), QStringLiteral("INT8"), { 1, 8 });
        sg.inputs = { t };
        for (int i = 0; i < ops.size(); ++i) {
            const int out = sg.addTensor(name + QStringLiteral("_t%1").arg(i), QStringLiteral("INT8"), { 1, 8 });
            sg.addOperator(ops.at(i).first, { t }, { out }).calledSubgraphs = ops.at(i).second;
            t = out;
        }
        sg.outputs = { t };
    };
    const QString add = QStringLiteral("ADD"), mul = QStringLiteral("MUL"), less = QStringLiteral("LESS");
    chain(QStringLiteral("main"),
        { { QStringLiteral("CONV_2D"), {} }, { QStringLiteral("WHILE"), { 1, 2 } },
            { QStringLiteral("FULLY_CONNECTED"), {} } });
    chain(QStringLiteral("outer_cond"), { { less, {} } });
    chain(QStringLiteral("outer_body"), { { add, {} }, { QStringLiteral("WHILE"), { 3, 4 } }, { mul, {} } });
    chain(QStringLiteral("inner_cond"), { { less, {} } });
    chain(QStringLiteral("inner_body"), { { add, {} }, { QStringLiteral("IF"), { 5, 6 } }, { mul, {} } });
    chain(QStringLiteral("then_branch"), { { add, {} } });
    chain(QStringLiteral("else_branch"), { { QStringLiteral("SUB"), {} } });
    m.signatures.append({ QStringLiteral("serving_default"), 0 });
    const auto loaded = model::parseModel(m.build(), QStringLiteral("nested_while.tflite"));
    return loaded.model.value_or(model::ModelInfo());
}

// A result with a value for every operator of every subgraph, as a profile of a control-flow model has.
inline model::ProfileResult everyOperatorResult(const model::ModelInfo &m)
{
    model::ProfileResult r;
    r.counters = { QStringLiteral("ARM_PMU_CPU_CYCLES") };
    for (const auto &sg : m.subgraphs)
        for (const auto &op : sg.operators)
            r.layers.append(makeLayer(int(r.layers.size()), op.op, sg.index, op.index,
                { double(sg.index == 0 ? 9000 : 400 + 1500 * op.index + 700 * sg.index) }));
    return r;
}

} // namespace hpx::test
