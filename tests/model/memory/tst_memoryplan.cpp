// The memory plan on its own (model/memory/, docs/memory.md): lifetimes in TFLM's order, the greedy planner's
// decisions (TFLM's own planner test cases), alignment, control flow, offline plans, what is and is not planned.
#include "model/memory/arenaestimate.h"
#include "model/memory/greedyplanner.h"
#include "model/memory/memoryplan.h"
#include "model/tflite/syntheticmodel.h"
#include "model/tflite/tflitemodel.h"
#include "tests/support/testdata.h"

#include <QTest>

using namespace hpx::model;

namespace {

ModelInfo parsed(const SyntheticModel &m)
{
    const ModelLoadResult r = parseModel(m.build(), QStringLiteral("synthetic.tflite"), Digest::None);
    if (!r.model)
        qWarning("%s", qPrintable(r.error));
    return r.model.value_or(ModelInfo());
}

MemoryPlan planned(const SyntheticModel &m)
{
    const MemoryPlanResult r = planMemory(parsed(m));
    if (!r.plan)
        qWarning("%s", qPrintable(r.error));
    return r.plan.value_or(MemoryPlan());
}

// No two buffers alive at the same step share a byte.
bool overlaps(const QVector<PlannerBuffer> &b, const QVector<qint64> &offsets)
{
    for (qsizetype i = 0; i < b.size(); ++i) {
        for (qsizetype j = i + 1; j < b.size(); ++j) {
            const bool inTime = !(b[i].firstStep > b[j].lastStep || b[j].firstStep > b[i].lastStep);
            const bool inSpace = !(offsets[i] >= offsets[j] + b[j].size || offsets[j] >= offsets[i] + b[i].size);
            if (inTime && inSpace)
                return true;
        }
    }
    return false;
}

} // namespace

class TestMemoryPlan : public QObject {
    Q_OBJECT

private slots:
    // tensorflow/lite/micro/memory_planner/greedy_memory_planner_test.cc, the same buffers and the same answers.
    void greedyMatchesTflmTestCases()
    {
        const QVector<PlannerBuffer> basics { { 10, 0, 1 }, { 20, 2, 3 } };
        QCOMPARE(planGreedy(basics), (QVector<qint64> { 0, 0 }));
        QCOMPARE(plannedExtent(basics, planGreedy(basics)), 20);

        const QVector<PlannerBuffer> medium { { 10, 0, 1 }, { 20, 1, 2 }, { 30, 2, 3 }, { 40, 3, 4 }, { 50, 0, 1 } };
        QCOMPARE(planGreedy(medium), (QVector<qint64> { 50, 70, 40, 0, 0 }));
        QCOMPARE(plannedExtent(medium, planGreedy(medium)), 90);

        const QVector<PlannerBuffer> overlap { { 100, 0, 1 }, { 50, 2, 3 }, { 20, 1, 2 } };
        QCOMPARE(plannedExtent(overlap, planGreedy(overlap)), 120);

        // TestPersonDetectionModel: no overlap and below the bound TFLM's test sets.
        const QVector<qint64> sizes { 9216, 3, 256, 2304, 2304, 2304, 1152, 4608, 4608, 4608, 4608, 4608, 4608, 4608,
            4608, 4608, 4608, 4608, 2304, 9216, 9216, 9216, 4608, 18432, 18432, 18432, 9216, 36864, 18432, 18432 };
        const QVector<QPair<int, int>> times { { 0, 29 }, { 28, 29 }, { 27, 28 }, { 26, 27 }, { 25, 26 }, { 24, 25 },
            { 23, 24 }, { 22, 23 }, { 21, 22 }, { 20, 21 }, { 19, 20 }, { 18, 19 }, { 17, 18 }, { 16, 17 }, { 15, 16 },
            { 14, 15 }, { 13, 14 }, { 12, 13 }, { 11, 12 }, { 10, 11 }, { 9, 10 }, { 8, 9 }, { 7, 8 }, { 6, 7 },
            { 5, 6 }, { 4, 5 }, { 3, 4 }, { 2, 3 }, { 1, 2 }, { 0, 1 } };
        QVector<PlannerBuffer> person;
        for (qsizetype i = 0; i < sizes.size(); ++i)
            person.append({ sizes[i], times[i].first, times[i].second });
        const QVector<qint64> offsets = planGreedy(person);
        QVERIFY(!overlaps(person, offsets));
        QVERIFY(plannedExtent(person, offsets) < 241027);
    }

