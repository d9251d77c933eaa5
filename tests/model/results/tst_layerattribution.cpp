#include "capturebuilder.h"
#include "model/board/counters.h"
#include "model/results/layerattribution.h"
#include "model/results/merge.h"
#include "modelbuilder.h"

#include <QTest>

using namespace hpx::model;
using hpx::test::modelOf;
using hpx::test::PassBuilder;
using hpx::test::subgraph;

namespace {

// One pass, one iteration; row i gets cycles 100*(i+1) and INST 10*(i+1).
Capture captureOfOps(const QStringList &ops)
{
    QVector<hpx::test::RowSpec> rows;
    for (int i = 0; i < ops.size(); ++i)
        rows.append({ ops.at(i), { 100.0 * (i + 1), 10.0 * (i + 1) } });
    return hpx::test::captureOf(
        { PassBuilder(QStringLiteral("cpu_0"), { cyclesCounterName(), QStringLiteral("ARM_PMU_INST_RETIRED") })
                .iteration(rows) });
}

ProfileResult merged(
    const Capture &capture, Engine engine, const ModelInfo *model, const AotManifest *manifest = nullptr)
{
    MergeOptions options;
    options.engine = engine;
    options.model = model;
    options.aotManifest = manifest;
    MergeOutcome outcome = mergeCapture(capture, options);
    if (!outcome.ok())
        qFatal("merge failed: %s", qPrintable(outcome.error));
    return *outcome.result;
}

// "s:i" per layer, "-" when unresolved.
QStringList identities(const ProfileResult &result)
{
    QStringList list;
    for (const LayerResult &layer : result.layers)
        list.append(layer.subgraph < 0 ? QStringLiteral("-")
                                       : QStringLiteral("%1:%2").arg(layer.subgraph).arg(layer.sourceIndex));
    return list;
}

// The multi_subgraphs_while.tflite structure (shared/oracle): main = [WHILE(cond 1, body 2)],
// while_cond = [LESS], while_body = [ADD, MUL, ADD].
ModelInfo whileModel()
{
    return modelOf({ subgraph(0, QStringLiteral("main"), { QStringLiteral("WHILE>1,2") }),
        subgraph(1, QStringLiteral("while_cond"), { QStringLiteral("LESS") }),
        subgraph(2, QStringLiteral("while_body"),
            { QStringLiteral("ADD"), QStringLiteral("MUL"), QStringLiteral("ADD") }) });
}

ModelInfo sequentialModel()
{
    return modelOf({ subgraph(0, QString(),
        { QStringLiteral("CONV_2D"), QStringLiteral("DEPTHWISE_CONV_2D"), QStringLiteral("FULLY_CONNECTED"),
            QStringLiteral("SOFTMAX") },
        { 1000, 300, 50, 0 }) });
}

// Rows of one inference as TFLM's profiler events give them, one token per row in begin order: the op tag after one
// '.' per level of nesting ("WHILE", ".LESS", "..ADD"). Each row's own work is 7 + row cycles; a row's value is its own
// work plus its nested rows' values, as an enclosing event counts them (docs/merging.md, "Self and inclusive").
struct NestedRows {
    QStringList ops;
    QVector<int> depth;
    QVector<double> own;
    QVector<double> inclusive;
};

NestedRows nestedRows(const QStringList &tokens)
{
    NestedRows rows;
    for (int i = 0; i < tokens.size(); ++i) {
        QString token = tokens.at(i);
        int d = 0;
        while (token.startsWith(QLatin1Char('.'))) {
            token.remove(0, 1);
            ++d;
        }
        rows.ops.append(token);
        rows.depth.append(d);
        rows.own.append(7.0 + i);
    }
    rows.inclusive = rows.own;
    for (int i = int(tokens.size()) - 1; i >= 0; --i) {
        for (int j = i + 1; j < tokens.size() && rows.depth.at(j) > rows.depth.at(i); ++j) {
            if (rows.depth.at(j) == rows.depth.at(i) + 1)
                rows.inclusive[i] += rows.inclusive.at(j);
        }
    }
    return rows;
}

Capture captureOfNested(const NestedRows &rows, const QString &positions = QString())
{
    QVector<hpx::test::RowSpec> specs;
    for (int i = 0; i < rows.ops.size(); ++i)
        specs.append({ rows.ops.at(i), { rows.inclusive.at(i) } });
    Capture capture
        = hpx::test::captureOf({ PassBuilder(QStringLiteral("cpu_0"), { cyclesCounterName() }).iteration(specs) });
    if (!positions.isEmpty()) {
        capture.layerPositions.value = positions;
        capture.layerPositions.iterations = 1;
    }
    return capture;
}

// "s:i xN" per layer: its operator and how many rows were summed into it.
QStringList invocationsOf(const ProfileResult &result)
{
    QStringList list;
    for (const LayerResult &layer : result.layers)
        list.append(layer.subgraph < 0
                ? QStringLiteral("- %1").arg(layer.op)
                : QStringLiteral("%1:%2 x%3").arg(layer.subgraph).arg(layer.sourceIndex).arg(layer.invocations));
    return list;
}

// Every layer's self value is exactly the own work of its rows (so every row hangs under the operator whose event
// encloses it), and they add up to the whole inference: the top-level rows' values.
void verifySelfValues(const ProfileResult &result, const NestedRows &rows)
{
    double topLevel = 0;
    for (int i = 0; i < rows.ops.size(); ++i)
        topLevel += rows.depth.at(i) == 0 ? rows.inclusive.at(i) : 0.0;
    for (int l = 0; l < result.layers.size(); ++l) {
        double own = 0;
        for (int row : result.layers.at(l).rows)
            own += rows.own.at(row);
        QCOMPARE(result.selfValue(l, cyclesCounterName()), std::optional<double>(own));
    }
    QCOMPARE(result.selfTotalCycles(), topLevel);
}

} // namespace

