// `hpx compare` on two large bundles: 10,000 layers x 40 counters each (CSV results, 40 overlays per bundle,
// written by the bundle writer from bench/bundle's synthetic result, the candidate's values shifted).
// Target: read both, compare and write compare_summary.json + layer_diff.csv + 40 delta overlays < 1 s.
//   ./build/bench/compare/bench_compare --benchmark_min_time=2
#include "bench/bundle/syntheticbundle.h"
#include "model/bundle/bundlewriter.h"
#include "model/compare/comparison.h"
#include "model/compare/comparisonexport.h"
#include "model/compare/layerdiff.h"

#include <QTemporaryDir>

#include <benchmark/benchmark.h>

using namespace hpx::model;

namespace {

struct Pair {
    QTemporaryDir tmp;
    QString baseline;
    QString candidate;
};

Pair &bundles(int layers, int counters)
{
    static Pair pair;
    if (pair.baseline.isEmpty()) {
        pair.baseline = pair.tmp.filePath(QStringLiteral("baseline"));
        pair.candidate = pair.tmp.filePath(QStringLiteral("candidate"));
        const RunContext ctx = hpx::bench::syntheticContext();
        BundleWriter::write(hpx::bench::syntheticResult(layers, counters, 0), ctx, pair.baseline);
        BundleWriter::write(hpx::bench::syntheticResult(layers, counters, 1), ctx, pair.candidate);
    }
    return pair;
}

// The whole command: read both bundles (in parallel), compare, write every file.
void BM_CompareBundles(benchmark::State &state)
{
    const Pair &p = bundles(int(state.range(0)), int(state.range(1)));
    QTemporaryDir out;
    for (auto _ : state) {
        QString error;
        const auto cmp = Comparator::compareDirectories(p.baseline, p.candidate, {}, &error);
        if (!cmp || cmp->pairs.size() != state.range(0)) {
            state.SkipWithError(qPrintable(error.isEmpty() ? QStringLiteral("no pairs") : error));
            break;
        }
        const ComparisonWriteResult w = writeComparison(*cmp, out.path(), p.baseline, p.candidate);
        if (!w.ok)
            state.SkipWithError(qPrintable(w.error));
    }
}

// Reading and verifying both bundles as hpx compare does (BundleReadOptions::forComparison), one after the other: the
// cost of the verification. Every declared file is hashed, the 40 overlays the comparison does not parse too, and the
// schema of what it parses is checked (issue 26; before it, unparsed files were only size-checked).
void BM_ReadForComparison(benchmark::State &state)
{
    const Pair &p = bundles(int(state.range(0)), int(state.range(1)));
    for (auto _ : state) {
        for (const QString &dir : { p.baseline, p.candidate }) {
            const BundleReadResult r = BundleReader::read(dir, BundleReadOptions::forComparison());
            if (!r.bundle) {
                state.SkipWithError(qPrintable(r.error));
                return;
            }
            benchmark::DoNotOptimize(r.bundle->result.layers.size());
        }
    }
}

// Only the comparison and its files, the two bundles already in memory.
void BM_CompareInMemory(benchmark::State &state)
{
    const Pair &p = bundles(int(state.range(0)), int(state.range(1)));
    const Bundle base = *BundleReader::read(p.baseline).bundle;
    const Bundle cand = *BundleReader::read(p.candidate).bundle;
    for (auto _ : state) {
        const Comparison cmp = Comparator::compare(base, cand);
        const QByteArray csv = layerDiffCsv(cmp);
        const QVector<DeltaOverlay> overlays = buildDeltaOverlays(cmp);
        qsizetype bytes = csv.size();
        for (const DeltaOverlay &o : overlays)
            bytes += o.bytes().size();
        benchmark::DoNotOptimize(bytes);
    }
}

} // namespace

BENCHMARK(BM_CompareBundles)->Args({ 10000, 40 })->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_ReadForComparison)->Args({ 10000, 40 })->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_CompareInMemory)->Args({ 10000, 40 })->Unit(benchmark::kMillisecond);
BENCHMARK_MAIN();
