// The window's responsiveness during a real-board capture (issue 11): hpx Studio captures a 1,000-operator
// model from `hpx-board-sim --pty` paced at 921600 baud, as from a UART board, while a 5 ms timer on the UI
// thread records how late it fires. The worst lateness is the longest the window could not repaint or take a
// click. Goal: below 50 ms.
//
//   QT_QPA_PLATFORM=offscreen build/bench/ui/bench_uistall --benchmark_counters_tabular=true
#include "model/syntheticmodel.h"
#include "ui/boardpanel.h"
#include "ui/counterpicker.h"
#include "ui/mainwindow.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QProcess>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTimer>

#include <benchmark/benchmark.h>

namespace {
constexpr int Operators = 1000;
constexpr int TickMs = 5;

void BM_UiStallDuringPtyCapture(benchmark::State &state)
{
    QTemporaryDir dir;
    hpx::model::SyntheticModel::ChainOptions options;
    options.operatorCount = Operators;
    const QString modelPath = dir.filePath(QStringLiteral("chain1000.tflite"));
    QFile file(modelPath);
    if (!file.open(QIODevice::WriteOnly) || file.write(hpx::model::SyntheticModel::chain(options).build()) < 0) {
        state.SkipWithError("cannot write the synthetic model");
        return;
    }
    file.close();

    double worstMs = 0, captureS = 0;
    qint64 ticks = 0;
    for (auto _ : state) {
        QProcess sim;
        sim.start(QStringLiteral(HPX_BOARD_SIM),
            { modelPath, QStringLiteral("--pty"), QStringLiteral("--transport"), QStringLiteral("uart"),
                QStringLiteral("--plan-support"), QStringLiteral("--baud"), QStringLiteral("921600"),
                QStringLiteral("--time-scale"), QStringLiteral("0") });
        QByteArray out;
        while (sim.waitForStarted(5000) && !out.contains('\n') && sim.waitForReadyRead(10000))
            out += sim.readAllStandardOutput();
        const QString port = QString::fromLocal8Bit(out).section(QLatin1Char('\n'), 0, 0).trimmed();
        if (!port.startsWith(QLatin1String("/dev/"))) {
            state.SkipWithError("hpx-board-sim --pty printed no port");
            return;
        }

        hpx::ui::MainWindow window;
        window.resize(1440, 900);
        window.show();
        if (!window.openModel(modelPath)) {
            state.SkipWithError("the window refused the model");
            return;
        }
        window.boardPanel()->setTargetPort(port);
        window.boardPanel()->setBoard(QStringLiteral("apollo510_evb"));
        window.boardPanel()->setBaud(921600);
        window.counterPicker()->setSelectedCounters(
            { QStringLiteral("ARM_PMU_CPU_CYCLES"), QStringLiteral("ARM_PMU_INST_RETIRED"),
                QStringLiteral("ARM_PMU_MEM_ACCESS"), QStringLiteral("ARM_PMU_STALL_BACKEND") });
        window.iterationsBox()->setValue(3);

        QElapsedTimer clock;
        qint64 last = 0;
        double worst = 0;
        QTimer probe;
        probe.setTimerType(Qt::PreciseTimer);
        probe.setInterval(TickMs);
        QObject::connect(&probe, &QTimer::timeout, [&] {
            const qint64 now = clock.nsecsElapsed();
            worst = qMax(worst, double(now - last) / 1e6 - TickMs);
            last = now;
            ++ticks;
        });
        QEventLoop loop;
        bool ok = false;
        QObject::connect(&window, &hpx::ui::MainWindow::runFinished, &loop, [&](bool finishedOk) {
            ok = finishedOk;
            loop.quit();
        });
        clock.start();
        probe.start();
        window.startRun();
        loop.exec();
        probe.stop();
        const double elapsed = double(clock.nsecsElapsed()) / 1e9;
        state.SetIterationTime(elapsed);
        sim.waitForFinished(10000);
        if (!ok) {
            state.SkipWithError("the capture failed");
            return;
        }
        worstMs = qMax(worstMs, worst);
        captureS += elapsed;
    }
    state.counters["worst_ui_stall_ms"] = worstMs;
    state.counters["capture_s"] = captureS / double(state.iterations());
    state.counters["probe_ticks"] = double(ticks) / double(state.iterations());
}
BENCHMARK(BM_UiStallDuringPtyCapture)->UseManualTime()->Unit(benchmark::kMillisecond)->Iterations(2);
} // namespace

int main(int argc, char **argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QStandardPaths::setTestModeEnabled(true); // runs and settings go to the test locations
    QApplication::setOrganizationName(QStringLiteral("hpx-studio-bench"));
    QApplication::setApplicationName(QStringLiteral("bench_uistall"));
    QSettings().clear();
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv))
        return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