class TestLayerAttribution : public QObject {
    Q_OBJECT
private slots:
    void labelSuffix()
    {
        QCOMPARE(labelSourceIndex(QStringLiteral("CONV_2D:3")), 3);
        QCOMPARE(labelSourceIndex(QStringLiteral("a:b:12")), 12);
        QCOMPARE(labelSourceIndex(QStringLiteral("OPERATOR_CALL:c0i7")), std::nullopt);
        QCOMPARE(labelSourceIndex(QStringLiteral("CONV_2D")), std::nullopt);
        QCOMPARE(labelSourceIndex(QStringLiteral("X:-1")), std::nullopt);
    }

    void sequentialEngines_data()
    {
        QTest::addColumn<int>("engine");
        QTest::newRow("tflm") << int(Engine::Tflm);
        QTest::newRow("helia-rt") << int(Engine::HeliaRt);
    }
    void sequentialEngines()
    {
        QFETCH(int, engine);
        const ModelInfo model = sequentialModel();
        const ProfileResult result
            = merged(captureOfOps({ QStringLiteral("CONV_2D"), QStringLiteral("DEPTHWISE_CONV_2D"),
                         QStringLiteral("FULLY_CONNECTED"), QStringLiteral("SOFTMAX") }),
                Engine(engine), &model);
        QCOMPARE(identities(result),
            QStringList(
                { QStringLiteral("0:0"), QStringLiteral("0:1"), QStringLiteral("0:2"), QStringLiteral("0:3") }));
        QVERIFY(result.unresolved.isEmpty());
        QCOMPARE(result.layers[0].macs, std::optional<qint64>(1000));
        QCOMPARE(result.layers[3].macs, std::optional<qint64>(0));
        QCOMPARE(result.layers[2].ops, std::optional<qint64>(101));
        QVERIFY(result.overlaysSkippedReason.isEmpty());
        // Without a model: the Layer value in subgraph 0, no MACs.
        const ProfileResult bare
            = merged(captureOfOps({ QStringLiteral("CONV_2D"), QStringLiteral("ADD") }), Engine(engine), nullptr);
        QCOMPARE(identities(bare), QStringList({ QStringLiteral("0:0"), QStringLiteral("0:1") }));
        QVERIFY(!bare.layers[0].macs);
    }

