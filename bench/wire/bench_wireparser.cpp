// Wire-parser throughput on a large generated stream: 4 passes x 100 iterations x 2000 layers with full-width
// 32-bit counter values (~52 MB). bytes_per_second is per CPU second (the build machine is shared and loaded:
// wall time there mostly measures the other processes).
//   ./build/bench/wire/bench_wireparser
#include "device/wire/wireparser.h"

#include <QByteArray>
#include <QRandomGenerator>

#include <benchmark/benchmark.h>

namespace {

QByteArray makeStream(int passes, int iterations, int layers)
{
    QRandomGenerator rng(2024);
    const char *ops[] = { "CONV_2D", "DEPTHWISE_CONV_2D", "FULLY_CONNECTED", "ADD", "CONV_2D:17", "RESHAPE" };
    const char *names[][4] = {
        { "ARM_PMU_CPU_CYCLES", "ARM_PMU_INST_RETIRED", "ARM_PMU_STALL_FRONTEND", "ARM_PMU_STALL_BACKEND" },
        { "ARM_PMU_MEM_ACCESS", "ARM_PMU_L1D_CACHE_REFILL", "ARM_PMU_BUS_ACCESS", "ARM_PMU_BUS_CYCLES" },
        { "ARM_PMU_MVE_INST_RETIRED", "ARM_PMU_MVE_STALL", "ARM_PMU_MVE_LDST_RETIRED", "ARM_PMU_MVE_INT_MAC_RETIRED" },
        { "ARM_PMU_L1D_CACHE", "ARM_PMU_L1D_CACHE_RD", "ARM_PMU_L1I_CACHE", "ARM_PMU_L1I_CACHE_REFILL" },
    };
    QByteArray s;
    s.reserve(qsizetype(passes) * iterations * layers * 60);
    s += "\n--- HPX_START ---\nHPX_VERSION=1\nHPX_ENGINE=helia_rt\nHPX_PRESETS=cpu_0,memory_0,mve_0,memory_1\n"
         "HPX_HEARTBEAT phase=clean_window_begin iters=100 est_ms=1000\nHPX_CLEAN_INFER_COUNT=100\n";
    const char *passNames[] = { "cpu_0", "memory_0", "mve_0", "memory_1" };
    for (int p = 0; p < passes; ++p) {
        s += "\n--- HPX_PRESET ";
        s += passNames[p % 4];
        s += " ---\nHPX_HEARTBEAT phase=warmup_done pass=" + QByteArray::number(p) + '\n';
        QByteArray header = "\"Layer\",\"Op\"";
        for (const char *n : names[p % 4])
            header += ",\"" + QByteArray(n) + '"';
        header += ",\"overflow\"\n";
        for (int it = 0; it < iterations; ++it) {
            s += "\n--- HPX_ITER " + QByteArray::number(it) + " ---\n" + header;
            for (int l = 0; l < layers; ++l) {
                if (l % 100 == 99)
                    s += "HPX_HEARTBEAT phase=infer pass=" + QByteArray::number(p) + " iter=" + QByteArray::number(it)
                        + " layer=" + QByteArray::number(l) + '\n';
                s += QByteArray::number(l);
                s += ',';
                s += ops[l % 6];
                for (int k = 0; k < 4; ++k) {
                    s += ',';
                    s += QByteArray::number(rng.bounded(4000000000u)); // full-width 32-bit counters
                }
                s += ",0\n";
            }
        }
    }
    s += "HPX_PROFILED_INFER_COUNT=400\n\n--- HPX_END ---\n";
    return s;
}

const QByteArray &bigStream()
{
    static const QByteArray s = makeStream(4, 100, 2000);
    return s;
}

void BM_WireParserWhole(benchmark::State &state)
{
    const QByteArray &s = bigStream();
    for (auto _ : state) {
        hpx::device::WireParser parser(hpx::model::FirmwareTransport::UsbCdc);
        parser.feed(s);
        hpx::model::Capture c = parser.finish();
        benchmark::DoNotOptimize(c.passes.size());
        if (c.passes.size() != 4 || c.passes.at(3).iterations.size() != 100 || !c.problems.isEmpty())
            state.SkipWithError("unexpected parse result");
    }
    state.SetBytesProcessed(int64_t(state.iterations()) * s.size());
    state.counters["stream_MB"] = double(s.size()) / 1e6;
}
BENCHMARK(BM_WireParserWhole)->Unit(benchmark::kMillisecond);

// As a serial port delivers it: 4 KiB reads.
void BM_WireParserChunked(benchmark::State &state)
{
    const QByteArray &s = bigStream();
    const qsizetype chunk = state.range(0);
    for (auto _ : state) {
        hpx::device::WireParser parser(hpx::model::FirmwareTransport::Uart);
        for (qsizetype pos = 0; pos < s.size(); pos += chunk)
            benchmark::DoNotOptimize(parser.feed(QByteArrayView(s.constData() + pos, qMin(chunk, s.size() - pos))));
        hpx::model::Capture c = parser.finish();
        benchmark::DoNotOptimize(c.passes.size());
    }
    state.SetBytesProcessed(int64_t(state.iterations()) * s.size());
}
BENCHMARK(BM_WireParserChunked)->Arg(64)->Arg(4096)->Unit(benchmark::kMillisecond);

} // namespace

BENCHMARK_MAIN();