    void equalSizesPlaceTheLaterBufferFirst()
    {
        // TFLM fills its sort array from the tail, so among equal sizes the buffer added last is placed first.
        const QVector<PlannerBuffer> same { { 16, 0, 2 }, { 16, 0, 2 }, { 16, 0, 2 } };
        QCOMPARE(planGreedy(same), (QVector<qint64> { 32, 16, 0 }));
    }

    void offlineOffsetsAreFixedAndPlacedFirst()
    {
        // The offline buffer sits at 64 whatever its size; the online one fits below it in time overlap.
        const QVector<PlannerBuffer> b { { 48, 0, 3 }, { 32, 0, 3, 64 }, { 16, 0, 3 } };
        QCOMPARE(planGreedy(b), (QVector<qint64> { 0, 64, 48 }));
        QCOMPARE(plannedExtent(b, planGreedy(b)), 96);
    }

    void chainLifetimesLiveBytesAndAlignment()
    {
        SyntheticModel m;
        SyntheticModel::Subgraph &sg = m.addSubgraph(QStringLiteral("main"));
        const int in = sg.addTensor(QStringLiteral("in"), QStringLiteral("INT8"), { 1, 100 }); // 100 -> 112
        const int w = sg.addTensor(QStringLiteral("w"), QStringLiteral("INT8"), { 10, 100 }, true);
        const int a = sg.addTensor(QStringLiteral("a"), QStringLiteral("FLOAT32"), { 1, 10 }); // 40 -> 48
        const int b = sg.addTensor(QStringLiteral("b"), QStringLiteral("INT8"), { 1, 17 }); // 17 -> 32
        sg.addOperator(QStringLiteral("FULLY_CONNECTED"), { in, w, -1 }, { a });
        sg.addOperator(QStringLiteral("QUANTIZE"), { a }, { b });
        sg.inputs = { in };
        sg.outputs = { b };
        const MemoryPlan p = planned(m);

        QCOMPARE(p.steps.size(), 3); // start, operator 0, operator 1
        const TensorMemory &tin = p.tensor(0, in);
        QCOMPARE(tin.storage, TensorStorage::Planned);
        QCOMPARE(tin.bytes, 100);
        QCOMPARE(tin.alignedBytes, 112);
        QCOMPARE(tin.firstStep, 0);
        QCOMPARE(tin.lastStep, 1);
        QCOMPARE(p.tensor(0, w).storage, TensorStorage::Constant);
        QCOMPARE(p.tensor(0, w).offset, -1);
        QCOMPARE(p.tensor(0, a).firstStep, 1);
        QCOMPARE(p.tensor(0, a).lastStep, 2);
        QCOMPARE(p.tensor(0, b).alignedBytes, 32);
        QCOMPARE(p.tensor(0, b).firstStep, 2);

        // Largest first: in (112) at 0; a (48) overlaps in at step 1 -> 112; b (32) overlaps a only -> 0.
        QCOMPARE(tin.offset, 0);
        QCOMPARE(p.tensor(0, a).offset, 112);
        QCOMPARE(p.tensor(0, b).offset, 0);
        QCOMPARE(p.plannedBytes, 160);

        QCOMPARE(p.liveBytesPerStep, (QVector<qint64> { 112, 160, 80 }));
        QCOMPARE(p.peakStep, 1);
        QCOMPARE(p.peakLiveBytes, 160);
        QCOMPARE(p.peakTensors, (QVector<int> { in, a }));
        QCOMPARE(p.operatorLiveBytes.at(0), (QVector<qint64> { 160, 80 }));
        QCOMPARE(p.largestTensors(2), (QVector<int> { in, a }));
        QCOMPARE(p.arena.first().key, QStringLiteral("non_persistent_plan"));
        QCOMPARE(p.arena.first().bytes, 160);
        QVERIFY(!p.arena.first().estimated);
    }

