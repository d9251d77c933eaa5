// Captures the largest test model from the simulated board over a pty at 921600 baud (the board paces its
// output at bytes x 10 / baud, as a real UART would) and reports the capture time as a ratio to that link-time
// lower bound. 1.0 = the host keeps up with the wire; the excess is handshake, parsing and thread hand-off.
//
//   build/bench/link/bench_link --benchmark_counters_tabular=true
#include "device/capture/capturesession.h"
#include "device/link/seriallink.h"
#include "model/tflite/tflitemodel.h"
#include "ptypair.h"
#include "simonpty.h"
#include "tests/support/testdata.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFileInfo>

#include <benchmark/benchmark.h>

using namespace hpx::device;

namespace {
constexpr int Baud = 921600;

QString largestModel()
{
    const QDir dir(hpx::test::dataPath(QStringLiteral("models")));
    QString best;
    qint64 size = -1;
    const auto files = dir.entryInfoList({ QStringLiteral("*.tflite") }, QDir::Files);
    for (const QFileInfo &info : files) {
        if (info.size() > size) {
            size = info.size();
            best = info.absoluteFilePath();
        }
    }
    return best;
}

void BM_PtyCapture921600(benchmark::State &state)
{
    const QString path = largestModel();
    const auto loaded = hpx::model::loadModel(path);
    if (!loaded.ok()) {
        state.SkipWithError(qPrintable(loaded.error));
        return;
    }
    SimulatorConfig config;
    config.model = *loaded.model;
    config.engine = hpx::model::Engine::HeliaRt;
    config.firmwareTransport = hpx::model::FirmwareTransport::Uart;
    // hpx's three default groups' worth of passes and ten iterations: a stream of realistic length.
    config.passes = { { QStringLiteral("cpu_0"),
                          { QStringLiteral("ARM_PMU_CPU_CYCLES"), QStringLiteral("ARM_PMU_INST_RETIRED"),
                              QStringLiteral("ARM_PMU_STALL_FRONTEND"), QStringLiteral("ARM_PMU_STALL_BACKEND") } },
        { QStringLiteral("memory_0"),
            { QStringLiteral("ARM_PMU_MEM_ACCESS"), QStringLiteral("ARM_PMU_L1D_CACHE_REFILL"),
                QStringLiteral("ARM_PMU_BUS_ACCESS"), QStringLiteral("ARM_PMU_BUS_CYCLES") } },
        { QStringLiteral("mve_0"),
            { QStringLiteral("ARM_PMU_MVE_INST_RETIRED"), QStringLiteral("ARM_PMU_MVE_LDST_RETIRED"),
                QStringLiteral("ARM_PMU_MVE_STALL"), QStringLiteral("ARM_PMU_CPU_CYCLES") } } };
    config.iterations = 10;
    config.warmup = 1;
    config.baud = Baud;
    config.timeScale = 0; // only the line rate limits the board: no modelled inference time
    qint64 bytes = 0;
    double seconds = 0;
    for (auto _ : state) {
        hpx::test::PtyPair pty;
        hpx::test::SimOnPty sim(pty, config);
        sim.start();
        SessionOptions options;
        options.firmwareTransport = hpx::model::FirmwareTransport::Uart;
        options.cleanWindowSlackMs = 0;
        const QString port = pty.slavePath();
        CaptureSession session([port] { return std::make_unique<SerialLink>(port, Baud); }, options);
        QEventLoop loop;
        CaptureResult result;
        QObject::connect(&session, &CaptureSession::finished, &loop, [&](const CaptureResult &r) {
            result = r;
            loop.quit();
        });
        QElapsedTimer clock;
        clock.start();
        session.start();
        loop.exec();
        const double elapsed = double(clock.nsecsElapsed()) / 1e9;
        state.SetIterationTime(elapsed);
        if (!result.ok()) {
            state.SkipWithError(qPrintable(result.error));
            return;
        }
        bytes += result.bytes;
        seconds += elapsed;
    }
    const double lowerBound = double(bytes) * 10.0 / Baud;
    state.counters["stream_bytes"] = double(bytes) / double(state.iterations());
    state.counters["link_bound_s"] = lowerBound / double(state.iterations());
    state.counters["ratio_to_link_bound"] = seconds / lowerBound;
    state.SetLabel(QFileInfo(path).fileName().toStdString());
}
BENCHMARK(BM_PtyCapture921600)->UseManualTime()->Unit(benchmark::kMillisecond)->Iterations(3);
} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv))
        return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
