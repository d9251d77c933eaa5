#include "model/memory/memoryplanjson.h"

#include "model/memory/arenaestimate.h"

namespace hpx::model {

namespace {

JsonValue str(const QString &s)
{
    return JsonValue(s);
}

JsonValue tensorJson(const ModelInfo &model, const TensorMemory &t)
{
    JsonValue o = JsonValue::object();
    o.appendMember(QStringLiteral("subgraph"), t.subgraph);
    o.appendMember(QStringLiteral("index"), t.tensor);
    o.appendMember(QStringLiteral("name"), str(model.subgraphs.at(t.subgraph).tensors.at(t.tensor).name));
    o.appendMember(QStringLiteral("bytes"), t.bytes);
    o.appendMember(QStringLiteral("aligned_bytes"), t.alignedBytes);
    o.appendMember(QStringLiteral("storage"), str(tensorStorageName(t.storage)));
    o.appendMember(QStringLiteral("first_step"), t.firstStep);
    o.appendMember(QStringLiteral("last_step"), t.lastStep);
    o.appendMember(QStringLiteral("offset"), t.offset);
    return o;
}

} // namespace

JsonValue memoryPlanJson(const ModelInfo &model, const MemoryPlan &plan, int largest)
{
    JsonValue root = JsonValue::object();
    root.appendMember(QStringLiteral("file"), str(model.fileName));
    root.appendMember(QStringLiteral("sha256"), str(model.sha256));
    root.appendMember(QStringLiteral("planner"), str(QStringLiteral("tflm_greedy")));
    root.appendMember(QStringLiteral("alignment"), arenaAlignment);
    root.appendMember(QStringLiteral("offline_plan"), plan.offlinePlan);
    root.appendMember(QStringLiteral("steps"), int(plan.steps.size()));

    JsonValue peak = JsonValue::object();
    const MemoryStep step = plan.peakStep >= 0 ? plan.steps.at(plan.peakStep) : MemoryStep();
    peak.appendMember(QStringLiteral("step"), plan.peakStep);
    peak.appendMember(QStringLiteral("subgraph"), step.subgraph);
    peak.appendMember(QStringLiteral("operator"), step.op >= 0 ? JsonValue(step.op) : JsonValue());
    peak.appendMember(QStringLiteral("op"),
        step.op >= 0 ? str(model.subgraphs.at(step.subgraph).operators.at(step.op).op) : JsonValue());
    peak.appendMember(QStringLiteral("live_bytes"), plan.peakLiveBytes);
    JsonValue alive = JsonValue::array();
    for (int i : plan.peakTensors) {
        JsonValue ref = JsonValue::array();
        ref.append(plan.tensors.at(i).subgraph);
        ref.append(plan.tensors.at(i).tensor);
        alive.append(ref);
    }
    peak.appendMember(QStringLiteral("tensors"), alive);
    root.appendMember(QStringLiteral("peak"), peak);
    root.appendMember(QStringLiteral("non_persistent_bytes"), plan.plannedBytes);

    JsonValue arena = JsonValue::object();
    arena.appendMember(QStringLiteral("estimate_bytes"), plan.arenaBytes());
    arena.appendMember(QStringLiteral("kernels"), str(kernelSetName(plan.kernels)));
    JsonValue parts = JsonValue::array();
    for (const ArenaPart &p : plan.arena) {
        JsonValue o = JsonValue::object();
        o.appendMember(QStringLiteral("name"), str(p.key));
        o.appendMember(QStringLiteral("bytes"), p.known ? JsonValue(p.bytes) : JsonValue());
        o.appendMember(QStringLiteral("estimated"), p.estimated);
        parts.append(o);
    }
    arena.appendMember(QStringLiteral("parts"), parts);
    root.appendMember(QStringLiteral("arena"), arena);

    JsonValue notes = JsonValue::array();
    for (const QString &n : plan.notes)
        notes.append(str(n));
    root.appendMember(QStringLiteral("notes"), notes);

    JsonValue subgraphs = JsonValue::array();
    for (const SubgraphInfo &sg : model.subgraphs) {
        JsonValue s = JsonValue::object();
        s.appendMember(QStringLiteral("index"), sg.index);
        s.appendMember(QStringLiteral("graph_id"), str(sg.graphId));
        JsonValue ops = JsonValue::array();
        for (const OperatorInfo &op : sg.operators) {
            JsonValue o = JsonValue::object();
            o.appendMember(QStringLiteral("index"), op.index);
            o.appendMember(QStringLiteral("op"), str(op.op));
            const int first = plan.operatorStep.at(sg.index).at(op.index);
            o.appendMember(QStringLiteral("step"), first >= 0 ? JsonValue(first) : JsonValue());
            const qint64 live = plan.operatorLiveBytes.at(sg.index).at(op.index);
            o.appendMember(QStringLiteral("live_bytes"), live >= 0 ? JsonValue(live) : JsonValue());
            ops.append(o);
        }
        s.appendMember(QStringLiteral("operators"), ops);
        subgraphs.append(s);
    }
    root.appendMember(QStringLiteral("subgraphs"), subgraphs);

    JsonValue largestJson = JsonValue::array();
    for (int i : plan.largestTensors(largest))
        largestJson.append(tensorJson(model, plan.tensors.at(i)));
    root.appendMember(QStringLiteral("largest_tensors"), largestJson);

    JsonValue tensors = JsonValue::array();
    for (const TensorMemory &t : plan.tensors) {
        if (t.isPlanned())
            tensors.append(tensorJson(model, t));
    }
    root.appendMember(QStringLiteral("tensors"), tensors);
    return root;
}

} // namespace hpx::model
