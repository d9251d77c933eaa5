#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace hpx::ui {

// What hpx Studio keeps between sessions, one table: each value's type, its getter and setter, its QSettings key and
// its default. The keys are what users' settings files hold: never respell one without reading the old spelling
// too. AppSettings is generated from the table, so a key is never spelled two ways and the round-trip test covers
// all of them.
#define HPX_APP_SETTINGS(X)                                                                                            \
    X(QStringList, recentFiles, setRecentFiles, "files/recent", QStringList()) /* most recent first */                 \
    X(QString, lastPort, setLastPort, "board/port", QStringLiteral("sim")) /* "sim", "/dev/ttyACM0", "tcp://..." */    \
    X(int, baud, setBaud, "board/baud", hpx::model::Config().baud())                                                   \
    X(QStringList, counters, setCounters, "profile/counters", QStringList()) /* selected ARM_PMU_* names */            \
    X(QString, board, setBoard, "board/board", QString()) /* hpx board name; "" = the window's default */              \
    X(QString, link, setLink, "board/link", QString()) /* "" = automatic, uart, usb_cdc, rtt */                        \
    X(QString, engine, setEngine, "board/engine", QString()) /* the simulated board's engine; "" = default */          \
    X(int, iterations, setIterations, "run/iterations", DefaultIterations) /* profiled inferences per pass */          \
    X(int, warmup, setWarmup, "run/warmup", DefaultWarmup) /* unrecorded inferences before each pass */                \
    X(double, simulatorTimeScale, setSimulatorTimeScale, "board/simulatorTimeScale",                                   \
        DefaultSimulatorTimeScale) /* 1 = real time */                                                                 \
    X(QString, simulatedSoc, setSimulatedSoc, "board/simulatedSoc", QStringLiteral("apollo510"))                       \
    X(QString, heatScale, setHeatScale, "graph/heatScale", QString()) /* heatScaleKey(); "" = linear */                \
    X(QString, lastExportFolder, setLastExportFolder, "export/lastFolder", QString()) /* "" = none yet */              \
    X(QString, compareProfile, setCompareProfile, "compare/profile", QString()) /* the last comparison profile */      \
    X(QString, language, setLanguage, "ui/language", QString()) /* "" = follow the system locale */                    \
    X(bool, welcomeDismissed, setWelcomeDismissed, "ui/welcomeDismissed", false)                                       \
    X(QByteArray, windowGeometry, setWindowGeometry, "window/geometry", QByteArray())                                  \
    X(QByteArray, windowState, setWindowState, "window/state", QByteArray())                                           \
    X(QByteArray, splitterState, setSplitterState, "window/splitter", QByteArray())

class AppSettings {
public:
    static constexpr int MaxRecentFiles = 8;
    // The simulated board's default pace in the window: fast (a 138-operator model in seconds, not a
    // minute); Real time (1) stays available for demos.
    static constexpr double DefaultSimulatorTimeScale = 0.05;
    static constexpr int DefaultIterations = 20;
    static constexpr int DefaultWarmup = 2;

#define HPX_APP_SETTING_ACCESSORS(Type, getter, setter, key, fallback)                                                 \
    Type getter() const;                                                                                               \
    void setter(const Type &value);
    HPX_APP_SETTINGS(HPX_APP_SETTING_ACCESSORS)
#undef HPX_APP_SETTING_ACCESSORS

    void addRecentFile(const QString &path); // most recent first, de-duplicated, capped
    void removeRecentFile(const QString &path);
};

} // namespace hpx::ui
