// The one view state (ui/common/viewstate.h): views bound to it show its model, result, counter and selection and
// tell it theirs, and compare mode works from the state and the views it changes, without a main window.
#include "model/bundle/bundlereader.h"
#include "model/bundle/bundlewriter.h"
#include "model/compare/comparison.h"
#include "model/tflite/syntheticmodel.h"
#include "model/tflite/tflitemodel.h"
#include "tests/ui/uitestdata.h"
#include "ui/charts/deltachart.h"
#include "ui/charts/layerchart.h"
#include "ui/charts/opsharechart.h"
#include "ui/common/countercombo.h"
#include "ui/common/messagebanner.h"
#include "ui/common/viewstate.h"
#include "ui/compare/comparecontroller.h"
#include "ui/compare/comparesummarystrip.h"
#include "ui/graph/heatgraphview.h"
#include "ui/memory/memoryview.h"
#include "ui/table/layertablemodel.h"
#include "ui/table/layertableview.h"

#include <QAction>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

using namespace hpx;
using namespace hpx::ui;

namespace {

const QString kCycles = QStringLiteral("ARM_PMU_CPU_CYCLES");
const QString kInstructions = QStringLiteral("ARM_PMU_INST_RETIRED");

bool waitForLayout(HeatGraphView &view)
{
    if (!view.isLayoutPending())
        return true;
    QSignalSpy spy(&view, &HeatGraphView::layoutFinished);
    return spy.wait(20000);
}

int selectedSourceIndex(const LayerTableView &table)
{
    const QModelIndex current = table.tableView()->currentIndex();
    return current.isValid() ? current.data(LayerTableModel::SourceIndexRole).toInt() : -1;
}

model::Bundle bundleOf(const QVector<double> &cycles, const QString &dir)
{
    model::Bundle b;
    b.directory = dir;
    b.status = QStringLiteral("complete");
    b.result.counters = { kCycles };
    for (int i = 0; i < cycles.size(); ++i)
        b.result.layers.append(
            test::makeLayer(i, test::diamondModel().subgraphs.at(0).operators.at(i).op, 0, i, { cycles.at(i) }));
    b.summary = model::JsonValue::object();
    return b;
}

// The views of the window's centre and charts, each bound to one state and to nothing else.
struct BoundViews {
    ViewState state;
    HeatGraphView graph;
    LayerTableView table;
    LayerChart layerChart;
    OpShareChart opShare;
    MemoryView memory;

    BoundViews()
    {
        graph.resize(800, 600);
        graph.bind(&state);
        table.bind(&state);
        layerChart.bind(&state);
        opShare.bind(&state);
        memory.bind(&state);
    }
};

} // namespace

