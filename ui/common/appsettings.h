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
    // The simulated board's default pace in the window: fast (a 138-operator model in seconds, not a
    // minute); Real time (1) stays available for demos.
    static constexpr double DefaultSimulatorTimeScale = 0.05;
    static constexpr int DefaultIterations = 20;
    static constexpr int DefaultWarmup = 2;

    QStringList recentFiles() const;
    void addRecentFile(const QString &path); // most recent first, de-duplicated, capped
    void removeRecentFile(const QString &path);

    QString lastPort() const; // "sim", "/dev/ttyACM0", "tcp://127.0.0.1:19021"
    void setLastPort(const QString &port);
    int baud() const;
    void setBaud(int baud);
    QStringList counters() const; // selected ARM_PMU_* names
    void setCounters(const QStringList &counters);
    QString board() const; // hpx board name; "" = the window's default
    void setBoard(const QString &board);
    QString link() const; // "" = automatic, uart, usb_cdc, rtt
    void setLink(const QString &link);
    QString engine() const; // the simulated board's engine; "" = default
    void setEngine(const QString &engine);
    int iterations() const; // profiled inferences per pass
    void setIterations(int iterations);
    int warmup() const; // unrecorded inferences before each pass
    void setWarmup(int warmup);
    double simulatorTimeScale() const; // 1 = real time
    void setSimulatorTimeScale(double scale);
    QString simulatedSoc() const;
    void setSimulatedSoc(const QString &soc);
    QString heatScale() const; // the heat graph's colour scale: heatScaleKey(); "" = linear
    void setHeatScale(const QString &scale);
    QString lastExportFolder() const; // where File > Export last wrote; "" = none yet
    void setLastExportFolder(const QString &folder);
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