    // Rows of a WHILE body are attributed to the body's operators and summed per inference.
    void whileBodies_data()
    {
        QTest::addColumn<QStringList>("rows");
        QTest::addColumn<QStringList>("identities");
        QTest::addColumn<QVector<int>>("invocations");
        QTest::addColumn<QVector<double>>("cycles");
        const QString W = QStringLiteral("WHILE"), L = QStringLiteral("LESS"), A = QStringLiteral("ADD"),
                      M = QStringLiteral("MUL");
        QTest::newRow("calling op first, two iterations")
            << QStringList { W, L, A, M, A, L, A, M, A, L }
            << QStringList { QStringLiteral("0:0"), QStringLiteral("1:0"), QStringLiteral("2:0"), QStringLiteral("2:1"),
                   QStringLiteral("2:2") }
            << QVector<int> { 1, 3, 2, 2, 2 }
            // cycles are 100 * (row + 1): LESS rows 2, 6, 10; body ADD#0 rows 3, 7; MUL 4, 8; ADD#2 5, 9
            << QVector<double> { 100, 200 + 600 + 1000, 300 + 700, 400 + 800, 500 + 900 };
        QTest::newRow("calling op last") << QStringList { L, A, M, A, L, W }
                                         << QStringList { QStringLiteral("1:0"), QStringLiteral("2:0"),
                                                QStringLiteral("2:1"), QStringLiteral("2:2"), QStringLiteral("0:0") }
                                         << QVector<int> { 2, 1, 1, 1, 1 }
                                         << QVector<double> { 100 + 500, 200, 300, 400, 600 };
        QTest::newRow("only the calling op recorded") << QStringList { W } << QStringList { QStringLiteral("0:0") }
                                                      << QVector<int> { 1 } << QVector<double> { 100 };
        QTest::newRow("loop that never ran the body")
            << QStringList { W, L } << QStringList { QStringLiteral("0:0"), QStringLiteral("1:0") }
            << QVector<int> { 1, 1 } << QVector<double> { 100, 200 };
    }
    void whileBodies()
    {
        QFETCH(QStringList, rows);
        QFETCH(QStringList, identities);
        QFETCH(QVector<int>, invocations);
        QFETCH(QVector<double>, cycles);
        const ModelInfo model = whileModel();
        const ProfileResult result = merged(captureOfOps(rows), Engine::Tflm, &model);
        QCOMPARE(::identities(result), identities);
        QVERIFY(result.unresolved.isEmpty());
        int rowCount = 0;
        for (int i = 0; i < result.layers.size(); ++i) {
            const LayerResult &layer = result.layers.at(i);
            QCOMPARE(layer.position, i);
            QCOMPARE(layer.invocations, invocations.at(i));
            QCOMPARE(layer.rows.size(), invocations.at(i));
            QCOMPARE(result.cycles(i), std::optional<double>(cycles.at(i)));
            QCOMPARE(
                result.value(i, QStringLiteral("ARM_PMU_INST_RETIRED")), std::optional<double>(cycles.at(i) / 10.0));
            QCOMPARE(layer.cyclesByPass, QVector<double> { cycles.at(i) });
            rowCount += int(layer.rows.size());
        }
        QCOMPARE(rowCount, rows.size()); // every row counted exactly once
        double total = 0;
        for (int i = 0; i < rows.size(); ++i)
            total += 100.0 * (i + 1);
        QCOMPARE(result.totalCycles(), total);
    }

    // Streams without positions (heliaPROFILER's firmware): the alignment follows the model's control structure
    // exactly (docs/compatibility.md §0.2). Each case is a shape of issue 33, rows as TFLM's events nest them.
    void controlFlowShapes_data()
    {
        QTest::addColumn<QVector<hpx::model::SubgraphInfo>>("subgraphs");
        QTest::addColumn<QStringList>("rows");
        QTest::addColumn<QStringList>("expected");
        const auto sg = [](int i, const char *ops) {
            return subgraph(i, QString(), QString::fromLatin1(ops).split(QLatin1Char(' ')));
        };
        const auto tokens = [](const char *text) { return QString::fromLatin1(text).split(QLatin1Char(' ')); };
        const auto list = [](const char *text) { return QString::fromLatin1(text).split(QLatin1Char('|')); };

        // The issue's first case: main's ADD after the loop was taken for a fifth body iteration (and lost its row).
        QTest::newRow("ADD after a WHILE whose body is ADD")
            << QVector<hpx::model::SubgraphInfo> { sg(0, "WHILE>1,2 ADD"), sg(1, "LESS"), sg(2, "ADD") }
            << tokens("WHILE .LESS .ADD .LESS .ADD .LESS .ADD .LESS .ADD .LESS ADD")
            << list("0:0 x1|1:0 x5|2:0 x4|0:1 x1");
        // The operators after the loop look like another iteration (ADD, LESS): only the reading that reaches every
        // operator of main explains all rows.
        QTest::newRow("after the loop, the body and the condition again")
            << QVector<hpx::model::SubgraphInfo> { sg(0, "WHILE>1,2 ADD LESS"), sg(1, "LESS"), sg(2, "ADD") }
            << tokens("WHILE .LESS .ADD .LESS .ADD .LESS ADD LESS") << list("0:0 x1|1:0 x3|2:0 x2|0:1 x1|0:2 x1");
        // The issue's second case: nested WHILE followed by an operator in the outer body.
        QTest::newRow("WHILE in WHILE, ADD after the inner loop")
            << QVector<hpx::model::SubgraphInfo> { sg(0, "WHILE>1,2"), sg(1, "LESS"), sg(2, "WHILE>3,4 ADD"),
                   sg(3, "LESS"), sg(4, "ADD") }
            << tokens("WHILE .LESS .WHILE ..LESS ..ADD ..LESS ..ADD ..LESS .ADD .LESS .WHILE ..LESS ..ADD ..LESS "
                      "..ADD ..LESS .ADD .LESS")
            << list("0:0 x1|1:0 x3|2:0 x2|3:0 x6|4:0 x4|2:1 x2");
        QTest::newRow("operators before and after an inner WHILE, three levels")
            << QVector<hpx::model::SubgraphInfo> { sg(0, "MUL WHILE>1,2 ADD"), sg(1, "LESS"),
                   sg(2, "ADD WHILE>3,4 ADD"), sg(3, "LESS"), sg(4, "WHILE>5,6 ADD"), sg(5, "GREATER"), sg(6, "ADD") }
            << tokens("MUL WHILE .LESS .ADD .WHILE ..LESS ..WHILE ...GREATER ...ADD ...GREATER ..ADD ..LESS .ADD "
                      ".LESS ADD")
            << list("0:0 x1|0:1 x1|1:0 x2|2:0 x1|2:1 x1|3:0 x2|4:0 x1|5:0 x2|6:0 x1|4:1 x1|2:2 x1|0:2 x1");
        QTest::newRow("IF inside WHILE, both branches taken")
            << QVector<hpx::model::SubgraphInfo> { sg(0, "WHILE>1,2 ADD"), sg(1, "LESS"), sg(2, "IF>3,4 ADD"),
                   sg(3, "ADD"), sg(4, "MUL") }
            << tokens("WHILE .LESS .IF ..ADD .ADD .LESS .IF ..MUL .ADD .LESS ADD")
            << list("0:0 x1|1:0 x3|2:0 x2|3:0 x1|2:1 x2|4:0 x1|0:1 x1");
        QTest::newRow("CALL_ONCE whose init ran, in a loop")
            << QVector<hpx::model::SubgraphInfo> { sg(0, "CALL_ONCE>1 WHILE>2,3 ADD"), sg(1, "VAR_HANDLE ADD"),
                   sg(2, "LESS"), sg(3, "ADD") }
            << tokens("CALL_ONCE .VAR_HANDLE .ADD WHILE .LESS .ADD .LESS ADD")
            << list("0:0 x1|1:0 x1|1:1 x1|0:1 x1|2:0 x2|3:0 x1|0:2 x1");
        QTest::newRow("CALL_ONCE after its first Invoke")
            << QVector<hpx::model::SubgraphInfo> { sg(0, "CALL_ONCE>1 WHILE>2,3 ADD"), sg(1, "VAR_HANDLE ADD"),
                   sg(2, "LESS"), sg(3, "ADD") }
            << tokens("CALL_ONCE WHILE .LESS .ADD .LESS .ADD .LESS ADD") << list("0:0 x1|0:1 x1|2:0 x3|3:0 x2|0:2 x1");
    }
    void controlFlowShapes()
    {
        QFETCH(QVector<hpx::model::SubgraphInfo>, subgraphs);
        QFETCH(QStringList, rows);
        QFETCH(QStringList, expected);
        const ModelInfo model = modelOf(subgraphs);
        const NestedRows nested = nestedRows(rows);
        const ProfileResult result = merged(captureOfNested(nested), Engine::Tflm, &model);
        QCOMPARE(invocationsOf(result), expected);
        QVERIFY(result.unresolved.isEmpty());
        QCOMPARE(result.validity(), QStringLiteral("valid"));
        verifySelfValues(result, nested);
    }

