#include "run/runestimate.h"

#include "device/sim/simstream.h"

namespace hpx::run {

using namespace hpx::device;

qint64 RunEstimate::positionMs(int pass, double fraction) const
{
    if (!isValid() || pass <= 0)
        return 0;
    if (pass > passStartMs.size())
        return totalMs;
    const qint64 begin = passStartMs.at(pass - 1);
    const qint64 end = pass < passStartMs.size() ? passStartMs.at(pass) : totalMs;
    return begin + qint64(double(end - begin) * qBound(0.0, fraction, 1.0));
}

RunEstimate estimateRun(const RunRequest &request)
{
    RunEstimate estimate;
    estimate.fromSimulator = request.isSimulated();
    SimulatorConfig board = request.simulator;
    if (!estimate.fromSimulator) {
        // A real board: the simulated board's cost model of the same SoC, engine, clock and passes, in real time.
        RunSetup setup;
        setup.simulatorTimeScale = 1.0;
        board = simulatorConfig(request.config, request.model.get(), &request.plan, setup);
        board.firmwareTransport = request.session.firmwareTransport == model::FirmwareTransport::Swo
            ? model::FirmwareTransport::Rtt
            : request.session.firmwareTransport;
    }
    board.faults = SimFaults();
    board.aotManifestPath.clear(); // rendering must leave nothing behind
    if (board.model.subgraphs.isEmpty())
        return estimate;

    // Bytes on a serial line take 10 bit times each (8N1); the simulated board paces itself at its own baud.
    const double msPerByte = request.link.kind == LinkSpec::Kind::Serial && request.link.baud > 0
        ? 10000.0 / request.link.baud
        : board.baud > 0 ? 10000.0 / board.baud
                         : 0.0;
    static const QByteArray presetLine = QByteArrayLiteral("--- HPX_PRESET ");
    SimStreamRenderer renderer(board);
    double ms = 0;
    const auto walk = [&](const QVector<SimStep> &steps) {
        for (const SimStep &step : steps) {
            switch (step.kind) {
            case SimStep::Kind::Bytes:
                if (step.bytes.startsWith(presetLine))
                    estimate.passStartMs.append(qint64(ms));
                ms += double(step.bytes.size()) * msPerByte;
                break;
            case SimStep::Kind::Delay:
                ms += step.ms;
                break;
            default: // waits for the host, which answers at once; no injected faults here
                break;
            }
        }
    };
    walk(renderer.preamble());
    walk(renderer.session(renderer.builtInPlan()));
    estimate.totalMs = qint64(ms);
    return estimate;
}

} // namespace hpx::run
