// Issue 33, item 3: operators that did not run in the profiled inferences (a loop not entered, an IF branch not
// taken, a subgraph nothing calls, a CALL_ONCE's init subgraph) are named by position, with invocations 0 and no value,
// apart from the layers; and nothing is claimed where the rows cannot say it.
#include "capturebuilder.h"
#include "model/board/counters.h"
#include "model/results/merge.h"
#include "model/results/operatorsnotrun.h"
#include "modelbuilder.h"

#include <QTest>

using namespace hpx::model;
using hpx::test::modelOf;
using hpx::test::PassBuilder;
using hpx::test::subgraph;

namespace {

const QStringList kCounters { cyclesCounterName(), QStringLiteral("ARM_PMU_INST_RETIRED") };

// One pass, two identical iterations; row i gets cycles 100*(i+1) and INST 10*(i+1).
Capture captureOfOps(const QStringList &ops)
{
    QVector<hpx::test::RowSpec> rows;
    for (int i = 0; i < ops.size(); ++i)
        rows.append({ ops.at(i), { 100.0 * (i + 1), 10.0 * (i + 1) } });
    return hpx::test::captureOf({ PassBuilder(QStringLiteral("cpu_0"), kCounters).iteration(rows).iteration(rows) });
}

ProfileResult merged(const QStringList &ops, const ModelInfo *model, Engine engine = Engine::Tflm)
{
    MergeOptions options;
    options.engine = engine;
    options.model = model;
    MergeOutcome outcome = mergeCapture(captureOfOps(ops), options);
    if (!outcome.ok())
        qFatal("merge failed: %s", qPrintable(outcome.error));
    return *outcome.result;
}

// "s:i" per operator that did not run, with "@init" for one that ran once at initialisation.
QStringList notRunKeys(const ProfileResult &result)
{
    QStringList keys;
    for (const LayerResult &op : result.notRun)
        keys.append(QStringLiteral("%1:%2%3")
                        .arg(op.subgraph)
                        .arg(op.sourceIndex)
                        .arg(op.execution == LayerResult::Execution::OnceAtInit ? QStringLiteral("@init") : QString()));
    return keys;
}

// main = [WHILE(cond 1, body 2)], while_cond = [LESS], while_body = [ADD, MUL, ADD] (multi_subgraphs_while.tflite).
ModelInfo whileModel()
{
    return modelOf({ subgraph(0, QStringLiteral("main"), { QStringLiteral("WHILE>1,2") }),
        subgraph(1, QStringLiteral("while_cond"), { QStringLiteral("LESS") }),
        subgraph(2, QStringLiteral("while_body"),
            { QStringLiteral("ADD"), QStringLiteral("MUL"), QStringLiteral("ADD") }) });
}

// The sentences use %n plural forms, which the programs load from hpx_en.qm; this test loads no translation, so the
// "(s)" form is what it reads whether a translation fills it in or not.
QString pluralsOff(QString text)
{
    return text.replace(QStringLiteral("operators "), QStringLiteral("operator(s) "))
        .replace(QStringLiteral("operator did"), QStringLiteral("operator(s) did"))
        .replace(QStringLiteral("operator of"), QStringLiteral("operator(s) of"));
}

QStringList ops(const char *text)
{
    return QString::fromLatin1(text).split(QLatin1Char(' '));
}

} // namespace

class TestOperatorsNotRun : public QObject {
    Q_OBJECT
private slots:
    // The loop is not entered: the condition ran once, the body's three operators did not.
    void whileBodyNotEntered()
    {
        const ModelInfo model = whileModel();
        const ProfileResult result = merged(ops("WHILE LESS"), &model);
        QCOMPARE(result.layers.size(), 2); // the measured layers are untouched
        QCOMPARE(
            notRunKeys(result), QStringList({ QStringLiteral("2:0"), QStringLiteral("2:1"), QStringLiteral("2:2") }));
        for (int k = 0; k < result.notRun.size(); ++k) {
            const LayerResult &op = result.notRun.at(k);
            QCOMPARE(op.execution, LayerResult::Execution::NotRun);
            QVERIFY(!op.profiled());
            QCOMPARE(op.invocations, 0);
            QCOMPARE(op.position, 2 + k);
            QVERIFY(op.rows.isEmpty());
            QCOMPARE(op.values.size(), kCounters.size());
            for (const std::optional<double> &v : op.values)
                QVERIFY(!v.has_value()); // no value, never 0
            QVERIFY(!op.macs.has_value());
        }
        QCOMPARE(result.notRun.at(1).op, QStringLiteral("MUL"));
        // Not a loss: the result stays valid, and the note names each by position.
        QCOMPARE(result.validity(), QStringLiteral("valid"));
        const QStringList notes = NotRunOperators::notes(result, &model);
        QCOMPARE(notes.size(), 1);
        QCOMPARE(pluralsOff(notes.first()),
            QStringLiteral(
                "3 operator(s) did not run in the profiled inferences (no value, not 0): ADD (while_body #0), "
                "MUL (while_body #1), ADD (while_body #2)."));

        // Entered twice: everything ran.
        const ProfileResult entered = merged(ops("WHILE LESS ADD MUL ADD LESS ADD MUL ADD LESS"), &model);
        QVERIFY(entered.notRun.isEmpty());
        QVERIFY(NotRunOperators::notes(entered, &model).isEmpty());
        QCOMPARE(entered.layers.size(), 5);
    }

