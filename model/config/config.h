#pragma once

#include "model/board/counterselection.h"
#include "model/board/engine.h"
#include "model/board/firmwaretransport.h"
#include "model/board/kernelset.h"
#include "model/config/configdiagnostic.h"
#include "model/results/profileresult.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>
#include <QStringList>
#include <QVector>

#include <chrono>
#include <optional>

namespace hpx::model {

// The enums of hpx.yml's keys that have no home in model/board or model/results. Their names are the key's choices
// in configschema.cpp, in this order (a test reads every choice through Config).
enum class CpuClock { Lp, Hp }; // target.clock.cpu
enum class OutputFormat { Csv, Json }; // output.format
enum class Toolchain { ArmNoneEabiGcc, Armclang, Atfe }; // target.toolchain (firmware build only)
enum class WindowMode { Auto, Fixed }; // profiling.window_mode (firmware build only)
enum class CleanWindowProbe { Infer, BusyLoop }; // profiling.clean_window_probe (firmware build only)
QString cpuClockName(CpuClock clock); // "lp", "hp"
std::optional<CpuClock> cpuClockFromName(const QString &name);

class ConfigParser;

// One resolved key and its value, in heliaPROFILER's order; a dotted key names the path in the tree.
struct ConfigEntry {
    QString key;
    QJsonValue value;
};

// The resolved hpx.yml configuration (docs/compatibility.md §7.1): defaults < YAML file < command-line flags.
// Every key is a typed field (enums, counts, durations, optional values); text becomes a field only here, where a
// file or a flag is read and checked (ConfigParser), and a field becomes text only for run_metadata.json and
// `hpx config`. A value type: cheap to copy, safe to hand to another thread.
class Config {
    Q_DECLARE_TR_FUNCTIONS(hpx::model::Config)
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
    bool setFirmwareTransport(FirmwareTransport transport, ConfigDiagnostics *diagnostics);
    bool setPort(const QString &port, ConfigDiagnostics *diagnostics); // serial port, sim or tcp://HOST:PORT
    bool setBaud(int baud, ConfigDiagnostics *diagnostics);
    bool setKernels(KernelSet kernels, ConfigDiagnostics *diagnostics); // target.kernels (the virtual board)
    bool setCpuClock(CpuClock clock, ConfigDiagnostics *diagnostics);
    bool setIterations(int iterations, ConfigDiagnostics *diagnostics);
    bool setWarmup(int warmup, ConfigDiagnostics *diagnostics);
    bool setAggregation(Aggregation aggregation, ConfigDiagnostics *diagnostics);
    bool setOutputDir(const QString &dir, ConfigDiagnostics *diagnostics);

    // A key's value as hpx.yml and run_metadata.json spell it (enums as their names, null for unset optional
    // values): the YAML side's one window on the fields below. Null for unknown keys.
    QJsonValue value(const QString &key) const;
    bool isExplicit(const QString &key) const; // set by a file or a flag rather than left at its default

    // The typed fields the app uses; every other key is held typed too, and read through value().
    QString modelPath() const; // empty when unset
    Engine engine() const;
    QString board() const;
    FirmwareTransport firmwareTransport() const; // target.transport
    QString port() const; // target.port, else target.usb_port, else empty (auto)
    KernelSet kernels() const { return m_kernels; } // target.kernels: the virtual board's TFLM kernel set
    // model.arena_location / model.weights_location: tcm, sram, mram or psram; none: automatic (the virtual board
    // places them itself, model/memory/boardplacement.h; a firmware build takes them as heliaPROFILER's do).
    std::optional<QString> arenaLocation() const { return m_arenaLocation; }
    std::optional<QString> weightsLocation() const { return m_weightsLocation; }
    std::optional<qint64> arenaSize() const { return m_arenaSize; } // model.arena_size: none = the estimate's
    int baud() const;
    CpuClock cpuClock() const; // lp when unset
    bool heartbeatEnabled() const;
    std::chrono::seconds hostTimeout() const;
    std::optional<std::chrono::seconds> overallTimeout() const; // none: unbounded
    std::optional<QJsonObject> customBoards() const;
    CounterSelection pmuCounters() const;
    int iterations() const;
    int warmup() const;
    qint64 windowMin() const;
    qint64 windowMax() const;
    Aggregation aggregation() const;
    QString outputDir() const;
    OutputFormat outputFormat() const;
    bool modelExplorer() const;
    bool detailed() const;

