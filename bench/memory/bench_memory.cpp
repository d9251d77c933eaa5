// The memory plan (model/memory/, issue 23 goal: 10,000 operators in under 50 ms).
//
//   cmake --build build --target bench_memory && build/bench/memory/bench_memory
//
// planMemory() on an already loaded model: lifetimes, the greedy offsets, live bytes, the arena estimate. The
// 10,000-operator model is SyntheticModel::chain (CONV_2D / DEPTHWISE_CONV_2D with residual ADDs, about 10,000
// planned activation tensors); a plain chain and a model whose every output lives to the end show the two
// extremes of how many buffers are alive at once.
#include "model/memory/memoryplan.h"
#include "model/tflite/syntheticmodel.h"
#include "model/tflite/tflitemodel.h"

#include <benchmark/benchmark.h>

using namespace hpx::model;

namespace {

ModelInfo load(const SyntheticModel &m)
{
    return parseModel(m.build(), QStringLiteral("bench.tflite"), Digest::None).model.value_or(ModelInfo());
}

void run(benchmark::State &state, const ModelInfo &model)
{
    for (auto _ : state) {
        const MemoryPlanResult r = planMemory(model);
        if (!r.plan) {
            state.SkipWithError(qPrintable(r.error));
            return;
        }
        benchmark::DoNotOptimize(r.plan->plannedBytes);
    }
    state.counters["operators"] = model.operatorCount();
}

void BM_Plan_Residual10k(benchmark::State &state)
{
    run(state, load(SyntheticModel::chain({ 10000 })));
}
BENCHMARK(BM_Plan_Residual10k)->Unit(benchmark::kMillisecond);

void BM_Plan_PlainChain10k(benchmark::State &state)
{
    SyntheticModel::ChainOptions options(10000);
    options.skipEvery = 0;
    run(state, load(SyntheticModel::chain(options)));
}
BENCHMARK(BM_Plan_PlainChain10k)->Unit(benchmark::kMillisecond);

// Every 10th output is kept to the end by a final CONCATENATION: long lifetimes, many buffers alive at once.
void BM_Plan_LongLived1k(benchmark::State &state)
{
    SyntheticModel m = SyntheticModel::chain({ 1000 });
    SyntheticModel::Subgraph &sg = m.subgraphs.first();
    QVector<int> kept;
    for (const SyntheticModel::Operator &op : sg.operators) {
        if (kept.size() * 10 < sg.operators.size() && (&op - sg.operators.constData()) % 10 == 0)
            kept.append(op.outputs.first());
    }
    const int out = sg.addTensor(QStringLiteral("concat"), QStringLiteral("INT8"), { 1, 8, 8, 8 * kept.size() });
    sg.addOperator(QStringLiteral("CONCATENATION"), kept, { out });
    sg.outputs = { out };
    run(state, load(m));
}
BENCHMARK(BM_Plan_LongLived1k)->Unit(benchmark::kMillisecond);

void BM_Plan_Vww(benchmark::State &state)
{
    run(state, loadModel(QStringLiteral(HPX_BENCH_MODELS_DIR "/vww_96_float.tflite")).model.value_or(ModelInfo()));
}
BENCHMARK(BM_Plan_Vww)->Unit(benchmark::kMicrosecond);

} // namespace

BENCHMARK_MAIN();
