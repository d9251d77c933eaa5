#include "ui/boardconnection.h"

#include "device/linkspec.h"
#include "device/simconfig.h"
#include "ui/runcontroller.h"

#include <QDateTime>
#include <QDir>

namespace hpx::ui {

using namespace hpx::device;

BoardConnection::BoardConnection(QObject *parent)
    : QObject(parent)
{
}

bool BoardConnection::open(
    const BoardTarget &target, std::shared_ptr<const hpx::model::ModelInfo> model, QString *error)
{
    if (m_monitor.isActive())
        return true;
    const QString spec = target.kind == BoardTarget::Kind::Simulated ? QStringLiteral("sim") : target.port;
    const std::optional<LinkSpec> link = parseLinkSpec(spec, target.baud, error);
    if (!link)
        return false;
    SimulatorConfig simulator;
    if (link->kind == LinkSpec::Kind::Simulated) {
        // The simulated board powers on with DTR and streams its built-in passes, as a flashed board does.
        simulator.model = model ? *model : hpx::model::ModelInfo();
        simulator.engine = simEngineFromString(target.engine).value_or(SimEngine::HeliaRt);
        simulator.soc = target.soc == QLatin1String("sim_m4") ? SimSoc::Apollo4p : SimSoc::Apollo510;
        simulator.timeScale = 1.0;
        simulator.seed = quint64(QDateTime::currentMSecsSinceEpoch());
    }
    const QString dir = RunController::runsDirectory();
    if (!QDir().mkpath(dir)) {
        if (error)
            *error = tr("Cannot create the run directory %1.").arg(QDir::toNativeSeparators(dir));
        return false;
    }
    m_consolePath = dir + QStringLiteral("/console-")
        + QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss-zzz")) + QStringLiteral(".log");
    m_monitor.open(transportFactory(*link, simulator), m_consolePath);
    return true;
}

void BoardConnection::close()
{
    m_monitor.close();
}

} // namespace hpx::ui