    // A loop that ran 1500 times (3003 rows): every reading is still searched, within the search's stack.
    void longLoop()
    {
        const ModelInfo model
            = modelOf({ subgraph(0, QStringLiteral("main"), { QStringLiteral("WHILE>1,2"), QStringLiteral("ADD") }),
                subgraph(1, QStringLiteral("cond"), { QStringLiteral("LESS") }),
                subgraph(2, QStringLiteral("body"), { QStringLiteral("ADD") }) });
        QStringList tokens { QStringLiteral("WHILE"), QStringLiteral(".LESS") };
        for (int i = 0; i < 1500; ++i)
            tokens << QStringLiteral(".ADD") << QStringLiteral(".LESS");
        tokens << QStringLiteral("ADD");
        const NestedRows rows = nestedRows(tokens);
        const ProfileResult result = merged(captureOfNested(rows), Engine::Tflm, &model);
        QCOMPARE(invocationsOf(result),
            QStringList({ QStringLiteral("0:0 x1"), QStringLiteral("1:0 x1501"), QStringLiteral("2:0 x1500"),
                QStringLiteral("0:1 x1") }));
        verifySelfValues(result, rows);
    }

    // Where two readings of the rows both reach every operator, the rows they disagree on are reported, not guessed.
    void ambiguousReadingsAreReported()
    {
        const ModelInfo model = modelOf({ subgraph(0, QStringLiteral("main"), { QStringLiteral("WHILE>1,2") }),
            subgraph(1, QStringLiteral("cond"), {}), subgraph(2, QStringLiteral("body"), { QStringLiteral("ADD") }) });
        // A condition without operators: W A A is read one way only (two iterations), so it is attributed.
        const ProfileResult two = merged(
            captureOfNested(nestedRows({ QStringLiteral("WHILE"), QStringLiteral(".ADD"), QStringLiteral(".ADD") })),
            Engine::Tflm, &model);
        QCOMPARE(invocationsOf(two), QStringList({ QStringLiteral("0:0 x1"), QStringLiteral("2:0 x2") }));

        // IF whose branches are both [ADD] inside a loop: each ADD row is one branch or the other.
        const ModelInfo twin = modelOf({ subgraph(0, QStringLiteral("main"), { QStringLiteral("WHILE>1,2") }),
            subgraph(1, QStringLiteral("cond"), { QStringLiteral("LESS") }),
            subgraph(2, QStringLiteral("body"), { QStringLiteral("IF>3,4") }),
            subgraph(3, QStringLiteral("a"), { QStringLiteral("ADD") }),
            subgraph(4, QStringLiteral("b"), { QStringLiteral("ADD") }) });
        const ProfileResult result
            = merged(captureOfNested(nestedRows({ QStringLiteral("WHILE"), QStringLiteral(".LESS"),
                         QStringLiteral(".IF"), QStringLiteral("..ADD"), QStringLiteral(".LESS") })),
                Engine::Tflm, &twin);
        QCOMPARE(result.unresolved.size(), 1);
        QCOMPARE(result.unresolved[0].op, QStringLiteral("ADD"));
        QVERIFY2(result.unresolved[0].reason.contains(QStringLiteral("3/0"))
                && result.unresolved[0].reason.contains(QStringLiteral("4/0")),
            qPrintable(result.unresolved[0].reason));
        QCOMPARE(invocationsOf(result).mid(0, 3),
            QStringList({ QStringLiteral("0:0 x1"), QStringLiteral("1:0 x2"), QStringLiteral("2:0 x1") }));
    }