    void whileBodyTensorsAndInputsCrossTheLoop()
    {
        // main: x -> WHILE(cond 1, body 2) -> y, then RELU y -> z. The WHILE's inputs stay alive through the
        // cond and body subgraphs' steps; the body's tensors live inside them.
        SyntheticModel m;
        SyntheticModel::Subgraph &main = m.addSubgraph(QStringLiteral("main"));
        const int x = main.addTensor(QStringLiteral("x"), QStringLiteral("INT32"), { 1, 8 });
        const int y = main.addTensor(QStringLiteral("y"), QStringLiteral("INT32"), { 1, 8 });
        const int z = main.addTensor(QStringLiteral("z"), QStringLiteral("INT32"), { 1, 8 });
        main.addOperator(QStringLiteral("WHILE"), { x }, { y }).calledSubgraphs = { 1, 2 };
        main.addOperator(QStringLiteral("RELU"), { y }, { z });
        main.inputs = { x };
        main.outputs = { z };
        SyntheticModel::Subgraph &cond = m.addSubgraph(QStringLiteral("cond"));
        const int ci = cond.addTensor(QStringLiteral("ci"), QStringLiteral("INT32"), { 1, 8 });
        const int co = cond.addTensor(QStringLiteral("co"), QStringLiteral("BOOL"), {});
        cond.addOperator(QStringLiteral("REDUCE_ANY"), { ci }, { co });
        cond.inputs = { ci };
        cond.outputs = { co };
        SyntheticModel::Subgraph &body = m.addSubgraph(QStringLiteral("body"));
        const int bi = body.addTensor(QStringLiteral("bi"), QStringLiteral("INT32"), { 1, 8 });
        const int bo = body.addTensor(QStringLiteral("bo"), QStringLiteral("INT32"), { 1, 8 });
        body.addOperator(QStringLiteral("RELU"), { bi }, { bo });
        body.inputs = { bi };
        body.outputs = { bo };
        const MemoryPlan p = planned(m);

        // Steps: 0 main starts, 1 WHILE, 2 cond starts, 3 REDUCE_ANY, 4 body starts, 5 body RELU, 6 main RELU.
        QCOMPARE(p.steps.size(), 7);
        QCOMPARE(p.steps.at(2).subgraph, 1);
        QCOMPARE(p.steps.at(2).op, -1);
        QCOMPARE(p.steps.at(5).subgraph, 2);
        QCOMPARE(p.steps.at(5).op, 0);
        QCOMPARE(p.tensor(0, x).firstStep, 0);
        QCOMPARE(p.tensor(0, x).lastStep, 5); // the WHILE's inputs are last used after its subgraphs ran
        QCOMPARE(p.tensor(0, y).firstStep, 1);
        QCOMPARE(p.tensor(0, y).lastStep, 6);
        QCOMPARE(p.tensor(1, ci).firstStep, 2);
        QCOMPARE(p.tensor(1, ci).lastStep, 3);
        QCOMPARE(p.tensor(2, bi).firstStep, 4);
        QCOMPARE(p.tensor(2, bo).lastStep, 5);
        // BOOL scalar: 1 byte -> 16.
        QCOMPARE(p.tensor(1, co).alignedBytes, 16);
        // The WHILE spans its subgraphs' steps: its live bytes are the largest among them.
        QCOMPARE(p.operatorStep.at(0).at(0), 1);
        qint64 most = 0;
        for (int s = 1; s <= 5; ++s)
            most = qMax(most, p.liveBytesPerStep.at(s));
        QCOMPARE(p.operatorLiveBytes.at(0).at(0), most);
        QCOMPARE(p.operatorLiveBytes.at(2).at(0), p.liveBytesPerStep.at(5));
        // Only the estimate's note on the operators whose sizes were never measured: no tensor or subgraph note.
        QCOMPARE(p.notes.size(), 1);
        QVERIFY2(p.notes.first().contains(QStringLiteral("no measured sizes for REDUCE_ANY, RELU")),
            qPrintable(p.notes.first()));
    }

    void callOnceInitGraphIsPlannedAtItsOperator()
    {
        SyntheticModel m;
        SyntheticModel::Subgraph &main = m.addSubgraph(QStringLiteral("main"));
        const int x = main.addTensor(QStringLiteral("x"), QStringLiteral("INT8"), { 64 });
        const int y = main.addTensor(QStringLiteral("y"), QStringLiteral("INT8"), { 64 });
        main.addOperator(QStringLiteral("CALL_ONCE"), {}, {}).calledSubgraphs = { 1 };
        main.addOperator(QStringLiteral("RELU"), { x }, { y });
        main.inputs = { x };
        main.outputs = { y };
        SyntheticModel::Subgraph &init = m.addSubgraph(QStringLiteral("init"));
        const int t = init.addTensor(QStringLiteral("t"), QStringLiteral("INT8"), { 32 });
        const int u = init.addTensor(QStringLiteral("u"), QStringLiteral("INT8"), { 32 });
        init.addOperator(QStringLiteral("RELU"), { t }, { u });
        init.inputs = {};
        init.outputs = {};
        const MemoryPlan p = planned(m);
        // 0 start, 1 CALL_ONCE, 2 init starts, 3 init RELU, 4 main RELU.
        QCOMPARE(p.steps.size(), 5);
        QCOMPARE(p.tensor(1, u).firstStep, 3);
        QCOMPARE(p.tensor(1, t).firstStep, -1); // never created: TFLM leaves it at -1 and plans it from there
        QCOMPARE(p.tensor(1, t).lastStep, 3);
        QCOMPARE(p.tensor(0, x).lastStep, 4);
    }

