#include "model/memory/tensorplan.h"

#include "model/memory/greedyplanner.h"
#include "model/tflite/tflitemodel.h"

#include <QCoreApplication>

#include <algorithm>
#include <limits>
#include <vector>

namespace hpx::model {

namespace {

// BuiltinOperator codes whose options name subgraphs TFLM's lifetime marking enters (CALL is not a TFLM op).
constexpr int opIf = 118;
constexpr int opWhile = 119;
constexpr int opCallOnce = 129;
constexpr int opVarHandle = 142;

// A run that expands control flow beyond this many steps is refused rather than walked (TFLM would walk it, or
// recurse without end for a subgraph that calls itself).
constexpr qint64 maxSteps = 50'000'000;

// TfLiteTypeSizeOf in TFLM's memory_helpers.cc: bytes per element, or 0 for a type TFLM cannot size.
int tflmElementSize(int type)
{
    switch (type) {
    case 0: // FLOAT32
    case 2: // INT32
    case 13: // RESOURCE
    case 15: // UINT32
        return 4;
    case 1: // FLOAT16
    case 7: // INT16
    case 16: // UINT16
    case 18: // BFLOAT16
        return 2;
    case 3: // UINT8
    case 6: // BOOL
    case 9: // INT8
    case 17: // INT4: one byte per element in TFLM's eval tensors (unpacked)
        return 1;
    case 4: // INT64
    case 10: // FLOAT64
    case 8: // COMPLEX64
    case 12: // UINT64
        return 8;
    case 11: // COMPLEX128
        return 16;
    default:
        return 0;
    }
}

class LifetimeMarker {
public:
    LifetimeMarker(const ModelInfo &model, TensorPlan &plan)
        : m_model(model)
        , m_plan(plan)
        , m_onStack(model.subgraphs.size(), false)
    {
    }

    // AllocationInfoBuilder::MarkAllocationLifetimes from subgraph 0.
    bool run()
    {
        m_plan.steps.append({ 0, -1 });
        return mark(0);
    }
    QString error() const { return m_error; }

private:
    TensorMemory &tensorAt(int sg, int t) { return m_plan.tensors[m_plan.firstTensorOfSubgraph.at(sg) + t]; }
    void created(TensorMemory &t) const
    {
        if (t.firstStep == -1)
            t.firstStep = m_scope;
    }
    void used(TensorMemory &t) const { t.lastStep = m_scope; }

    bool enter(int sg)
    {
        if (!tick())
            return false;
        m_plan.steps.append({ sg, -1 });
        return mark(sg);
    }

    bool tick()
    {
        if (++m_scope >= maxSteps) {
            m_error = TensorPlan::tr("the control flow runs more than %1 operators; not planned").arg(maxSteps);
            return false;
        }
        return true;
    }

