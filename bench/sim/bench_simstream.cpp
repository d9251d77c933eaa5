// Simulated-board stream rendering: bytes of v1 stream produced per second (cost model + formatting), for the
// largest test models with hpx's `all` selection (18 passes on the Cortex-M55 profile).
#include "device/sim/simevents.h"
#include "device/sim/simstream.h"
#include "model/tflite/tflitemodel.h"

#include <benchmark/benchmark.h>

using namespace hpx::device;

namespace {
SimulatorConfig config(const char *file)
{
    SimulatorConfig c;
    const auto loaded = hpx::model::loadModel(QStringLiteral(HPX_BENCH_MODELS_DIR "/") + QLatin1String(file));
    if (loaded.ok())
        c.model = *loaded.model;
    const auto &events = simEvents();
    for (int i = 0; i < events.size(); i += 4) {
        WirePass p { QStringLiteral("all_") + QString::number(i / 4), {} };
        for (int k = i; k < std::min(i + 4, int(events.size())); ++k)
            p.events.append(events.at(k).name);
        c.passes.append(p);
    }
    c.iterations = 3;
    return c;
}

void renderStream(benchmark::State &state, const char *file)
{
    const SimulatorConfig c = config(file);
    if (c.model.subgraphs.isEmpty()) {
        state.SkipWithError("model not found");
        return;
    }
    qint64 bytes = 0;
    for (auto _ : state) {
        const QByteArray stream = renderSimulatedStream(c);
        bytes += stream.size();
        benchmark::DoNotOptimize(stream.constData());
    }
    state.SetBytesProcessed(bytes);
}
} // namespace

BENCHMARK_CAPTURE(renderStream, person_detect, "person_detect.tflite")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(renderStream, vww_96_float, "vww_96_float.tflite")->Unit(benchmark::kMillisecond);
BENCHMARK_MAIN();
