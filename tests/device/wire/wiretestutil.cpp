#include "tests/device/wire/wiretestutil.h"

#include "device/wire/wireparser.h"

#include <QTextStream>

namespace hpx::test {

QString dumpCapture(const model::Capture &c)
{
    QString out;
    QTextStream s(&out);
    s << "start=" << c.sawStart << " end=" << c.sawEnd << " lines=" << c.lineCount << " bytes=" << c.byteCount
      << " heartbeats=" << c.heartbeatCount << '\n';
    s << "announced=" << c.announcedPresets.join(QLatin1Char(','))
      << " cleanIters=" << (c.announcedCleanIters ? QString::number(*c.announcedCleanIters) : QStringLiteral("-"))
      << " estMs=" << (c.announcedCleanEstMs ? QString::number(*c.announcedCleanEstMs) : QStringLiteral("-")) << '\n';
    for (const auto &kv : c.metadata)
        s << "meta " << kv.first << '=' << kv.second.typeName() << ':' << kv.second.toString() << '\n';
    for (const model::CapturePass &p : c.passes) {
        s << "pass " << p.name << " header=" << p.header.join(QLatin1Char('|'))
          << " counters=" << p.counters.join(QLatin1Char('|')) << '\n';
        for (const model::CaptureIteration &it : p.iterations) {
            s << "  iter " << it.number << " rows=" << it.rows.size() << '\n';
            for (const model::CaptureRow &r : it.rows) {
                s << "    @" << r.position << " L" << r.line << ' ' << r.layer << ' ' << r.op << " ov=" << r.overflow;
                for (const auto &v : r.values)
                    s << ' ' << (v ? QString::number(*v, 'g', 17) : QStringLiteral("<missing>"));
                s << '\n';
            }
        }
    }
    if (c.error)
        s << "error L" << c.error->line << ' ' << c.error->code << " | " << c.error->payload << '\n';
    for (const model::CaptureProblem &p : c.problems)
        s << "problem L" << p.line << ' ' << p.kind << " | " << p.text << '\n';
    return out;
}

model::Capture parseChunked(
    const QByteArray &stream, device::StreamOrigin kind, const QVector<int> &chunkSizes, QStringList *lines)
{
    device::WireParser parser(kind);
    parser.setKeepTransportLines(lines != nullptr);
    qsizetype pos = 0;
    int i = 0;
    while (pos < stream.size()) {
        const int n = chunkSizes.isEmpty() ? int(stream.size()) : qMax(1, chunkSizes.at(i++ % chunkSizes.size()));
        const qsizetype take = qMin<qsizetype>(n, stream.size() - pos);
        parser.feed(QByteArrayView(stream.constData() + pos, take));
        pos += take;
    }
    model::Capture c = parser.finish();
    if (lines)
        *lines = parser.transportLines();
    return c;
}

QByteArray specExampleStream()
{
    return QByteArrayLiteral(R"(
--- HPX_START ---
HPX_VERSION=1
HPX_ENGINE=helia_rt
HPX_EXTREME_MODE=0
HPX_MODEL_SIZE=18424
HPX_ARENA_SIZE=32768
HPX_ITERATIONS=2
HPX_WARMUP=1
HPX_NUM_PRESETS=2
HPX_PRESETS=cpu_0,memory_0
HPX_POWER_SYNC=none
HPX_HEARTBEAT_ENABLED=1
HPX_HEARTBEAT_EVERY_N_OPS=3
HPX_HEARTBEAT_EVERY_MS=2000
HPX_HEARTBEAT phase=init t=0
HPX_HEARTBEAT phase=allocate
HPX_HEARTBEAT phase=allocated arena_used=9120
HPX_INPUT_SIZE=490
HPX_OUTPUT_SIZE=12
HPX_ALLOCATED_ARENA=9120
HPX_NUM_TENSORS=11
HPX_NUM_INPUTS=1
HPX_NUM_OUTPUTS=1
HPX_SYSTEM_CLOCK_HZ=96000000
HPX_HEARTBEAT phase=clean_window_begin iters=8531 est_ms=999
HPX_CLEAN_INFER_COUNT=8531
HPX_CLEAN_INFER_TOTAL_CYCLES=95820192
HPX_CLEAN_INFER_AVG_CYCLES=11232
HPX_CLEAN_INFER_AVG_US=117

--- HPX_PRESET cpu_0 ---
HPX_HEARTBEAT phase=infer pass=0 iter=0 layer=3
HPX_HEARTBEAT phase=warmup_done pass=0
HPX_HEARTBEAT phase=infer pass=0 iter=0 layer=3

--- HPX_ITER 0 ---
"Layer","Op","ARM_PMU_CPU_CYCLES","ARM_PMU_INST_RETIRED","ARM_PMU_STALL_FRONTEND","ARM_PMU_STALL_BACKEND","overflow"
0,CONV_2D,7412,5120,310,1204,0
1,DEPTHWISE_CONV_2D,2988,2210,95,402,0
2,FULLY_CONNECTED,1530,1104,41,188,0
HPX_HEARTBEAT phase=infer pass=0 iter=1 layer=3

--- HPX_ITER 1 ---
"Layer","Op","ARM_PMU_CPU_CYCLES","ARM_PMU_INST_RETIRED","ARM_PMU_STALL_FRONTEND","ARM_PMU_STALL_BACKEND","overflow"
0,CONV_2D,7398,5120,302,1199,0
1,DEPTHWISE_CONV_2D,2991,2210,97,405,0
2,FULLY_CONNECTED,1527,1104,40,186,0

--- HPX_PRESET memory_0 ---
HPX_HEARTBEAT phase=infer pass=0 iter=1 layer=3
HPX_HEARTBEAT phase=warmup_done pass=1
HPX_HEARTBEAT phase=infer pass=1 iter=0 layer=3

--- HPX_ITER 0 ---
"Layer","Op","ARM_PMU_MEM_ACCESS","ARM_PMU_L1D_CACHE_REFILL","ARM_PMU_BUS_ACCESS","ARM_PMU_BUS_CYCLES","overflow"
0,CONV_2D,2210,12,96,7405,0
1,DEPTHWISE_CONV_2D,1020,4,33,2990,0
2,FULLY_CONNECTED,640,9,61,1529,0
HPX_HEARTBEAT phase=infer pass=1 iter=1 layer=3

--- HPX_ITER 1 ---
"Layer","Op","ARM_PMU_MEM_ACCESS","ARM_PMU_L1D_CACHE_REFILL","ARM_PMU_BUS_ACCESS","ARM_PMU_BUS_CYCLES","overflow"
0,CONV_2D,2210,11,95,7401,0
1,DEPTHWISE_CONV_2D,1020,4,33,2987,0
2,FULLY_CONNECTED,640,9,60,1530,0
HPX_PROFILED_INFER_COUNT=4
HPX_PROFILED_INFER_TOTAL_US=521
HPX_PROFILED_INFER_AVG_US=130

--- HPX_END ---
)");
}

} // namespace hpx::test
