// The Memory view on the UI thread: planning a model and drawing its plot (ui/memory/, docs/memory.md).
//
//   cmake --build build --target bench_memoryview && build/bench/ui/bench_memoryview
//
// setModel() plans on the UI thread (the plan alone is bench/memory/bench_memory); this measures plan + the bars
// (at most 4,000) + a replot, at the size the Charts dock has in the default window.
#include "model/tflite/syntheticmodel.h"
#include "model/tflite/tflitemodel.h"
#include "ui/common/qcustomplotinclude.h"
#include "ui/memory/memoryview.h"

#include <QApplication>

#include <benchmark/benchmark.h>

using namespace hpx;

namespace {

void BM_MemoryViewSetModel(benchmark::State &state)
{
    const model::ModelLoadResult r = model::parseModel(model::SyntheticModel::chain({ int(state.range(0)) }).build(),
        QStringLiteral("chain.tflite"), model::Digest::None);
    const auto info = std::make_shared<const model::ModelInfo>(*r.model);
    ui::MemoryView view;
    view.resize(1400, 200);
    view.show();
    for (auto _ : state) {
        view.setModel(info);
        view.plot()->replot(QCustomPlot::rpImmediateRefresh);
        benchmark::DoNotOptimize(view.plan().get());
    }
    state.counters["operators"] = double(state.range(0));
}
BENCHMARK(BM_MemoryViewSetModel)->Arg(100)->Arg(1000)->Arg(10000)->Unit(benchmark::kMillisecond);

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
