#include "ui/runconfig.h"

#include "model/counters.h"
#include "model/passplanner.h"
#include "model/profileresult.h"
#include "model/socprofile.h"

#include <QDateTime>
#include <QHash>

namespace hpx::ui {

using namespace hpx::model;

namespace {

// Collects the first error; later calls are skipped so the message names the first refused value.
class ConfigBuilder {
public:
    explicit ConfigBuilder(Config *config)
        : m_config(config)
    {
    }

    void set(const char *key, const QString &text)
    {
        if (m_ok)
            m_ok = m_config->set(QString::fromLatin1(key), text, QString::fromLatin1(key), &m_diagnostics);
    }
    void setCounters(const QString &groupColonSelect)
    {
        if (m_ok)
            m_ok = m_config->setCounters(groupColonSelect, QStringLiteral("profiling.pmu_counters"), &m_diagnostics);
    }
    bool ok() const { return m_ok; }
    // Config reports every refusal as an Error diagnostic naming the key.
    QString error() const
    {
        for (const ConfigDiagnostic &d : m_diagnostics) {
            if (d.severity == ConfigDiagnostic::Severity::Error)
                return d.toString();
        }
        return m_diagnostics.isEmpty() ? QString() : m_diagnostics.constLast().toString();
    }

private:
    Config *m_config;
    ConfigDiagnostics m_diagnostics;
    bool m_ok = true;
};

// --pmu-counters arguments for the planned selection, one per catalogue group in first-seen order (the
// counter picker lists cpu, memory, mve). Empty when the selection is the SoC's default: the command line
// without --pmu-counters plans the same passes and records {cpu: default}.
QStringList counterArguments(const PassPlan &plan, const QString &board)
{
    if (const SocProfile *soc = socs::forBoard(board)) {
        const std::optional<QStringList> defaults = planner::resolve(planner::defaultSelection(*soc), nullptr);
        if (defaults && *defaults == plan.selected)
            return {};
    }
    QStringList groups;
    QHash<QString, QStringList> names;
    for (const QString &counter : plan.selected) {
        const QString group = counterGroupName(counters::groupOf(counter).value_or(CounterGroup::Cpu));
        if (!groups.contains(group))
            groups << group;
        names[group] << counter;
    }
    QStringList arguments;
    for (const QString &group : qAsConst(groups))
        arguments << group + QLatin1Char(':') + names.value(group).join(QLatin1Char(','));
    return arguments;
}

} // namespace

std::optional<Config> runConfig(
    const RunSettings &settings, const QString &modelPath, const QString &outputDir, QString *error)
{
    const BoardTarget &target = settings.target;
    const bool simulated = target.kind == BoardTarget::Kind::Simulated;
    Config config;
    ConfigBuilder b(&config);
    if (!modelPath.isEmpty())
        b.set("model.path", modelPath);
    if (simulated && !target.engine.isEmpty())
        b.set("engine.type", target.engine);
    if (!target.board.isEmpty())
        b.set("target.board", target.board);
    if (!simulated && !target.link.isEmpty())
        b.set("target.transport", target.link);
    const QString port = simulated ? QStringLiteral("sim") : target.port;
    if (!port.isEmpty()) // empty: RunController reports the missing port the way the link parser words it
        b.set("target.port", port);
    if (target.kind == BoardTarget::Kind::Serial)
        b.set("target.baud", QString::number(target.baud));
    for (const QString &argument : counterArguments(settings.plan, target.board))
        b.setCounters(argument);
    b.set("profiling.iterations", QString::number(settings.iterations));
    b.set("profiling.warmup", QString::number(settings.warmup));
    b.set("profiling.aggregation", aggregationName(settings.aggregation));
    if (!outputDir.isEmpty())
        b.set("output.dir", outputDir);
    if (!b.ok()) {
        if (error)
            *error = b.error();
        return std::nullopt;
    }
    return config;
}

hpx::device::SimulatorConfig simulatorConfig(const Config &config, const ModelInfo *model, double timeScale)
{
    using namespace hpx::device;
    SimulatorConfig simulator;
    simulator.model = model ? *model : ModelInfo();
    const Engine engine = engineFromName(config.engineType()).value_or(Engine::HeliaRt);
    simulator.engine = simEngineFromString(engineName(engine)).value_or(SimEngine::HeliaRt);
    const SocProfile *soc = socs::forBoard(config.board());
    simulator.soc = soc && soc->pmuTier == PmuTier::Dwt ? SimSoc::Apollo4p : SimSoc::Apollo510;
    simulator.transport = simTransportFromString(config.transport()).value_or(SimTransport::Rtt);
    simulator.iterations = config.iterations();
    simulator.warmup = config.warmup();
    simulator.hostPlanSupport = true;
    simulator.timeScale = timeScale;
    simulator.seed = quint64(QDateTime::currentMSecsSinceEpoch());
    return simulator;
}

} // namespace hpx::ui