    // Streams from our agent (HPX_LAYER_POSITIONS): each row is the operator the board named, whatever its tag
    // would align with; the enclosing rows come from the line too.
    void boardPositions()
    {
        // An IF in a loop whose branches are both [ADD]: by op tag each ADD row is one branch or the other; the
        // board's positions say which one ran.
        const ModelInfo model = modelOf({ subgraph(0, QStringLiteral("main"), { QStringLiteral("WHILE>1,2") }),
            subgraph(1, QStringLiteral("cond"), { QStringLiteral("LESS") }),
            subgraph(2, QStringLiteral("body"), { QStringLiteral("IF>3,4") }),
            subgraph(3, QStringLiteral("a"), { QStringLiteral("ADD") }),
            subgraph(4, QStringLiteral("b"), { QStringLiteral("ADD") }) });
        const NestedRows rows = nestedRows(
            { QStringLiteral("WHILE"), QStringLiteral(".LESS"), QStringLiteral(".IF"), QStringLiteral("..ADD"),
                QStringLiteral(".LESS"), QStringLiteral(".IF"), QStringLiteral("..ADD"), QStringLiteral(".LESS") });
        const ProfileResult placed
            = merged(captureOfNested(rows, QStringLiteral("0.0,1.0^0,2.0^0,4.0^2,1.0^0,2.0^0,3.0^5,1.0^0")),
                Engine::Tflm, &model);
        QCOMPARE(invocationsOf(placed),
            QStringList({ QStringLiteral("0:0 x1"), QStringLiteral("1:0 x3"), QStringLiteral("2:0 x2"),
                QStringLiteral("4:0 x1"), QStringLiteral("3:0 x1") }));
        QVERIFY(placed.unresolved.isEmpty());
        QCOMPARE(placed.validity(), QStringLiteral("valid"));
        verifySelfValues(placed, rows);
        // Without them, both ADD rows are reported.
        const ProfileResult aligned = merged(captureOfNested(rows), Engine::Tflm, &model);
        QCOMPARE(aligned.unresolved.size(), 2);

        // Ranges and gaps: "0.0-2" is three rows; "-" a Layer without a position.
        const ModelInfo straight = sequentialModel();
        Capture range = captureOfOps({ QStringLiteral("CONV_2D"), QStringLiteral("DEPTHWISE_CONV_2D"),
            QStringLiteral("FULLY_CONNECTED"), QStringLiteral("SOFTMAX") });
        range.layerPositions = { QStringLiteral("0.0-3"), 3, false };
        const ProfileResult ranged = merged(range, Engine::Tflm, &straight);
        QCOMPARE(identities(ranged),
            QStringList(
                { QStringLiteral("0:0"), QStringLiteral("0:1"), QStringLiteral("0:2"), QStringLiteral("0:3") }));
        Capture gap = captureOfOps({ QStringLiteral("CONV_2D"), QStringLiteral("DEPTHWISE_CONV_2D"),
            QStringLiteral("FULLY_CONNECTED"), QStringLiteral("SOFTMAX") });
        gap.layerPositions = { QStringLiteral("0.0-1,-,0.3"), 1, false };
        const ProfileResult gapped = merged(gap, Engine::Tflm, &straight);
        QCOMPARE(identities(gapped),
            QStringList({ QStringLiteral("0:0"), QStringLiteral("0:1"), QStringLiteral("-"), QStringLiteral("0:3") }));

        // A position whose operator is of another type than the row: reported, never attributed.
        Capture wrong = gap;
        wrong.layerPositions.value = QStringLiteral("0.0,0.2,0.1,0.3");
        const ProfileResult mismatch = merged(wrong, Engine::Tflm, &straight);
        QCOMPARE(identities(mismatch),
            QStringList({ QStringLiteral("0:0"), QStringLiteral("-"), QStringLiteral("-"), QStringLiteral("0:3") }));
        QVERIFY(std::any_of(mismatch.issues.cbegin(), mismatch.issues.cend(),
            [](const Issue &i) { return i.code == QLatin1String("profile.op_tag_mismatch"); }));

        // Iterations that named different positions, or a damaged line: aligned by op tag instead, and said so.
        for (const CaptureLayerPositions &bad : { CaptureLayerPositions { QStringLiteral("0.0-3"), 2, true },
                 CaptureLayerPositions { QStringLiteral("0.0-x"), 1, false },
                 CaptureLayerPositions { QStringLiteral("0.0^3,0.1-3"), 1, false } }) {
            Capture capture = gap;
            capture.layerPositions = bad;
            const ProfileResult fallback = merged(capture, Engine::Tflm, &straight);
            QCOMPARE(identities(fallback),
                QStringList(
                    { QStringLiteral("0:0"), QStringLiteral("0:1"), QStringLiteral("0:2"), QStringLiteral("0:3") }));
            QVERIFY(std::any_of(fallback.issues.cbegin(), fallback.issues.cend(),
                [](const Issue &i) { return i.code == QLatin1String("profile.layer_positions_unused"); }));
        }
    }