    // Every key's resolved value, flat (dotted keys, heliaPROFILER's order, counter groups spelled out); the nested
    // documents built from it are in configdocuments.h.
    QVector<ConfigEntry> entries() const;

private:
    // How one key's typed field is read as and written from its checked JSON value (configschema.h's kinds): the
    // YAML side goes through these and nothing else. By configSchema() index; none for the counters.
    struct Field {
        QJsonValue (*read)(const Config &config) = nullptr;
        void (*write)(Config &config, const QJsonValue &value) = nullptr;
    };
    static const QVector<Field> &fields();
    template<auto member> static Field bind();

    // Applies what a parse read (checked values by schema index, a counters mapping) to this candidate.
    void apply(const ConfigParser &parser);
    void markExplicit(const QString &key);
    // A typed setter's value, checked as the key's value from a file or a flag is, then written to its field.
    template<typename Member, typename Value>
    bool setChecked(const QString &key, Member Config::*field, const Value &value, ConfigDiagnostics *diagnostics);
    void mergeCounterGroup(const CounterSelectionEntry &entry);

    // model
    std::optional<QString> m_modelPath;
    std::optional<qint64> m_arenaSize;
    std::optional<QString> m_arenaLocation;
    std::optional<QString> m_weightsLocation;
    // engine
    Engine m_engine = Engine::HeliaRt;
    std::optional<QString> m_engineBackend;
    QJsonObject m_engineConfig;
    std::optional<QString> m_engineConfigPath;
    // target
    QString m_board;
    Toolchain m_toolchain = Toolchain::ArmNoneEabiGcc;
    std::optional<QString> m_jlinkSerial;
    FirmwareTransport m_firmwareTransport = FirmwareTransport::Rtt;
    std::optional<QString> m_usbPort;
    std::optional<QString> m_seggerRttPath;
    std::optional<qint64> m_rttBufferSizeUp;
    std::optional<CpuClock> m_cpuClock;
    qint64 m_psramClockHz = 0;
    bool m_heartbeatEnabled = true;
    qint64 m_heartbeatEveryNOps = 0;
    std::chrono::milliseconds m_heartbeatEvery {};
    std::chrono::seconds m_hostTimeout {};
    std::optional<std::chrono::seconds> m_overallTimeout;
    std::optional<QJsonObject> m_customSocs;
    std::optional<QJsonObject> m_customBoards;
    bool m_ensureBoardPowered = false;
    std::optional<QString> m_port;
    int m_baud = 0;
    KernelSet m_kernels = defaultKernelSet;
    // profiling
    CounterSelection m_counters;
    bool m_countersFromFile = false;
    bool m_perLayer = true;
    int m_iterations = 0;
    int m_warmup = 0;
    WindowMode m_windowMode = WindowMode::Auto;
    std::chrono::milliseconds m_windowTarget {};
    qint64 m_windowMin = 0;
    qint64 m_windowMax = 0;
    CleanWindowProbe m_cleanWindowProbe = CleanWindowProbe::Infer;
    bool m_cleanWindowTrace = false;
    bool m_forceSharedSram = false;
    Aggregation m_aggregation = Aggregation::Median;
    bool m_extremeMode = false;
    // power
    QJsonObject m_power;
    // output
    OutputFormat m_outputFormat = OutputFormat::Csv;
    QString m_outputDir;
    bool m_modelExplorer = true;
    bool m_detailed = false;
    bool m_failOnInvalid = false;
    // timeouts
    std::chrono::seconds m_configureTimeout {};
    std::chrono::seconds m_buildTimeout {};
    std::chrono::seconds m_flashTimeout {};
    std::chrono::seconds m_toolchainProbeTimeout {};
    std::chrono::seconds m_binaryProbeTimeout {};
    std::chrono::seconds m_downloadApiTimeout {};
    std::chrono::seconds m_downloadAssetTimeout {};
    // build
    std::optional<QString> m_buildChannel;
    QJsonObject m_nsxModules;
    QString m_compilerLauncher;
    bool m_updateDependencies = false;
    bool m_offline = false;
    bool m_frozen = false;
    std::optional<QString> m_workDir;
    bool m_clean = false;
    int m_verbose = 0;

    QVector<bool> m_explicit; // by configSchema() index
};

} // namespace hpx::model