    void unreachableSubgraphIsPlannedButNeverLive()
    {
        SyntheticModel m = SyntheticModel::chain({ 4 });
        SyntheticModel::Subgraph &extra = m.addSubgraph(QStringLiteral("unused"));
        const int a = extra.addTensor(QStringLiteral("a"), QStringLiteral("INT8"), { 4096 });
        const int b = extra.addTensor(QStringLiteral("b"), QStringLiteral("INT8"), { 4096 });
        extra.addOperator(QStringLiteral("RELU"), { a }, { b });
        const MemoryPlan p = planned(m);
        QCOMPARE(p.tensor(1, a).lastStep, -1);
        QVERIFY(p.tensor(1, a).isPlanned());
        QVERIFY(!p.tensor(1, a).isLiveInRun());
        // Both sit at step -1, so they overlap each other and raise the extent to 8192 at least.
        QVERIFY(p.plannedBytes >= 8192);
        QVERIFY(p.peakLiveBytes < 8192);
        QCOMPARE(p.notes.size(), 3); // the subgraph never run, its unused tensors, the estimate's unmeasured ops
    }

    void variablesAndEmptyTensorsAreNotPlanned()
    {
        SyntheticModel m;
        SyntheticModel::Subgraph &sg = m.addSubgraph(QStringLiteral("main"));
        const int in = sg.addTensor(QStringLiteral("in"), QStringLiteral("INT8"), { 8 });
        const int state = sg.addTensor(QStringLiteral("state"), QStringLiteral("INT8"), { 40 });
        sg.tensors[state].variable = true;
        const int empty = sg.addTensor(QStringLiteral("empty"), QStringLiteral("INT8"), { 0 });
        const int out = sg.addTensor(QStringLiteral("out"), QStringLiteral("INT8"), { 8 });
        sg.addOperator(QStringLiteral("ADD"), { in, state, empty }, { out });
        sg.inputs = { in };
        sg.outputs = { out };
        const MemoryPlan p = planned(m);
        QCOMPARE(p.tensor(0, state).storage, TensorStorage::Variable);
        QCOMPARE(p.tensor(0, state).offset, -1);
        QCOMPARE(p.tensor(0, empty).storage, TensorStorage::Empty);
        bool found = false;
        for (const ArenaPart &part : p.arena) {
            if (part.key == QLatin1String("variables")) {
                QCOMPARE(part.bytes, 48);
                found = true;
            }
        }
        QVERIFY(found);
    }

    void varHandleOutputIsTheKernels()
    {
        // VAR_HANDLE's kernel points its RESOURCE output at its own persistent data before TFLM plans the head.
        SyntheticModel m;
        SyntheticModel::Subgraph &sg = m.addSubgraph(QStringLiteral("main"));
        const int handle = sg.addTensor(QStringLiteral("handle"), QStringLiteral("RESOURCE"), {});
        const int value = sg.addTensor(QStringLiteral("value"), QStringLiteral("INT8"), { 8 });
        sg.addOperator(QStringLiteral("VAR_HANDLE"), {}, { handle });
        sg.addOperator(QStringLiteral("READ_VARIABLE"), { handle }, { value });
        sg.outputs = { value };
        const MemoryPlan p = planned(m);
        QCOMPARE(p.tensor(0, handle).storage, TensorStorage::KernelData);
        QCOMPARE(p.tensor(0, handle).offset, -1);
        QCOMPARE(p.tensor(0, value).storage, TensorStorage::Planned);
        QCOMPARE(p.plannedBytes, 16);
    }

