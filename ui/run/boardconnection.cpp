#include "ui/run/boardconnection.h"

#include "device/link/linkspec.h"
#include "device/sim/simconfig.h"
#include "run/runrequest.h"
#include "ui/run/boardpanel.h"
#include "ui/run/consolepane.h"
#include "ui/run/runconfig.h"
#include "ui/run/runcontroller.h"

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
    // Resolved like a run's configuration, so the console talks to the board a run would.
    RunSettings settings;
    settings.target = m_panel->target();
    if (settings.target.kind == BoardTarget::Kind::Virtual) {
        // A process started for each run, not a port: there is no link to open before Run.
        *error = tr("The virtual board starts with each run and stops after it: press Run to profile on it.");
        return false;
    }
    const std::optional<hpx::model::Config> config
        = runConfig(settings, m_model ? m_model->filePath : QString(), QString(), error);
    if (!config)
        return false;
    run::RunSetup setup;
    setup.findBoardPort = false;
    setup.simulatorSeed = quint64(QDateTime::currentMSecsSinceEpoch());
    setup.simulatorTimeScale = settings.target.timeScale;
    const std::optional<LinkSpec> link = run::linkFor(*config, setup, error);
    if (!link)
        return false;
    const SimulatorConfig simulator = link->kind == LinkSpec::Kind::Simulated
        ? run::simulatorConfig(*config, m_model.get(), nullptr, setup)
        : SimulatorConfig();
    const QString dir = RunController::runsDirectory();
    if (!QDir().mkpath(dir)) {
        *error = tr("Cannot create the run directory %1.").arg(QDir::toNativeSeparators(dir));
        return false;
    }
    m_consolePath = dir + QStringLiteral("/console-")
        + QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss-zzz")) + QStringLiteral(".log");
    m_monitor.open(run::linkFactoryFor(*link, simulator), m_consolePath);
    return true;
}

} // namespace hpx::ui
