#pragma once

#include "device/sim/costmodel.h"
#include "device/sim/simconfig.h"
#include "device/sim/simexecution.h"
#include "device/sim/simgroundtruth.h"
#include "device/sim/simplan.h"
#include "device/sim/streamwriter.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QVector>

#include <optional>

namespace hpx::device {

// Renders the board's output as steps (docs/simulator.md). Keeps the state that spans a power cycle: the fault
// random stream and which one-shot faults have fired.
class SimStreamRenderer {
    Q_DECLARE_TR_FUNCTIONS(hpx::device::SimStreamRenderer) // writeAotManifest()'s messages
public:
    explicit SimStreamRenderer(const SimulatorConfig &config);

    const SimulatorConfig &config() const { return m_config; }
    const SimExecution &execution() const { return m_exec; }
    SimPlan builtInPlan() const;

    // Power-on up to the session: READY lines / DTR wait, PSRAM errors, HPX_PLAN_SUPPORTED + WaitPlan.
    QVector<SimStep> preamble();
    // START .. END (or up to the fault that ends it).
    QVector<SimStep> session(const SimPlan &plan);
    // Ground truth of a session with this plan (independent of injected faults).
    GroundTruth groundTruth(const SimPlan &plan) const;
    // Faults injected so far (drained).
    QVector<SimFaultEvent> takeFaults();

    // heliaAOT's aot_operator_manifest.json for this model (docs/compatibility.md §5.7).
    QByteArray aotManifestJson() const;
    bool writeAotManifest(const QString &path, QString *error = nullptr) const;

    // Header labels of a pass as the board prints them.
    QStringList counterLabels(const WirePass &pass) const;

private:
    struct Cell {
        quint32 printed;
        quint64 value;
    };
    struct Session;
    void renderSession(StreamWriter &w, const SimPlan &plan, bool faults, GroundTruth *truth);
    void renderSessionHeader(Session &s);
    bool renderEngineSetup(Session &s);
    void renderCleanWindow(Session &s);
    bool renderPasses(Session &s, double *profiledUs);
    bool injectPositionalFault(Session &s, int pass, int iteration, int position);
    void renderSessionEnd(Session &s, double profiledUs);
    void inference(StreamWriter &w, int labelPass, int labelIter, double *elapsedUs);
    QVector<int> eventIndices(const WirePass &pass) const;
    GroundTruthRow row(const SimPlan &plan, int pass, int iteration, int position) const;
    quint64 inclusiveSample(int eventIndex, int pass, int iteration, int position) const;
    bool errorIs(const char *code) const { return m_config.faults.error == QLatin1String(code); }

    SimulatorConfig m_config;
    SimExecution m_exec;
    CostModel m_cost;
    QVector<QVector<double>> m_base; // per layer
    QVector<QVector<int>> m_children; // per layer: the rows its event encloses directly (SimLayer::parent)
    StreamWriter m_writer;
    bool m_stallFired = false, m_resetFired = false, m_disconnectFired = false;
};

// The whole stream of one power-on as bytes, without timing (for tests and benchmarks). With `hostPlan` the board
// is taken to have received and accepted it (ACK line included); a reset fault is followed by the restarted stream.
QByteArray renderSimulatedStream(const SimulatorConfig &config, const std::optional<SimPlan> &hostPlan = {});

} // namespace hpx::device
