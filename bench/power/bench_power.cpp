// Reading power recordings (docs/power.md "Recordings"): a JLS and a plain CSV recording of HPX_BENCH_POWER_MB
// megabytes each (default 64; the goal is measured with 1024), written once into $TMPDIR, then scanned whole
// as hpx power does (gate windows, marker intervals, the clean windows' histogram, the trace). Reports seconds per
// scan, MB/s and the peak resident memory of the scan (VmHWM after clearing it through /proc/self/clear_refs).
#include "model/power/poweranalysis.h"
#include "model/power/powerrecordingwriter.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTextStream>

#include <benchmark/benchmark.h>
#include <cstdio>
#include <memory>

using namespace hpx::model::power;

namespace {

qint64 targetBytes()
{
    const int mb = qEnvironmentVariableIntValue("HPX_BENCH_POWER_MB");
    return qint64(mb > 0 ? mb : 64) << 20;
}

// A board at 1 MHz: 1 ms idle, then repeating 2 ms windows of 100 operators × 10 samples with the gate high and the
// marker toggling at each operator's end, 1 ms idle between them.
bool writeRecording(const QString &path, qint64 bytes, qint64 bytesPerSample)
{
    PowerRecordingWriter w;
    if (!w.open(path, 1e6, { QStringLiteral("gate"), QStringLiteral("marker") }, QStringLiteral("bench_power"), false))
        return false;
    const qint64 samples = bytes / bytesPerSample;
    quint8 marker = 0;
    for (qint64 k = 0; k < samples; ++k) {
        const qint64 phase = k % 3000; // 1000 idle, 2000 gated
        if (phase < 1000) {
            w.append(0.001f, 1.8f, marker);
        } else {
            const qint64 op = (phase - 1000) / 10;
            if ((phase - 1000) % 10 == 0 && phase != 1000)
                marker ^= 2u;
            w.append(0.005f + 0.0001f * float(op % 37), 1.8f, quint8(1u | marker));
        }
    }
    return w.finish();
}

QString recordingPath(const char *suffix)
{
    return QDir(QDir::tempPath())
        .filePath(QStringLiteral("hpx-bench-power-%1MB.%2").arg(targetBytes() >> 20).arg(QLatin1String(suffix)));
}

// Written once per size; a plain CSV row is about 38 bytes, a JLS sample about 8.3 (two f32 signals, two 1-bit ones,
// summaries).
QString ensure(const char *suffix, qint64 bytesPerSample)
{
    const QString path = recordingPath(suffix);
    if (QFileInfo(path).size() < targetBytes() * 9 / 10) {
        if (!writeRecording(path, targetBytes(), bytesPerSample))
            return {};
    }
    return path;
}

qint64 peakResidentKiB()
{
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : status.readAll().split('\n')) {
        if (line.startsWith("VmHWM:"))
            return line.mid(6).trimmed().split(' ').first().toLongLong();
    }
    return -1;
}

void resetPeak()
{
    QFile f(QStringLiteral("/proc/self/clear_refs"));
    if (f.open(QIODevice::WriteOnly))
        f.write("5");
}

void scanRecording(benchmark::State &state, const char *suffix, qint64 bytesPerSample)
{
    const QString path = ensure(suffix, bytesPerSample);
    if (path.isEmpty()) {
        state.SkipWithError("cannot write the recording (a .jls needs the jls library)");
        return;
    }
    const qint64 size = QFileInfo(path).size();
    qint64 peak = 0;
    for (auto _ : state) {
        resetPeak();
        QString error;
        std::unique_ptr<PowerSource> source = PowerRecording::open(path, &error);
        if (!source) {
            state.SkipWithError(qPrintable(error));
            return;
        }
        PowerOptions o;
        o.gate = QStringLiteral("gate");
        o.marker = QStringLiteral("marker");
        const auto scan = PowerScanner::scan(*source, o, &error);
        if (!scan) {
            state.SkipWithError(qPrintable(error));
            return;
        }
        benchmark::DoNotOptimize(scan->energyJ);
        peak = std::max(peak, peakResidentKiB());
    }
    state.SetBytesProcessed(state.iterations() * size);
    state.counters["file_MB"] = double(size) / (1 << 20);
    state.counters["peak_resident_MB"] = double(peak) / 1024.0;
}

void BM_ScanJls(benchmark::State &state)
{
    scanRecording(state, "jls", 8);
}
void BM_ScanPlainCsv(benchmark::State &state)
{
    scanRecording(state, "csv", 38);
}

} // namespace

BENCHMARK(BM_ScanJls)->Unit(benchmark::kSecond)->Iterations(1);
BENCHMARK(BM_ScanPlainCsv)->Unit(benchmark::kSecond)->Iterations(1);
BENCHMARK_MAIN();