    bool mark(int sgIndex)
    {
        if (m_onStack[sgIndex]) {
            m_error = TensorPlan::tr("subgraph %1 calls itself through control flow; TFLM cannot plan it").arg(sgIndex);
            return false;
        }
        m_onStack[sgIndex] = true;
        const SubgraphInfo &sg = m_model.subgraphs.at(sgIndex);
        for (int t : sg.inputs) {
            if (t < 0 || t >= sg.tensors.size())
                continue;
            TensorMemory &tm = tensorAt(sgIndex, t);
            created(tm);
            used(tm);
        }
        for (const OperatorInfo &op : sg.operators) {
            if (!tick())
                return false;
            m_plan.steps.append({ sgIndex, op.index });
            const int start = m_scope;
            for (int t : op.outputs) {
                if (t >= 0)
                    created(tensorAt(sgIndex, t));
            }
            if (op.builtinCode == opIf || op.builtinCode == opWhile || op.builtinCode == opCallOnce) {
                // WHILE: cond, then body; IF: then, then else; CALL_ONCE: init (the loader's order).
                for (int called : op.calledSubgraphs) {
                    if (!enter(called))
                        return false;
                }
            }
            for (int t : op.inputs) {
                if (t >= 0)
                    used(tensorAt(sgIndex, t));
            }
            for (int t : op.outputs) {
                if (t >= 0)
                    used(tensorAt(sgIndex, t));
            }
            m_visits.push_back({ sgIndex, op.index, start, m_scope });
        }
        for (int t : sg.outputs) {
            if (t < 0 || t >= sg.tensors.size())
                continue;
            TensorMemory &tm = tensorAt(sgIndex, t);
            created(tm);
            used(tm);
        }
        m_onStack[sgIndex] = false;
        return true;
    }

public:
    struct Visit {
        int subgraph;
        int op;
        int firstStep;
        int lastStep;
    };
    std::vector<Visit> m_visits;

private:
    const ModelInfo &m_model;
    TensorPlan &m_plan;
    std::vector<bool> m_onStack;
    int m_scope = 0;
    QString m_error;
};

} // namespace

QString tensorStorageName(TensorStorage storage)
{
    switch (storage) {
    case TensorStorage::Planned:
        return QStringLiteral("planned");
    case TensorStorage::OfflinePlanned:
        return QStringLiteral("offline");
    case TensorStorage::Constant:
        return QStringLiteral("constant");
    case TensorStorage::Variable:
        return QStringLiteral("variable");
    case TensorStorage::KernelData:
        return QStringLiteral("kernel");
    case TensorStorage::Empty:
        break;
    }
    return QStringLiteral("empty");
}

QVector<int> TensorPlan::largestTensors(int count) const
{
    QVector<int> ids;
    for (int i = 0; i < tensors.size(); ++i) {
        if (tensors.at(i).isPlanned())
            ids.append(i);
    }
    std::stable_sort(
        ids.begin(), ids.end(), [&](int a, int b) { return tensors.at(a).alignedBytes > tensors.at(b).alignedBytes; });
    if (count >= 0 && ids.size() > count)
        ids.resize(count);
    return ids;
}

namespace {

// Every tensor of every subgraph, in TFLM's AllocationInfo order, with its byte length and storage. False (with the
// reason) for a model TFLM refuses or cannot size.
bool listTensors(const ModelInfo &model, TensorPlan &plan, QString *error)
{
    qsizetype tensorCount = 0;
    plan.firstTensorOfSubgraph.reserve(model.subgraphs.size());
    for (const SubgraphInfo &sg : model.subgraphs) {
        plan.firstTensorOfSubgraph.append(int(tensorCount));
        tensorCount += sg.tensors.size();
    }
    if (tensorCount > std::numeric_limits<int>::max() / 2) {
        *error = TensorPlan::tr("the model has too many tensors to plan");
        return false;
    }
    const bool offline = model.hasOfflinePlan;
    if (offline && model.offlinePlanTensorCount != tensorCount) {
        // MicroAllocator refuses the model the same way (GetOfflinePlannedOffsets).
        *error = TensorPlan::tr("the offline memory plan lists %1 tensors, the model has %2; TFLM refuses it")
                     .arg(model.offlinePlanTensorCount)
                     .arg(tensorCount);
        return false;
    }
    if (offline && model.offlineOffsets.size() != tensorCount) {
        *error = TensorPlan::tr("the offline memory plan's buffer is shorter than the %1 offsets it lists")
                     .arg(tensorCount);
        return false;
    }
    plan.offlinePlan = offline;

    plan.tensors.reserve(tensorCount);
    int global = 0;
    for (const SubgraphInfo &sg : model.subgraphs) {
        for (const TensorInfo &t : sg.tensors) {
            TensorMemory &tm = plan.tensors.emplace_back();
            tm.subgraph = sg.index;
            tm.tensor = t.index;
            const int elementSize = tflmElementSize(t.typeCode);
            if (elementSize == 0) {
                *error = TensorPlan::tr("subgraph %1, tensor %2 \"%3\": TFLM cannot size a %4 tensor")
                             .arg(sg.index)
                             .arg(t.index)
                             .arg(t.name, t.type);
                return false;
            }
            // TFLM multiplies the stored dims in an int (TfLiteEvalTensorByteLength).
            // Saturated at 2^40 elements (then refused below): stored dims may be anything up to 2^31 each.
            constexpr qint64 elementCap = qint64(1) << 40;
            qint64 elements = 1;
            for (qint64 d : t.shape)
                elements = d < 0 ? 0 : (d > 0 && elements > elementCap / d ? elementCap : elements * d);
            tm.bytes = elements * elementSize;
            if (tm.bytes > std::numeric_limits<int>::max() - arenaAlignment) {
                *error = TensorPlan::tr("subgraph %1, tensor %2 \"%3\": %4 bytes is more than TFLM can plan")
                             .arg(sg.index)
                             .arg(t.index)
                             .arg(t.name)
                             .arg(tm.bytes);
                return false;
            }
            tm.alignedBytes = (tm.bytes + arenaAlignment - 1) / arenaAlignment * arenaAlignment;
            const qint32 offlineOffset = offline ? model.offlineOffsets.at(global) : -1;
            // InitializeAllocationInfo: a tensor is planned unless it has data in the flatbuffer, is a variable
            // (its own persistent buffer) or is empty; an offline offset also places a variable in the plan.
            if (t.isConstant)
                tm.storage = TensorStorage::Constant;
            else if (t.isVariable && offlineOffset < 0)
                tm.storage = TensorStorage::Variable;
            else if (tm.bytes == 0 && !t.isVariable)
                tm.storage = TensorStorage::Empty;
            else
                tm.storage = offlineOffset >= 0 ? TensorStorage::OfflinePlanned : TensorStorage::Planned;
            ++global;
        }
    }
    return true;
}

// VAR_HANDLE's Prepare points its output at the resource id in its own persistent data, before the plan is made
// (kernels/var_handle.cc): TFLM's interpreter never places that tensor in the head.
void keepVarHandleOutputsOutOfPlan(const ModelInfo &model, TensorPlan &plan)
{
    for (const SubgraphInfo &sg : model.subgraphs) {
        for (const OperatorInfo &op : sg.operators) {
            if (op.builtinCode != opVarHandle)
                continue;
            for (int t : op.outputs) {
                TensorMemory &tm = plan.tensors[plan.firstTensorOfSubgraph.at(sg.index) + t];
                if (t >= 0 && tm.storage == TensorStorage::Planned)
                    tm.storage = TensorStorage::KernelData;
            }
        }
    }
}

// The planner, in TFLM's CreatePlan order (every planned tensor in model order): offsets and the planned extent.
void placeTensors(const ModelInfo &model, TensorPlan &plan)
{
    QVector<PlannerBuffer> buffers;
    QVector<int> bufferTensor;
    for (int i = 0; i < plan.tensors.size(); ++i) {
        const TensorMemory &t = plan.tensors.at(i);
        if (!t.isPlanned())
            continue;
        const qint64 offlineOffset
            = t.storage == TensorStorage::OfflinePlanned ? qint64(model.offlineOffsets.at(i)) : qint64(-1);
        buffers.append({ t.alignedBytes, t.firstStep, t.lastStep, offlineOffset });
        bufferTensor.append(i);
    }
    const QVector<qint64> offsets = planGreedy(buffers);
    for (qsizetype b = 0; b < buffers.size(); ++b)
        plan.tensors[bufferTensor.at(b)].offset = offsets.at(b);
    plan.plannedBytes = plannedExtent(buffers, offsets);
}

// Live bytes per step (a difference array over the planned tensors alive in the run), the peak and the tensors alive
// at it, largest first. Returns how many planned tensors no operator that runs uses.
int computeLiveBytes(TensorPlan &plan)
{
    const int stepCount = int(plan.steps.size());
    std::vector<qint64> delta(size_t(stepCount) + 1, 0);
    int neverUsed = 0;
    for (const TensorMemory &t : std::as_const(plan.tensors)) {
        if (!t.isPlanned())
            continue;
        if (t.lastStep < 0) {
            ++neverUsed;
            continue;
        }
        delta[size_t(std::max(0, t.firstStep))] += t.alignedBytes;
        delta[size_t(t.lastStep) + 1] -= t.alignedBytes;
    }
    plan.liveBytesPerStep.resize(stepCount);
    qint64 live = 0;
    for (int s = 0; s < stepCount; ++s) {
        live += delta[size_t(s)];
        plan.liveBytesPerStep[s] = live;
        if (live > plan.peakLiveBytes || plan.peakStep < 0) {
            plan.peakLiveBytes = live;
            plan.peakStep = s;
        }
    }
    for (int i = 0; i < plan.tensors.size(); ++i) {
        const TensorMemory &t = plan.tensors.at(i);
        if (t.isLiveInRun() && std::max(0, t.firstStep) <= plan.peakStep && t.lastStep >= plan.peakStep)
            plan.peakTensors.append(i);
    }
    std::stable_sort(plan.peakTensors.begin(), plan.peakTensors.end(),
        [&](int a, int b) { return plan.tensors.at(a).alignedBytes > plan.tensors.at(b).alignedBytes; });
    return neverUsed;
}

// Per operator: the most live bytes over its steps, and the steps of its first run.
void recordOperatorSteps(const ModelInfo &model, const std::vector<LifetimeMarker::Visit> &visits, TensorPlan &plan)
{
    plan.operatorLiveBytes.resize(model.subgraphs.size());
    plan.operatorStep.resize(model.subgraphs.size());
    plan.operatorLastStep.resize(model.subgraphs.size());
    for (const SubgraphInfo &sg : model.subgraphs) {
        plan.operatorLiveBytes[sg.index].fill(-1, sg.operators.size());
        plan.operatorStep[sg.index].fill(-1, sg.operators.size());
        plan.operatorLastStep[sg.index].fill(-1, sg.operators.size());
    }
    for (const LifetimeMarker::Visit &v : visits) {
        qint64 &peak = plan.operatorLiveBytes[v.subgraph][v.op];
        for (int s = v.firstStep; s <= v.lastStep; ++s)
            peak = std::max(peak, plan.liveBytesPerStep.at(s));
        int &first = plan.operatorStep[v.subgraph][v.op];
        if (first < 0) {
            first = v.firstStep;
            plan.operatorLastStep[v.subgraph][v.op] = v.lastStep;
        }
    }
}

// What TFLM plans that the run never needs: subgraphs never run, tensors no running operator uses.
void noteUnusedPlans(const ModelInfo &model, int neverUsed, TensorPlan &plan)
{
    QVector<bool> runs(model.subgraphs.size(), false);
    for (const MemoryStep &s : std::as_const(plan.steps))
        runs[s.subgraph] = true;
    for (int s = 0; s < runs.size(); ++s) {
        if (!runs.at(s))
            plan.notes
                << TensorPlan::tr("subgraph %1 is never run from subgraph 0; TFLM still plans its tensors").arg(s);
    }
    if (neverUsed > 0)
        plan.notes << TensorPlan::tr(
            "%n planned tensor(s) are used by no operator that runs; TFLM places them anyway", nullptr, neverUsed);
}

} // namespace

TensorPlanResult planTensors(const ModelInfo &model)
{
    TensorPlanResult result;
    TensorPlan plan;
    if (model.subgraphs.isEmpty()) {
        result.error = TensorPlan::tr("the model has no subgraphs");
        return result;
    }
    if (!listTensors(model, plan, &result.error))
        return result;
    keepVarHandleOutputsOutOfPlan(model, plan);

    LifetimeMarker marker(model, plan);
    if (!marker.run()) {
        result.error = marker.error();
        return result;
    }
    placeTensors(model, plan);
    const int neverUsed = computeLiveBytes(plan);
    recordOperatorSteps(model, marker.m_visits, plan);
    noteUnusedPlans(model, neverUsed, plan);
    result.plan = std::move(plan);
    return result;
}

} // namespace hpx::model
