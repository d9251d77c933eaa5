// The heat graph's called subgraphs (WHILE, IF, CALL_ONCE): reached from their caller, drawn in place
// inside the calling graph at any depth, in sync with the table.
#include "model/results/operatorsnotrun.h"
#include "tests/ui/heatgraphtestutil.h"
#include "tests/ui/uitestdata.h"
#include "ui/graph/heatgraphitems.h"
#include "ui/graph/heatgraphview.h"
#include "ui/table/layertablemodel.h"
#include "ui/table/layertableview.h"

#include <QGraphicsItem>
#include <QGraphicsScene>
#include <QGraphicsView>
#include <QItemSelectionModel>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>
#include <QToolButton>

using hpx::test::waitForLayout;
using namespace hpx;
using ui::HeatGraphView;

class TestHeatGraphCalls : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // mww_okay_nabu_v2's CALL_ONCE init subgraph runs in the warm-up inference: its operators say they were not
    // profiled, not merely that they have no value.
    void operatorsRunOnceAtStartSayNotProfiled()
    {
        const auto loaded = model::loadModel(
            QString::fromLocal8Bit(qgetenv("HPX_TEST_DATA")) + QStringLiteral("/models/mww_okay_nabu_v2.tflite"));
        QVERIFY2(loaded.ok(), qPrintable(loaded.error));
        model::ProfileResult r;
        r.counters = { QStringLiteral("ARM_PMU_CPU_CYCLES") };
        r.layers = { test::makeLayer(0, QStringLiteral("CALL_ONCE"), 0, 0, { 100.0 }) };
        HeatGraphView view;
        view.resize(900, 600);
        view.setModel(*loaded.model);
        view.setResult(r);
        view.setCurrentCounter(QStringLiteral("ARM_PMU_CPU_CYCLES"));
        QVERIFY(waitForLayout(view));
        QVERIFY(view.nodeToolTip(1).contains(QStringLiteral("No CPU_CYCLES value"))); // runs every inference
        view.setCurrentSubgraph(1);
        QVERIFY(waitForLayout(view));
        QVERIFY2(view.nodeToolTip(0).contains(QStringLiteral("Not profiled: runs once at start")),
            qPrintable(view.nodeToolTip(0)));
    }

    // Issue 33, item 3: an operator that did not run in the profiled inferences is drawn greyed, "not run" on its
    // node, the tooltip says so, never a value; an operator that merely lacks a value keeps the plain "no value" grey.
    void operatorsThatDidNotRunAreGreyed()
    {
        const model::ModelInfo info = test::diamondModel();
        model::ProfileResult r = test::diamondResult();
        r.engine = model::Engine::Tflm;
        r.layers.removeLast(); // body's ADD: nothing calls "body", so it did not run
        model::ProfileResult unsaid = r; // the same values, without saying what did not run
        r.notRun = model::NotRunOperators::find(r, &info);
        QCOMPARE(r.notRun.size(), 2);
        for (const bool said : { true, false }) {
            HeatGraphView view;
            view.resize(900, 600);
            view.setModel(info);
            view.setResult(said ? r : unsaid);
            view.setCurrentCounter(QStringLiteral("ARM_PMU_CPU_CYCLES"));
            view.setCurrentSubgraph(1);
            QVERIFY(waitForLayout(view));
            for (int index : { 0, 1 }) {
                QVERIFY(!view.nodeHasValue(index));
                const QString tip = view.nodeToolTip(index);
                const ui::OperatorNodeItem *node = nullptr;
                for (QGraphicsItem *item : view.scene()->items()) {
                    const auto *n = dynamic_cast<const ui::OperatorNodeItem *>(item);
                    if (n && n->sourceIndex() == index)
                        node = n;
                }
                QVERIFY(node);
                if (said) {
                    QVERIFY2(
                        tip.contains(QStringLiteral("Not run: this operator did not run in the profiled inferences")),
                        qPrintable(tip));
                    QCOMPARE(node->valueText(), QStringLiteral("not run"));
                    QCOMPARE(view.nodeColor(index), view.palette().color(QPalette::Base));
                } else {
                    QVERIFY2(tip.contains(QStringLiteral("No CPU_CYCLES value")), qPrintable(tip));
                    QVERIFY(node->valueText().isEmpty());
                    QVERIFY(view.nodeColor(index) != view.palette().color(QPalette::Base));
                }
            }
        }
    }

    // A WHILE node names the subgraphs it runs; a double-click opens its body and the way back
    // leads to the WHILE again.
    void calledSubgraphsReachableFromTheCaller()
    {
        const auto loaded = model::loadModel(
            QString::fromLocal8Bit(qgetenv("HPX_TEST_DATA")) + QStringLiteral("/models/multi_subgraphs_while.tflite"));
        QVERIFY2(loaded.ok(), qPrintable(loaded.error));
        const auto &m = *loaded.model;
        int caller = -1;
        for (const auto &op : m.subgraphs.first().operators)
            if (op.op == QLatin1String("WHILE"))
                caller = op.index;
        QVERIFY(caller >= 0);
        HeatGraphView view;
        view.resize(900, 600);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setModel(m);
        QVERIFY(waitForLayout(view));
        const QVector<int> called = view.calledSubgraphs(caller);
        QCOMPARE(called, m.subgraphs.first().operators.at(caller).calledSubgraphs);
        view.fitToView();
        QGraphicsView *canvas = view.graphicsView();
        const QPoint p = canvas->mapFromScene(view.nodeCenter(caller));
        QTest::mouseDClick(canvas->viewport(), Qt::LeftButton, {}, p);
        QCOMPARE(view.currentSubgraph(), called.value(1)); // a WHILE opens its body
        QVERIFY(waitForLayout(view));
        QCOMPARE(view.callerOf(view.currentSubgraph()), (QPair<int, int>(0, caller)));
        QSignalSpy spy(&view, &HeatGraphView::operatorSelected);
        auto *back = view.findChild<QToolButton *>(QString(), Qt::FindDirectChildrenOnly);
        for (auto *b : view.findChildren<QToolButton *>())
            if (b->isVisible() && b->text().contains(QStringLiteral("WHILE")))
                back = b;
        QVERIFY(back && back->text().contains(QStringLiteral("WHILE")));
        back->click();
        QVERIFY(waitForLayout(view));
        QCOMPARE(view.currentSubgraph(), 0);
        QCOMPARE(view.selectedOperator()->second, caller);
        QCOMPARE(spy.count(), 1);
    }

    // Issue 14: a WHILE's cond and body drawn inside the calling graph, in framed groups beside the
    // caller, coloured by the same counter; a body node selects its table row and the table selects it.
    void calledBodiesExpandInPlaceAndSyncWithTheTable()
    {
        const auto loaded = model::loadModel(
            QString::fromLocal8Bit(qgetenv("HPX_TEST_DATA")) + QStringLiteral("/models/multi_subgraphs_while.tflite"));
        QVERIFY2(loaded.ok(), qPrintable(loaded.error));
        const auto m = *loaded.model;
        int caller = -1;
        for (const auto &op : m.subgraphs.first().operators)
            if (op.op == QLatin1String("WHILE"))
                caller = op.index;
        QVERIFY(caller >= 0);
        const QVector<int> called = m.subgraphs.first().operators.at(caller).calledSubgraphs;
        QCOMPARE(called.size(), 2);
        const int body = called.at(1);
        QVERIFY(!m.subgraphs.at(body).operators.isEmpty());
        // A result with a layer for every operator of every subgraph, as a profile of a WHILE model has.
        model::ProfileResult r;
        r.counters = { QStringLiteral("ARM_PMU_CPU_CYCLES") };
        for (const auto &sg : m.subgraphs)
            for (const auto &op : sg.operators)
                r.layers.append(test::makeLayer(
                    int(r.layers.size()), op.op, sg.index, op.index, { double(100 + 37 * r.layers.size()) }));

        HeatGraphView view;
        view.resize(900, 600);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        ui::LayerTableView table;
        QObject::connect(&view, &HeatGraphView::operatorSelected, &table, &ui::LayerTableView::selectOperator);
        QObject::connect(&table, &ui::LayerTableView::operatorSelected, &view, &HeatGraphView::selectOperator);
        table.setModel(m);
        table.setResult(r);
        view.setModel(m);
        view.setResult(r);
        QVERIFY(waitForLayout(view));
        auto groups = [&view] {
            QVector<ui::GroupFrameItem *> out;
            for (QGraphicsItem *i : view.scene()->items())
                if (i->type() == ui::GroupFrameItem::Type)
                    out.append(static_cast<ui::GroupFrameItem *>(i));
            return out;
        };
        QVERIFY(groups().isEmpty());

        // E on the selected WHILE expands it in place (a new layout, off the UI thread).
        QVERIFY(view.selectOperator(0, caller));
        view.graphicsView()->setFocus();
        QTest::keyClick(view.graphicsView(), Qt::Key_E);
        QVERIFY(view.isExpanded(caller));
        QVERIFY(waitForLayout(view));
        QCOMPARE(view.currentSubgraph(), 0);
        const auto frames = groups();
        QCOMPARE(frames.size(), 2); // cond and body
        ui::GroupFrameItem *bodyFrame = nullptr;
        for (auto *f : frames)
            if (f->subgraph() == body)
                bodyFrame = f;
        QVERIFY(bodyFrame);
        QCOMPARE(bodyFrame->caller(), caller);
        QVERIFY(bodyFrame->title().contains(ui::subgraphLabel(&m, body)));
        // Every body operator is drawn inside the frame, under the caller, with its counter colour.
        int inFrame = 0;
        for (QGraphicsItem *i : view.scene()->items()) {
            if (i->type() != ui::OperatorNodeItem::Type)
                continue;
            auto *n = static_cast<ui::OperatorNodeItem *>(i);
            if (n->subgraph() != body)
                continue;
            ++inFrame;
            QVERIFY(bodyFrame->frame().contains(n->sceneBoundingRect()));
            QVERIFY(n->sceneBoundingRect().top() > view.nodeCenter(caller).y());
            QCOMPARE(n->hasValue(), true);
        }
        QCOMPARE(inFrame, int(m.subgraphs.at(body).operators.size()));
        QVERIFY(!view.scene()->sceneRect().isEmpty() && view.scene()->sceneRect().contains(bodyFrame->frame()));

        // Clicking a body node selects its row in the table.
        view.fitToView();
        const QPointF bodyNode = view.bodyNodeCenter(body, 0);
        QVERIFY(!bodyNode.isNull());
        view.graphicsView()->centerOn(bodyNode);
        QSignalSpy spy(&view, &HeatGraphView::operatorSelected);
        QTest::mouseClick(
            view.graphicsView()->viewport(), Qt::LeftButton, {}, view.graphicsView()->mapFromScene(bodyNode));
        QCOMPARE(spy.count(), 1);
        QCOMPARE(spy.at(0).at(0).toInt(), body);
        QCOMPARE(spy.at(0).at(1).toInt(), 0);
        const QModelIndex row = table.tableView()->selectionModel()->currentIndex();
        QVERIFY(row.isValid());
        QCOMPARE(row.data(ui::LayerTableModel::SubgraphRole).toInt(), body);
        QCOMPARE(row.data(ui::LayerTableModel::SourceIndexRole).toInt(), 0);

        // The table (or a chart) selects a body operator: the graph selects it in place, without switching.
        const int last = int(m.subgraphs.at(body).operators.size()) - 1;
        QVERIFY(view.selectOperator(body, last));
        QCOMPARE(view.currentSubgraph(), 0);
        QCOMPARE(view.selectedOperator(), (std::optional<QPair<int, int>>(QPair<int, int>(body, last))));

        // The +/- box collapses it again; the caller is selected.
        view.resetZoom();
        view.graphicsView()->centerOn(view.nodeCenter(caller));
        QGraphicsItem *callerItem = nullptr;
        for (QGraphicsItem *i : view.scene()->items())
            if (i->type() == ui::OperatorNodeItem::Type && static_cast<ui::OperatorNodeItem *>(i)->subgraph() == 0
                && static_cast<ui::OperatorNodeItem *>(i)->sourceIndex() == caller)
                callerItem = i;
        QVERIFY(callerItem);
        auto *callerNode = static_cast<ui::OperatorNodeItem *>(callerItem);
        QVERIFY(callerNode->isExpanded());
        const QPoint box = view.graphicsView()->mapFromScene(callerNode->mapToScene(callerNode->toggleRect().center()));
        QTest::mouseClick(view.graphicsView()->viewport(), Qt::LeftButton, {}, box);
        QVERIFY(!view.isExpanded(caller));
        QVERIFY(waitForLayout(view));
        QVERIFY(groups().isEmpty());
        QCOMPARE(view.selectedOperator(), (std::optional<QPair<int, int>>(QPair<int, int>(0, caller))));
    }

    // Issue 14: called bodies expand in place at any depth. A WHILE inside an expanded WHILE body gets its
    // own +/− box; its cond and body are framed inside the outer body's frame, and so on down to an IF in
    // the inner body. Folding the outer caller folds what was open inside it.
    void nestedCalledBodiesExpandAtAnyDepth()
    {
        const model::ModelInfo m = test::nestedWhileModel();
        QCOMPARE(m.subgraphs.size(), 7);
        QCOMPARE(m.subgraphs.at(0).operators.at(1).calledSubgraphs, (QVector<int> { 1, 2 }));
        QCOMPARE(m.subgraphs.at(2).operators.at(1).calledSubgraphs, (QVector<int> { 3, 4 }));
        QCOMPARE(m.subgraphs.at(4).operators.at(1).calledSubgraphs, (QVector<int> { 5, 6 }));
        HeatGraphView view;
        view.resize(1000, 700);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setModel(m);
        view.setResult(test::everyOperatorResult(m));
        QVERIFY(waitForLayout(view));
        auto frames = [&view] {
            QHash<int, ui::GroupFrameItem *> out; // by subgraph
            for (QGraphicsItem *i : view.scene()->items())
                if (i->type() == ui::GroupFrameItem::Type)
                    out.insert(static_cast<ui::GroupFrameItem *>(i)->subgraph(), static_cast<ui::GroupFrameItem *>(i));
            return out;
        };
        auto nodeAt = [&view](const ui::NodePath &path) -> ui::OperatorNodeItem * {
            for (QGraphicsItem *i : view.scene()->items())
                if (i->type() == ui::OperatorNodeItem::Type && static_cast<ui::OperatorNodeItem *>(i)->path() == path)
                    return static_cast<ui::OperatorNodeItem *>(i);
            return nullptr;
        };
        // Every node of a body lies inside its own frame, has its counter value, and the frame lies inside
        // the frame of the body that calls it.
        auto checkBody = [&](int subgraph, int parentSubgraph) {
            const auto f = frames();
            QVERIFY2(f.contains(subgraph), qPrintable(QString::number(subgraph)));
            int inside = 0;
            for (QGraphicsItem *i : view.scene()->items()) {
                if (i->type() != ui::OperatorNodeItem::Type)
                    continue;
                auto *n = static_cast<ui::OperatorNodeItem *>(i);
                if (n->subgraph() != subgraph)
                    continue;
                ++inside;
                QVERIFY(f.value(subgraph)->frame().contains(n->sceneBoundingRect()));
                QVERIFY(n->hasValue());
            }
            QCOMPARE(inside, int(m.subgraphs.at(subgraph).operators.size()));
            if (parentSubgraph >= 0)
                QVERIFY(f.value(parentSubgraph)->frame().contains(f.value(subgraph)->frame()));
            QVERIFY(view.scene()->sceneRect().contains(f.value(subgraph)->frame()));
        };

        // Level 1: the main WHILE.
        QVERIFY(view.setExpanded(1, true));
        QVERIFY(waitForLayout(view));
        QCOMPARE(frames().size(), 2);
        checkBody(2, -1);
        const ui::NodePath innerWhile { { { 1, 2 } }, 1 };
        ui::OperatorNodeItem *inner = nodeAt(innerWhile);
        QVERIFY(inner);
        QCOMPARE(inner->op(), QStringLiteral("WHILE"));
        QVERIFY(inner->hasToggle()); // the nested caller can be expanded too
        QVERIFY(!inner->isExpanded());

        // Level 2: a click on the nested WHILE's +/− box.
        view.resetZoom();
        view.graphicsView()->centerOn(inner);
        const QPoint box = view.graphicsView()->mapFromScene(inner->mapToScene(inner->toggleRect().center()));
        QTest::mouseClick(view.graphicsView()->viewport(), Qt::LeftButton, {}, box);
        QVERIFY(view.isExpanded(innerWhile));
        QVERIFY(waitForLayout(view));
        QCOMPARE(frames().size(), 4);
        checkBody(3, 2);
        checkBody(4, 2);
        QCOMPARE(frames().value(4)->callerPath(), innerWhile);
        QVERIFY(nodeAt(innerWhile)->isExpanded());
        QVERIFY(view.isDrawnInPlace(4));
        QCOMPARE(view.currentSubgraph(), 0);

        // Level 3: E on the IF of the inner body, selected from outside (the table) without switching.
        QVERIFY(view.selectOperator(4, 1));
        QCOMPARE(view.currentSubgraph(), 0);
        QCOMPARE(view.selectedOperator(), (std::optional<QPair<int, int>>(QPair<int, int>(4, 1))));
        view.graphicsView()->setFocus();
        QTest::keyClick(view.graphicsView(), Qt::Key_E);
        const ui::NodePath innerIf { { { 1, 2 }, { 1, 4 } }, 1 };
        QVERIFY(view.isExpanded(innerIf));
        QVERIFY(waitForLayout(view));
        QCOMPARE(frames().size(), 6);
        checkBody(5, 4);
        checkBody(6, 4);
        QVERIFY(frames().value(2)->frame().contains(frames().value(5)->frame()));
        // The selection survives the new layout; a deep node selects from outside in place.
        QCOMPARE(view.selectedOperator(), (std::optional<QPair<int, int>>(QPair<int, int>(4, 1))));
        QSignalSpy spy(&view, &HeatGraphView::operatorSelected);
        QVERIFY(view.selectOperator(6, 0));
        QCOMPARE(view.currentSubgraph(), 0);
        QCOMPARE(view.selectedOperator(), (std::optional<QPair<int, int>>(QPair<int, int>(6, 0))));
        QCOMPARE(spy.count(), 0); // no echo
        QVERIFY(!view.bodyNodeCenter(6, 0).isNull());
        QCOMPARE(view.bodyNodeCenter(6, 0), view.nodeCenter(innerIf.into(6, 0)));

        // Folding the main WHILE folds everything inside it.
        QVERIFY(view.setExpanded(1, false));
        QVERIFY(!view.isExpanded(innerWhile));
        QVERIFY(!view.isExpanded(innerIf));
        QVERIFY(waitForLayout(view));
        QVERIFY(frames().isEmpty());
        QVERIFY(!view.isDrawnInPlace(4));
        QVERIFY(view.setExpanded(1, true));
        QVERIFY(waitForLayout(view));
        QCOMPARE(frames().size(), 2); // opened again one level deep
    }

    // A body that runs itself (a cycle, as a damaged or hand-made model may have) is not drawn inside
    // itself again: its caller inside the body expands only what is not open around it.
    void recursiveCallsAreNotExpandedAgain()
    {
        auto op = [](int index, const char *name, QVector<int> called = {}) {
            model::OperatorInfo o = test::makeOp(index, QString::fromLatin1(name), { index }, { index + 1 });
            o.calledSubgraphs = std::move(called);
            return o;
        };
        model::ModelInfo m;
        m.fileName = QStringLiteral("cycle.tflite");
        for (int s = 0; s < 3; ++s) {
            model::SubgraphInfo sg;
            sg.index = s;
            sg.graphId = QStringList { QStringLiteral("main"), QStringLiteral("body"), QStringLiteral("cond") }.at(s);
            m.subgraphs.append(sg);
        }
        m.subgraphs[0].operators = { op(0, "WHILE", { 2, 1 }) };
        m.subgraphs[1].operators = { op(0, "ADD"), op(1, "WHILE", { 2, 1 }), op(2, "CALL_ONCE", { 1 }) };
        m.subgraphs[2].operators = { op(0, "LESS") };
        HeatGraphView view;
        view.resize(800, 600);
        view.setModel(m);
        QVERIFY(waitForLayout(view));
        QVERIFY(view.setExpanded(0, true));
        QVERIFY(waitForLayout(view));
        const ui::NodePath loop { { { 0, 1 } }, 1 }, once { { { 0, 1 } }, 2 };
        // CALL_ONCE of the open body: nothing left to draw, so no +/− box and no expansion.
        QVERIFY(!view.setExpanded(once, true));
        QVERIFY(!view.isExpanded(once));
        QVERIFY(view.setExpanded(loop, true));
        QVERIFY(waitForLayout(view));
        QVector<int> drawn;
        for (QGraphicsItem *i : view.scene()->items()) {
            if (i->type() == ui::OperatorNodeItem::Type) {
                auto *n = static_cast<ui::OperatorNodeItem *>(i);
                if (n->path() == once)
                    QVERIFY(!n->hasToggle());
                if (n->path() == loop)
                    QVERIFY(n->hasToggle() && n->isExpanded());
            } else if (i->type() == ui::GroupFrameItem::Type) {
                drawn.append(static_cast<ui::GroupFrameItem *>(i)->subgraph());
            }
        }
        std::sort(drawn.begin(), drawn.end());
        QCOMPARE(drawn, (QVector<int> { 1, 2, 2 })); // body and cond of the main WHILE, cond of the inner one
    }
};

QTEST_MAIN(TestHeatGraphCalls)
#include "tst_heatgraphcalls.moc"