class TestViewState : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void modelAndResultReachEveryView()
    {
        BoundViews v;
        const auto model = std::make_shared<const model::ModelInfo>(test::diamondModel());
        v.state.setModel(model);
        QVERIFY(waitForLayout(v.graph));
        QCOMPARE(v.graph.nodeCount(), 6); // subgraph 0
        QCOMPARE(v.table.tableModel()->rowCount(), model->operatorCount()); // the model's operators before a run
        const auto result = std::make_shared<const model::ProfileResult>(test::diamondResult());
        v.state.setResult(result, QStringLiteral("/tmp/bundle"));
        QCOMPARE(v.state.resultBundle(), QStringLiteral("/tmp/bundle"));
        QVERIFY(v.graph.nodeHasValue(2));
        QCOMPARE(v.table.tableModel()->rowCount(), int(result->layers.size()));
        QCOMPARE(v.layerChart.barCount(), int(result->layers.size()));
        // No result: the views show the model alone again.
        v.state.setResult(nullptr);
        QVERIFY(!v.graph.nodeHasValue(2));
        QCOMPARE(v.layerChart.barCount(), 0);
    }

    void counterOfTheStateIsTheViewsCounter()
    {
        BoundViews v;
        v.state.setModel(std::make_shared<const model::ModelInfo>(test::diamondModel()));
        v.state.setResult(std::make_shared<const model::ProfileResult>(test::diamondResult()));
        QTRY_COMPARE(v.state.currentCounter(), kCycles); // the graph's default for a new result
        QSignalSpy changed(&v.state, &ViewState::currentCounterChanged);
        v.state.setCurrentCounter(kInstructions);
        QCOMPARE(changed.count(), 1);
        QCOMPARE(v.graph.currentCounter(), kInstructions);
        QCOMPARE(v.table.currentCounter(), kInstructions);
        QCOMPARE(v.layerChart.currentCounter(), kInstructions);
        QCOMPARE(v.opShare.currentCounter(), kInstructions);
        v.state.setCurrentCounter(kInstructions);
        QCOMPARE(changed.count(), 1); // no change, no signal
        // Chosen in the graph: the state and through it the table follow.
        v.graph.setCurrentCounter(kCycles);
        QCOMPARE(v.state.currentCounter(), kCycles);
        QCOMPARE(v.table.currentCounter(), kCycles);
        QCOMPARE(v.layerChart.currentCounter(), kCycles);
        // Chosen in a chart: only what that chart plots.
        v.layerChart.setCurrentCounter(kInstructions);
        QCOMPARE(v.layerChart.currentCounter(), kInstructions);
        QCOMPARE(v.state.currentCounter(), kCycles);
        QCOMPARE(v.graph.currentCounter(), kCycles);
    }

    void selectionReachesEveryOtherView()
    {
        BoundViews v;
        const model::ModelLoadResult loaded = loadChain(); // a model the Memory view can plan
        QVERIFY(loaded.ok());
        const auto info = std::make_shared<const model::ModelInfo>(*loaded.model);
        v.state.setModel(info);
        v.state.setResult(std::make_shared<const model::ProfileResult>(chainResult(*info, 1.0)));
        QVERIFY(waitForLayout(v.graph));
        QVERIFY(v.memory.plan());
        v.state.selectOperator(0, 3);
        QCOMPARE(v.state.selectedOperator(), std::make_optional(qMakePair(0, 3)));
        QCOMPARE(v.graph.selectedOperator(), std::make_optional(qMakePair(0, 3)));
        QCOMPARE(selectedSourceIndex(v.table), 3);
        QCOMPARE(v.layerChart.selectedLayer(), std::optional<int>(3));
        QCOMPARE(v.memory.selectedOperator(), std::make_optional(std::make_pair(0, 3)));

        // A row chosen in the table: the state says it came from the table, and the others follow.
        QSignalSpy selected(&v.state, &ViewState::operatorSelected);
        QTableView *rows = v.table.tableView();
        const int row = v.table.tableModel()->rowForOperator(0, 1);
        QVERIFY(row >= 0);
        rows->setCurrentIndex(rows->model()->index(row, 1));
        QCOMPARE(selected.count(), 1);
        QCOMPARE(selected.first().at(0).toInt(), 0);
        QCOMPARE(selected.first().at(1).toInt(), 1);
        QCOMPARE(selected.first().at(2).value<const QObject *>(), static_cast<const QObject *>(&v.table));
        QCOMPARE(v.graph.selectedOperator(), std::make_optional(qMakePair(0, 1)));
        QCOMPARE(v.layerChart.selectedLayer(), std::optional<int>(1));
        QCOMPARE(v.memory.selectedOperator(), std::make_optional(std::make_pair(0, 1)));

        // A new model forgets the selection.
        v.state.setModel(info);
        QVERIFY(!v.state.selectedOperator());
    }

    void memoryPlanIsTheGraphsModelMetric()
    {
        BoundViews v;
        const model::ModelLoadResult loaded = loadChain();
        QVERIFY(loaded.ok());
        v.state.setModel(std::make_shared<const model::ModelInfo>(*loaded.model));
        QVERIFY2(v.memory.plan(), qPrintable(v.memory.planError()));
        QCOMPARE(v.state.modelMetricName(), QStringLiteral("MEMORY_LIVE_BYTES"));
        QCOMPARE(v.state.modelMetric(), v.memory.liveBytesBySubgraph());
        auto *combo = v.graph.findChild<CounterCombo *>();
        QVERIFY(combo);
        QVERIFY(combo->findData(QStringLiteral("MEMORY_LIVE_BYTES")) >= 0);
        // Without a run the graph colours by it.
        QCOMPARE(v.graph.currentCounter(), QStringLiteral("MEMORY_LIVE_BYTES"));
        v.state.setModel(nullptr);
        QVERIFY(v.state.modelMetricName().isEmpty());
        QCOMPARE(combo->findData(QStringLiteral("MEMORY_LIVE_BYTES")), -1);
    }

    // CompareController given only the state and the views it changes: no MainWindow anywhere.
    void compareModeFromTheStateAlone()
    {
        QWidget window;
        auto *banner = new MessageBanner(&window);
        auto *charts = new QTabWidget(&window);
        BoundViews v;
        CompareController compare(&v.state, &v.table, charts, banner, &window);
        QCOMPARE(compare.summaryStrip()->parentWidget(), &window);
        QVERIFY(!compare.compareBundles(QStringLiteral("/tmp/a"), QStringLiteral("/tmp/b"))); // nobody opens bundles

        const QVector<double> base = { 1000, 300, 2000, 50, 500, 80 };
        const QVector<double> cand = { 600, 300, 2100, 50, 450, 80 };
        auto cmp = std::make_shared<const model::Comparison>(model::Comparator::compare(
            bundleOf(base, QStringLiteral("/tmp/base")), bundleOf(cand, QStringLiteral("/tmp/cand"))));
        QVERIFY(!cmp->blocked());
        v.state.setModel(std::make_shared<const model::ModelInfo>(test::diamondModel()));
        v.state.setResult(std::make_shared<const model::ProfileResult>(cmp->candidate.result));
        QVERIFY(waitForLayout(v.graph));
        QSignalSpy comparisonChanged(&v.state, &ViewState::comparisonChanged);
        compare.showComparison(cmp);
        QCOMPARE(comparisonChanged.count(), 1);
        QVERIFY(compare.isActive());
        QCOMPARE(v.state.comparison().comparison(), cmp.get());
        QVERIFY(v.graph.isCompareMode());
        QVERIFY(v.table.tableModel()->columnForId(QStringLiteral("compare:delta")) >= 0);
        QCOMPARE(charts->currentWidget(), compare.deltaChart());
        QCOMPARE(compare.deltaChart()->barCount(), 6);
        QVERIFY(!compare.summaryStrip()->cyclesText().isEmpty());
        QVERIFY(compare.stopAction()->isEnabled());

        // The delta chart is one more bound view: a bar chosen there is the table's and the graph's selection.
        Q_EMIT compare.deltaChart()->operatorSelected(0, 2);
        QCOMPARE(selectedSourceIndex(v.table), 2);
        QCOMPARE(v.graph.selectedOperator(), std::make_optional(qMakePair(0, 2)));

        // Another result on the state ends compare mode in every view.
        v.state.setResult(std::make_shared<const model::ProfileResult>(test::diamondResult()));
        QVERIFY(!compare.isActive());
        QVERIFY(!v.state.comparison().isValid());
        QVERIFY(!v.graph.isCompareMode());
        QCOMPARE(v.table.tableModel()->columnForId(QStringLiteral("compare:delta")), -1);
        QCOMPARE(charts->indexOf(compare.deltaChart()), -1);
        QVERIFY(!compare.stopAction()->isEnabled());
    }

    // Two bundles on disk: the controller asks its openBundle to show the candidate, and compares once the state's
    // result is that bundle's.
    void compareTwoBundlesThroughTheState()
    {
        QTemporaryDir tmp;
        const model::ModelLoadResult loaded = loadChain(tmp.filePath(QStringLiteral("chain.tflite")));
        QVERIFY(loaded.ok());
        const auto info = std::make_shared<const model::ModelInfo>(*loaded.model);
        const auto write = [&](const QString &name, double scale) {
            model::RunContext ctx = model::RunContext::create();
            ctx.model = info;
            ctx.modelName = QStringLiteral("chain.tflite");
            ctx.modelSha256 = QStringLiteral("feedface");
            return model::BundleWriter::write(chainResult(*info, scale), ctx, tmp.filePath(name)).ok;
        };
        QVERIFY(write(QStringLiteral("base"), 1.0));
        QVERIFY(write(QStringLiteral("cand"), 0.7));

        QWidget window;
        BoundViews v;
        CompareController compare(&v.state, &v.table, new QTabWidget(&window), new MessageBanner(&window), &window);
        QStringList opened;
        compare.openBundle = [&](const QString &directory) {
            opened << directory;
            const model::BundleReadResult read = model::BundleReader::read(directory);
            if (!read.bundle)
                return false;
            v.state.setResult(std::make_shared<const model::ProfileResult>(read.bundle->result), directory);
            return true;
        };
        v.state.setModel(info);
        QSignalSpy done(&compare, &CompareController::comparisonFinished);
        QVERIFY(compare.compareBundles(tmp.filePath(QStringLiteral("base")), tmp.filePath(QStringLiteral("cand"))));
        QCOMPARE(opened, QStringList { tmp.filePath(QStringLiteral("cand")) });
        QVERIFY(done.wait(30000));
        QCOMPARE(done.first().first().toBool(), true);
        QVERIFY(compare.isActive());
        QVERIFY(v.graph.isCompareMode());
        QCOMPARE(QDir(compare.data().comparison()->candidate.directory).absolutePath(),
            QDir(tmp.filePath(QStringLiteral("cand"))).absolutePath());
        QVERIFY(v.table.tableModel()->columnForId(QStringLiteral("compare:delta")) >= 0);
    }

private:
    // Cycles for every operator of the chain; every third one scaled (what a candidate changed).
    static model::ProfileResult chainResult(const model::ModelInfo &info, double scale)
    {
        model::ProfileResult r;
        r.counters = { kCycles };
        const auto &ops = info.subgraphs.at(0).operators;
        for (int i = 0; i < ops.size(); ++i)
            r.layers.append(test::makeLayer(i, ops.at(i).op, 0, i, { (1000.0 + 97 * i) * (i % 3 ? 1.0 : scale) }));
        return r;
    }

    static model::ModelLoadResult loadChain(const QString &path = QString())
    {
        static QTemporaryDir dir;
        const QString file = path.isEmpty() ? dir.filePath(QStringLiteral("chain.tflite")) : path;
        if (!model::SyntheticModel::chain(model::SyntheticModel::ChainOptions(12)).writeFile(file))
            return {};
        return model::loadModel(file);
    }
};

QTEST_MAIN(TestViewState)
#include "tst_viewstate.moc"
