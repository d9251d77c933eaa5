// `hpx import` end to end, as a user runs it: a 1,000-layer x 3-pass x 100-iteration stream from the simulated board
// (about 13.5 MB) becomes a bundle; and one of about 100 MB, for the peak memory the import takes (hpxImportPeakRss).
// Reported in bytes of stream per second, for the whole process (start, read, parse, merge, digests, write) and for its
// heavy parts on their own. HPX_BENCH_KEEP=DIR also writes the stream and model there, for timing `hpx import` by hand.
#include "device/sim/simevents.h"
#include "device/sim/simstream.h"
#include "device/wire/wireparser.h"
#include "model/digest/sha256.h"
#include "model/results/capturefold.h"
#include "model/tflite/syntheticmodel.h"
#include "model/tflite/tflitemodel.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>

#include <algorithm>
#include <benchmark/benchmark.h>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>

extern char **environ;

using namespace hpx;

namespace {

struct Inputs {
    QTemporaryDir dir;
    QString stream;
    QString model;
    QByteArray bytes;
};

Inputs &inputs()
{
    static Inputs in = [] {
        Inputs i;
        const QByteArray modelBytes = model::SyntheticModel::chain({ 1000 }).build();
        i.model = i.dir.filePath(QStringLiteral("chain1000.tflite"));
        QFile m(i.model);
        if (m.open(QIODevice::WriteOnly))
            m.write(modelBytes);
        m.close();
        device::SimulatorConfig c;
        c.model = *model::parseModel(modelBytes, QStringLiteral("chain1000.tflite")).model;
        // Cycles plus five more counters per pass: about 50 bytes a row, 13.5 MB in all.
        const auto &events = device::simEvents();
        int next = 0;
        for (int p = 0; p < 3; ++p) {
            device::WirePass pass { QStringLiteral("cpu_%1").arg(p), { QStringLiteral("ARM_PMU_CPU_CYCLES") } };
            while (pass.events.size() < 6 && next < events.size()) {
                const QString name = events.at(next++).name;
                if (name != QLatin1String("ARM_PMU_CPU_CYCLES") && name != QLatin1String("ARM_PMU_SW_INCR"))
                    pass.events.append(name);
            }
            c.passes.append(pass);
        }
        c.iterations = 100;
        c.warmup = 1;
        c.heartbeatEveryNOps = 8; // the firmware's default: heartbeat lines are part of a real stream
        i.bytes = device::renderSimulatedStream(c);
        i.stream = i.dir.filePath(QStringLiteral("capture.log"));
        QFile s(i.stream);
        if (s.open(QIODevice::WriteOnly))
            s.write(i.bytes);
        s.close();
        if (qEnvironmentVariableIsSet("HPX_BENCH_KEEP")) {
            const QDir keep(qEnvironmentVariable("HPX_BENCH_KEEP"));
            QFile::copy(i.stream, keep.filePath(QStringLiteral("capture.log")));
            QFile::copy(i.model, keep.filePath(QStringLiteral("chain1000.tflite")));
        }
        return i;
    }();
    return in;
}

void hpxImportProcess(benchmark::State &state)
{
    Inputs &in = inputs();
    // Arg 0: into a new folder each time; arg 1: over the previous run's bundle, which is kept whole until the new
    // one is published and then removed (docs/output-files.md "Publishing"), so that removal counts too.
    const bool replace = state.range(0) != 0;
    const QString out = in.dir.filePath(QStringLiteral("bundle"));
    // HPX_BENCH_HPX=/path/to/another/hpx measures another build (before/after figures).
    const QString binary
        = qEnvironmentVariableIsSet("HPX_BENCH_HPX") ? qEnvironmentVariable("HPX_BENCH_HPX") : QStringLiteral(HPX_BIN);
    // The machine may be shared: besides wall time, the child's own CPU time (user + system) gives the rate the
    // process reaches when it has a core to itself.
    double childCpuSeconds = 0;
    for (auto _ : state) {
        if (!replace) {
            state.PauseTiming();
            QDir(out).removeRecursively();
            state.ResumeTiming();
        }
        rusage before {};
        getrusage(RUSAGE_CHILDREN, &before);
        QProcess hpx;
        hpx.start(binary, { QStringLiteral("import"), in.stream, in.model, QStringLiteral("--output-dir"), out });
        if (!hpx.waitForFinished(120000) || hpx.exitCode() != 0) {
            state.SkipWithError(hpx.readAllStandardError().constData());
            return;
        }
        rusage after {};
        getrusage(RUSAGE_CHILDREN, &after);
        const auto seconds = [](const timeval &t) { return double(t.tv_sec) + double(t.tv_usec) / 1e6; };
        childCpuSeconds
            += seconds(after.ru_utime) - seconds(before.ru_utime) + seconds(after.ru_stime) - seconds(before.ru_stime);
    }
    state.counters["cpu_MB_per_s"] = double(state.iterations()) * double(in.bytes.size()) / 1e6 / childCpuSeconds;
    state.SetBytesProcessed(state.iterations() * in.bytes.size());
    state.counters["stream_MB"] = double(in.bytes.size()) / 1e6;
}

// A stream of about 100 MB (the same board, 750 iterations per pass) in a file, for the peak memory of hpx import
// (issue 36: at most 2x the result plus a constant; goal 64 MB).
struct LargeStream {
    QTemporaryDir dir;
    QString stream;
    qint64 bytes = 0;
};

const LargeStream &largeStream()
{
    static LargeStream large = [] {
        LargeStream l;
        Inputs &in = inputs();
        device::SimulatorConfig c;
        c.model = *model::loadModel(in.model).model;
        const QByteArray small = in.bytes;
        // Rendered once per pass of the small stream's shape, with 7.5 times the iterations.
        const model::Capture shape = device::WireParser::parse(small);
        for (const model::CapturePass &pass : shape.passes)
            c.passes.append(device::WirePass { pass.name, pass.counters });
        c.iterations = 750;
        c.warmup = 1;
        c.heartbeatEveryNOps = 8;
        l.stream = l.dir.filePath(QStringLiteral("large.log"));
        QFile s(l.stream);
        if (s.open(QIODevice::WriteOnly))
            l.bytes = s.write(device::renderSimulatedStream(c));
        s.close();
        if (qEnvironmentVariableIsSet("HPX_BENCH_KEEP"))
            QFile::copy(l.stream, QDir(qEnvironmentVariable("HPX_BENCH_KEEP")).filePath(QStringLiteral("large.log")));
        return l;
    }();
    return large;
}

// Runs argv[0..] and prints its peak resident memory in KiB (ru_maxrss from wait4), exiting with its status. Used as
// this program's --spawn-peak-rss mode: the child must be started by a small process, because Linux carries the
// parent's high-water mark into a child started by vfork or fork (exec_mmap), and this benchmark's own is large.
int spawnPeakRss(char **argv)
{
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
    pid_t pid = 0;
    const int spawned = posix_spawn(&pid, argv[0], &actions, nullptr, argv, environ);
    posix_spawn_file_actions_destroy(&actions);
    if (spawned != 0)
        return 125;
    int status = 0;
    rusage usage {};
    if (wait4(pid, &status, 0, &usage) != pid)
        return 125;
    std::printf("%ld\n", usage.ru_maxrss);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 126;
}

// hpx import of the 100 MB stream in a process of its own: its peak resident memory besides the time.
// HPX_BENCH_HPX=/path/to/another/hpx measures another build (before/after).
void hpxImportPeakRss(benchmark::State &state)
{
    const LargeStream &large = largeStream();
    const Inputs &in = inputs();
    const QString binary
        = qEnvironmentVariableIsSet("HPX_BENCH_HPX") ? qEnvironmentVariable("HPX_BENCH_HPX") : QStringLiteral(HPX_BIN);
    const QString out = in.dir.filePath(QStringLiteral("large-bundle"));
    double peakMb = 0;
    for (auto _ : state) {
        state.PauseTiming();
        QDir(out).removeRecursively();
        state.ResumeTiming();
        QProcess spawner;
        spawner.start(QCoreApplication::applicationFilePath(),
            { QStringLiteral("--spawn-peak-rss"), binary, QStringLiteral("import"), large.stream, in.model,
                QStringLiteral("--output-dir"), out });
        if (!spawner.waitForFinished(300000) || spawner.exitCode() != 0) {
            state.SkipWithError("hpx import failed");
            return;
        }
        peakMb = std::max(peakMb, spawner.readAllStandardOutput().trimmed().toDouble() / 1024.0);
    }
    state.counters["peak_rss_MB"] = peakMb;
    state.counters["stream_MB"] = double(large.bytes) / 1e6;
    state.SetBytesProcessed(state.iterations() * large.bytes);
}

void parseStream(benchmark::State &state)
{
    const QByteArray &bytes = inputs().bytes;
    for (auto _ : state) {
        const model::Capture c = device::WireParser::parse(bytes);
        benchmark::DoNotOptimize(c.passes.size());
    }
    state.SetBytesProcessed(state.iterations() * bytes.size());
}

// What hpx import does: the same parse, each pass aggregated as the stream moves on instead of holding every row.
void parseStreamFolded(benchmark::State &state)
{
    const QByteArray &bytes = inputs().bytes;
    for (auto _ : state) {
        const model::Capture c = device::WireParser::parse(
            bytes, std::nullopt, nullptr, std::make_shared<model::CaptureFold>(model::Aggregation::Median));
        benchmark::DoNotOptimize(c.passes.size());
    }
    state.SetBytesProcessed(state.iterations() * bytes.size());
}

// The aggregation alone (median of 100 iterations per layer and counter), on the stream's three passes held as the
// fold holds them.
void aggregatePasses(benchmark::State &state)
{
    const model::Capture capture = device::WireParser::parse(inputs().bytes);
    std::vector<model::PassSamples> passes(size_t(capture.passes.size()));
    for (int p = 0; p < capture.passes.size(); ++p) {
        passes[size_t(p)].reset(capture.passes.at(p).name);
        passes[size_t(p)].setCounters(capture.passes.at(p).counters);
        for (const model::CaptureIteration &iteration : capture.passes.at(p).iterations)
            passes[size_t(p)].append(iteration);
    }
    for (auto _ : state) {
        for (const model::PassSamples &pass : passes)
            benchmark::DoNotOptimize(model::aggregatePass(pass, model::Aggregation::Median).pass.layers.size());
    }
    state.SetBytesProcessed(state.iterations() * inputs().bytes.size());
}

void sha256Nettle(benchmark::State &state)
{
    const QByteArray &bytes = inputs().bytes;
    for (auto _ : state)
        benchmark::DoNotOptimize(model::Sha256::hex(bytes));
    state.SetBytesProcessed(state.iterations() * bytes.size());
}

// The digest the bundle code used before (for the ratio).
void sha256QCryptographicHash(benchmark::State &state)
{
    const QByteArray &bytes = inputs().bytes;
    for (auto _ : state)
        benchmark::DoNotOptimize(QCryptographicHash::hash(bytes, QCryptographicHash::Sha256));
    state.SetBytesProcessed(state.iterations() * bytes.size());
}

} // namespace

BENCHMARK(hpxImportProcess)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->UseRealTime()->MinTime(3.0);
BENCHMARK(hpxImportPeakRss)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(2);
BENCHMARK(parseStream)->Unit(benchmark::kMillisecond);
BENCHMARK(parseStreamFolded)->Unit(benchmark::kMillisecond);
BENCHMARK(aggregatePasses)->Unit(benchmark::kMillisecond);
BENCHMARK(sha256Nettle)->Unit(benchmark::kMillisecond);
BENCHMARK(sha256QCryptographicHash)->Unit(benchmark::kMillisecond);

int main(int argc, char **argv)
{
    if (argc > 2 && std::strcmp(argv[1], "--spawn-peak-rss") == 0)
        return spawnPeakRss(argv + 2);
    QCoreApplication app(argc, argv);
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
