#include "bundletestdata.h"
#include "model/bundle/overlay.h"
#include "model/json/jsonparser.h"
#include "model/json/jsonwriter.h"

#include <QDir>
#include <QtTest>

using namespace hpx::model;

namespace {

ModelInfo threeGraphModel(bool loaderFilledGraphIds)
{
    ModelInfo model;
    const char *names[3] = { "", "while_cond", "while_body" };
    const int ops[3] = { 4, 2, 3 };
    for (int s = 0; s < 3; ++s) {
        SubgraphInfo sg;
        sg.index = s;
        sg.name = QString::fromLatin1(names[s]);
        if (loaderFilledGraphIds)
            sg.graphId = s == 0 ? QStringLiteral("main") : sg.name;
        for (int i = 0; i < ops[s]; ++i) {
            OperatorInfo op;
            op.index = i;
            op.op = QStringLiteral("ADD");
            sg.operators.append(op);
        }
        model.subgraphs.append(sg);
    }
    return model;
}

LayerResult layer(int position, const QString &op, int subgraph, int sourceIndex, QVector<std::optional<double>> values)
{
    LayerResult l;
    l.position = position;
    l.id = position;
    l.op = op;
    l.opType = op.section(QLatin1Char(':'), 0, 0);
    l.subgraph = subgraph;
    l.sourceIndex = sourceIndex;
    l.values = std::move(values);
    return l;
}

} // namespace

class TestOverlay : public QObject {
    Q_OBJECT

private slots:
    // Every conformance case: the same files, byte for byte, as heliaPROFILER wrote.
    void matchesHpxFiles_data()
    {
        QTest::addColumn<QString>("caseName");
        for (const QString &c : hpx::test::conformanceCases()) {
            if (QDir(hpx::test::conformanceDir(c) + QStringLiteral("/expected_model_explorer")).exists())
                QTest::newRow(qPrintable(c)) << c;
        }
    }
    void matchesHpxFiles()
    {
        QFETCH(QString, caseName);
        const ProfileResult result = hpx::test::profileFromExpected(caseName);
        const OverlaySet set = buildOverlays(result, nullptr);
        const QDir dir(hpx::test::conformanceDir(caseName) + QStringLiteral("/expected_model_explorer"));
        QStringList expectedNames = dir.entryList(QDir::Files, QDir::Name);
        QStringList names;
        for (const OverlayFile &f : set.files) {
            QCOMPARE(f.relativePath, QStringLiteral("model_explorer/") + overlayFileName(f.counter));
            names.append(overlayFileName(f.counter));
        }
        names.sort();
        QCOMPARE(names, expectedNames);
        for (const OverlayFile &f : set.files) {
            const QByteArray expected = hpx::test::readFile(dir.filePath(overlayFileName(f.counter)));
            QCOMPARE(f.bytes(), expected);
            QCOMPARE(toPythonJson(f.document()), expected);
        }
        QVERIFY(set.unresolved.isEmpty());
        QCOMPARE(set.graphIds, QStringList { QStringLiteral("main") });
    }

    void graphIdsFollowModelExplorer_data()
    {
        QTest::addColumn<bool>("loaderFilled");
        QTest::newRow("graphId from loader") << true;
        QTest::newRow("derived from names") << false;
    }
    void graphIdsFollowModelExplorer()
    {
        QFETCH(bool, loaderFilled);
        const ModelInfo model = threeGraphModel(loaderFilled);
        QCOMPARE(graphIdForSubgraph(&model, 0), QStringLiteral("main"));
        QCOMPARE(graphIdForSubgraph(&model, 2), QStringLiteral("while_body"));
        QCOMPARE(graphIdForSubgraph(&model, 7), QStringLiteral("subgraph_7"));
        QCOMPARE(graphIdForSubgraph(nullptr, 3), QStringLiteral("main"));

        ProfileResult r;
        r.engine = Engine::Tflm;
        r.counters = { QStringLiteral("ARM_PMU_CPU_CYCLES") };
        // WHILE in main runs its cond/body: rows are attributed to their own subgraph.
        r.layers = { layer(0, QStringLiteral("WHILE"), 0, 1, { 10.0 }), layer(1, QStringLiteral("LESS"), 1, 0, { 2.0 }),
            layer(2, QStringLiteral("ADD"), 2, 2, { 5.0 }), layer(3, QStringLiteral("ADD"), 0, 3, { 1.0 }) };
        const OverlaySet set = buildOverlays(r, &model);
        QCOMPARE(set.files.size(), 1);
        QCOMPARE(set.graphIds,
            (QStringList { QStringLiteral("main"), QStringLiteral("while_cond"), QStringLiteral("while_body") }));
        const JsonValue doc = set.files.first().document();
        QCOMPARE(doc.keys(), set.graphIds);
        QCOMPARE(doc.value(QStringLiteral("main")).value(QStringLiteral("results")).keys(),
            (QStringList { QStringLiteral("1"), QStringLiteral("3") }));
        QCOMPARE(doc.value(QStringLiteral("while_body"))
                     .value(QStringLiteral("results"))
                     .value(QStringLiteral("2"))
                     .value(QStringLiteral("value")),
            JsonValue(5.0));
        QCOMPARE(set.files.first().bytes(), toPythonJson(doc));
        for (const auto &graph : doc.members()) {
            QCOMPARE(graph.second.keys(),
                (QStringList { QStringLiteral("results"), QStringLiteral("gradient"), QStringLiteral("name") }));
            QCOMPARE(graph.second.value(QStringLiteral("gradient")), overlayGradient());
        }
    }

