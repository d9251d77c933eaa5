#include "ui/common/appsettings.h"

#include "model/config/config.h"

#include <QSettings>

namespace hpx::ui {

QStringList AppSettings::recentFiles() const
{
    return QSettings().value(QStringLiteral("files/recent")).toStringList();
}

void AppSettings::addRecentFile(const QString &path)
{
    QStringList files = recentFiles();
    files.removeAll(path);
    files.prepend(path);
    while (files.size() > MaxRecentFiles)
        files.removeLast();
    QSettings().setValue(QStringLiteral("files/recent"), files);
}

void AppSettings::removeRecentFile(const QString &path)
{
    QStringList files = recentFiles();
    files.removeAll(path);
    QSettings().setValue(QStringLiteral("files/recent"), files);
}

QString AppSettings::lastPort() const
{
    return QSettings().value(QStringLiteral("board/port"), QStringLiteral("sim")).toString();
}

void AppSettings::setLastPort(const QString &port)
{
    QSettings().setValue(QStringLiteral("board/port"), port);
}

int AppSettings::baud() const
{
    return QSettings().value(QStringLiteral("board/baud"), hpx::model::Config().baud()).toInt();
}

void AppSettings::setBaud(int baud)
{
    QSettings().setValue(QStringLiteral("board/baud"), baud);
}

QStringList AppSettings::counters() const
{
    return QSettings().value(QStringLiteral("profile/counters")).toStringList();
}

void AppSettings::setCounters(const QStringList &counters)
{
    QSettings().setValue(QStringLiteral("profile/counters"), counters);
}

QString AppSettings::board() const
{
    return QSettings().value(QStringLiteral("board/board")).toString();
}

void AppSettings::setBoard(const QString &board)
{
    QSettings().setValue(QStringLiteral("board/board"), board);
}

QString AppSettings::link() const
{
    return QSettings().value(QStringLiteral("board/link")).toString();
}

void AppSettings::setLink(const QString &link)
{
    QSettings().setValue(QStringLiteral("board/link"), link);
}

QString AppSettings::engine() const
{
    return QSettings().value(QStringLiteral("board/engine")).toString();
}

void AppSettings::setEngine(const QString &engine)
{
    QSettings().setValue(QStringLiteral("board/engine"), engine);
}

QString AppSettings::heatScale() const
{
    return QSettings().value(QStringLiteral("graph/heatScale")).toString();
}

void AppSettings::setHeatScale(const QString &scale)
{
    QSettings().setValue(QStringLiteral("graph/heatScale"), scale);
}

QString AppSettings::lastExportFolder() const
{
    return QSettings().value(QStringLiteral("export/lastFolder")).toString();
}

void AppSettings::setLastExportFolder(const QString &folder)
{
    QSettings().setValue(QStringLiteral("export/lastFolder"), folder);
}

int AppSettings::iterations() const
{
    return QSettings().value(QStringLiteral("run/iterations"), DefaultIterations).toInt();
}

void AppSettings::setIterations(int iterations)
{
    QSettings().setValue(QStringLiteral("run/iterations"), iterations);
}

int AppSettings::warmup() const
{
    return QSettings().value(QStringLiteral("run/warmup"), DefaultWarmup).toInt();
}

void AppSettings::setWarmup(int warmup)
{
    QSettings().setValue(QStringLiteral("run/warmup"), warmup);
}

double AppSettings::simulatorTimeScale() const
{
    return QSettings().value(QStringLiteral("board/simulatorTimeScale"), DefaultSimulatorTimeScale).toDouble();
}

void AppSettings::setSimulatorTimeScale(double scale)
{
    QSettings().setValue(QStringLiteral("board/simulatorTimeScale"), scale);
}

QString AppSettings::simulatedSoc() const
{
    return QSettings().value(QStringLiteral("board/simulatedSoc"), QStringLiteral("apollo510")).toString();
}

void AppSettings::setSimulatedSoc(const QString &soc)
{
    QSettings().setValue(QStringLiteral("board/simulatedSoc"), soc);
}

QString AppSettings::language() const
{
    return QSettings().value(QStringLiteral("ui/language")).toString();
}

void AppSettings::setLanguage(const QString &language)
{
    QSettings().setValue(QStringLiteral("ui/language"), language);
}

bool AppSettings::welcomeDismissed() const
{
    return QSettings().value(QStringLiteral("ui/welcomeDismissed"), false).toBool();
}

void AppSettings::setWelcomeDismissed(bool dismissed)
{
    QSettings().setValue(QStringLiteral("ui/welcomeDismissed"), dismissed);
}

QByteArray AppSettings::windowGeometry() const
{
    return QSettings().value(QStringLiteral("window/geometry")).toByteArray();
}

void AppSettings::setWindowGeometry(const QByteArray &geometry)
{
    QSettings().setValue(QStringLiteral("window/geometry"), geometry);
}

QByteArray AppSettings::windowState() const
{
    return QSettings().value(QStringLiteral("window/state")).toByteArray();
}

void AppSettings::setWindowState(const QByteArray &state)
{
    QSettings().setValue(QStringLiteral("window/state"), state);
}

QByteArray AppSettings::splitterState() const
{
    return QSettings().value(QStringLiteral("window/splitter")).toByteArray();
}

void AppSettings::setSplitterState(const QByteArray &state)
{
    QSettings().setValue(QStringLiteral("window/splitter"), state);
}

} // namespace hpx::ui
