#include "model/bundle/overlay.h"
#include "model/json/jsonwriter.h"
#include "tests/ui/heatgraphtestutil.h"
#include "tests/ui/overlaycolors.h"
#include "tests/ui/uitestdata.h"
#include "ui/common/countercombo.h"
#include "ui/common/flowlayout.h"
#include "ui/common/resultviewdata.h"
#include "ui/graph/heatgraphcanvas.h"
#include "ui/graph/heatgraphitems.h"
#include "ui/graph/heatgraphtoolbar.h"
#include "ui/graph/heatgraphview.h"
#include "ui/graph/heatlegend.h"
#include "ui/graph/heatminimap.h"
#include "ui/table/layertablemodel.h"
#include "ui/table/layertableview.h"

#include <QComboBox>
#include <QGraphicsItem>
#include <QGraphicsScene>
#include <QGraphicsView>
#include <QItemSelectionModel>
#include <QJsonArray>
#include <QMenu>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>
#include <QToolButton>

#include <cmath>

using hpx::test::waitForLayout;
using namespace hpx;
using ui::HeatGradient;
using ui::HeatGraphView;

namespace {

// What the bundle writer puts in me_overlay_<COUNTER>.json for one subgraph (docs/compatibility.md §6).
QJsonObject overlayFor(const model::ProfileResult &r, const QString &counter, int subgraph, const QString &graphId)
{
    const int c = r.counters.indexOf(counter);
    QJsonObject results;
    for (const auto &l : r.layers) {
        if (l.subgraph == subgraph && l.sourceIndex >= 0 && c < l.values.size() && l.values[c])
            results.insert(QString::number(l.sourceIndex), QJsonObject { { QStringLiteral("value"), *l.values[c] } });
    }
    QJsonArray gradient;
    const char *colors[] = { "#22c55e", "#eab308", "#ef4444" };
    const double stops[] = { 0, 0.5, 1 };
    for (int i = 0; i < 3; ++i)
        gradient.append(QJsonObject {
            { QStringLiteral("stop"), stops[i] }, { QStringLiteral("bgColor"), QString::fromLatin1(colors[i]) } });
    return QJsonObject { { graphId,
        QJsonObject { { QStringLiteral("results"), results }, { QStringLiteral("gradient"), gradient },
            { QStringLiteral("name"), counter } } } };
}

} // namespace

