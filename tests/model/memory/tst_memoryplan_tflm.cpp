// hpx's memory plan against TFLM's own allocator (docs/memory.md "Checked against TFLM"): tflm_plan_tool, built
// for the host from the TFLM tree at HPX_TFLM_DIR, plans each model with MicroAllocator and GreedyMemoryPlanner and
// prints the head size and every tensor's offset; ours must match byte for byte. Skips, saying why, only when the
// tree is absent.
#include "model/memory/greedyplanner.h"
#include "model/memory/memoryplan.h"
#include "model/tflite/syntheticmodel.h"
#include "model/tflite/tflitemodel.h"
#include "tests/support/testdata.h"

#include <QDir>
#include <QProcess>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>

using namespace hpx::model;

namespace {

struct TflmPlan {
    qint64 head = -1;
    QMap<QPair<int, int>, qint64> offsets; // (subgraph, tensor) -> offset, -1 when not in the head
    QString error;
};

QString toolPath()
{
    return QStringLiteral(HPX_TFLM_PLAN_TOOL);
}

TflmPlan runTool(const QStringList &args, const QByteArray &input = {})
{
    TflmPlan plan;
    QProcess p;
    p.start(toolPath(), args);
    if (!input.isEmpty())
        p.write(input);
    p.closeWriteChannel();
    if (!p.waitForFinished(120000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
        plan.error = QString::fromUtf8(p.readAllStandardError());
        return plan;
    }
    const QList<QByteArray> lines = p.readAllStandardOutput().split('\n');
    for (const QByteArray &line : lines) {
        const QList<QByteArray> f = line.split(' ');
        if (f.size() == 2 && f[0] == "head")
            plan.head = f[1].toLongLong();
        else if (f.size() == 4 && f[0] == "tensor")
            plan.offsets.insert({ f[1].toInt(), f[2].toInt() }, f[3].toLongLong());
    }
    return plan;
}

// The allocator alone, without kernels: its head size and every tensor's offset.
void compareModel(const QString &path)
{
    const ModelLoadResult loaded = loadModel(path);
    QVERIFY2(loaded.ok(), qPrintable(loaded.error));
    const MemoryPlanResult ours = planMemory(*loaded.model);
    QVERIFY2(ours.ok(), qPrintable(ours.error));
    const TflmPlan tflm = runTool({ QStringLiteral("model"), path });
    QVERIFY2(tflm.error.isEmpty(), qPrintable(tflm.error));
    QCOMPARE(ours.plan->plannedBytes, tflm.head);
    QCOMPARE(qsizetype(tflm.offsets.size()), ours.plan->tensors.size());
    int planned = 0;
    for (const TensorMemory &t : ours.plan->tensors) {
        const qint64 theirs = tflm.offsets.value({ t.subgraph, t.tensor }, -2);
        if (t.offset != theirs) {
            QFAIL(qPrintable(QStringLiteral("%1: subgraph %2 tensor %3: hpx offset %4, TFLM %5")
                                 .arg(QFileInfo(path).fileName())
                                 .arg(t.subgraph)
                                 .arg(t.tensor)
                                 .arg(t.offset)
                                 .arg(theirs)));
        }
        planned += t.isPlanned() ? 1 : 0;
    }
    QVERIFY(planned > 0);
}

} // namespace

class TestMemoryPlanTflm : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        if (toolPath().isEmpty())
            QSKIP(qPrintable(QStringLiteral("not checked against TFLM: ") + QStringLiteral(HPX_TFLM_MISSING)));
    }

    void everyTestModel_data()
    {
        QTest::addColumn<QString>("path");
        // The shared models, and those kept for the arena estimate (tests/data/arena: UNIDIRECTIONAL_SEQUENCE_LSTM).
        for (const QString &folder : { QStringLiteral("models"), QStringLiteral("arena") }) {
            const QDir dir(hpx::test::dataPath(folder));
            const QStringList names = dir.entryList({ QStringLiteral("*.tflite") }, QDir::Files, QDir::Name);
            QVERIFY(names.size() >= 2);
            for (const QString &name : names)
                QTest::newRow(qPrintable(name)) << dir.filePath(name);
        }
    }
    void everyTestModel()
    {
        QFETCH(QString, path);
        const ModelLoadResult loaded = loadModel(path);
        QVERIFY2(loaded.ok(), qPrintable(loaded.error));
        const MemoryPlanResult ours = planMemory(*loaded.model);
        QVERIFY2(ours.ok(), qPrintable(ours.error));
        bool kernelData = false;
        for (const TensorMemory &t : ours.plan->tensors)
            kernelData = kernelData || t.storage == TensorStorage::KernelData;

        // The allocator alone plans VAR_HANDLE's outputs, which the interpreter's kernels take out of the plan
        // (docs/memory.md): byte for byte against it only for models without them.
        if (!kernelData)
            compareModel(path);
        if (QTest::currentTestFailed())
            return;

        // The interpreter with TFLM's reference kernels (the builtin operators of these models; audio_preprocessor's
        // Signal* custom operators are not in the host library): its head, scratch buffers included, equals our plan.
        if (path.endsWith(QLatin1String("audio_preprocessor_int8.tflite")))
            return;
        const TflmPlan withKernels = runTool({ QStringLiteral("interpreter"), path });
        QVERIFY2(withKernels.error.isEmpty(), qPrintable(withKernels.error));
        // The head holds the reference kernels' scratch buffers too (UNIDIRECTIONAL_SEQUENCE_LSTM's four; none for
        // the other models' operators): the plan's first two parts, which planMemory() gives for these kernels.
        QCOMPARE(ours.plan->arena.at(0).key, QStringLiteral("non_persistent_plan"));
        QCOMPARE(ours.plan->arena.at(1).key, QStringLiteral("scratch_buffers"));
        QCOMPARE(ours.plan->arena.at(0).bytes + ours.plan->arena.at(1).bytes, withKernels.head);
        if (!path.contains(QLatin1String("lstm")))
            QCOMPARE(ours.plan->arena.at(1).bytes, qint64(0));
    }

    // Models the test set lacks: a long residual chain, control flow with a body, an init graph, an offline plan,
    // a variable, an unreachable subgraph, equal sizes.
    void syntheticModels()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QVector<QPair<QString, SyntheticModel>> models;
        models.append({ QStringLiteral("chain"), SyntheticModel::chain({ 300 }) });
        models.append({ QStringLiteral("conformer"), SyntheticModel::conformer(2) });

        SyntheticModel flow;
        {
            SyntheticModel::Subgraph &main = flow.addSubgraph(QStringLiteral("main"));
            const int x = main.addTensor(QStringLiteral("x"), QStringLiteral("INT32"), { 1, 24 });
            const int y = main.addTensor(QStringLiteral("y"), QStringLiteral("INT32"), { 1, 24 });
            const int z = main.addTensor(QStringLiteral("z"), QStringLiteral("FLOAT32"), { 1, 40 });
            const int v = main.addTensor(QStringLiteral("state"), QStringLiteral("INT8"), { 40 });
            main.tensors[v].variable = true;
            main.addOperator(QStringLiteral("CALL_ONCE"), {}, {}).calledSubgraphs = { 3 };
            main.addOperator(QStringLiteral("WHILE"), { x }, { y }).calledSubgraphs = { 1, 2 };
            main.addOperator(QStringLiteral("ADD"), { y, v }, { z });
            main.inputs = { x };
            main.outputs = { z };
            SyntheticModel::Subgraph &cond = flow.addSubgraph(QStringLiteral("cond"));
            const int ci = cond.addTensor(QStringLiteral("ci"), QStringLiteral("INT32"), { 1, 24 });
            const int co = cond.addTensor(QStringLiteral("co"), QStringLiteral("BOOL"), {});
            cond.addOperator(QStringLiteral("REDUCE_ANY"), { ci }, { co });
            cond.inputs = { ci };
            cond.outputs = { co };
            SyntheticModel::Subgraph &body = flow.addSubgraph(QStringLiteral("body"));
            const int bi = body.addTensor(QStringLiteral("bi"), QStringLiteral("INT32"), { 1, 24 });
            const int bm = body.addTensor(QStringLiteral("bm"), QStringLiteral("INT32"), { 1, 96 });
            const int bo = body.addTensor(QStringLiteral("bo"), QStringLiteral("INT32"), { 1, 24 });
            body.addOperator(QStringLiteral("TILE"), { bi }, { bm });
            body.addOperator(QStringLiteral("SLICE"), { bm }, { bo });
            body.inputs = { bi };
            body.outputs = { bo };
            SyntheticModel::Subgraph &init = flow.addSubgraph(QStringLiteral("init"));
            const int t = init.addTensor(QStringLiteral("t"), QStringLiteral("INT8"), { 300 });
            const int u = init.addTensor(QStringLiteral("u"), QStringLiteral("INT8"), { 300 });
            init.addOperator(QStringLiteral("RELU"), { t }, { u });
            SyntheticModel::Subgraph &unused = flow.addSubgraph(QStringLiteral("unused"));
            const int a = unused.addTensor(QStringLiteral("a"), QStringLiteral("INT8"), { 64 });
            const int b = unused.addTensor(QStringLiteral("b"), QStringLiteral("INT8"), { 64 });
            unused.addOperator(QStringLiteral("RELU"), { a }, { b });
        }
        models.append({ QStringLiteral("flow"), flow });

        SyntheticModel offline;
        {
            SyntheticModel::Subgraph &sg = offline.addSubgraph(QStringLiteral("main"));
            QVector<int> t;
            for (int i = 0; i < 6; ++i)
                t.append(sg.addTensor(QStringLiteral("t%1").arg(i), QStringLiteral("INT8"), { 32 + 16 * (i % 3) }));
            for (int i = 0; i < 5; ++i)
                sg.addOperator(QStringLiteral("RELU"), { t[i] }, { t[i + 1] });
            sg.inputs = { t[0] };
            sg.outputs = { t[5] };
            offline.offlineOffsets = { 256, -1, 0, -1, -1, 64 };
        }
        models.append({ QStringLiteral("offline"), offline });

        for (const auto &[name, model] : std::as_const(models)) {
            const QString path = dir.filePath(name + QStringLiteral(".tflite"));
            QString error;
            QVERIFY2(model.writeFile(path, &error), qPrintable(error));
            compareModel(path);
            if (QTest::currentTestFailed())
                QFAIL(qPrintable(name));
        }
    }

    // The planner alone against TFLM's GreedyMemoryPlanner on random buffer sets, with ties in size and time and
    // some offline offsets.
    void randomBufferSets()
    {
        QRandomGenerator rng(23);
        for (int round = 0; round < 60; ++round) {
            const int count = 1 + int(rng.bounded(60));
            const int steps = 1 + int(rng.bounded(30));
            const bool withOffline = round % 3 == 2;
            QVector<PlannerBuffer> buffers;
            QByteArray input;
            for (int i = 0; i < count; ++i) {
                PlannerBuffer b;
                b.size = 16 * (1 + qint64(rng.bounded(8)));
                b.firstStep = int(rng.bounded(steps + 1)) - 1;
                b.lastStep = b.firstStep + int(rng.bounded(steps - b.firstStep + 1));
                if (withOffline && rng.bounded(4) == 0)
                    b.offlineOffset = 16 * qint64(rng.bounded(20));
                buffers.append(b);
                input += QByteArray::number(b.size) + ' ' + QByteArray::number(b.firstStep) + ' '
                    + QByteArray::number(b.lastStep) + ' ' + QByteArray::number(b.offlineOffset) + '\n';
            }
            QProcess p;
            p.start(toolPath(), { QStringLiteral("planner") });
            p.write(input);
            p.closeWriteChannel();
            QVERIFY(p.waitForFinished(60000));
            QCOMPARE(p.exitCode(), 0);
            QVector<qint64> theirs;
            qint64 theirMax = -1;
            for (const QByteArray &line : p.readAllStandardOutput().split('\n')) {
                const QList<QByteArray> f = line.split(' ');
                if (f.size() == 2 && f[0] == "offset")
                    theirs.append(f[1].toLongLong());
                else if (f.size() == 2 && f[0] == "max")
                    theirMax = f[1].toLongLong();
            }
            const QVector<qint64> ours = planGreedy(buffers);
            if (ours != theirs)
                QFAIL(qPrintable(QStringLiteral("round %1:\n%2").arg(round).arg(QString::fromLatin1(input))));
            QCOMPARE(plannedExtent(buffers, ours), theirMax);
        }
    }
};

QTEST_GUILESS_MAIN(TestMemoryPlanTflm)
#include "tst_memoryplan_tflm.moc"
