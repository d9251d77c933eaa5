// Writing (and reading back) a result bundle for a large run: 10,000 layers x 40 counters, CSV
// results, Model Explorer overlays on (40 files), detailed off. Target: write < 1 s.
//   ./build/bench/bundle/bench_bundle --benchmark_min_time=2
#include "bench/bundle/syntheticbundle.h"
#include "model/bundle/bundlereader.h"
#include "model/bundle/bundlewriter.h"

#include <QTemporaryDir>

#include <benchmark/benchmark.h>

using namespace hpx::model;

namespace {

ProfileResult synthetic(int layers, int counters)
{
    return hpx::bench::syntheticResult(layers, counters);
}

RunContext context()
{
    return hpx::bench::syntheticContext();
}

void BM_PlanBundle(benchmark::State &state)
{
    const ProfileResult result = synthetic(int(state.range(0)), int(state.range(1)));
    const RunContext ctx = context();
    for (auto _ : state) {
        BundlePlan plan = BundleWriter::plan(result, ctx);
        benchmark::DoNotOptimize(plan);
    }
}

void BM_WriteBundle(benchmark::State &state)
{
    const ProfileResult result = synthetic(int(state.range(0)), int(state.range(1)));
    const RunContext ctx = context();
    QTemporaryDir tmp;
    const QString dir = tmp.filePath(QStringLiteral("results"));
    qint64 bytes = 0;
    for (auto _ : state) {
        const BundleWriteResult r = BundleWriter::write(result, ctx, dir);
        if (!r.ok)
            state.SkipWithError(qPrintable(r.error));
    }
    for (const QFileInfo &fi : QDir(dir).entryInfoList(QDir::Files))
        bytes += fi.size();
    state.counters["top_level_bytes"] = double(bytes);
}

void BM_ReadBundle(benchmark::State &state)
{
    const ProfileResult result = synthetic(int(state.range(0)), int(state.range(1)));
    QTemporaryDir tmp;
    const QString dir = tmp.filePath(QStringLiteral("results"));
    BundleWriter::write(result, context(), dir);
    for (auto _ : state) {
        const BundleReadResult r = BundleReader::read(dir);
        if (!r.bundle)
            state.SkipWithError(qPrintable(r.error));
    }
}

} // namespace

BENCHMARK(BM_PlanBundle)->Args({ 10000, 40 })->Unit(benchmark::kMillisecond);
BENCHMARK(BM_WriteBundle)->Args({ 10000, 40 })->Args({ 1000, 8 })->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ReadBundle)->Args({ 10000, 40 })->Unit(benchmark::kMillisecond);
BENCHMARK_MAIN();
