// Compare mode in the window's views: the table's Baseline / Δ / Δ % columns, the heat graph's diverging
// colours for nodes with known deltas, the delta chart's order and the summary strip.
#include "model/bundle/bundlewriter.h"
#include "model/compare/comparison.h"
#include "model/compare/divergingpalette.h"
#include "model/json/jsonparser.h"
#include "model/tflite/syntheticmodel.h"
#include "model/tflite/tflitemodel.h"
#include "tests/ui/uitestdata.h"
#include "ui/charts/deltachart.h"
#include "ui/common/comparedata.h"
#include "ui/common/elidinglabel.h"
#include "ui/common/messagebanner.h"
#include "ui/common/qcustomplotinclude.h"
#include "ui/compare/comparecolumns.h"
#include "ui/compare/comparecontroller.h"
#include "ui/compare/comparesummarystrip.h"
#include "ui/graph/heatgraphview.h"
#include "ui/graph/heatlegend.h"
#include "ui/table/frozencolumnsview.h"
#include "ui/table/layertablemodel.h"
#include "ui/table/layertableview.h"
#include "ui/window/mainwindow.h"

#include <QAction>
#include <QDockWidget>
#include <QLabel>
#include <QScrollBar>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QVBoxLayout>
#include <QtTest>

using namespace hpx;
using namespace hpx::ui;

namespace {

const QString kCycles = QStringLiteral("ARM_PMU_CPU_CYCLES");

// The diamond model's six operators of subgraph "main"; cycles per operator for one run.
model::Bundle bundleOf(const QVector<double> &cycles, const QString &dir)
{
    model::Bundle b;
    b.directory = dir;
    b.status = QStringLiteral("complete");
    b.result.counters = { kCycles };
    double total = 0;
    for (int i = 0; i < cycles.size(); ++i) {
        b.result.layers.append(
            test::makeLayer(i, test::diamondModel().subgraphs.at(0).operators.at(i).op, 0, i, { cycles.at(i) }));
        total += cycles.at(i);
    }
    b.summary = model::JsonValue::object();
    b.summary.insert(QStringLiteral("total_cycles"), total);
    b.summary.insert(QStringLiteral("layers"), int(cycles.size()));
    b.metadata = model::parseJson(R"({"model": {"sha256": "abc"}})");
    return b;
}

bool waitForLayout(HeatGraphView &view)
{
    if (!view.isLayoutPending())
        return true;
    QSignalSpy spy(&view, &HeatGraphView::layoutFinished);
    return spy.wait(20000);
}

QColor colorOf(const model::Rgb &c)
{
    return QColor(c.r, c.g, c.b);
}

// Two bundles of a 12-operator chain written to `tmp` (base, and cand with every third operator `scale` times as
// costly); the model is written there as chain.tflite.
bool writeChainBundles(const QTemporaryDir &tmp, double scale)
{
    const QString modelPath = tmp.filePath(QStringLiteral("chain.tflite"));
    if (!model::SyntheticModel::chain(model::SyntheticModel::ChainOptions(12)).writeFile(modelPath))
        return false;
    const model::ModelLoadResult loaded = model::loadModel(modelPath);
    if (!loaded.ok())
        return false;
    const auto info = std::make_shared<const model::ModelInfo>(*loaded.model);
    const auto write = [&](const QString &name, double factor) {
        model::ProfileResult r;
        r.counters = { kCycles };
        const auto &ops = info->subgraphs.at(0).operators;
        for (int i = 0; i < ops.size(); ++i)
            r.layers.append(test::makeLayer(i, ops.at(i).op, 0, i, { (1000.0 + 97 * i) * (i % 3 ? 1.0 : factor) }));
        model::RunContext ctx = model::RunContext::create();
        ctx.model = info;
        ctx.modelName = QStringLiteral("chain.tflite");
        ctx.modelSha256 = QStringLiteral("feedface");
        return model::BundleWriter::write(r, ctx, tmp.filePath(name)).ok;
    };
    return write(QStringLiteral("base"), 1.0) && write(QStringLiteral("cand"), scale);
}

QMap<QString, int> dockWidths(QMainWindow &window, Qt::DockWidgetArea area)
{
    QMap<QString, int> widths;
    for (QDockWidget *dock : window.findChildren<QDockWidget *>()) {
        if (window.dockWidgetArea(dock) == area && dock->isVisible() && !dock->isFloating())
            widths.insert(dock->objectName(), dock->width());
    }
    return widths;
}

} // namespace