    void parseLayerPositions()
    {
        const auto parsed = hpx::model::parseLayerPositions(u"0.0,1.0-1^0,-,2.5^3");
        QVERIFY(parsed);
        QCOMPARE(parsed->size(), 5);
        QCOMPARE(parsed->at(0), (LayerPosition { 0, 0, -1 }));
        QCOMPARE(parsed->at(1), (LayerPosition { 1, 0, 0 }));
        QCOMPARE(parsed->at(2), (LayerPosition { 1, 1, 0 }));
        QVERIFY(!parsed->at(3).known());
        QCOMPARE(parsed->at(4), (LayerPosition { 2, 5, 3 }));
        for (const char *bad : { "", "0", "0.", ".1", "0.1-0", "0.1^1", "0.1,", "a.b", "0.1^", "0.1-2-3", "0.123456" })
            QVERIFY2(!hpx::model::parseLayerPositions(QString::fromLatin1(bad)), bad);
        QVERIFY(!hpx::model::parseLayerPositions(u"0.0-65535,0.0"));
    }

    void summedMacsScaleWithInvocations()
    {
        ModelInfo model = whileModel();
        model.subgraphs[2].operators[1].macs = 64;
        const ProfileResult result
            = merged(captureOfOps({ QStringLiteral("WHILE"), QStringLiteral("LESS"), QStringLiteral("ADD"),
                         QStringLiteral("MUL"), QStringLiteral("ADD"), QStringLiteral("LESS"), QStringLiteral("ADD"),
                         QStringLiteral("MUL"), QStringLiteral("ADD"), QStringLiteral("LESS") }),
                Engine::HeliaRt, &model);
        QCOMPARE(result.layers[3].opType, QStringLiteral("MUL"));
        QCOMPARE(result.layers[3].macs, std::optional<qint64>(128));
    }

    // A row that cannot be aligned is reported, never guessed; the rows before it keep their identity.
    void unalignedRowsAreReported()
    {
        const ModelInfo model = sequentialModel();
        const ProfileResult result = merged(captureOfOps({ QStringLiteral("CONV_2D"), QStringLiteral("ADD"),
                                                QStringLiteral("FULLY_CONNECTED"), QStringLiteral("SOFTMAX") }),
            Engine::Tflm, &model);
        QCOMPARE(identities(result),
            QStringList({ QStringLiteral("0:0"), QStringLiteral("-"), QStringLiteral("-"), QStringLiteral("-") }));
        QCOMPARE(result.unresolved.size(), 3);
        QCOMPARE(result.unresolved[0].position, 1);
        QCOMPARE(result.unresolved[0].op, QStringLiteral("ADD"));
        QVERIFY2(result.unresolved[0].reason.contains(QStringLiteral("DEPTHWISE_CONV_2D")),
            qPrintable(result.unresolved[0].reason));
        QVERIFY(!result.layers[1].macs);

        const ProfileResult extra
            = merged(captureOfOps({ QStringLiteral("CONV_2D"), QStringLiteral("DEPTHWISE_CONV_2D"),
                         QStringLiteral("FULLY_CONNECTED"), QStringLiteral("SOFTMAX"), QStringLiteral("SOFTMAX") }),
                Engine::Tflm, &model);
        QCOMPARE(extra.unresolved.size(), 1);
        QCOMPARE(extra.unresolved[0].position, 4);
        QVERIFY(extra.unresolved[0].reason.contains(QStringLiteral("after the last operator")));
        // Fewer rows than operators (pmu_max_ops reached): the recorded ones are still attributed.
        const ProfileResult shorter = merged(
            captureOfOps({ QStringLiteral("CONV_2D"), QStringLiteral("DEPTHWISE_CONV_2D") }), Engine::Tflm, &model);
        QCOMPARE(identities(shorter), QStringList({ QStringLiteral("0:0"), QStringLiteral("0:1") }));
    }