    void offlinePlanFromTheModel()
    {
        SyntheticModel m;
        SyntheticModel::Subgraph &sg = m.addSubgraph(QStringLiteral("main"));
        const int in = sg.addTensor(QStringLiteral("in"), QStringLiteral("INT8"), { 32 });
        const int mid = sg.addTensor(QStringLiteral("mid"), QStringLiteral("INT8"), { 32 });
        const int out = sg.addTensor(QStringLiteral("out"), QStringLiteral("INT8"), { 32 });
        sg.addOperator(QStringLiteral("RELU"), { in }, { mid });
        sg.addOperator(QStringLiteral("RELU"), { mid }, { out });
        sg.inputs = { in };
        sg.outputs = { out };
        m.offlineOffsets = { 100, -1, 0 };
        const ModelInfo info = parsed(m);
        QVERIFY(info.hasOfflinePlan);
        QCOMPARE(info.offlineOffsets, (QVector<qint32> { 100, -1, 0 }));
        const MemoryPlanResult r = planMemory(info);
        QVERIFY2(r.ok(), qPrintable(r.error));
        QVERIFY(r.plan->offlinePlan);
        QCOMPARE(r.plan->tensor(0, in).storage, TensorStorage::OfflinePlanned);
        QCOMPARE(r.plan->tensor(0, in).offset, 100);
        QCOMPARE(r.plan->tensor(0, out).offset, 0);
        // mid overlaps in (100..132) and out (0..32) in time: the first gap that fits is 32..100.
        QCOMPARE(r.plan->tensor(0, mid).offset, 32);
        QCOMPARE(r.plan->plannedBytes, 132);

        m.offlineOffsets = { 0, -1 };
        const MemoryPlanResult bad = planMemory(parsed(m));
        QVERIFY(!bad.ok());
        QVERIFY2(bad.error.contains(QLatin1String("lists 2 tensors, the model has 3")), qPrintable(bad.error));
    }

    void selfCallingSubgraphIsRefused()
    {
        SyntheticModel m;
        SyntheticModel::Subgraph &main = m.addSubgraph(QStringLiteral("main"));
        const int x = main.addTensor(QStringLiteral("x"), QStringLiteral("INT8"), { 4 });
        main.addOperator(QStringLiteral("CALL_ONCE"), {}, {}).calledSubgraphs = { 0 };
        main.inputs = { x };
        const MemoryPlanResult r = planMemory(parsed(m));
        QVERIFY(!r.ok());
        QVERIFY2(r.error.contains(QLatin1String("calls itself")), qPrintable(r.error));
    }

    void stringTensorsCannotBeSized()
    {
        SyntheticModel m;
        SyntheticModel::Subgraph &sg = m.addSubgraph(QStringLiteral("main"));
        const int in = sg.addTensor(QStringLiteral("text"), QStringLiteral("STRING"), { 4 });
        sg.inputs = { in };
        const MemoryPlanResult r = planMemory(parsed(m));
        QVERIFY(!r.ok());
        QVERIFY2(r.error.contains(QLatin1String("STRING")), qPrintable(r.error));
    }

