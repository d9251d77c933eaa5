#include "ui/boardconnection.h"

#include "device/linkspec.h"
#include "device/simconfig.h"
#include "ui/boardpanel.h"
#include "ui/consolepane.h"
#include "ui/runcontroller.h"

#include <QDateTime>
#include <QDir>

namespace hpx::ui {

using namespace hpx::device;

BoardConnection::BoardConnection(BoardPanel *panel, ConsolePane *console, QObject *parent)
    : QObject(parent)
    , m_panel(panel)
    , m_console(console)
{
    connect(m_panel, &BoardPanel::connectRequested, this, &BoardConnection::setConnected);
    connect(&m_monitor, &LinkMonitor::opened, this, [this](const QString &description) {
        m_panel->setConnection(BoardPanel::Connection::Connected, tr("Connected: %1").arg(description));
        m_console->clear();
        m_console->appendText(
            tr("Connected to %1; showing what the board sends. Run closes this link.").arg(description));
        m_console->follow(m_consolePath);
        emit opened(description);
    });
    connect(&m_monitor, &LinkMonitor::boardMetadata, this, [this](const QVector<QPair<QString, QVariant>> &metadata) {
        m_panel->showBoardMetadata(metadata, m_model.get());
    });
    connect(&m_monitor, &LinkMonitor::failed, this, [this](const QString &message) {
        m_lastError = message;
        m_console->appendText(message);
        emit failed(message);
    });
    connect(&m_monitor, &LinkMonitor::closed, this, [this] {
        m_console->stopFollowing();
        m_console->appendText(tr("Disconnected."));
        m_panel->setConnection(BoardPanel::Connection::Disconnected, std::exchange(m_lastError, QString()));
        emit closed();
    });
}

void BoardConnection::setConnected(bool connected)
{
    if (!connected) {
        m_monitor.close();
        return;
    }
    if (m_monitor.isActive())
        return;
    QString error;
    if (!open(&error)) {
        emit failed(error);
        return;
    }
    m_panel->setConnection(BoardPanel::Connection::Connecting, tr("Opening the link…"));
}

bool BoardConnection::open(QString *error)
{
    const BoardTarget target = m_panel->target();
    const QString spec = target.kind == BoardTarget::Kind::Simulated ? QStringLiteral("sim") : target.port;
    const std::optional<LinkSpec> link = parseLinkSpec(spec, target.baud, error);
    if (!link)
        return false;
    SimulatorConfig simulator;
    if (link->kind == LinkSpec::Kind::Simulated) {
        // The simulated board powers on with DTR and streams its built-in passes, as a flashed board does.
        simulator.model = m_model ? *m_model : hpx::model::ModelInfo();
        simulator.engine = simEngineFromString(target.engine).value_or(SimEngine::HeliaRt);
        simulator.soc = target.soc == QLatin1String("sim_m4") ? SimSoc::Apollo4p : SimSoc::Apollo510;
        simulator.timeScale = 1.0;
        simulator.seed = quint64(QDateTime::currentMSecsSinceEpoch());
    }
    const QString dir = RunController::runsDirectory();
    if (!QDir().mkpath(dir)) {
        *error = tr("Cannot create the run directory %1.").arg(QDir::toNativeSeparators(dir));
        return false;
    }
    m_consolePath = dir + QStringLiteral("/console-")
        + QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss-zzz")) + QStringLiteral(".log");
    m_monitor.open(transportFactory(*link, simulator), m_consolePath);
    return true;
}

} // namespace hpx::ui