    void ifAndCallOnce()
    {
        // IF then=[ADD] else=[MUL]: the rows decide the branch.
        const ModelInfo ifModel
            = modelOf({ subgraph(0, QStringLiteral("main"), { QStringLiteral("IF>1,2"), QStringLiteral("SOFTMAX") }),
                subgraph(1, QStringLiteral("then"), { QStringLiteral("ADD") }),
                subgraph(2, QStringLiteral("else"), { QStringLiteral("MUL") }) });
        QCOMPARE(
            identities(merged(captureOfOps({ QStringLiteral("IF"), QStringLiteral("MUL"), QStringLiteral("SOFTMAX") }),
                Engine::Tflm, &ifModel)),
            QStringList({ QStringLiteral("0:0"), QStringLiteral("2:0"), QStringLiteral("0:1") }));
        QCOMPARE(
            identities(merged(captureOfOps({ QStringLiteral("IF"), QStringLiteral("ADD"), QStringLiteral("SOFTMAX") }),
                Engine::Tflm, &ifModel)),
            QStringList({ QStringLiteral("0:0"), QStringLiteral("1:0"), QStringLiteral("0:1") }));
        // Both branches look the same: the row is reported, not assigned to either.
        const ModelInfo twin = modelOf({ subgraph(0, QStringLiteral("main"), { QStringLiteral("IF>1,2") }),
            subgraph(1, QStringLiteral("a"), { QStringLiteral("ADD") }),
            subgraph(2, QStringLiteral("b"), { QStringLiteral("ADD") }) });
        const ProfileResult ambiguous
            = merged(captureOfOps({ QStringLiteral("IF"), QStringLiteral("ADD") }), Engine::Tflm, &twin);
        QCOMPARE(identities(ambiguous), QStringList({ QStringLiteral("0:0"), QStringLiteral("-") }));
        QCOMPARE(ambiguous.unresolved.size(), 1);
        QVERIFY2(ambiguous.unresolved[0].reason.contains(QStringLiteral("1/0"))
                && ambiguous.unresolved[0].reason.contains(QStringLiteral("2/0")),
            qPrintable(ambiguous.unresolved[0].reason));

        // CALL_ONCE (mww_okay_nabu_v2's shape): the init subgraph normally ran during warmup.
        const ModelInfo once = modelOf({ subgraph(0, QStringLiteral("main"),
                                             { QStringLiteral("CALL_ONCE>1"), QStringLiteral("VAR_HANDLE"),
                                                 QStringLiteral("READ_VARIABLE"), QStringLiteral("CONV_2D") }),
            subgraph(1, QStringLiteral("NoOp"), { QStringLiteral("VAR_HANDLE"), QStringLiteral("ASSIGN_VARIABLE") }) });
        QCOMPARE(identities(merged(captureOfOps({ QStringLiteral("CALL_ONCE"), QStringLiteral("VAR_HANDLE"),
                                       QStringLiteral("READ_VARIABLE"), QStringLiteral("CONV_2D") }),
                     Engine::Tflm, &once)),
            QStringList(
                { QStringLiteral("0:0"), QStringLiteral("0:1"), QStringLiteral("0:2"), QStringLiteral("0:3") }));
        QCOMPARE(identities(merged(captureOfOps({ QStringLiteral("CALL_ONCE"), QStringLiteral("VAR_HANDLE"),
                                       QStringLiteral("ASSIGN_VARIABLE"), QStringLiteral("VAR_HANDLE"),
                                       QStringLiteral("READ_VARIABLE"), QStringLiteral("CONV_2D") }),
                     Engine::Tflm, &once)),
            QStringList({ QStringLiteral("0:0"), QStringLiteral("1:0"), QStringLiteral("1:1"), QStringLiteral("0:1"),
                QStringLiteral("0:2"), QStringLiteral("0:3") }));
    }

    void customOpsAndUnknownTags()
    {
        const ModelInfo model = modelOf({ subgraph(0, QStringLiteral("main"),
            { QStringLiteral("CUSTOM=SignalWindow"), QStringLiteral("RESHAPE"),
                QStringLiteral("CUSTOM=SignalFft") }) });
        QCOMPARE(identities(merged(captureOfOps({ QStringLiteral("SignalWindow"), QStringLiteral("?"),
                                       QStringLiteral("SIGNAL_FFT") }),
                     Engine::Tflm, &model)),
            QStringList({ QStringLiteral("0:0"), QStringLiteral("0:1"), QStringLiteral("0:2") }));
    }