class TestHeatGraphView : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void nodesLayeredAndLabelled()
    {
        HeatGraphView view;
        view.resize(800, 600);
        view.setModel(test::diamondModel());
        QVERIFY(view.isLayoutPending());
        QVERIFY(waitForLayout(view));
        QCOMPARE(view.nodeCount(), 6);
        // Producer above consumer, following the tensors.
        QVERIFY(view.nodeCenter(0).y() < view.nodeCenter(1).y());
        QVERIFY(view.nodeCenter(0).y() < view.nodeCenter(2).y());
        QVERIFY(view.nodeCenter(2).y() < view.nodeCenter(3).y());
        QVERIFY(view.nodeCenter(4).y() < view.nodeCenter(5).y());
        // Without a result nothing is coloured.
        QVERIFY(!view.nodeHasValue(0));
        QVERIFY(!view.range().valid);
    }

    void colorsMatchGradientAndOverlay_data()
    {
        QTest::addColumn<QString>("counter");
        QTest::newRow("cycles") << QStringLiteral("ARM_PMU_CPU_CYCLES");
        QTest::newRow("inst") << QStringLiteral("ARM_PMU_INST_RETIRED");
        QTest::newRow("mve inst (one node missing)") << QStringLiteral("ARM_PMU_MVE_INST_RETIRED");
        QTest::newRow("mve stall (a zero)") << QStringLiteral("ARM_PMU_MVE_STALL");
    }

    void colorsMatchGradientAndOverlay()
    {
        QFETCH(QString, counter);
        const auto result = test::diamondResult();
        HeatGraphView view;
        view.setModel(test::diamondModel());
        view.setResult(result);
        view.setCurrentCounter(counter);
        QCOMPARE(view.currentCounter(), counter);
        QVERIFY(waitForLayout(view));
        const auto expected
            = test::overlayColors(overlayFor(result, counter, 0, QStringLiteral("main")), QStringLiteral("main"));
        QVERIFY(!expected.isEmpty());
        for (int i = 0; i < view.nodeCount(); ++i) {
            const QString key = QString::number(i);
            QCOMPARE(view.nodeHasValue(i), expected.contains(key));
            if (expected.contains(key))
                QCOMPARE(view.nodeColor(i), expected.value(key));
        }
        // The minimum is green and the maximum red, over subgraph 0 only (layer 6 is in subgraph 1).
        const int c = result.counters.indexOf(counter);
        int minI = -1, maxI = -1;
        for (int i = 0; i < 6; ++i) {
            const auto v = result.layers[i].values[c];
            if (!v)
                continue;
            if (minI < 0 || *v < *result.layers[minI].values[c])
                minI = i;
            if (maxI < 0 || *v > *result.layers[maxI].values[c])
                maxI = i;
        }
        QCOMPARE(view.nodeColor(minI), HeatGradient::colorAt(0));
        QCOMPARE(view.nodeColor(maxI), HeatGradient::colorAt(1));
        QCOMPARE(view.legend()->minText(), ui::formatNumber(*result.layers[minI].values[c]));
        QCOMPARE(view.legend()->maxText(), ui::formatNumber(*result.layers[maxI].values[c]));
    }

    // Issue 21: the virtual board's cycle column is emulated instructions in the legend and the counter list.
    void emulatedInstructionsAreNotCalledCycles()
    {
        const QString emulated = QStringLiteral("Instructions (emulated)");
        HeatGraphView view;
        view.setModel(test::diamondModel());
        view.setResult(test::diamondResultOnTheVirtualBoard());
        QVERIFY(waitForLayout(view));
        QCOMPARE(view.legend()->title(), emulated);
        auto *combo = view.findChild<ui::CounterCombo *>();
        QVERIFY(combo);
        QCOMPARE(combo->currentText(), emulated);
        view.setResult(test::diamondResult());
        QVERIFY(waitForLayout(view));
        QCOMPARE(view.legend()->title(), QStringLiteral("CPU_CYCLES"));
        QCOMPARE(combo->currentText(), QStringLiteral("CPU_CYCLES"));
    }

    // Issue 24 (3): the toolbar's Scale combo recolours by rank and says so in the legend.
    void scaleComboColoursByRank()
    {
        auto result = test::diamondResult();
        const double values[] = { 100, 110, 120, 130, 10000, 140 };
        for (int i = 0; i < 6; ++i)
            result.layers[i].values[0] = values[i];
        HeatGraphView view;
        view.setModel(test::diamondModel());
        view.setResult(result);
        QVERIFY(waitForLayout(view));
        QCOMPARE(view.legend()->scaleText(), QStringLiteral("linear scale"));
        // Linear: the five operators from 100 to 140 all sit in the bottom half percent of the gradient.
        QVERIFY(view.range().normalize(140) < 0.005);
        auto *combo = view.findChild<QComboBox *>(QStringLiteral("HeatScaleCombo"));
        QVERIFY(combo);
        QSignalSpy chosen(&view, &HeatGraphView::scaleChanged);
        const int rankIndex = combo->findData(int(ui::HeatScale::Rank));
        combo->setCurrentIndex(rankIndex);
        emit combo->activated(rankIndex);
        QCOMPARE(chosen.count(), 1);
        QCOMPARE(view.scale(), ui::HeatScale::Rank);
        QCOMPARE(view.legend()->scaleText(), QStringLiteral("rank scale"));
        // Ranks 0..5 of 6 values: 140 is the second highest (4 of 5), 100 the lowest, 10000 the highest.
        QCOMPARE(view.nodeColor(0), HeatGradient::colorAt(0));
        QCOMPARE(view.nodeColor(5), HeatGradient::colorAt(0.8));
        QCOMPARE(view.nodeColor(4), HeatGradient::colorAt(1));
        QCOMPARE(view.nodeColor(2), HeatGradient::colorAt(0.4));
        // The legend's numbers stay the values, not ranks.
        QCOMPARE(view.legend()->maxText(), ui::formatNumber(10000));
        // Set from outside (the window restoring the saved choice): no scaleChanged, the combo follows.
        view.setScale(ui::HeatScale::Logarithmic);
        QCOMPARE(chosen.count(), 1);
        QCOMPARE(combo->currentData().toInt(), int(ui::HeatScale::Logarithmic));
        QCOMPARE(view.legend()->scaleText(), QStringLiteral("log scale"));
        QCOMPARE(view.nodeColor(5), HeatGradient::colorAt(std::log(1.4) / std::log(100.0)));
    }

    // Issue 24 (2.8): a far-zoom label of a node at the pane's edge stays whole inside the pane.
    void farLabelsStayInsideThePane()
    {
        const QRect area(0, 0, 400, 300);
        const QSize label(120, 18);
        // A node in the middle: centred above it.
        QCOMPARE(ui::HeatGraphCanvas::labelRect(QRect(190, 100, 20, 10), label, area), QRect(139, 80, 120, 18));
        // At the left edge (even partly outside it): moved right, not cut.
        const QRect left = ui::HeatGraphCanvas::labelRect(QRect(-8, 100, 20, 10), label, area);
        QCOMPARE(left.left(), 2);
        QCOMPARE(left.width(), 120);
        // At the right edge: moved left.
        QVERIFY(ui::HeatGraphCanvas::labelRect(QRect(392, 100, 20, 10), label, area).right() <= area.right() - 2);
        // At the top: below the node.
        QCOMPARE(ui::HeatGraphCanvas::labelRect(QRect(190, 5, 20, 10), label, area).top(), 16);
    }

    // Issue 24 (2.4): in a narrow pane a far-zoom label gives up its op name before its value: the value is never cut.
    void farLabelsKeepTheirValueWhole()
    {
        const QFontMetrics fm(QApplication::font());
        const QString op = QStringLiteral("DEPTHWISE_CONV_2D");
        const QString value = QStringLiteral("165,888");
        const QString full = QStringLiteral("DEPTHWISE_CONV_2D #5 · 165,888");
        QCOMPARE(ui::HeatGraphCanvas::labelText(op, 5, value, fm, 2000), full);
        bool elided = false, dropped = false;
        for (int width = fm.horizontalAdvance(full); width > 0; --width) {
            const QString text = ui::HeatGraphCanvas::labelText(op, 5, value, fm, width);
            QVERIFY2(fm.horizontalAdvance(text) <= width, qPrintable(text));
            QVERIFY2(text.isEmpty() || text.endsWith(QStringLiteral("#5 · 165,888")), qPrintable(text));
            elided = elided || text.contains(QChar(0x2026));
            dropped = dropped || text == QStringLiteral("#5 · 165,888");
        }
        QVERIFY(elided && dropped);
        QCOMPARE(ui::HeatGraphCanvas::labelText(op, 5, QString(), fm, 2000), QStringLiteral("DEPTHWISE_CONV_2D #5"));
    }

    // Issue 24 (2.4): in compare mode at scale 2 the graph pane is about 180 px wide and the legend's highest value
    // was cut ("+216.14"): too narrow for the whole numbers, it writes them as the graph's labels do.
    void legendRangeStaysVisibleInANarrowPane()
    {
        ui::HeatLegend legend;
        legend.setDiverging(QStringLiteral("CPU_CYCLES"), 216144.5, false);
        legend.resize(600, legend.sizeHint().height());
        QCOMPARE(legend.shownRangeTexts().first, legend.minText());
        QCOMPARE(legend.shownRangeTexts().second, legend.maxText());
        legend.resize(legend.fontMetrics().horizontalAdvance(legend.maxText()) * 2, legend.sizeHint().height());
        const auto [low, high] = legend.shownRangeTexts();
        QCOMPARE(low, ui::compactNumber(-216144.5));
        QCOMPARE(high, QStringLiteral("+") + ui::compactNumber(216144.5));
        QVERIFY(legend.fontMetrics().horizontalAdvance(low + high) + 12 + 40 <= legend.width() - 8);
        QVERIFY(legend.toolTip().contains(legend.maxText())); // the whole numbers stay in the tooltip
    }

    // Issue 37 (2): at scale 2 in German the legend read "392 ▬ 150.261,5": the counter's name and the scale had given
    // way to the whole numbers. Too narrow for all of it on one line, it takes two: the name and the scale above the
    // range; the compare legend's note ("blue faster · red slower") is whole too.
    void aNarrowLegendKeepsTheCounterAndTheScale()
    {
        ui::HeatLegend legend;
        ui::HeatRange range;
        range.scale = ui::HeatScale::Logarithmic;
        range.add(392);
        range.add(150261.5);
        range.finish();
        legend.setRange(QStringLiteral("CPU_CYCLES"), range, false);
        const int oneLine = legend.heightForWidth(2000);
        legend.resize(2000, oneLine);
        QCOMPARE(
            legend.shownText(), QStringLiteral("CPU_CYCLES|%1|%2|log scale").arg(legend.minText(), legend.maxText()));
        const int narrow = legend.fontMetrics().horizontalAdvance(QStringLiteral("CPU_CYCLES log scale")) + 60;
        QVERIFY(legend.heightForWidth(narrow) > oneLine);
        legend.resize(narrow, legend.heightForWidth(narrow));
        const QStringList shown = legend.shownText().split(QLatin1Char('|'));
        QCOMPARE(shown.size(), 4);
        QCOMPARE(shown.first(), QStringLiteral("CPU_CYCLES"));
        QCOMPARE(shown.last(), QStringLiteral("log scale"));

        legend.setDiverging(QStringLiteral("CPU_CYCLES"), 216144.5, false);
        const int diverging
            = legend.fontMetrics().horizontalAdvance(QStringLiteral("Δ CPU_CYCLES blue faster · red slower")) + 40;
        legend.resize(diverging, legend.heightForWidth(diverging));
        QVERIFY2(
            legend.shownText().endsWith(QStringLiteral("|blue faster · red slower")), qPrintable(legend.shownText()));
        // The layout gives it the height it asks for.
        ui::HeatGraphView view;
        view.resize(300, 400);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.legend()->setRange(QStringLiteral("CPU_CYCLES"), range, false);
        QTRY_COMPARE(view.legend()->height(), view.legend()->heightForWidth(view.legend()->width()));
    }

    void midpointIsYellowAndEqualValues()
    {
        auto result = test::diamondResult();
        for (int i = 0; i < 6; ++i)
            result.layers[i].values[0] = 100.0 + i * 20;
        result.layers[4].values[0] = 200.0; // range 100..200
        result.layers[5].values[0] = 150.0; // the exact midpoint
        HeatGraphView view;
        view.setModel(test::diamondModel());
        view.setResult(result);
        QCOMPARE(view.currentCounter(), QStringLiteral("ARM_PMU_CPU_CYCLES")); // cycles first by default
        QVERIFY(waitForLayout(view));
        QCOMPARE(view.nodeColor(0), QColor(QStringLiteral("#22c55e")));
        QCOMPARE(view.nodeColor(4), QColor(QStringLiteral("#ef4444")));
        QCOMPARE(view.nodeColor(5), QColor(QStringLiteral("#eab308")));
        QCOMPARE(view.nodeColor(1), HeatGradient::colorAt(0.2));

        // Subgraph 1 has one valued node: all equal -> the middle stop, legend says so.
        QSignalSpy sub(&view, &HeatGraphView::currentSubgraphChanged);
        view.setCurrentSubgraph(1);
        QCOMPARE(sub.count(), 1);
        QVERIFY(waitForLayout(view));
        QCOMPARE(view.nodeCount(), 2);
        QVERIFY(view.range().allEqual());
        QCOMPARE(view.nodeColor(0), QColor(QStringLiteral("#eab308")));
        QVERIFY(!view.nodeHasValue(1));
    }

    void renderedPixelsUseTheColours()
    {
        HeatGraphView view;
        view.resize(900, 700);
        view.setModel(test::diamondModel());
        view.setResult(test::diamondResult());
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QVERIFY(waitForLayout(view));
        view.fitToView();
        const QImage img = view.graphicsView()->viewport()->grab().toImage();
        QVERIFY(!img.isNull());
        for (int i : { 2, 3 }) { // hottest (red) and coolest (green)
            const QGraphicsItem *item = view.scene()->itemAt(view.nodeCenter(i), QTransform());
            QVERIFY(item);
            const QRectF r = item->sceneBoundingRect();
            const QPoint p = view.graphicsView()->mapFromScene(QPointF(r.left() + 6, r.center().y()));
            QCOMPARE(img.pixelColor(p).rgb(), view.nodeColor(i).rgb());
        }
    }

    void selectionSyncBothWays()
    {
        HeatGraphView view;
        view.resize(900, 700);
        view.setModel(test::diamondModel());
        view.setResult(test::diamondResult());
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QVERIFY(waitForLayout(view));
        view.fitToView();
        QSignalSpy spy(&view, &HeatGraphView::operatorSelected);

        // Click on a node -> signal with (subgraph, index).
        const QPoint p = view.graphicsView()->mapFromScene(view.nodeCenter(4));
        QTest::mouseClick(view.graphicsView()->viewport(), Qt::LeftButton, {}, p);
        QCOMPARE(spy.count(), 1);
        QCOMPARE(spy.at(0).at(0).toInt(), 0);
        QCOMPARE(spy.at(0).at(1).toInt(), 4);

        // API -> selected item, no echo.
        spy.clear();
        QVERIFY(view.selectOperator(0, 2));
        QCOMPARE(view.selectedOperator()->second, 2);
        QCOMPARE(view.scene()->selectedItems().size(), 1);
        QCOMPARE(spy.count(), 0);
        QVERIFY(!view.selectOperator(0, 17));
        QVERIFY(!view.selectOperator(5, 0));

        // Another subgraph: switches and selects once its layout is ready.
        QVERIFY(view.selectOperator(1, 1));
        QVERIFY(waitForLayout(view));
        QCOMPARE(view.currentSubgraph(), 1);
        QCOMPARE(view.selectedOperator()->first, 1);
        QCOMPARE(view.selectedOperator()->second, 1);
        QCOMPARE(spy.count(), 0);
    }

    void keyboardWalksTheOperators()
    {
        HeatGraphView view;
        view.resize(600, 500);
        view.show();
        view.setModel(test::diamondModel());
        QVERIFY(waitForLayout(view));
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QGraphicsView *canvas = view.graphicsView();
        canvas->setFocus();
        QSignalSpy spy(&view, &HeatGraphView::operatorSelected);
        QTest::keyClick(canvas, Qt::Key_Down); // nothing selected: the first operator
        QCOMPARE(view.selectedOperator()->second, 0);
        QTest::keyClick(canvas, Qt::Key_Down);
        QTest::keyClick(canvas, Qt::Key_Down);
        QCOMPARE(view.selectedOperator()->second, 2);
        QTest::keyClick(canvas, Qt::Key_Up);
        QCOMPARE(view.selectedOperator()->second, 1);
        QTest::keyClick(canvas, Qt::Key_End);
        QCOMPARE(view.selectedOperator()->second, 5);
        QTest::keyClick(canvas, Qt::Key_Down); // stays on the last
        QCOMPARE(view.selectedOperator()->second, 5);
        QTest::keyClick(canvas, Qt::Key_Home);
        QCOMPARE(view.selectedOperator()->second, 0);
        QCOMPARE(spy.count(), 7); // every step tells the table and charts
        QCOMPARE(spy.last().at(1).toInt(), 0);
    }

    void search()
    {
        HeatGraphView view;
        view.setModel(test::diamondModel());
        QVERIFY(waitForLayout(view));
        QSignalSpy spy(&view, &HeatGraphView::operatorSelected);
        QVERIFY(view.find(QStringLiteral("conv")));
        QCOMPARE(view.selectedOperator()->second, 0);
        QVERIFY(view.find(QStringLiteral("conv"))); // next match after the selection
        QCOMPARE(view.selectedOperator()->second, 1);
        QVERIFY(view.find(QStringLiteral("#5")));
        QCOMPARE(view.selectedOperator()->second, 5);
        QVERIFY(view.find(QStringLiteral("fully")));
        QCOMPARE(view.selectedOperator()->second, 4);
        QVERIFY(!view.find(QStringLiteral("LSTM")));
        QVERIFY(!view.find(QStringLiteral("#99")));
        QCOMPARE(spy.count(), 4);
    }

    void zoomAndFit()
    {
        HeatGraphView view;
        view.resize(600, 400);
        view.setModel(test::syntheticModel(200));
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QVERIFY(waitForLayout(view));
        view.fitToView();
        // Fit = the full width at a readable size, top first; the rest is a scroll away.
        const QRectF visible = view.graphicsView()->mapToScene(view.graphicsView()->viewport()->rect()).boundingRect();
        const QRectF all = view.scene()->itemsBoundingRect();
        QVERIFY(visible.left() <= all.left() + 2 && visible.right() >= all.right() - 2);
        QVERIFY(visible.top() <= all.top() + 2);
        QVERIFY(view.currentDetail() != ui::NodeDetail::Far);
        const double z = view.zoomFactor();
        view.zoomIn();
        QVERIFY(view.zoomFactor() > z);
        view.zoomOut();
        view.zoomOut();
        QVERIFY(view.zoomFactor() < z);
        view.graphicsView()->setFocus();
        QTest::keyClick(view.graphicsView(), Qt::Key_Plus, Qt::ControlModifier);
        QVERIFY(view.zoomFactor() > z * 0.8 * 0.8 * 1.1);
        QTest::keyClick(view.graphicsView(), Qt::Key_F);
        QCOMPARE(view.zoomFactor(), z);

        // Zoomed out until the whole graph is smaller than the pane, it sits in the middle of it, not in the top
        // left corner the width fit started from.
        for (int i = 0; i < 12; ++i)
            view.zoomOut();
        QGraphicsView *canvas = view.graphicsView();
        const QRect shown = canvas->mapFromScene(view.scene()->sceneRect()).boundingRect();
        QVERIFY(canvas->viewport()->rect().contains(shown));
        const QPoint middle = canvas->viewport()->rect().center();
        QVERIFY2(std::abs(shown.center().x() - middle.x()) <= 2 && std::abs(shown.center().y() - middle.y()) <= 2,
            qPrintable(QStringLiteral("graph centre (%1, %2), pane centre (%3, %4)")
                           .arg(shown.center().x())
                           .arg(shown.center().y())
                           .arg(middle.x())
                           .arg(middle.y())));
    }

    // Issue 37 (4): the graph opened with its first operator cut off at the top: fitted from the top, then the pane
    // lost height (the banner, the compare strip, a restored dock) and the view kept its centre. The top stays in view.
    void aFittedGraphKeepsItsTopWhenThePaneShrinks()
    {
        HeatGraphView view;
        view.resize(700, 600);
        view.setModel(test::syntheticModel(200));
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QVERIFY(waitForLayout(view));
        view.fitToView();
        QGraphicsView *canvas = view.graphicsView();
        const QRectF all = view.scene()->itemsBoundingRect();
        auto topShown = [&] { return canvas->mapToScene(canvas->viewport()->rect()).boundingRect().top(); };
        QVERIFY2(topShown() <= all.top(), qPrintable(QString::number(topShown() - all.top())));
        for (const int height : { 420, 300, 520, 250 }) {
            view.resize(700, height);
            QCoreApplication::processEvents();
            QVERIFY2(topShown() <= all.top(),
                qPrintable(QStringLiteral("at %1 px the view starts %2 px below the graph's top")
                               .arg(height)
                               .arg(topShown() - all.top())));
        }
        // Scrolled down by the user, a resize leaves it where they put it (no jump back to the top).
        canvas->verticalScrollBar()->setValue(canvas->verticalScrollBar()->maximum() / 2);
        const double before = topShown();
        view.resize(700, 400);
        QCoreApplication::processEvents();
        QVERIFY(topShown() > all.top());
        QVERIFY(std::abs(topShown() - before) < 400);
    }

    // Issue 24 (2.4): at scale 2 on a 1440x900 screen the graph pane is about 340 px wide and the controls took five
    // rows, the last under the canvas. Past two rows (more in a tall pane) the zoom, view and scale controls go into
    // the "⋯" menu, which does what their buttons do; a wide pane shows them all and no "⋯".
    void narrowPaneKeepsTheControlsToTwoRows()
    {
        HeatGraphView view;
        const model::ModelInfo info = test::syntheticModel(40);
        view.setModel(info);
        view.setResult(test::syntheticResult(info));
        view.resize(1400, 500);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QVERIFY(waitForLayout(view));
        auto *bar = view.findChild<ui::HeatGraphToolBar *>();
        QVERIFY(bar);
        auto *layout = static_cast<ui::FlowLayout *>(bar->layout());
        QToolButton *more = bar->moreButton();
        auto *scale = view.findChild<QComboBox *>(QStringLiteral("HeatScaleCombo"));
        QTRY_COMPARE(layout->rowCount(), 1);
        QVERIFY(more->isHidden());
        QVERIFY(!scale->isHidden());

        auto menuEntries = [more] {
            emit more->menu()->aboutToShow();
            QStringList entries;
            for (QAction *a : more->menu()->actions())
                if (!a->isSeparator())
                    entries << a->text();
            return entries;
        };
        view.resize(340, 260); // the graph pane at scale 2 in a 1440x900 window
        QTRY_VERIFY(!more->isHidden());
        QTRY_COMPARE(layout->rowCount(), 2);
        QVERIFY2(bar->geometry().bottom() < view.graphicsView()->geometry().top(),
            qPrintable(QStringLiteral("toolbar to %1, canvas from %2")
                           .arg(bar->geometry().bottom())
                           .arg(view.graphicsView()->geometry().top())));
        QVERIFY2(
            menuEntries().contains(QStringLiteral("Zoom in")), qPrintable(menuEntries().join(QStringLiteral(", "))));
        // Narrower still, the colour scale goes too; the menu holds only what left the bar.
        view.resize(200, 260);
        QTRY_VERIFY(scale->isHidden());
        const QStringList entries = menuEntries();
        QVERIFY2(entries.contains(QStringLiteral("Colour scale")), qPrintable(entries.join(QStringLiteral(", "))));
        QCOMPARE(entries.count(QStringLiteral("Zoom in")), 1);
        QMenu *menu = more->menu();
        const double z = view.zoomFactor();
        for (QAction *a : menu->actions())
            if (a->text() == QStringLiteral("Zoom in"))
                a->trigger();
        QVERIFY(view.zoomFactor() > z);
        QSignalSpy chosen(&view, &HeatGraphView::scaleChanged);
        for (QAction *a : menu->actions()) {
            if (a->menu() && a->text() == QStringLiteral("Colour scale")) {
                for (QAction *s : a->menu()->actions())
                    if (s->text() == QStringLiteral("Rank"))
                        s->trigger();
            }
        }
        QCOMPARE(chosen.count(), 1);
        QCOMPARE(view.scale(), ui::HeatScale::Rank);

        view.resize(1400, 500);
        QTRY_VERIFY(more->isHidden());
        QVERIFY(!scale->isHidden());
        QCOMPARE(scale->currentData().toInt(), int(ui::HeatScale::Rank)); // the menu's choice is the combo's
        // A tall pane affords more rows (a fifth of its height): at 340 px wide all controls are back.
        view.resize(340, 900);
        QTRY_VERIFY(more->isHidden());
        QVERIFY(layout->rowCount() > 2);
    }

    // The acceptance check: after Fit on a 138-operator chain every visible node's label is
    // at least 8 px high, or the node is drawn as a far-zoom block with its value in the tooltip; the
    // wrapped layout's aspect is within 2x of the view's.
    void fitOnA138OperatorChainIsReadable()
    {
        const auto m = test::conformerModel();
        QCOMPARE(m.subgraphs.value(0).operators.size(), 138);
        const auto r = test::syntheticResult(m);
        HeatGraphView view;
        view.resize(1100, 700);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setModel(m);
        view.setResult(r);
        QVERIFY(waitForLayout(view));
        QVERIFY2(view.layout().bands > 1, "the chain was not wrapped");
        view.fitToView();
        QGraphicsView *canvas = view.graphicsView();
        const QRectF all = view.scene()->itemsBoundingRect();
        const double sceneAspect = all.width() / all.height();
        const double viewAspect = double(canvas->viewport()->width()) / canvas->viewport()->height();
        QVERIFY2(sceneAspect < viewAspect * 2 && sceneAspect > viewAspect / 2,
            qPrintable(QStringLiteral("scene %1 vs view %2").arg(sceneAspect).arg(viewAspect)));
        const QRectF visible = canvas->mapToScene(canvas->viewport()->rect()).boundingRect();
        const ui::NodeDetail detail = view.currentDetail();
        const double labelPx = view.detailScale().labelHeight(detail) * view.zoomFactor();
        int checked = 0;
        for (int i = 0; i < view.nodeCount(); ++i) {
            const QRectF node(view.nodeCenter(i) - QPointF(10, 10), QSizeF(20, 20));
            if (!visible.intersects(node))
                continue;
            ++checked;
            if (detail == ui::NodeDetail::Far)
                QVERIFY(view.nodeToolTip(i).contains(ui::formatNumber(*r.layers[i].values[0])));
            else
                QVERIFY2(labelPx >= 8, qPrintable(QStringLiteral("label %1 px").arg(labelPx)));
        }
        QVERIFY(checked > 30); // the fit shows a good part of the model, not a sliver
        // At this size the fit is readable, not a field of blocks.
        QVERIFY(detail != ui::NodeDetail::Far);
    }

    // Before a run nothing has a colour, yet every node stands out from the background at any zoom.
    void uncolouredNodesVisibleAtEveryZoom()
    {
        HeatGraphView view;
        view.resize(900, 600);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setModel(test::conformerModel());
        QVERIFY(waitForLayout(view));
        QGraphicsView *canvas = view.graphicsView();
        const QColor base = view.palette().color(QPalette::Base);
        for (double zoom : { 1.0, 0.5, 0.2, 0.05 }) {
            view.resetZoom();
            if (zoom != 1.0)
                view.graphicsView()->scale(zoom, zoom);
            canvas->centerOn(view.nodeCenter(5));
            const QImage img = canvas->viewport()->grab().toImage();
            const QColor c = img.pixelColor(canvas->mapFromScene(view.nodeCenter(5) + QPointF(0, 1)));
            QVERIFY2(std::abs(c.lightness() - base.lightness()) >= 20,
                qPrintable(QStringLiteral("zoom %1: node %2 on background %3").arg(zoom).arg(c.name(), base.name())));
        }
    }

    void minimapClickAndDragMoveTheView()
    {
        const auto m = test::syntheticModel(1000);
        HeatGraphView view;
        view.resize(1000, 700);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setModel(m);
        view.setResult(test::syntheticResult(m));
        QVERIFY(waitForLayout(view));
        view.fitToView();
        ui::HeatMinimap *map = view.minimap();
        QVERIFY(map->isVisible()); // 1,000 operators do not fit at a readable size
        QGraphicsView *canvas = view.graphicsView();
        auto visibleCenter = [&] { return canvas->mapToScene(canvas->viewport()->rect()).boundingRect().center(); };
        const QPointF before = visibleCenter();
        const QPoint target(map->width() / 2, map->height() - 4);
        QTest::mouseClick(map, Qt::LeftButton, {}, target);
        const QPointF wanted = map->toScene(target);
        const QPointF after = visibleCenter();
        QVERIFY2(QLineF(after, before).length() > 200, "the view did not move");
        // centred there, as far as the scroll range allows
        QVERIFY(std::abs(after.y() - wanted.y()) < canvas->viewport()->height() / canvas->transform().m11() / 2 + 1);
        // Dragging pans continuously.
        QTest::mousePress(map, Qt::LeftButton, {}, QPoint(map->width() / 2, 4));
        QMouseEvent move(QEvent::MouseMove, QPointF(map->width() / 2, map->height() / 2),
            map->mapToGlobal(QPointF(map->width() / 2, map->height() / 2)), Qt::NoButton, Qt::LeftButton,
            Qt::NoModifier);
        QCoreApplication::sendEvent(map, &move);
        QTest::mouseRelease(map, Qt::LeftButton, {}, QPoint(map->width() / 2, map->height() / 2));
        QVERIFY(std::abs(visibleCenter().y() - map->toScene(QPointF(0, map->height() / 2)).y())
            < 2 + canvas->viewport()->height() / canvas->transform().m11() / 2);
        QVERIFY(QLineF(visibleCenter(), after).length() > 50);
    }

    // N walks the operators hottest first and the table (wired as MainWindow wires it) follows.
    void nextHottestWalksDescendingAndSelectsTheTableRow()
    {
        const auto m = test::conformerModel();
        const auto r = test::syntheticResult(m);
        HeatGraphView view;
        ui::LayerTableView table;
        QObject::connect(&view, &HeatGraphView::operatorSelected, &table, &ui::LayerTableView::selectOperator);
        table.setModel(m);
        table.setResult(r);
        view.resize(900, 600);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setModel(m);
        view.setResult(r);
        QVERIFY(waitForLayout(view));
        QGraphicsView *canvas = view.graphicsView();
        canvas->setFocus();
        double previous = std::numeric_limits<double>::infinity();
        QVector<int> seen;
        for (int step = 0; step < 8; ++step) {
            QTest::keyClick(canvas, Qt::Key_N);
            const auto sel = view.selectedOperator();
            QVERIFY(sel);
            const double v = *r.layers[sel->second].values[0];
            QVERIFY2(v <= previous, qPrintable(QStringLiteral("step %1: %2 after %3").arg(step).arg(v).arg(previous)));
            QVERIFY(!seen.contains(sel->second));
            seen.append(sel->second);
            previous = v;
            // The table's current row is that operator.
            const QModelIndex row = table.tableView()->selectionModel()->currentIndex();
            QVERIFY(row.isValid());
            QCOMPARE(row.data(ui::LayerTableModel::SourceIndexRole).toInt(), sel->second);
        }
        // The first one is the hottest of all.
        double hottest = 0;
        for (const auto &l : r.layers)
            hottest = std::max(hottest, *l.values[0]);
        QCOMPARE(*r.layers[seen.first()].values[0], hottest);
        QTest::keyClick(canvas, Qt::Key_N, Qt::ShiftModifier); // and back
        QCOMPARE(view.selectedOperator()->second, seen.at(seen.size() - 2));
        QCOMPARE(view.hottestOperators().mid(0, seen.size()), seen);
    }

    void staleModelNeverPainted()
    {
        HeatGraphView view;
        view.setModel(test::syntheticModel(1500)); // slow layout, superseded at once
        view.setModel(test::diamondModel());
        QVERIFY(waitForLayout(view));
        QCOMPARE(view.nodeCount(), 6);
        QTest::qWait(50);
        QTRY_COMPARE_WITH_TIMEOUT(view.nodeCount(), 6, 200);
    }
};

QTEST_MAIN(TestHeatGraphView)
#include "tst_heatgraphview.moc"
