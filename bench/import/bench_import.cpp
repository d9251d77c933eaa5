// `hpx import` end to end, as a user runs it: a 1,000-layer x 3-pass x 100-iteration stream from the simulated board
// (about 13.5 MB) becomes a bundle. Reported in bytes of stream per second, for the whole process (start, read, parse,
// merge, digests, write) and for its heavy parts on their own. HPX_BENCH_KEEP=DIR also writes the stream and model
// there, for timing `hpx import` by hand.
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

#include <benchmark/benchmark.h>
#include <sys/resource.h>

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
BENCHMARK(parseStream)->Unit(benchmark::kMillisecond);
BENCHMARK(parseStreamFolded)->Unit(benchmark::kMillisecond);
BENCHMARK(aggregatePasses)->Unit(benchmark::kMillisecond);
BENCHMARK(sha256Nettle)->Unit(benchmark::kMillisecond);
BENCHMARK(sha256QCryptographicHash)->Unit(benchmark::kMillisecond);

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