class TestCompareView : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true); // the windows below keep their layout in the test settings
        QCoreApplication::setOrganizationName(QStringLiteral("hpx-studio-tests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_compareview"));
        QSettings().clear();
        // Operator 0 got 400 cycles faster, operator 2 got 100 slower, operator 5 did not change.
        const QVector<double> base = { 1000, 300, 2000, 50, 500, 80 };
        const QVector<double> cand = { 600, 300, 2100, 50, 450, 80 };
        m_cmp = std::make_shared<const model::Comparison>(model::Comparator::compare(
            bundleOf(base, QStringLiteral("/tmp/base")), bundleOf(cand, QStringLiteral("/tmp/cand"))));
        QVERIFY(!m_cmp->blocked());
        m_data = CompareData(m_cmp);
    }

    void tableColumns()
    {
        LayerTableModel table;
        table.setResult(m_cmp->candidate.result);
        const int before = table.columnCount();
        table.setColumnProvider(std::make_shared<CompareColumns>(m_data, kCycles));
        QCOMPARE(table.columnCount(), before + 3);
        const int baseCol = table.columnForId(QStringLiteral("compare:baseline"));
        const int deltaCol = table.columnForId(QStringLiteral("compare:delta"));
        const int pctCol = table.columnForId(QStringLiteral("compare:delta_pct"));
        // Right after the Index column, in this order.
        QCOMPARE(baseCol, table.columnForId(QStringLiteral("index")) + 1);
        QCOMPARE(deltaCol, baseCol + 1);
        QCOMPARE(pctCol, baseCol + 2);
        QCOMPARE(table.headerData(baseCol, Qt::Horizontal).toString(), QStringLiteral("Baseline CPU_CYCLES"));
        QCOMPARE(table.headerData(deltaCol, Qt::Horizontal).toString(), QStringLiteral("Δ CPU_CYCLES"));
        QCOMPARE(table.headerData(deltaCol, Qt::Horizontal, LayerTableModel::ColumnIdRole).toString(),
            QStringLiteral("compare:delta"));
        for (int row = 0; row < table.rowCount(); ++row) {
            const double b = *m_cmp->baseline.result.value(row, kCycles);
            const double c = *m_cmp->candidate.result.value(row, kCycles);
            QCOMPARE(table.index(row, baseCol).data(LayerTableModel::SortRole).toDouble(), b);
            QCOMPARE(table.index(row, deltaCol).data(LayerTableModel::SortRole).toDouble(), c - b);
            QCOMPARE(table.index(row, pctCol).data(LayerTableModel::SortRole).toDouble(), (c - b) / b * 100.0);
        }
        QCOMPARE(table.index(0, deltaCol).data().toString(), QStringLiteral("-400"));
        QCOMPARE(table.index(2, deltaCol).data().toString(), QStringLiteral("+100"));
        // The delta cell is painted with the graph's colours: -400 is the end of the range.
        QCOMPARE(table.index(0, deltaCol).data(Qt::BackgroundRole).value<QColor>(),
            colorOf(model::DivergingPalette::faster()));
        // The rows stay the candidate's layers: selection by operator is unchanged.
        QCOMPARE(table.rowForOperator(0, 4), 4);
        table.setColumnProvider(nullptr);
        QCOMPARE(table.columnCount(), before);
    }

    void graphDivergingColours()
    {
        HeatGraphView view;
        view.resize(800, 600);
        view.setModel(test::diamondModel());
        view.setResult(m_cmp->candidate.result);
        view.setCurrentCounter(kCycles);
        QVERIFY(waitForLayout(view));
        const QColor heat0 = view.nodeColor(0);
        view.setCompareData(m_data);
        // max |delta| = 400: operator 0 (-400) is fully "faster", operator 2 (+100) a quarter of "slower",
        // operator 1 (0) the neutral middle.
        QCOMPARE(view.nodeColor(0), colorOf(model::DivergingPalette::faster()));
        QCOMPARE(view.nodeColor(2), colorOf(model::DivergingPalette::color(100, 400)));
        QCOMPARE(view.nodeColor(1), colorOf(model::DivergingPalette::unchanged()));
        const QColor quarter = view.nodeColor(2);
        QVERIFY(quarter.red() > quarter.blue()); // reddish
        QVERIFY(view.legend()->isDiverging());
        QCOMPARE(view.legend()->minText(), QStringLiteral("-400"));
        QCOMPARE(view.legend()->maxText(), QStringLiteral("+400"));
        // Back to the heat colours.
        view.setCompareData({});
        QCOMPARE(view.nodeColor(0), heat0);
        QVERIFY(!view.legend()->isDiverging());
    }

    void chartSortedByAbsoluteChange()
    {
        DeltaChart chart;
        chart.setCompareData(m_data);
        chart.setCurrentCounter(kCycles);
        QCOMPARE(chart.barCount(), 6);
        QCOMPARE(chart.layerAt(0), 0); // -400
        QCOMPARE(chart.layerAt(1), 2); // +100
        QCOMPARE(chart.layerAt(2), 4); // -50
        QCOMPARE(chart.barValue(0), -400.0);
        for (int k = 1; k < chart.barCount(); ++k)
            QVERIFY(std::abs(chart.barValue(k - 1)) >= std::abs(chart.barValue(k)));
        QSignalSpy spy(&chart, &DeltaChart::operatorSelected);
        QVERIFY(chart.selectOperator(0, 2));
        QCOMPARE(spy.count(), 0); // selecting from another view emits nothing
        // Its heading wraps rather than widen the Charts dock (and the window) past a 720 px screen.
        QVERIFY2(chart.minimumSizeHint().width() < chart.fontMetrics().averageCharWidth() * 40,
            qPrintable(QString::number(chart.minimumSizeHint().width())));

        // Issue 24 (2.3): bars are layers, so no tick at 2.5 (seen at scale 2); values as the heat graph writes them.
        QVector<double> ticks;
        QVector<QString> labels;
        QCPAxis *x = chart.plot()->xAxis;
        x->ticker()->generate(x->range(), QLocale(), QLatin1Char('g'), 6, ticks, nullptr, &labels);
        QVERIFY(!ticks.isEmpty());
        for (double t : std::as_const(ticks))
            QCOMPARE(t, std::round(t));
        chart.resize(800, 400);
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        QCPAxis *y = chart.plot()->yAxis;
        y->ticker()->generate(QCPRange(-4000, 4000), QLocale(), QLatin1Char('g'), 6, ticks, nullptr, &labels);
        QVERIFY2(labels.contains(QStringLiteral("1.5k")) && labels.contains(QStringLiteral("-3k")),
            qPrintable(QStringList(labels.begin(), labels.end()).join(QLatin1Char(' '))));
    }

    void controlFlowChangesAreDrawnOnce()
    {
        // Layer 0 encloses layer 1 (a WHILE and its body): the body got 300 cycles slower, the WHILE's own cost
        // did not change. The graph and the Δ chart show own changes, so only the body is red; the table's Δ column
        // stays inclusive like its counter column and names the own change in its tooltip.
        const QVector<double> base = { 1000, 300, 2000, 50, 500, 80 };
        const QVector<double> cand = { 1300, 600, 2000, 50, 500, 80 };
        model::Bundle b = bundleOf(base, QStringLiteral("/tmp/base"));
        model::Bundle c = bundleOf(cand, QStringLiteral("/tmp/cand"));
        for (model::Bundle *bundle : { &b, &c }) {
            bundle->result.layers[0].selfValues = { 700.0 };
            bundle->result.layers[1].parentLayer = 0;
        }
        const CompareData data(std::make_shared<const model::Comparison>(model::Comparator::compare(b, c)));
        QCOMPARE(*data.delta(0, kCycles), 300.0);
        QCOMPARE(*data.delta(0, kCycles, CompareData::Cost::Own), 0.0);
        QVERIFY(data.encloses(0));
        QVERIFY(!data.encloses(1));

        HeatGraphView view;
        view.resize(800, 600);
        view.setModel(test::diamondModel());
        view.setResult(c.result);
        view.setCurrentCounter(kCycles);
        QVERIFY(waitForLayout(view));
        view.setCompareData(data);
        QCOMPARE(view.nodeColor(0), colorOf(model::DivergingPalette::unchanged()));
        QCOMPARE(view.nodeColor(1), colorOf(model::DivergingPalette::slower()));
        QCOMPARE(view.legend()->maxText(), QStringLiteral("+300"));

        DeltaChart chart;
        chart.setCompareData(data);
        chart.setCurrentCounter(kCycles);
        QCOMPARE(chart.layerAt(0), 1);
        QCOMPARE(chart.barValue(0), 300.0);
        double sum = 0;
        for (int k = 0; k < chart.barCount(); ++k)
            sum += chart.barValue(k);
        QCOMPARE(sum, 300.0); // the change once, not twice

        LayerTableModel table;
        table.setResult(c.result);
        table.setColumnProvider(std::make_shared<CompareColumns>(data, kCycles));
        const int deltaCol = table.columnForId(QStringLiteral("compare:delta"));
        QCOMPARE(table.index(0, deltaCol).data(LayerTableModel::SortRole).toDouble(), 300.0);
        QVERIFY(table.index(0, deltaCol).data(Qt::ToolTipRole).toString().contains(QStringLiteral("own change: 0")));
    }

    void summaryStrip()
    {
        CompareSummaryStrip strip;
        strip.setCompareData(m_data);
        QVERIFY(strip.cyclesText().contains(QStringLiteral("3,930"))
            || strip.cyclesText().contains(QStringLiteral("3930")));
        QVERIFY(strip.cyclesText().contains(QStringLiteral("3,580"))
            || strip.cyclesText().contains(QStringLiteral("3580")));
        QVERIFY(strip.verdictText().contains(QStringLiteral("no comparison profile")));
        strip.setCompareData({});
        QVERIFY(strip.isHidden());
    }

    // Issue 34: two virtual-board runs count emulated instructions, and their *_us are those at a nominal clock: the
    // strip says instructions and shows no latency.
    void summaryStripOfVirtualBoardRuns()
    {
        model::Bundle base = bundleOf({ 1000, 300, 2000, 50, 500, 80 }, QStringLiteral("/tmp/qbase"));
        model::Bundle cand = bundleOf({ 600, 300, 2100, 50, 450, 80 }, QStringLiteral("/tmp/qcand"));
        for (model::Bundle *b : { &base, &cand }) {
            b->result.boardStatement
                = { { QStringLiteral("cycle_source"), QStringLiteral("qemu_icount_instructions") } };
            model::JsonValue latency = model::JsonValue::object();
            latency.insert(QStringLiteral("device_profiled_infer_avg_us"), 120.5);
            b->summary.insert(QStringLiteral("latency"), latency);
        }
        const auto cmp = std::make_shared<const model::Comparison>(model::Comparator::compare(base, cand));
        QVERIFY(cmp->cyclesAreEmulatedInstructions());
        CompareSummaryStrip strip;
        strip.show();
        strip.setCompareData(CompareData(cmp));
        QVERIFY2(strip.cyclesText().startsWith(QLatin1String("Total instructions (emulated): ")),
            qPrintable(strip.cyclesText()));
        QVERIFY(strip.latencyText().isEmpty());
        for (QLabel *l : strip.findChildren<QLabel *>()) {
            if (l->isVisible()) {
                QVERIFY2(!l->text().contains(QLatin1String("ycles")) && !l->text().contains(QLatin1String("µs"))
                        && !l->text().contains(QLatin1String("Latency")),
                    qPrintable(l->text()));
            }
        }
        // The same runs from a board with a cycle counter: cycles and latency.
        strip.setCompareData(m_data);
        QVERIFY(strip.cyclesText().startsWith(QLatin1String("Total cycles: ")));
    }

    // Issue 24 (2.2/2.4): at scale 2 the strip's words wrapped into a column, one word a line, cut at its bottom.
    // In a narrow area its parts flow onto rows, each whole on one line (the run names elide, whole in the tooltip),
    // and the strip is never lower than those rows.
    void summaryStripInANarrowArea()
    {
        QWidget area;
        auto *layout = new QVBoxLayout(&area);
        auto *strip = new CompareSummaryStrip(&area);
        layout->addWidget(strip);
        layout->addWidget(new QWidget(&area), 1);
        strip->setCompareData(m_data);
        area.resize(1200, 300);
        area.show();
        QVERIFY(QTest::qWaitForWindowExposed(&area));
        const int wide = strip->height();
        area.resize(300, 120);
        QTRY_VERIFY(strip->width() <= 300);
        QCoreApplication::processEvents();
        QVERIFY(strip->height() > wide); // more rows
        QVERIFY(strip->height() >= strip->layout()->heightForWidth(strip->width()));
        for (QLabel *label : strip->findChildren<QLabel *>()) {
            if (!label->isVisible())
                continue;
            const QRect in = label->geometry();
            QVERIFY2(strip->contentsRect().contains(in),
                qPrintable(QStringLiteral("%1 at %2,%3 %4x%5 outside the strip")
                               .arg(label->text())
                               .arg(in.x())
                               .arg(in.y())
                               .arg(in.width())
                               .arg(in.height())));
            QVERIFY2(in.height() < 2 * label->fontMetrics().height(), qPrintable(label->text())); // one line
        }
        auto *runs = strip->findChild<ui::ElidingLabel *>();
        QVERIFY(runs);
        QCOMPARE(strip->runsText(), runs->shownText());
        QVERIFY2(runs->shownText() == runs->fullText() || runs->shownText().endsWith(QChar(0x2026)),
            qPrintable(runs->shownText()));
        QVERIFY(runs->fontMetrics().horizontalAdvance(runs->shownText()) <= runs->contentsRect().width());
    }

    // The window end to end: two bundles of one model written to disk, File → Compare With… without a board
    // (compareBundles), then every view in compare mode. HPX_SCREENSHOT_DIR=dir saves the window as PNG.
    void mainWindowCompareMode()
    {
        QTemporaryDir tmp;
        QVERIFY(writeChainBundles(tmp, 0.7));
        const QString modelPath = tmp.filePath(QStringLiteral("chain.tflite"));
        MainWindow window;
        window.resize(1440, 900);
        window.show();
        QVERIFY(window.openModel(modelPath));
        CompareController *compare = window.compareController();
        QVERIFY(compare);
        QVERIFY(!compare->stopAction()->isEnabled());
        QSignalSpy done(compare, &CompareController::comparisonFinished);
        QVERIFY(compare->compareBundles(tmp.filePath(QStringLiteral("base")), tmp.filePath(QStringLiteral("cand"))));
        QVERIFY(done.wait(30000));
        QCOMPARE(done.first().first().toBool(), true);
        QVERIFY(compare->isActive());
        QCOMPARE(compare->data().comparison()->layerRule, model::LayerMatchRule::Position);
        QVERIFY(window.heatGraph()->isCompareMode());
        QVERIFY(window.layerTable()->tableModel()->columnForId(QStringLiteral("compare:delta")) >= 0);
        QCOMPARE(window.charts()->currentWidget(), compare->deltaChart());
        QVERIFY(compare->summaryStrip()->isVisible());
        QTRY_VERIFY_WITH_TIMEOUT(!window.heatGraph()->isLayoutPending(), 20000);
        // Issue 24 (2.1): the Δ and Δ % columns are never half under the frozen # and Op: wherever the table
        // rests, no column is cut by the frozen edge, and the Δ % column the window reveals is wholly in view.
        auto *table = qobject_cast<ui::FrozenColumnsView *>(window.layerTable()->tableView());
        QVERIFY(table);
        const int deltaPct = window.layerTable()->tableModel()->columnForId(QStringLiteral("compare:delta_pct"));
        QVERIFY(deltaPct >= 0);
        // What the window itself brings into view after the compare is Δ %, beside the frozen columns: revealing the
        // counter's own column (far right in a narrow table) scrolled the Δ columns out at the left (seen at
        // 1440x900 with kws_ref_model's four counters).
        const QRect revealed = table->visualRect(table->model()->index(0, deltaPct));
        QVERIFY2(revealed.left() >= table->frozenWidth() && revealed.right() <= table->viewport()->width(),
            qPrintable(QStringLiteral("Δ %5 at %1..%2, frozen to %3, viewport %4")
                           .arg(revealed.left())
                           .arg(revealed.right())
                           .arg(table->frozenWidth())
                           .arg(table->viewport()->width())
                           .arg(QLatin1Char('%'))));
        QScrollBar *bar = table->horizontalScrollBar();
        for (int width : { 1440, 1100, 900 }) {
            window.resize(width, 900);
            QCoreApplication::processEvents();
            table->scrollTo(table->model()->index(0, deltaPct));
            const QRect cell = table->visualRect(table->model()->index(0, deltaPct));
            QVERIFY2(cell.left() >= table->frozenWidth() && cell.right() <= table->viewport()->width(),
                qPrintable(QStringLiteral("width %1").arg(width)));
            for (int value = 0; value <= bar->maximum(); value += std::max(1, bar->maximum() / 17)) {
                bar->setValue(value); // as a released drag leaves it
                Q_EMIT bar->sliderReleased();
                QTRY_VERIFY(!table->isColumnCutByFrozen(table->firstScrollingColumn()));
            }
        }
        // Selection sync: choosing a bar selects the operator in the graph and the table.
        Q_EMIT compare->deltaChart()->operatorSelected(0, 3);
        const QModelIndex current = window.layerTable()->tableView()->currentIndex();
        QVERIFY(current.isValid());
        QCOMPARE(current.data(LayerTableModel::SourceIndexRole).toInt(), 3);
        QTest::qWait(200);
        const QString shots = qEnvironmentVariable("HPX_SCREENSHOT_DIR");
        if (!shots.isEmpty())
            window.grab().save(shots + QStringLiteral("/compare.png"));
        // Export, then a new model ends compare mode.
        QVERIFY(compare->exportTo(tmp.filePath(QStringLiteral("cmp"))));
        QVERIFY(QFile::exists(tmp.filePath(QStringLiteral("cmp/layer_diff.csv"))));
        compare->stop();
        QVERIFY(!window.heatGraph()->isCompareMode());
        QCOMPARE(window.layerTable()->tableModel()->columnForId(QStringLiteral("compare:delta")), -1);
        QCOMPARE(window.charts()->indexOf(compare->deltaChart()), -1);
    }

    // Issue 24 (2.2): entering compare mode does not squeeze the left docks or widen the window (the summary strip
    // and the table's extra columns take what the central area has), Stop Comparing gives back the layout of
    // before, and a window closed in compare mode saves that layout, not the compare one. Issue 24 (2.9): Stop
    // Comparing clears a banner only compare mode put up.
    void compareModeKeepsTheLayout()
    {
        QTemporaryDir tmp;
        QVERIFY(writeChainBundles(tmp, 0.7));
        for (const QSize size : { QSize(1440, 900), QSize(1100, 700) }) {
            QSettings().clear();
            MainWindow window;
            window.resize(size);
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            QVERIFY(window.openModel(tmp.filePath(QStringLiteral("chain.tflite"))));
            QTest::qWait(50);
            const QMap<QString, int> left = dockWidths(window, Qt::LeftDockWidgetArea);
            QVERIFY(!left.isEmpty());
            const QByteArray before = window.saveState();
            const QSize shown = window.size();
            CompareController *compare = window.compareController();
            QSignalSpy done(compare, &CompareController::comparisonFinished);
            QVERIFY(
                compare->compareBundles(tmp.filePath(QStringLiteral("base")), tmp.filePath(QStringLiteral("cand"))));
            QVERIFY(done.wait(30000));
            QVERIFY(compare->isActive());
            QTest::qWait(50);
            QCOMPARE(window.size(), shown);
            const QMap<QString, int> during = dockWidths(window, Qt::LeftDockWidgetArea);
            for (auto it = left.cbegin(); it != left.cend(); ++it)
                QVERIFY2(during.value(it.key()) >= it.value() - 2,
                    qPrintable(QStringLiteral("%1: %2 → %3 at %4x%5")
                                   .arg(it.key())
                                   .arg(it.value())
                                   .arg(during.value(it.key()))
                                   .arg(shown.width())
                                   .arg(shown.height())));
            // The user narrows a left dock in compare mode; closing now keeps the layout of before compare mode.
            auto *someDock = window.findChild<QDockWidget *>(left.firstKey());
            window.resizeDocks({ someDock }, { left.first() / 2 }, Qt::Horizontal);
            QVERIFY(compare->exportTo(tmp.filePath(QStringLiteral("cmp"))));
            QVERIFY(window.banner()->isVisibleTo(&window));
            window.close();
            QCOMPARE(QSettings().value(QStringLiteral("window/state")).toByteArray(), before);
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            compare->stop();
            QVERIFY(!window.banner()->isVisibleTo(&window));
            QTest::qWait(50);
            QCOMPARE(window.saveState(), before);
            QCOMPARE(dockWidths(window, Qt::LeftDockWidgetArea), left);
        }
    }

private:
    std::shared_ptr<const model::Comparison> m_cmp;
    CompareData m_data;
};

QTEST_MAIN(TestCompareView)
#include "tst_compareview.moc"