    void heliaAotWithManifest()
    {
        QString error;
        const std::optional<AotManifest> manifest = AotManifest::parse(
            R"([{"idx":0,"id":1,"op_type":"CONV_2D","name":"conv"},{"idx":1,"id":3,"op_type":"FULLY_CONNECTED"},
                {"idx":2,"op_type":"SOFTMAX"},{"idx":true,"id":2},"junk"])",
            &error);
        QVERIFY2(manifest, qPrintable(error));
        QCOMPARE(manifest->entries.size(), 3);
        QCOMPARE(manifest->skippedEntries, 3);
        QCOMPARE(manifest->sourceIndexFor(1), 3);
        QVERIFY(!manifest->sourceIndexFor(2));
        QCOMPARE(manifest->raw.size(), 5);

        const ModelInfo model = modelOf({ subgraph(0, QStringLiteral("main"),
            { QStringLiteral("VAR_HANDLE"), QStringLiteral("CONV_2D"), QStringLiteral("ADD"),
                QStringLiteral("FULLY_CONNECTED"), QStringLiteral("SOFTMAX") },
            { 0, 900, 0, 40, 0 }) });
        const Capture capture = captureOfOps(
            { QStringLiteral("CONV_2D:1"), QStringLiteral("FULLY_CONNECTED:3"), QStringLiteral("SOFTMAX:4") });
        // The manifest is authoritative: position 2 has no original index there, even though the label has one.
        const ProfileResult withManifest = merged(capture, Engine::HeliaAot, &model, &*manifest);
        QCOMPARE(identities(withManifest),
            QStringList({ QStringLiteral("0:1"), QStringLiteral("0:3"), QStringLiteral("-") }));
        QCOMPARE(withManifest.layers[0].macs, std::optional<qint64>(900));
        QCOMPARE(withManifest.layers[1].macs, std::optional<qint64>(40));
        QCOMPARE(withManifest.unresolved.size(), 1);
        QCOMPARE(withManifest.unresolved[0].position, 2);
        QVERIFY(withManifest.unresolved[0].reason.contains(QStringLiteral("manifest")));
        // Labels only: the suffix is the original index.
        const ProfileResult labels = merged(capture, Engine::HeliaAot, &model);
        QCOMPARE(
            identities(labels), QStringList({ QStringLiteral("0:1"), QStringLiteral("0:3"), QStringLiteral("0:4") }));
        QVERIFY(labels.unresolved.isEmpty());
        // No manifest in the firmware ("op:<layer>") or an index outside the model: unresolved.
        const ProfileResult noManifest
            = merged(captureOfOps({ QStringLiteral("op:0"), QStringLiteral("CONV_2D:9") }), Engine::HeliaAot, &model);
        QCOMPARE(identities(noManifest), QStringList({ QStringLiteral("-"), QStringLiteral("-") }));
        QCOMPARE(noManifest.unresolved.size(), 2);
        QVERIFY(noManifest.unresolved[1].reason.contains(QStringLiteral("outside")));
        // Without a model the suffix still resolves (overlays assume one graph).
        QCOMPARE(identities(merged(capture, Engine::HeliaAot, nullptr)),
            QStringList({ QStringLiteral("0:1"), QStringLiteral("0:3"), QStringLiteral("0:4") }));
    }

    void manifestErrors()
    {
        QString error;
        QVERIFY(!AotManifest::parse("{\"idx\": 0}", &error, QStringLiteral("m.json")));
        QVERIFY(error.startsWith(QStringLiteral("m.json: ")));
        QVERIFY(!AotManifest::parse("[1,", &error));
        QVERIFY(error.contains(QStringLiteral("JSON")));
        QVERIFY(!AotManifest::readFile(QStringLiteral("/nonexistent/aot_operator_manifest.json"), &error));
        QVERIFY(error.contains(QStringLiteral("/nonexistent")));
    }

    void executorchWritesNoOverlays()
    {
        const ProfileResult result
            = merged(captureOfOps({ QStringLiteral("OPERATOR_CALL:c0i0"), QStringLiteral("DELEGATE_CALL:c0i1") }),
                Engine::Executorch, nullptr);
        QCOMPARE(identities(result), QStringList({ QStringLiteral("-"), QStringLiteral("-") }));
        QVERIFY(!result.overlaysSkippedReason.isEmpty());
        QVERIFY(result.unresolved.isEmpty()); // the reason covers the whole run
        QCOMPARE(result.layers.size(), 2);
        QCOMPARE(result.validity(), QStringLiteral("valid"));
    }
};

QTEST_GUILESS_MAIN(TestLayerAttribution)
#include "tst_layerattribution.moc"