    // IF runs one branch: the other's operators did not run, whichever it was.
    void ifBranchNotTaken()
    {
        const ModelInfo model
            = modelOf({ subgraph(0, QStringLiteral("main"), { QStringLiteral("IF>1,2"), QStringLiteral("SOFTMAX") }),
                subgraph(1, QStringLiteral("then"), { QStringLiteral("ADD") }),
                subgraph(2, QStringLiteral("else"), { QStringLiteral("MUL"), QStringLiteral("SUB") }) });
        QCOMPARE(notRunKeys(merged(ops("IF ADD SOFTMAX"), &model)),
            QStringList({ QStringLiteral("2:0"), QStringLiteral("2:1") }));
        QCOMPARE(notRunKeys(merged(ops("IF MUL SUB SOFTMAX"), &model)), QStringList({ QStringLiteral("1:0") }));
    }

    // Nesting: a body not entered takes the subgraphs it calls with it; entered, only the branch not taken is left.
    void nestedControlFlow()
    {
        const ModelInfo model = modelOf({ subgraph(0, QStringLiteral("main"), { QStringLiteral("WHILE>1,2") }),
            subgraph(1, QStringLiteral("cond"), { QStringLiteral("LESS") }),
            subgraph(2, QStringLiteral("body"), { QStringLiteral("IF>3,4"), QStringLiteral("ADD") }),
            subgraph(3, QStringLiteral("then"), { QStringLiteral("MUL") }),
            subgraph(4, QStringLiteral("else"), { QStringLiteral("SUB") }) });
        QCOMPARE(notRunKeys(merged(ops("WHILE LESS"), &model)),
            QStringList(
                { QStringLiteral("2:0"), QStringLiteral("2:1"), QStringLiteral("3:0"), QStringLiteral("4:0") }));
        QCOMPARE(notRunKeys(merged(ops("WHILE LESS IF MUL ADD LESS IF MUL ADD LESS"), &model)),
            QStringList({ QStringLiteral("4:0") }));
    }

    // CALL_ONCE's init subgraph ran once, at the first Invoke, which is not profiled: said so, apart from "not run".
    void callOnceInitRanAtInit()
    {
        const ModelInfo model = modelOf(
            { subgraph(0, QStringLiteral("main"), { QStringLiteral("CALL_ONCE>1"), QStringLiteral("CONV_2D") }),
                subgraph(1, QStringLiteral("init"),
                    { QStringLiteral("VAR_HANDLE"), QStringLiteral("ASSIGN_VARIABLE"), QStringLiteral("IF>2,3") }),
                subgraph(2, QStringLiteral("then"), { QStringLiteral("ADD") }),
                subgraph(3, QStringLiteral("else"), { QStringLiteral("MUL") }),
                subgraph(4, QStringLiteral("unused"), { QStringLiteral("CUSTOM=Mine") }) });
        const ProfileResult result = merged(ops("CALL_ONCE CONV_2D"), &model);
        // What the init graph calls ran (or not) at init too; a subgraph nothing calls did not run.
        QCOMPARE(notRunKeys(result),
            QStringList({ QStringLiteral("1:0@init"), QStringLiteral("1:1@init"), QStringLiteral("1:2@init"),
                QStringLiteral("2:0@init"), QStringLiteral("3:0@init"), QStringLiteral("4:0") }));
        QCOMPARE(result.notRun.last().op, QStringLiteral("Mine")); // TFLM's tag for a custom operator
        const QStringList notes = NotRunOperators::notes(result, &model);
        QCOMPARE(notes.size(), 2);
        QCOMPARE(pluralsOff(notes.at(0)),
            QStringLiteral(
                "1 operator(s) did not run in the profiled inferences (no value, not 0): Mine (unused #0)."));
        QVERIFY2(pluralsOff(notes.at(1))
                     .startsWith(QStringLiteral("5 operator(s) of a CALL_ONCE's init subgraph ran once, at "
                                                "initialisation (the first Invoke, which is not profiled): "
                                                "VAR_HANDLE (init #0), ASSIGN_VARIABLE (init #1)")),
            qPrintable(notes.at(1)));
    }

