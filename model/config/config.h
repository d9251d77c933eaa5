#pragma once

#include "model/board/counterselection.h"
#include "model/board/engine.h"
#include "model/board/firmwaretransport.h"
#include "model/results/profileresult.h"

#include <QJsonObject>
#include <QJsonValue>
#include <QString>
#include <QStringList>
#include <QVector>

#include <optional>

namespace hpx::model {

// One message about a configuration: where (file:line:column, or a command-line flag) and what.
struct ConfigDiagnostic {
    enum class Severity { Error, Notice };
    Severity severity = Severity::Error;
    QString source; // file path, or the flag ("--iterations") for command-line values
    int line = 0; // 1-based; 0 when not tied to a position
    int column = 0; // 1-based
    QString key; // dotted key concerned, if any
    QString message; // translated, without the location

    // "hpx.yml:3:5: error: unknown key 'profiling.iteratons' (did you mean 'profiling.iterations'?)"
    QString toString() const;
};
using ConfigDiagnostics = QVector<ConfigDiagnostic>;

// One resolved key and its value, in heliaPROFILER's order; a dotted key names the path in the tree.
struct ConfigEntry {
    QString key;
    QJsonValue value;
};

// The resolved hpx.yml configuration (docs/compatibility.md §7.1): defaults < YAML file < command-line flags.
// A value type: cheap to copy, safe to hand to another thread.
class Config {
public:
    Config(); // every key at its default

    // Applies a YAML file / YAML text on top of the current values. On an error the Config is unchanged
    // and false is returned; notices (keys not used by this app) are appended either way.
    bool loadFile(const QString &path, ConfigDiagnostics *diagnostics);
    bool loadYaml(const QByteArray &text, const QString &sourceName, ConfigDiagnostics *diagnostics);

    // Command-line override: `text` is converted to the key's type (an Int key wants digits, a Bool
    // key true/false, ...); `flag` names the option in messages.
    bool set(const QString &key, const QString &text, const QString &flag, ConfigDiagnostics *diagnostics);
    bool set(const QString &key, const QJsonValue &value, const QString &flag, ConfigDiagnostics *diagnostics);
    // `--pmu-counters GROUP:SELECT`: SELECT is default, all or a comma list; a repeated group replaces
    // the earlier one, other groups given in the file are kept (heliaPROFILER's deep merge).
    bool setCounters(const QString &groupColonSelect, const QString &flag, ConfigDiagnostics *diagnostics);
    // The window's road: a picked selection, checked like the same --pmu-counters flags and applied whole.
    bool setCounterSelection(const CounterSelection &selection, const QString &flag, ConfigDiagnostics *diagnostics);

    // Typed setters for front ends that collect choices (the window): the same checks and precedence as the
    // matching `hpx profile` flag; messages name the key. False + an Error diagnostic when the value is refused.
    bool setModelPath(const QString &path, ConfigDiagnostics *diagnostics);
    bool setEngine(Engine engine, ConfigDiagnostics *diagnostics);
    bool setBoard(const QString &board, ConfigDiagnostics *diagnostics);
    bool setTransport(FirmwareTransport transport, ConfigDiagnostics *diagnostics);
    bool setPort(const QString &port, ConfigDiagnostics *diagnostics); // serial port, sim or tcp://HOST:PORT
    bool setBaud(int baud, ConfigDiagnostics *diagnostics);
    bool setCpuClock(const QString &clock, ConfigDiagnostics *diagnostics); // lp | hp
    bool setIterations(int iterations, ConfigDiagnostics *diagnostics);
    bool setWarmup(int warmup, ConfigDiagnostics *diagnostics);
    bool setAggregation(Aggregation aggregation, ConfigDiagnostics *diagnostics);
    bool setOutputDir(const QString &dir, ConfigDiagnostics *diagnostics);

    QJsonValue value(const QString &key) const; // Null for unknown keys
    bool isExplicit(const QString &key) const; // set by a file or a flag rather than left at its default

    // Typed accessors for what the app uses.
    QString modelPath() const;
    QString engineType() const; // tflm | helia-rt | helia-aot | executorch (see engineFromName)
    QString board() const;
    QString transport() const; // rtt | usb_cdc | uart | swo
    QString port() const; // target.port, else target.usb_port, else empty (auto)
    int baud() const;
    QString cpuClock() const; // lp | hp
    bool heartbeatEnabled() const;
    int hostTimeoutSeconds() const;
    std::optional<int> overallTimeoutSeconds() const;
    CounterSelection pmuCounters() const;
    int iterations() const;
    int warmup() const;
    QString aggregation() const; // median | mean | trimmed
    QString outputDir() const;
    QString outputFormat() const; // csv | json
    bool modelExplorer() const;
    bool detailed() const;

    // Every key's resolved value, flat (dotted keys, heliaPROFILER's order, counter groups spelled out); the nested
    // documents built from it are in configdocuments.h.
    QVector<ConfigEntry> entries() const;

private:
    void mergeCounterGroup(const CounterSelectionEntry &entry);

    QVector<QJsonValue> m_values; // by configSchema() index
    QVector<bool> m_explicit;
    CounterSelection m_counters;
    bool m_countersFromFile = false;
};

} // namespace hpx::model