    // Issue 23: the whole-arena estimate against arena_used_bytes() of TFLM on the virtual board (Cortex-M55 under
    // QEMU, both kernel sets; measured 2026-12-02 with the tflite-micro and CMSIS-NN trees of ../shared/third_party,
    // arm-none-eabi-gcc 12.2.1). tests/firmware/tst_virtualboard measures four of these again on every run; this
    // keeps all eight where no cross compiler is installed. The operator sizes in model/memory/arenaestimate.cpp
    // were read off the same allocator for these models' operators: what this checks beyond them is the order,
    // alignment, per-channel arrays, resource variables, input/output records and CMSIS-NN's scratch buffers.
    void arenaEstimateMatchesTflmOnTheVirtualBoard_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<qint64>("reference");
        QTest::addColumn<qint64>("cmsisNn");
        const struct {
            const char *model;
            qint64 reference, cmsisNn;
        } measured[] = {
            { "hello_world_int8", 676, 836 },
            { "kws_ref_model", 22772, 27300 },
            { "mww_okay_nabu_v2", 18628, 27860 },
            { "multi_subgraphs_while", 1024, 1024 },
            { "micro_speech_quantized", 6788, 7796 },
            { "person_detect", 82292, 82356 },
            { "pretrainedresnet_quant", 54340, 54996 },
            { "vww_96_float", 321808, 299968 },
            // Issue 33 (2026-12-05, the same trees and compiler): UNIDIRECTIONAL_SEQUENCE_LSTM, whose estimate was
            // 27 % (reference) and 42 % (CMSIS-NN) under before its OpData, CMSIS-NN's kernel sums and the four (or
            // three) state-sized scratch buffers were counted.
            { "arena/trained_lstm_int8", 3220, 4068 },
            { "arena/trained_lstm", 7360, 7616 },
        };
        for (const auto &m : measured)
            QTest::newRow(m.model) << QString::fromLatin1(m.model) << m.reference << m.cmsisNn;
    }

    void arenaEstimateMatchesTflmOnTheVirtualBoard()
    {
        QFETCH(QString, model);
        QFETCH(qint64, reference);
        QFETCH(qint64, cmsisNn);
        const ModelLoadResult loaded = loadModel(
            hpx::test::dataPath((model.contains(QLatin1Char('/')) ? model : QStringLiteral("models/") + model)
                + QStringLiteral(".tflite")));
        QVERIFY2(loaded.model, qPrintable(loaded.error));
        const MemoryPlanResult ref = planMemory(*loaded.model, KernelSet::Reference);
        const MemoryPlanResult cmsis = planMemory(*loaded.model, KernelSet::CmsisNn);
        QVERIFY(ref.ok() && cmsis.ok());
        QCOMPARE(ref.plan->kernels, KernelSet::Reference);
        QCOMPARE(cmsis.plan->kernels, KernelSet::CmsisNn);
        QCOMPARE(ref.plan->arenaBytes(), reference);
        QCOMPARE(cmsis.plan->arenaBytes(), cmsisNn);
        // The kernels change the estimate, never the plan of the tensors.
        QCOMPARE(ref.plan->plannedBytes, cmsis.plan->plannedBytes);
        QCOMPARE(ref.plan->arena.first().bytes, cmsis.plan->arena.first().bytes);
    }

    void unmeasuredOperatorsAreNamed()
    {
        // An operator type whose sizes were never read off TFLM's allocator is a guess, and the notes say which.
        SyntheticModel m;
        SyntheticModel::Subgraph &sg = m.addSubgraph(QStringLiteral("main"));
        const int x = sg.addTensor(QStringLiteral("x"), QStringLiteral("FLOAT32"), { 1, 8 });
        const int y = sg.addTensor(QStringLiteral("y"), QStringLiteral("FLOAT32"), { 1, 8 });
        sg.addOperator(QStringLiteral("EXP"), { x }, { y });
        sg.inputs = { x };
        sg.outputs = { y };
        const MemoryPlan p = planned(m);
        QVERIFY2(p.notes.join(QLatin1Char('\n')).contains(QStringLiteral("no measured sizes for EXP")),
            qPrintable(p.notes.join(QLatin1Char('\n'))));
    }

    void everySharedModelPlansWithoutOverlap()
    {
        const QStringList models { QStringLiteral("audio_preprocessor_int8.tflite"),
            QStringLiteral("hello_world_int8.tflite"), QStringLiteral("kws_ref_model.tflite"),
            QStringLiteral("micro_speech_quantized.tflite"), QStringLiteral("multi_subgraphs_while.tflite"),
            QStringLiteral("mww_okay_nabu_v2.tflite"), QStringLiteral("person_detect.tflite"),
            QStringLiteral("pretrainedresnet_quant.tflite"), QStringLiteral("vww_96_float.tflite") };
        for (const QString &name : models) {
            const ModelLoadResult loaded = loadModel(hpx::test::dataPath(QStringLiteral("models/") + name));
            QVERIFY2(loaded.ok(), qPrintable(loaded.error));
            const MemoryPlanResult r = planMemory(*loaded.model);
            QVERIFY2(r.ok(), qPrintable(name + QStringLiteral(": ") + r.error));
            QVector<PlannerBuffer> buffers;
            QVector<qint64> offsets;
            for (const TensorMemory &t : r.plan->tensors) {
                if (t.isPlanned()) {
                    buffers.append({ t.alignedBytes, t.firstStep, t.lastStep });
                    offsets.append(t.offset);
                    QCOMPARE(t.offset % arenaAlignment, 0);
                }
            }
            QVERIFY2(!overlaps(buffers, offsets), qPrintable(name));
            QVERIFY(r.plan->peakLiveBytes <= r.plan->plannedBytes);
            QVERIFY(r.plan->peakLiveBytes > 0);
        }
    }
};

QTEST_GUILESS_MAIN(TestMemoryPlan)
#include "tst_memoryplan.moc"