    void unresolvedLayersAreLeftOutAndListed()
    {
        const ModelInfo model = threeGraphModel(true);
        ProfileResult r;
        r.engine = Engine::HeliaAot;
        r.counters = { QStringLiteral("ARM_PMU_CPU_CYCLES") };
        r.layers = { layer(0, QStringLiteral("CONV_2D:3"), 0, 3, { 30.0 }),
            layer(1, QStringLiteral("op:1"), -1, -1, { 11.0 }), layer(2, QStringLiteral("ADD:9"), 0, 9, { 99.0 }),
            layer(3, QStringLiteral("FULLY_CONNECTED:0"), 0, 0, { 5.0 }) };
        r.unresolved
            = { UnresolvedLayer { 1, QStringLiteral("op:1"), QStringLiteral("not in the AOT operator manifest") } };
        const OverlaySet set = buildOverlays(r, &model);
        QCOMPARE(set.files.size(), 1);
        const JsonValue results
            = set.files.first().document().path({ QStringLiteral("main"), QStringLiteral("results") });
        QCOMPARE(results.keys(), (QStringList { QStringLiteral("3"), QStringLiteral("0") }));
        QCOMPARE(set.unresolved.size(), 2);
        QCOMPARE(
            set.unresolved.at(0).reason, QStringLiteral("not in the AOT operator manifest")); // merge's reason kept
        QCOMPARE(set.unresolved.at(1).position, 2); // index 9 is not an operator of main (4 operators)
        QCOMPARE(set.files.first().nodeCount, 2);
    }

    void repeatedOperatorKeepsFirstPlace()
    {
        ProfileResult r;
        r.engine = Engine::Tflm;
        r.counters = { QStringLiteral("ARM_PMU_CPU_CYCLES"), QStringLiteral("ARM_PMU_INST_RETIRED") };
        r.layers = { layer(0, QStringLiteral("ADD"), 0, 2, { 1.0, std::nullopt }),
            layer(1, QStringLiteral("MUL"), 0, 0, { 2.0, 7.0 }), layer(2, QStringLiteral("ADD"), 0, 2, { 3.0, 9.0 }) };
        const OverlaySet set = buildOverlays(r, nullptr);
        QCOMPARE(set.files.size(), 2);
        const JsonValue cycles = set.files.at(0).document().path({ QStringLiteral("main"), QStringLiteral("results") });
        QCOMPARE(cycles.keys(), (QStringList { QStringLiteral("2"), QStringLiteral("0") }));
        QCOMPARE(cycles.value(QStringLiteral("2")).value(QStringLiteral("value")), JsonValue(3.0));
        // For the second counter the first layer has no value: "0" comes first.
        const JsonValue inst = set.files.at(1).document().path({ QStringLiteral("main"), QStringLiteral("results") });
        QCOMPARE(inst.keys(), (QStringList { QStringLiteral("0"), QStringLiteral("2") }));
        QCOMPARE(set.files.at(1).bytes(), toPythonJson(set.files.at(1).document()));
    }

    void executorchWritesNone()
    {
        ProfileResult r;
        r.engine = Engine::Executorch;
        r.counters = { QStringLiteral("ARM_PMU_CPU_CYCLES") };
        r.layers = { layer(0, QStringLiteral("OPERATOR_CALL:c0i0"), -1, -1, { 1.0 }) };
        const OverlaySet set = buildOverlays(r, nullptr);
        QVERIFY(set.files.isEmpty());
        QVERIFY(set.skippedReason.contains(QStringLiteral("ExecuTorch")));
        r.overlaysSkippedReason = QStringLiteral("merge said so");
        QCOMPARE(buildOverlays(r, nullptr).skippedReason, QStringLiteral("merge said so"));
    }

