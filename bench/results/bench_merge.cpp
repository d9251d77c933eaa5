// Merge throughput: 10,000 layers x 40 counters, captured as 10 passes x 4 counters x 20 iterations
// (2,000,000 rows), through mergeCapture (aggregation, pass check, merge, groups, attribution, issues).
#include "model/board/counters.h"
#include "model/results/merge.h"
#include "model/tflite/modelinfo.h"

#include <benchmark/benchmark.h>
#include <random>

using namespace hpx::model;

namespace {

constexpr int kLayers = 10000;
constexpr int kPasses = 10;
constexpr int kCountersPerPass = 4;
constexpr int kIterations = 20;

const QStringList &opNames()
{
    static const QStringList names { QStringLiteral("CONV_2D"), QStringLiteral("DEPTHWISE_CONV_2D"),
        QStringLiteral("ADD"), QStringLiteral("FULLY_CONNECTED"), QStringLiteral("RESHAPE") };
    return names;
}

const Capture &bigCapture()
{
    static const Capture capture = [] {
        Capture c;
        c.sawStart = c.sawEnd = true;
        std::mt19937 random(42);
        std::uniform_real_distribution<double> noise(0.98, 1.02);
        const QVector<CounterInfo> &catalogue = counters::catalogue();
        for (int p = 0; p < kPasses; ++p) {
            CapturePass pass;
            pass.name = QStringLiteral("cpu_%1").arg(p);
            for (int k = 0; k < kCountersPerPass; ++k)
                pass.counters.append(catalogue.at(p * kCountersPerPass + k).name);
            pass.header = QStringList { QStringLiteral("Layer"), QStringLiteral("Op") } + pass.counters;
            for (int it = 0; it < kIterations; ++it) {
                CaptureIteration iteration;
                iteration.number = it;
                iteration.rows.reserve(kLayers);
                for (int l = 0; l < kLayers; ++l) {
                    CaptureRow row;
                    row.position = l;
                    row.layer = QString::number(l);
                    row.op = opNames().at(l % opNames().size());
                    row.values.reserve(kCountersPerPass);
                    for (int k = 0; k < kCountersPerPass; ++k)
                        row.values.append(std::floor(1000.0 * (1 + (l % 97)) * (k + 1) * noise(random)));
                    iteration.rows.append(row);
                }
                pass.iterations.append(iteration);
            }
            c.passes.append(pass);
        }
        return c;
    }();
    return capture;
}

const ModelInfo &bigModel()
{
    static const ModelInfo model = [] {
        ModelInfo m;
        SubgraphInfo s;
        s.index = 0;
        s.graphId = QStringLiteral("main");
        for (int l = 0; l < kLayers; ++l) {
            OperatorInfo op;
            op.index = l;
            op.op = opNames().at(l % opNames().size());
            op.macs = 1000 + l;
            s.operators.append(op);
        }
        m.subgraphs.append(s);
        return m;
    }();
    return model;
}

void runMerge(benchmark::State &state, const ModelInfo *model)
{
    const Capture &capture = bigCapture();
    MergeOptions options;
    options.engine = Engine::Tflm;
    options.model = model;
    for (auto _ : state) {
        MergeOutcome outcome = mergeCapture(capture, options);
        if (!outcome.ok() || outcome.result->layers.size() != kLayers || outcome.result->counters.size() != 40)
            state.SkipWithError("unexpected merge result");
        benchmark::DoNotOptimize(outcome);
    }
    state.counters["rows/s"]
        = benchmark::Counter(double(kPasses) * kIterations * kLayers * state.iterations(), benchmark::Counter::kIsRate);
}

void BM_Merge10kLayers40Counters(benchmark::State &state)
{
    runMerge(state, nullptr);
}

void BM_Merge10kLayers40CountersWithModel(benchmark::State &state)
{
    runMerge(state, &bigModel());
}

} // namespace

BENCHMARK(BM_Merge10kLayers40Counters)->Unit(benchmark::kMillisecond)->MinTime(3.0);
BENCHMARK(BM_Merge10kLayers40CountersWithModel)->Unit(benchmark::kMillisecond)->MinTime(3.0);
BENCHMARK_MAIN();
