// Result views: open + layout + first paint of the heat graph for synthetic models, and the
// pieces behind it. Run: ./build/bench/ui/bench_uiviews (offscreen platform is set if none is).
#include "tests/ui/uitestdata.h"
#include "ui/graph/graphlayout.h"
#include "ui/graph/heatgraphview.h"
#include "ui/table/layerfilterproxy.h"
#include "ui/table/layertablemodel.h"

#include <QApplication>
#include <QGraphicsView>
#include <QImage>
#include <QPainter>
#include <QScrollBar>
#include <QSignalSpy>

#include <benchmark/benchmark.h>
#include <ctime>

using namespace hpx;

namespace {

// CPU time of the whole process (UI thread + layout worker): under a loaded machine the wall
// clock mostly measures other people's builds.
double processCpuMs()
{
    timespec ts {};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

struct Data {
    std::shared_ptr<const model::ModelInfo> model;
    std::shared_ptr<const model::ProfileResult> result;
};

const Data &data(int n)
{
    static std::map<int, Data> cache;
    auto it = cache.find(n);
    if (it == cache.end()) {
        // 138: the conformer-like chain (the torchaudio model); else a residual chain of n.
        auto m = std::make_shared<const model::ModelInfo>(n == 138 ? test::conformerModel() : test::syntheticModel(n));
        auto r = std::make_shared<const model::ProfileResult>(test::syntheticResult(*m));
        it = cache.emplace(n, Data { m, r }).first;
    }
    return it->second;
}

// What a user waits for: set model and result on a fresh view, layout off the UI thread, then the
// first frame of the 1200x800 view rendered into an image.
void BM_OpenLayoutFirstPaint(benchmark::State &state)
{
    const Data &d = data(int(state.range(0)));
    double cpu = 0;
    for (auto _ : state) {
        const double cpu0 = processCpuMs();
        ui::HeatGraphView view;
        view.resize(1200, 800);
        view.setModel(d.model);
        view.setResult(d.result);
        QSignalSpy spy(&view, &ui::HeatGraphView::layoutFinished);
        if (view.isLayoutPending() && !spy.wait(60000)) {
            state.SkipWithError("layout timed out");
            break;
        }
        QImage image(view.size(), QImage::Format_ARGB32_Premultiplied);
        QPainter painter(&image);
        view.render(&painter);
        painter.end();
        benchmark::DoNotOptimize(image.constBits());
        cpu += processCpuMs() - cpu0;
    }
    state.counters["nodes"] = double(state.range(0));
    state.counters["process_cpu_ms"] = cpu / double(state.iterations());
}
BENCHMARK(BM_OpenLayoutFirstPaint)
    ->Arg(138)
    ->Arg(1000)
    ->Arg(10000)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->MinTime(2);

// One frame of panning or zooming: alternately scroll by 60 px and zoom by 10 % around the centre,
// then paint the view's viewport (1200x800) as the event loop would. range(1): 0 = at Fit (the
// width at a readable size), 1 = zoomed out until the whole graph is on screen (every node drawn).
void BM_PanZoomFrame(benchmark::State &state)
{
    const Data &d = data(int(state.range(0)));
    ui::HeatGraphView view;
    view.resize(1200, 800);
    view.show();
    view.setModel(d.model);
    view.setResult(d.result);
    QSignalSpy spy(&view, &ui::HeatGraphView::layoutFinished);
    if (view.isLayoutPending() && !spy.wait(60000)) {
        state.SkipWithError("layout timed out");
        return;
    }
    QGraphicsView *canvas = view.graphicsView();
    view.fitToView();
    if (state.range(1))
        canvas->fitInView(view.scene()->sceneRect(), Qt::KeepAspectRatio);
    QImage image(canvas->viewport()->size(), QImage::Format_ARGB32_Premultiplied);
    int frame = 0;
    for (auto _ : state) {
        switch (frame++ % 4) {
        case 0:
            canvas->verticalScrollBar()->setValue(canvas->verticalScrollBar()->value() + 60);
            break;
        case 1:
            canvas->scale(1.1, 1.1);
            break;
        case 2:
            canvas->verticalScrollBar()->setValue(canvas->verticalScrollBar()->value() - 60);
            break;
        default:
            canvas->scale(1 / 1.1, 1 / 1.1);
        }
        QCoreApplication::processEvents(); // the minimap and labels follow, as in the app
        QPainter painter(&image);
        canvas->viewport()->render(&painter);
        painter.end();
        benchmark::DoNotOptimize(image.constBits());
    }
    state.counters["nodes"] = double(state.range(0));
    state.SetLabel(state.range(1) ? "whole graph on screen" : "at Fit");
}
BENCHMARK(BM_PanZoomFrame)
    ->Args({ 138, 0 })
    ->Args({ 1000, 0 })
    ->Args({ 10000, 0 })
    ->Args({ 10000, 1 })
    ->Unit(benchmark::kMillisecond);

void BM_Layout(benchmark::State &state)
{
    const auto &sg = data(int(state.range(0))).model->subgraphs.first();
    ui::LayoutInput in;
    for (int i = 0; i < sg.operators.size(); ++i)
        in.nodeSizes.append(QSizeF(120, 40));
    in.edges = ui::dataflowEdges(sg);
    ui::LayoutOptions opt;
    opt.method = state.range(1) ? ui::LayoutOptions::Method::Graphviz : ui::LayoutOptions::Method::Fast;
    for (auto _ : state)
        benchmark::DoNotOptimize(ui::computeLayout(in, opt).centers.data());
    state.SetLabel(state.range(1) ? "graphviz dot" : "fast layered");
}
BENCHMARK(BM_Layout)
    ->Args({ 1000, 1 })
    ->Args({ 2000, 1 })
    ->Args({ 1000, 0 })
    ->Args({ 10000, 0 })
    ->Unit(benchmark::kMillisecond);

// A fresh table given the model and the result, then sorted by the column `columnOf` picks.
template<typename ColumnOf> void setResultAndSort(benchmark::State &state, ColumnOf columnOf)
{
    const Data &d = data(int(state.range(0)));
    for (auto _ : state) {
        ui::LayerTableModel model;
        ui::LayerFilterProxy proxy;
        proxy.setSourceModel(&model);
        model.setModel(d.model);
        model.setResult(d.result);
        proxy.sort(columnOf(model), Qt::DescendingOrder);
        benchmark::DoNotOptimize(proxy.index(0, 0).data());
    }
}

void BM_TableSetResultAndSort(benchmark::State &state)
{
    setResultAndSort(state, [](const ui::LayerTableModel &m) { return m.columnForCounter(ui::kCyclesCounter); });
}
BENCHMARK(BM_TableSetResultAndSort)->Arg(10000)->Unit(benchmark::kMillisecond);

// The same sorted by a derived column (cycles/MAC, model::DerivedInputs): every comparison asks both cells for the
// metric, computed and rounded as the bundle rounds it.
void BM_TableSortByDerived(benchmark::State &state)
{
    setResultAndSort(
        state, [](const ui::LayerTableModel &m) { return m.columnForId(QStringLiteral("cycles_per_mac")); });
}
BENCHMARK(BM_TableSortByDerived)->Arg(10000)->Unit(benchmark::kMillisecond);

} // namespace

int main(int argc, char **argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