    // A long list is cut, with the count of the rest.
    void longListsAreCut()
    {
        QStringList body;
        for (int i = 0; i < 20; ++i)
            body << QStringLiteral("ADD");
        const ModelInfo model = modelOf({ subgraph(0, QStringLiteral("main"), { QStringLiteral("WHILE>1,2") }),
            subgraph(1, QStringLiteral("cond"), { QStringLiteral("LESS") }),
            subgraph(2, QStringLiteral("body"), body) });
        const ProfileResult result = merged(ops("WHILE LESS"), &model);
        QCOMPARE(result.notRun.size(), 20);
        const QString note = pluralsOff(NotRunOperators::notes(result, &model).value(0));
        QVERIFY2(note.startsWith(QStringLiteral("20 operator(s) did not run")), qPrintable(note));
        QVERIFY2(note.contains(QStringLiteral("ADD (body #11) and 8 more.")), qPrintable(note));
        QVERIFY(!note.contains(QStringLiteral("body #12")));
    }

    // Where the rows cannot say which operators ran, nothing is said to have not run.
    void nothingClaimedWithoutGrounds_data()
    {
        QTest::addColumn<QString>("rows");
        QTest::addColumn<int>("engine");
        QTest::addColumn<bool>("withModel");
        QTest::addColumn<QString>("main");
        // The firmware recorded only the calling operator: the condition's rows are missing although the WHILE ran.
        QTest::newRow("only calling operators recorded") << "WHILE" << int(Engine::Tflm) << true << "WHILE>1,2";
        // A row that does not follow the model is not attributed: it may be any operator's.
        QTest::newRow("row not attributed") << "WHILE LESS CONV_2D" << int(Engine::Tflm) << true << "WHILE>1,2";
        // The firmware stopped recording before subgraph 0's end (pmu_max_ops).
        QTest::newRow("recording stopped") << "WHILE LESS" << int(Engine::Tflm) << true << "WHILE>1,2 SOFTMAX";
        QTest::newRow("no model") << "WHILE LESS" << int(Engine::Tflm) << false << "WHILE>1,2";
        // heliaAOT and ExecuTorch rows do not follow TFLM's interpreter.
        QTest::newRow("helia-aot") << "WHILE:0" << int(Engine::HeliaAot) << true << "WHILE>1,2";
        QTest::newRow("executorch") << "OPERATOR_CALL:c0i0" << int(Engine::Executorch) << true << "WHILE>1,2";
    }
    void nothingClaimedWithoutGrounds()
    {
        QFETCH(QString, rows);
        QFETCH(int, engine);
        QFETCH(bool, withModel);
        QFETCH(QString, main);
        const ModelInfo model = modelOf({ subgraph(0, QStringLiteral("main"), main.split(QLatin1Char(' '))),
            subgraph(1, QStringLiteral("cond"), { QStringLiteral("LESS") }),
            subgraph(2, QStringLiteral("body"), { QStringLiteral("ADD") }) });
        const ProfileResult result = merged(rows.split(QLatin1Char(' ')), withModel ? &model : nullptr, Engine(engine));
        QVERIFY2(result.notRun.isEmpty(), qPrintable(notRunKeys(result).join(QLatin1Char(' '))));
        // The same model with rows that say it: the body did not run (the control for the rows above).
        if (withModel && engine == int(Engine::Tflm) && main == QStringLiteral("WHILE>1,2"))
            QCOMPARE(notRunKeys(merged(ops("WHILE LESS"), &model)), QStringList({ QStringLiteral("2:0") }));
    }

    // A subgraph that ran shows every operator's row; one missing means the rows are not whole (nothing claimed).
    void aSubgraphThatRanRunsWhole()
    {
        ProfileResult result;
        result.engine = Engine::Tflm;
        result.counters = kCounters;
        const ModelInfo model = whileModel();
        for (const auto &[s, i] : { std::pair { 0, 0 }, std::pair { 1, 0 }, std::pair { 2, 0 } }) {
            LayerResult layer;
            layer.position = int(result.layers.size());
            layer.subgraph = s;
            layer.sourceIndex = i;
            result.layers.append(layer);
        }
        QVERIFY(NotRunOperators::find(result, &model).isEmpty()); // while_body #1 and #2 have no row, #0 has
        result.layers.removeLast();
        QCOMPARE(NotRunOperators::find(result, &model).size(), 3);
    }
};

QTEST_GUILESS_MAIN(TestOperatorsNotRun)
#include "tst_operatorsnotrun.moc"
