// Where the virtual board puts a model's arena and weights (model/memory/boardplacement.h): heliaPROFILER's rule
// (the fastest region that fits, the arena first), the locations a user pins, the refusals, and summary.json's
// memory_plan. tests/firmware/tst_virtualboard runs these placements on QEMU.
#include "model/json/jsonwriter.h"
#include "model/memory/boardplacement.h"
#include "model/memory/memoryplan.h"
#include "model/tflite/syntheticmodel.h"
#include "model/tflite/tflitemodel.h"
#include "tests/support/testdata.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

using namespace hpx::model;

namespace {

ModelInfo parsed(const SyntheticModel &m)
{
    const ModelLoadResult r = parseModel(m.build(), QStringLiteral("synthetic.tflite"), Digest::None);
    if (!r.model)
        qWarning("%s", qPrintable(r.error));
    return r.model.value_or(ModelInfo());
}

// A float chain of `ops` ADDs over tensors of `elements` floats: few, large activations, a file of a few hundred
// bytes. `weights` > 0 adds a constant of that many bytes (it is in the file: the model's weights).
ModelInfo chain(qint64 elements, int ops, qint64 weights = 0)
{
    SyntheticModel m;
    SyntheticModel::Subgraph &sg = m.addSubgraph(QStringLiteral("main"));
    int x = sg.addTensor(QStringLiteral("x"), QStringLiteral("FLOAT32"), { 1, elements });
    sg.inputs = { x };
    for (int i = 0; i < ops; ++i) {
        const int y = sg.addTensor(QStringLiteral("y%1").arg(i), QStringLiteral("FLOAT32"), { 1, elements });
        sg.addOperator(QStringLiteral("ADD"), { x, x }, { y });
        x = y;
    }
    if (weights > 0) {
        const int w = sg.addTensor(QStringLiteral("w"), QStringLiteral("INT8"), { weights }, true);
        const int out = sg.addTensor(QStringLiteral("out"), QStringLiteral("INT8"), { weights });
        sg.addOperator(QStringLiteral("ADD"), { w, w }, { out });
        sg.outputs = { x, out };
    } else {
        sg.outputs = { x };
    }
    return parsed(m);
}

ModelInfo shared(const QString &name)
{
    const ModelLoadResult loaded = loadModel(hpx::test::dataPath(QStringLiteral("models/") + name));
    if (!loaded.model)
        qWarning("%s", qPrintable(loaded.error));
    return loaded.model.value_or(ModelInfo());
}

QJsonObject json(const BoardPlacement &p)
{
    const QJsonDocument doc = QJsonDocument::fromJson(toPythonJson(p.memoryPlanJson()));
    return doc.object();
}

QJsonObject region(const QJsonObject &plan, const QString &name)
{
    for (const QJsonValue &r : plan.value(QStringLiteral("regions")).toArray()) {
        if (r.toObject().value(QStringLiteral("region")).toString() == name)
            return r.toObject();
    }
    return {};
}

} // namespace

