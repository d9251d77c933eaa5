#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace hpx::ui {

// Typed access to the QSettings keys hpx Studio keeps between sessions. One place, so a key is never
// spelled two ways and the round-trip test covers all of them.
class AppSettings {
public:
    static constexpr int MaxRecentFiles = 8;

    QStringList recentFiles() const;
    void addRecentFile(const QString &path); // most recent first, de-duplicated, capped
    void removeRecentFile(const QString &path);

    QString lastPort() const; // "sim", "/dev/ttyACM0", "tcp://127.0.0.1:19021"
    void setLastPort(const QString &port);
    int baud() const;
    void setBaud(int baud);
    QStringList counters() const; // selected ARM_PMU_* names
    void setCounters(const QStringList &counters);
    QString simulatedSoc() const;
    void setSimulatedSoc(const QString &soc);
    QString language() const; // "" = follow the system locale
    void setLanguage(const QString &language);
    bool welcomeDismissed() const;
    void setWelcomeDismissed(bool dismissed);

    QByteArray windowGeometry() const;
    void setWindowGeometry(const QByteArray &geometry);
    QByteArray windowState() const;
    void setWindowState(const QByteArray &state);
    QByteArray splitterState() const;
    void setSplitterState(const QByteArray &state);
};

} // namespace hpx::ui
