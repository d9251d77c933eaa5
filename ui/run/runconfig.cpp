#include "ui/run/runconfig.h"

#include "model/board/passplanner.h"
#include "model/board/socprofile.h"

namespace hpx::ui {

using namespace hpx::model;

namespace {

// Config reports every refusal as an Error diagnostic naming the key.
QString firstError(const ConfigDiagnostics &diagnostics)
{
    for (const ConfigDiagnostic &d : diagnostics) {
        if (d.severity == ConfigDiagnostic::Severity::Error)
            return d.toString();
    }
    return diagnostics.isEmpty() ? QString() : diagnostics.constLast().toString();
}

// The selection as the configuration records it: the SoC's default selection stays the default, as a command line
// without --pmu-counters plans the same passes and records {cpu: default}.
bool isDefaultSelection(const CounterSelection &selection, const QString &board)
{
    const SocProfile *soc = socs::forBoard(board);
    return soc && planner::isDefaultSelection(selection, *soc);
}

} // namespace

std::optional<Config> runConfig(
    const RunSettings &settings, const QString &modelPath, const QString &outputDir, QString *error)
{
    const BoardTarget &target = settings.target;
    const bool simulated = target.kind == BoardTarget::Kind::Simulated;
    Config config;
    ConfigDiagnostics diagnostics;
    bool ok = modelPath.isEmpty() || config.setModelPath(modelPath, &diagnostics);
    ok = ok && (!simulated || !target.engine || config.setEngine(*target.engine, &diagnostics));
    ok = ok && (target.kind != BoardTarget::Kind::Virtual || config.setEngine(Engine::Tflm, &diagnostics));
    ok = ok && (target.board.isEmpty() || config.setBoard(target.board, &diagnostics));
    ok = ok
        && (simulated || target.kind == BoardTarget::Kind::Virtual || !target.firmwareTransport
            || config.setFirmwareTransport(*target.firmwareTransport, &diagnostics));
    // The virtual board's firmware talks UART (CMSDK UART0) behind QEMU's TCP socket.
    ok = ok
        && (target.kind != BoardTarget::Kind::Virtual
            || config.setFirmwareTransport(hpx::model::FirmwareTransport::Uart, &diagnostics));
    ok = ok && (target.kind != BoardTarget::Kind::Virtual || config.setKernels(target.kernels, &diagnostics));
    const QString port = simulated                  ? QStringLiteral("sim")
        : target.kind == BoardTarget::Kind::Virtual ? QStringLiteral("qemu")
                                                    : target.port;
    // An empty port is left to the run request, which words the missing port as the command line does.
    ok = ok && (port.isEmpty() || config.setPort(port, &diagnostics));
    ok = ok && (target.kind != BoardTarget::Kind::Serial || config.setBaud(target.baud, &diagnostics));
    ok = ok
        && (isDefaultSelection(settings.counters, target.board)
            || config.setCounterSelection(settings.counters, QStringLiteral("--pmu-counters"), &diagnostics));
    ok = ok && config.setIterations(settings.iterations, &diagnostics);
    ok = ok && config.setWarmup(settings.warmup, &diagnostics);
    ok = ok && config.setAggregation(settings.aggregation, &diagnostics);
    ok = ok && (outputDir.isEmpty() || config.setOutputDir(outputDir, &diagnostics));
    if (!ok) {
        if (error)
            *error = firstError(diagnostics);
        return std::nullopt;
    }
    return config;
}

} // namespace hpx::ui