    void uncapturedCounterHasNoFile()
    {
        ProfileResult r;
        r.engine = Engine::HeliaRt;
        r.counters = { QStringLiteral("ARM_PMU_CPU_CYCLES"), QStringLiteral("ARM_PMU_MVE_INST_RETIRED"),
            QStringLiteral("ARM_PMU_L1D_CACHE") };
        r.layers = { layer(0, QStringLiteral("CONV_2D"), 0, 0, { 1.0, std::nullopt, 4.0 }),
            layer(1, QStringLiteral("ADD"), 0, 1, { 2.0, std::nullopt, std::nullopt }) };
        const OverlaySet set = buildOverlays(r, nullptr);
        QCOMPARE(set.files.size(), 2);
        QCOMPARE(set.files.at(0).counter, QStringLiteral("ARM_PMU_CPU_CYCLES"));
        QCOMPARE(set.files.at(1).counter, QStringLiteral("ARM_PMU_L1D_CACHE"));
        QCOMPARE(set.uncapturedCounters, QStringList { QStringLiteral("ARM_PMU_MVE_INST_RETIRED") });
        // A layer lacking the counter is absent from results, never written as zero.
        QCOMPARE(set.files.at(1).document().path({ QStringLiteral("main"), QStringLiteral("results") }).keys(),
            QStringList { QStringLiteral("0") });
    }

    void duplicateKeyLaterWinsFirstPlace()
    {
        OverlayGraph g;
        g.graphId = QStringLiteral("main");
        g.results = { { QStringLiteral("0"), JsonValue(1.0) }, { QStringLiteral("1"), JsonValue(2.0) },
            { QStringLiteral("0"), JsonValue(3.0) } };
        const JsonValue doc = buildOverlayDocument({ g }, QStringLiteral("c"));
        OverlayGraph empty;
        empty.graphId = QStringLiteral("body");
        QCOMPARE(overlayDocumentBytes({ empty }, QStringLiteral("e\u00e9")),
            toPythonJson(buildOverlayDocument({ empty }, QStringLiteral("e\u00e9"))));
        const JsonValue results = doc.path({ QStringLiteral("main"), QStringLiteral("results") });
        QCOMPARE(results.keys(), (QStringList { QStringLiteral("0"), QStringLiteral("1") }));
        QCOMPARE(results.value(QStringLiteral("0")).value(QStringLiteral("value")), JsonValue(3.0));
    }

    void parseBothShapes()
    {
        QString error;
        const auto keyed = parseOverlayDocument(
            parseJson(
                "{\"main\": {\"results\": {\"0\": {\"value\": 5}}, \"name\": \"X\"}, \"body\": {\"results\": {}}}"),
            &error);
        QVERIFY2(keyed, qPrintable(error));
        QCOMPARE(keyed->name, QStringLiteral("X"));
        QCOMPARE(keyed->graphs.size(), 2);
        QCOMPARE(keyed->graphs.at(0).results.at(0).second, JsonValue(5));
        const auto single
            = parseOverlayDocument(parseJson("{\"results\": {\"2\": {\"value\": 1.5}}, \"name\": \"Y\"}"));
        QVERIFY(single);
        QCOMPARE(single->graphs.size(), 1);
        QVERIFY(single->graphs.at(0).graphId.isEmpty());
        QVERIFY(!parseOverlayDocument(parseJson("[1]"), &error));
        QVERIFY(!error.isEmpty());
        QVERIFY(!parseOverlayDocument(parseJson("{\"main\": {\"name\": \"no results\"}}"), &error));
        QVERIFY2(error.contains(QStringLiteral("main")), qPrintable(error));
    }

    void fileNames()
    {
        QCOMPARE(overlayFileName(QStringLiteral("ARM_PMU_CPU_CYCLES")),
            QStringLiteral("me_overlay_ARM_PMU_CPU_CYCLES.json"));
        QCOMPARE(counterFromOverlayFileName(QStringLiteral("me_overlay_ARM_PMU_STALL.json")),
            QStringLiteral("ARM_PMU_STALL"));
        QVERIFY(counterFromOverlayFileName(QStringLiteral("me_overlay_.json")).isEmpty());
        QVERIFY(counterFromOverlayFileName(QStringLiteral("notes.json")).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestOverlay)
#include "tst_overlay.moc"