class TestBoardPlacement : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void smallModelGoesToTheTcm()
    {
        const ModelInfo m = shared(QStringLiteral("hello_world_int8.tflite"));
        const BoardPlacementResult r = placeOnVirtualBoard(m, KernelSet::Reference);
        QVERIFY2(r.ok(), qPrintable(r.error));
        const BoardPlacement &p = *r.placement;
        QCOMPARE(p.arena.location, QStringLiteral("tcm"));
        QCOMPARE(p.arena.memory, QStringLiteral("DTCM"));
        QCOMPARE(p.weights.location, QStringLiteral("tcm"));
        // The arena: the estimate and a margin (a quarter, at least 4 KiB), 16-byte aligned; never the old fixed
        // 431 KB.
        const qint64 estimate = planMemory(m, KernelSet::Reference).plan->arenaBytes();
        QCOMPARE(*p.arenaEstimate, estimate);
        QCOMPARE(p.arenaBytes, arenaWithMargin(estimate));
        QVERIFY(p.arenaBytes >= estimate + 4096 && p.arenaBytes < estimate + 4096 + 16);
        QCOMPARE(p.weightBytes, qint64(2704));
        QCOMPARE(p.makeVariables(),
            QStringList({ QStringLiteral("ARENA_REGION=DTCM"), QStringLiteral("ARENA_SIZE=%1").arg(p.arenaBytes),
                QStringLiteral("WEIGHTS_REGION=DTCM") }));
    }

    void marginIsAQuarterAboveSixteenKiB()
    {
        QCOMPARE(arenaWithMargin(0), qint64(4096));
        QCOMPARE(arenaWithMargin(16384), qint64(20480));
        QCOMPARE(arenaWithMargin(40000), qint64(50000));
        QCOMPARE(arenaWithMargin(40001) % 16, qint64(0));
    }

    void weightsThatDoNotFitBesideTheArenaGoToTheNextFastest()
    {
        // vww_96_float: 393 KB of arena with its margin in the DTCM, its 866 KB of weights in the 4 MiB SRAM.
        const BoardPlacementResult r
            = placeOnVirtualBoard(shared(QStringLiteral("vww_96_float.tflite")), KernelSet::Reference);
        QVERIFY2(r.ok(), qPrintable(r.error));
        QCOMPARE(r.placement->arena.location, QStringLiteral("tcm"));
        QCOMPARE(r.placement->weights.location, QStringLiteral("sram"));
        QCOMPARE(r.placement->weights.memory, QStringLiteral("SRAM2"));
    }

    void tensOfMegabytesGoToTheDdr()
    {
        // Three ADDs over 4 Mi floats: 32 MiB live at once.
        const ModelInfo m = chain(4 * 1024 * 1024, 3);
        for (KernelSet k : { KernelSet::Reference, KernelSet::CmsisNn }) {
            const BoardPlacementResult r = placeOnVirtualBoard(m, k);
            QVERIFY2(r.ok(), qPrintable(r.error));
            QCOMPARE(r.placement->arena.location, QStringLiteral("psram"));
            QCOMPARE(r.placement->arena.memory, QStringLiteral("DDR"));
            QVERIFY(*r.placement->arenaEstimate >= 32 * 1024 * 1024);
            QCOMPARE(r.placement->weights.location, QStringLiteral("tcm")); // the arena left the DTCM free
        }
    }

    void pinnedLocationsAreTaken()
    {
        const ModelInfo m = shared(QStringLiteral("kws_ref_model.tflite"));
        const BoardPlacementResult r
            = placeOnVirtualBoard(m, KernelSet::CmsisNn, QStringLiteral("psram"), QStringLiteral("mram"));
        QVERIFY2(r.ok(), qPrintable(r.error));
        QCOMPARE(r.placement->arena.memory, QStringLiteral("DDR"));
        QVERIFY(r.placement->arenaPinned && r.placement->weightsPinned);
        // mram: read-only, the weights stay with the code in the code SRAM while they fit there...
        QCOMPARE(r.placement->weights.memory, QStringLiteral("SRAM"));
        QVERIFY(!r.placement->weights.writable);
        // ... and go to the QSPI flash when they do not (2 MiB of weights).
        const BoardPlacementResult big = placeOnVirtualBoard(
            chain(16, 1, 2 * 1024 * 1024), KernelSet::Reference, std::nullopt, QStringLiteral("mram"));
        QVERIFY2(big.ok(), qPrintable(big.error));
        QCOMPARE(big.placement->weights.memory, QStringLiteral("QSPI"));
        QCOMPARE(big.placement->weights.base, quint32(0x28000000));
    }

    void arenaSizeReplacesTheEstimate()
    {
        // model.arena_size (--arena-size): the arena the user asks for, 16-byte aligned, placed like any other.
        const ModelInfo m = shared(QStringLiteral("kws_ref_model.tflite"));
        BoardPlacementResult r = placeOnVirtualBoard(m, KernelSet::Reference, std::nullopt, std::nullopt, 1000001);
        QVERIFY2(r.ok(), qPrintable(r.error));
        QVERIFY(r.placement->arenaSizeGiven);
        QCOMPARE(r.placement->arenaBytes, qint64(1000016));
        QCOMPARE(r.placement->arena.location, QStringLiteral("sram")); // more than the DTCM has
        QVERIFY(r.placement->arenaEstimate.has_value()); // still known, for the Memory view
        r = placeOnVirtualBoard(m, KernelSet::Reference, QStringLiteral("tcm"), std::nullopt, 1000000);
        QVERIFY(!r.ok());
        QVERIFY2(r.error.contains(QStringLiteral("1000000 bytes (model.arena_size)")), qPrintable(r.error));
        r = placeOnVirtualBoard(m, KernelSet::Reference, std::nullopt, std::nullopt, 0);
        QVERIFY(!r.ok());
        QVERIFY2(r.error.contains(QStringLiteral("model.arena_size 0")), qPrintable(r.error));
    }

    void refusalsSayWhy()
    {
        const ModelInfo m = shared(QStringLiteral("kws_ref_model.tflite"));
        BoardPlacementResult r = placeOnVirtualBoard(m, KernelSet::Reference, QStringLiteral("mram"));
        QVERIFY(!r.ok());
        QVERIFY2(r.error.contains(QStringLiteral("read-only")), qPrintable(r.error));
        r = placeOnVirtualBoard(m, KernelSet::Reference, QStringLiteral("flash"));
        QVERIFY(!r.ok());
        QVERIFY2(r.error.contains(QStringLiteral("\"flash\"")) && r.error.contains(QStringLiteral("psram")),
            qPrintable(r.error));
        // The weights pinned beside an arena that leaves them no room.
        r = placeOnVirtualBoard(shared(QStringLiteral("vww_96_float.tflite")), KernelSet::Reference,
            QStringLiteral("tcm"), QStringLiteral("tcm"));
        QVERIFY(!r.ok());
        QVERIFY2(r.error.contains(QStringLiteral("weights (866284 bytes) do not fit in tcm (DTCM at 0x20000000)"))
                && r.error.endsWith(QStringLiteral("beside the arena")),
            qPrintable(r.error));
        // Pinned where it does not fit: the bytes needed and what the region has.
        const ModelInfo big = chain(4 * 1024 * 1024, 3);
        r = placeOnVirtualBoard(big, KernelSet::Reference, QStringLiteral("tcm"));
        QVERIFY(!r.ok());
        const qint64 needed = arenaWithMargin(planMemory(big, KernelSet::Reference).plan->arenaBytes());
        QVERIFY2(r.error.contains(QString::number(needed)) && r.error.contains(QStringLiteral("DTCM"))
                && r.error.contains(QStringLiteral("425984 bytes")),
            qPrintable(r.error));
    }

    void aModelThatFitsNowhereNamesTheBytesAndTheLargestRegion()
    {
        // 3 x 1.2 GB of activations: more than the 2 GiB DDR, the board's largest memory.
        const ModelInfo m = chain(300'000'000, 2);
        const BoardPlacementResult r = placeOnVirtualBoard(m, KernelSet::CmsisNn);
        QVERIFY(!r.ok());
        const qint64 needed = arenaWithMargin(planMemory(m, KernelSet::CmsisNn).plan->arenaBytes());
        QVERIFY2(r.error.contains(QString::number(needed)), qPrintable(r.error));
        QVERIFY2(r.error.contains(QStringLiteral("psram (DDR at 0x60000000)"))
                && r.error.contains(QStringLiteral("2147483648 bytes")),
            qPrintable(r.error));
        QVERIFY2(!r.error.contains(QStringLiteral("ADD")), qPrintable(r.error)); // never an operator
    }

    void memoryPlanHasHeliaProfilersShape()
    {
        const ModelInfo m = shared(QStringLiteral("vww_96_float.tflite"));
        const BoardPlacementResult r = placeOnVirtualBoard(m, KernelSet::CmsisNn);
        QVERIFY2(r.ok(), qPrintable(r.error));
        const QJsonObject plan = json(*r.placement);
        QCOMPARE(plan.keys().size(), 4);
        QCOMPARE(plan.value(QStringLiteral("engine")).toString(), QStringLiteral("tflm"));
        QCOMPARE(plan.value(QStringLiteral("model_weight_bytes")).toInteger(), m.sizeBytes);
        QCOMPARE(plan.value(QStringLiteral("has_overflow")).toBool(true), false);
        const QJsonArray regions = plan.value(QStringLiteral("regions")).toArray();
        QCOMPARE(regions.size(), 4);
        QStringList names;
        for (const QJsonValue &v : regions) {
            const QJsonObject o = v.toObject();
            names << o.value(QStringLiteral("region")).toString();
            qint64 sum = 0;
            for (const QJsonValue &c : o.value(QStringLiteral("consumers")).toArray()) {
                QCOMPARE(c.toObject().keys(),
                    QStringList({ QStringLiteral("kind"), QStringLiteral("name"), QStringLiteral("size") }));
                sum += c.toObject().value(QStringLiteral("size")).toInteger();
            }
            QCOMPARE(o.value(QStringLiteral("used")).toInteger(), sum);
            QCOMPARE(
                o.value(QStringLiteral("free")).toInteger(), o.value(QStringLiteral("capacity")).toInteger() - sum);
            QCOMPARE(o.value(QStringLiteral("overflow")).toInteger(), 0);
        }
        QCOMPARE(names, boardLocations());
        const QJsonObject tcm = region(plan, QStringLiteral("tcm"));
        QCOMPARE(tcm.value(QStringLiteral("capacity")).toInteger(), 512 * 1024);
        QCOMPARE(tcm.value(QStringLiteral("used")).toInteger(), 96 * 1024 + r.placement->arenaBytes);
        const QJsonObject sram = region(plan, QStringLiteral("sram"));
        QCOMPARE(sram.value(QStringLiteral("used")).toInteger(), m.sizeBytes);
        QCOMPARE(
            sram.value(QStringLiteral("consumers")).toArray().at(0).toObject().value(QStringLiteral("kind")).toString(),
            QStringLiteral("weights"));
        QCOMPARE(region(plan, QStringLiteral("psram")).value(QStringLiteral("used")).toInteger(), 0);
    }
};

QTEST_GUILESS_MAIN(TestBoardPlacement)
#include "tst_boardplacement.moc"
