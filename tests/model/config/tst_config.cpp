#include "model/board/engine.h"
#include "model/config/config.h"
#include "model/config/configdocuments.h"
#include "model/config/configschema.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <functional>

using hpx::model::Config;
using hpx::model::ConfigDiagnostic;
using hpx::model::ConfigDiagnostics;
using hpx::model::configSnapshot;
using hpx::model::defaultConfigYaml;

namespace {

ConfigDiagnostics errorsOf(const ConfigDiagnostics &all)
{
    ConfigDiagnostics out;
    for (const auto &d : all) {
        if (d.severity == ConfigDiagnostic::Severity::Error)
            out << d;
    }
    return out;
}

QString joined(const ConfigDiagnostics &all)
{
    QStringList lines;
    for (const auto &d : all)
        lines << d.toString();
    return lines.join(QLatin1Char('\n'));
}

} // namespace

class TestConfig : public QObject {
    Q_OBJECT

private slots:
    void defaults_data();
    void defaults();
    void everyKeyHasADefaultCase();
    void defaultCounters();
    void badConfig_data();
    void badConfig();
    void firmwareKeysAreNotices();
    void fileOverridesDefaults();
    void flagsOverrideFile();
    void badFlag_data();
    void badFlag();
    void counterFlags();
    void counterFlagsReadLikeCounterSelection_data();
    void counterFlagsReadLikeCounterSelection();
    void engineChoicesAreTheEngineTable();
    void printDefaultRoundTrip();
    void orderedJson();
    void yaml11Scalars();
    void missingFile();
    void didYouMean();
    void longValuesAreCut();
    void everyKeyRoundTrips();
    void everyEnumChoiceIsAField();
    void typedSettersAreTheKeys();
    void typedSettersRefuseWhatTheKeysRefuse();
    void countsMustFitTheirField();
};

static QList<QPair<const char *, const char *>> defaultRows()
{
    return {
        { "model.path", "null" },
        { "model.arena_size", "null" },
        { "model.arena_location", "null" },
        { "model.weights_location", "null" },
        { "engine.type", "\"helia-rt\"" },
        { "engine.backend", "null" },
        { "engine.config", "{}" },
        { "engine.config_path", "null" },
        { "target.board", "\"apollo510_evb\"" },
        { "target.toolchain", "\"arm-none-eabi-gcc\"" },
        { "target.jlink_serial", "null" },
        { "target.transport", "\"rtt\"" },
        { "target.usb_port", "null" },
        { "target.segger_rtt_path", "null" },
        { "target.rtt_buffer_size_up", "null" },
        { "target.clock.cpu", "null" },
        { "target.psram.clock_hz", "48000000" },
        { "target.heartbeat.enabled", "true" },
        { "target.heartbeat.every_n_ops", "8" },
        { "target.heartbeat.every_ms", "2000" },
        { "target.heartbeat.host_timeout_s", "30" },
        { "target.heartbeat.overall_timeout_s", "null" },
        { "target.custom_socs", "null" },
        { "target.custom_boards", "null" },
        { "target.ensure_board_powered", "false" },
        { "target.port", "null" },
        { "target.baud", "115200" },
        { "target.kernels", "\"cmsis-nn\"" },
        { "profiling.pmu_counters", "{\"cpu\":\"default\"}" },
        { "profiling.per_layer", "true" },
        { "profiling.iterations", "100" },
        { "profiling.warmup", "5" },
        { "profiling.window_mode", "\"auto\"" },
        { "profiling.window_target_ms", "1000" },
        { "profiling.window_min", "10" },
        { "profiling.window_max", "500000" },
        { "profiling.clean_window_probe", "\"infer\"" },
        { "profiling.clean_window_trace", "false" },
        { "profiling.force_shared_sram", "false" },
        { "profiling.aggregation", "\"median\"" },
        { "profiling.extreme_mode", "false" },
        { "power", "{}" },
        { "output.format", "\"csv\"" },
        { "output.dir", "\"./results\"" },
        { "output.model_explorer", "true" },
        { "output.detailed", "false" },
        { "output.fail_on_invalid", "false" },
        { "timeouts.configure_s", "120" },
        { "timeouts.build_s", "300" },
        { "timeouts.flash_s", "120" },
        { "timeouts.toolchain_probe_s", "5" },
        { "timeouts.binary_probe_s", "10" },
        { "timeouts.download_api_s", "30" },
        { "timeouts.download_asset_s", "300" },
        { "build.channel", "null" },
        { "build.nsx_modules", "{}" },
        { "build.compiler_launcher", "\"auto\"" },
        { "build.update_dependencies", "false" },
        { "build.offline", "false" },
        { "frozen", "false" },
        { "work_dir", "null" },
        { "clean", "false" },
        { "verbose", "0" },
    };
}

// Expected defaults written out from docs/compatibility.md §7.1 (and heliaPROFILER's config module for the
// keys the spec table folds together), not read back from the schema table.
void TestConfig::defaults_data()
{
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("json");
    const auto rows = defaultRows();
    for (const auto &row : rows)
        QTest::newRow(row.first) << QString::fromLatin1(row.first) << QString::fromLatin1(row.second);
}

void TestConfig::defaults()
{
    QFETCH(QString, key);
    QFETCH(QString, json);
    QVERIFY2(hpx::model::configKeyIndex(key) >= 0, qPrintable(key));
    const QJsonValue expected = QJsonDocument::fromJson("[" + json.toUtf8() + "]").array().at(0);
    QCOMPARE(Config().value(key), expected);
    QVERIFY(!Config().isExplicit(key));
}

void TestConfig::everyKeyHasADefaultCase()
{
    // A key added to the schema without an expected default in defaultRows() fails here.
    QStringList expected;
    for (const auto &row : defaultRows())
        expected << QString::fromLatin1(row.first);
    QStringList schemaKeys;
    for (const auto &spec : hpx::model::configSchema())
        schemaKeys << spec.key;
    QCOMPARE(schemaKeys, expected);
}

void TestConfig::defaultCounters()
{
    const Config c;
    QCOMPARE(c.pmuCounters().entries.size(), 1);
    QCOMPARE(c.pmuCounters().entries.at(0).group, QStringLiteral("cpu"));
    QCOMPARE(c.pmuCounters().entries.at(0).keyword, QStringLiteral("default"));
    QCOMPARE(c.engine(), hpx::model::Engine::HeliaRt);
    QCOMPARE(c.iterations(), 100);
    QCOMPARE(c.warmup(), 5);
    QCOMPARE(c.aggregation(), hpx::model::Aggregation::Median);
    QCOMPARE(c.outputDir(), QStringLiteral("./results"));
    QCOMPARE(c.outputFormat(), hpx::model::OutputFormat::Csv);
    QVERIFY(c.modelExplorer());
    QVERIFY(!c.detailed());
    QCOMPARE(c.cpuClock(), hpx::model::CpuClock::Lp);
    QCOMPARE(c.firmwareTransport(), hpx::model::FirmwareTransport::Rtt);
    QCOMPARE(c.hostTimeout(), std::chrono::seconds(30));
    QVERIFY(!c.overallTimeout().has_value());
    QVERIFY(c.port().isEmpty());
    QCOMPARE(c.baud(), 115200);
}

void TestConfig::badConfig_data()
{
    QTest::addColumn<QByteArray>("yaml");
    QTest::addColumn<QString>("expected"); // the whole first error line

    QTest::newRow("unknown key, did you mean")
        << QByteArray("profiling:\n  iteratons: 10\n")
        << "hpx.yml:2:3: error: unknown key 'profiling.iteratons' (did you mean 'profiling.iterations'?)";
    QTest::newRow("key in the wrong section") << QByteArray(
        "iterations: 10\n") << "hpx.yml:1:1: error: unknown key 'iterations' (did you mean 'profiling.iterations'?)";
    QTest::newRow("unknown section") << QByteArray("model:\n  path: a.tflite\nouptut:\n  dir: x\n")
                                     << "hpx.yml:3:1: error: unknown key 'ouptut' (did you mean 'output'?)";
    QTest::newRow("unknown key, nothing close")
        << QByteArray("target:\n  zzzzzzzz: 1\n") << "hpx.yml:2:3: error: unknown key 'target.zzzzzzzz'";
    QTest::newRow("wrong type int") << QByteArray("profiling:\n  warmup: ten\n")
                                    << "hpx.yml:2:11: error: profiling.warmup: expected an integer >= 0, got 'ten'";
    QTest::newRow("fractional int") << QByteArray("profiling:\n  iterations: 2.5\n")
                                    << "hpx.yml:2:15: error: profiling.iterations: expected an integer >= 1, got '2.5'";
    QTest::newRow("below minimum") << QByteArray("profiling:\n  iterations: 0\n")
                                   << "hpx.yml:2:15: error: profiling.iterations: must be at least 1, got 0";
    QTest::newRow("wrong type bool")
        << QByteArray("output:\n  model_explorer: maybe\n")
        << "hpx.yml:2:19: error: output.model_explorer: expected true or false, got 'maybe'";
    QTest::newRow("quoted bool is a string")
        << QByteArray("output:\n  detailed: \"true\"\n")
        << "hpx.yml:2:13: error: output.detailed: expected true or false, got 'true'";
    QTest::newRow("mapping where a value is expected")
        << QByteArray("profiling:\n  iterations:\n    a: 1\n")
        << "hpx.yml:3:5: error: profiling.iterations: expected an integer >= 1, got a mapping";
    QTest::newRow("bad enum") << QByteArray("profiling:\n  aggregation: meen\n")
                              << "hpx.yml:2:16: error: profiling.aggregation: 'meen' is not one of median, mean, "
                                 "trimmed (did you mean 'mean'?)";
    QTest::newRow("bad engine")
        << QByteArray("engine:\n  type: helia-art\n")
        << "hpx.yml:2:9: error: engine.type: 'helia-art' is not one of tflm, helia-rt, helia-aot, executorch (did you "
           "mean 'helia-rt'?)";
    QTest::newRow("bad output format")
        << QByteArray("output:\n  format: model-explorer\n")
        << "hpx.yml:2:11: error: output.format: 'model-explorer' is not one of csv, json";
    QTest::newRow("bad board")
        << QByteArray("target:\n  board: apollo510_ev\n")
        << "hpx.yml:2:10: error: target.board: unknown board 'apollo510_ev' (did you mean 'apollo510_evb'?)";
    QTest::newRow("bad counter group")
        << QByteArray("profiling:\n  pmu_counters:\n    cpus: default\n")
        << "hpx.yml:3:5: error: profiling.pmu_counters: unknown counter group 'cpus'; groups are cpu, memory, mve (did "
           "you mean 'cpu'?)";
    QTest::newRow("bad counter preset")
        << QByteArray("profiling:\n  pmu_counters:\n    memory: defualt\n")
        << "hpx.yml:3:13: error: profiling.pmu_counters.memory: expected default, all or a list of counter names, got "
           "'defualt' (did you mean 'default'?)";
    QTest::newRow("bad counter name")
        << QByteArray("profiling:\n  pmu_counters:\n    cpu: [ARM_PMU_CPU_CYCLES, ARM_PMU_CPU_CYCLE]\n")
        << "hpx.yml:3:31: error: profiling.pmu_counters.cpu: unknown counter 'ARM_PMU_CPU_CYCLE' (did you mean "
           "'ARM_PMU_CPU_CYCLES'?)";
    QTest::newRow("counter name without prefix")
        << QByteArray("profiling:\n  pmu_counters:\n    mve:\n      - MVE_STALL\n")
        << "hpx.yml:4:9: error: profiling.pmu_counters.mve: unknown counter 'MVE_STALL' (did you mean "
           "'ARM_PMU_MVE_STALL'?)";
    QTest::newRow("counter names are case-sensitive")
        << QByteArray("profiling:\n  pmu_counters:\n    memory: [arm_pmu_mem_access]\n")
        << "hpx.yml:3:14: error: profiling.pmu_counters.memory: unknown counter 'arm_pmu_mem_access' (did you mean "
           "'ARM_PMU_MEM_ACCESS'?)";
    QTest::newRow("empty counter list")
        << QByteArray("profiling:\n  pmu_counters:\n    cpu: []\n")
        << "hpx.yml:3:10: error: profiling.pmu_counters.cpu: the list of counters is empty";
    QTest::newRow("empty counter mapping")
        << QByteArray("profiling:\n  pmu_counters: {}\n")
        << "hpx.yml:2:17: error: profiling.pmu_counters: expected a mapping of group (cpu, memory, mve) to default, "
           "all or a list of counters";
    QTest::newRow("duplicate key") << QByteArray("output:\n  dir: a\n  dir: b\n")
                                   << "hpx.yml:3:3: error: duplicate key 'output.dir'";
    QTest::newRow("section is not a mapping")
        << QByteArray("target: apollo510_evb\n") << "hpx.yml:1:9: error: target: expected a mapping of keys";
    QTest::newRow("top level not a mapping")
        << QByteArray("- a\n- b\n")
        << "hpx.yml:1:1: error: the config must be a mapping of keys (model, engine, target, profiling, output)";
    QTest::newRow("yaml syntax") << QByteArray("profiling:\n  iterations: [1\n")
                                 << "hpx.yml:3:1: error: invalid YAML: end of sequence flow not found (at the end "
                                    "of the file)";
    // Issue 36: a bad file says what is wrong with it and where, in words a terminal can print.
    QTest::newRow("NUL byte")
        << QByteArray("engine:\n  type: tf\0lm\n", sizeof("engine:\n  type: tf\0lm\n") - 1)
        << "hpx.yml:2:11: error: the file holds a NUL byte here, so it is not YAML text (a binary "
           "file?)";
    QTest::newRow("UTF-16") << QByteArray("\xff\xfeo\0u\0t\0", 8)
                            << "hpx.yml:1:1: error: the file is UTF-16 or UTF-32 text; a config must be UTF-8 (save it "
                               "as UTF-8)";
    QTest::newRow("unknown token") << QByteArray("output:\n  dir: @x\n")
                                   << "hpx.yml:2:8: error: invalid YAML: unknown token (at \"@x\")";
    // Aliases repeat what they name: nine levels of ten make 10^9 values from 300 bytes ("billion laughs"), and an
    // alias inside its own anchor makes a cycle. Both are refused, neither is expanded.
    QByteArray laughs("engine:\n  config:\n    l0: &l0 [lol]\n");
    for (int i = 1; i <= 9; ++i) {
        laughs += "    l" + QByteArray::number(i) + ": &l" + QByteArray::number(i) + " [";
        for (int j = 0; j < 10; ++j)
            laughs += (j ? ", *l" : "*l") + QByteArray::number(i - 1);
        laughs += "]\n";
    }
    QTest::newRow("alias bomb") << laughs
                                << "hpx.yml:3:5: error: engine.config: the value stands for more than 10000 values or "
                                   "nests deeper than 64 levels (anchors and aliases repeat what they name); write it "
                                   "out";
    QTest::newRow("alias cycle") << QByteArray("engine:\n  config: &a {x: *a}\n")
                                 << "hpx.yml:2:11: error: engine.config: the value stands for more than 10000 values "
                                    "or nests deeper than 64 levels (anchors and aliases repeat what they name); "
                                    "write it out";
    // yaml-cpp 0.7's LoadAll made empty documents forever from this; it is refused at once.
    QTest::newRow("stray comma") << QByteArray(",\n") << "hpx.yml:1:1: error: invalid YAML: unexpected text (at \",\")";
    QTest::newRow("two documents")
        << QByteArray("output:\n  format: csv\n---\noutput:\n  format: json\n")
        << "hpx.yml:3:1: error: the file holds more than one YAML document (separated by \"---\"); a config is one "
           "document";
    QTest::newRow("window_max below window_min")
        << QByteArray("profiling:\n  window_min: 100\n  window_max: 10\n")
        << "hpx.yml: error: profiling.window_max (10) must be >= profiling.window_min (100)";
}

void TestConfig::badConfig()
{
    QFETCH(QByteArray, yaml);
    QFETCH(QString, expected);
    Config config;
    ConfigDiagnostics diagnostics;
    QVERIFY(!config.loadYaml(yaml, QStringLiteral("hpx.yml"), &diagnostics));
    const ConfigDiagnostics errors = errorsOf(diagnostics);
    QVERIFY2(!errors.isEmpty(), "no error reported");
    QCOMPARE(errors.constFirst().toString(), expected);
    // A failed load leaves the configuration untouched.
    QCOMPARE(configSnapshotJson(config), configSnapshotJson(Config()));
}

void TestConfig::firmwareKeysAreNotices()
{
    Config config;
    ConfigDiagnostics diagnostics;
    const QByteArray yaml = "target:\n  toolchain: gcc\n  jlink_serial: \"123\"\nbuild:\n  offline: true\n"
                            "power:\n  enabled: true\nprofiling:\n  iterations: 3\n";
    QVERIFY2(config.loadYaml(yaml, QStringLiteral("hpx.yml"), &diagnostics), qPrintable(joined(diagnostics)));
    QVERIFY(errorsOf(diagnostics).isEmpty());
    QCOMPARE(diagnostics.size(), 4);
    QCOMPARE(diagnostics.at(0).toString(),
        QStringLiteral("hpx.yml:2:3: note: target.toolchain only concerns building and flashing firmware; not "
                       "used by this app"));
    QCOMPARE(diagnostics.at(1).key, QStringLiteral("target.jlink_serial"));
    QCOMPARE(diagnostics.at(2).key, QStringLiteral("build.offline"));
    QCOMPARE(diagnostics.at(3).toString(),
        QStringLiteral("hpx.yml:6:1: note: power is accepted for compatibility; not used by this app"));
    // The alias resolves, and the values are still part of the resolved configuration.
    QCOMPARE(config.value(QStringLiteral("target.toolchain")).toString(), QStringLiteral("arm-none-eabi-gcc"));
    QCOMPARE(config.value(QStringLiteral("power")).toObject().value(QStringLiteral("enabled")).toBool(), true);
    QCOMPARE(config.iterations(), 3);
}

void TestConfig::fileOverridesDefaults()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("hpx.yml"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("model:\n  path: models/kws.tflite\nengine:\n  type: tflm\ntarget:\n  board: apollo4p_evb\n"
            "  port: sim\n  heartbeat:\n    overall_timeout_s: 600\nprofiling:\n  pmu_counters:\n"
            "    mve: all\n    cpu: [ARM_PMU_CPU_CYCLES, ARM_PMU_INST_RETIRED]\n  iterations: 0x10\n"
            "  aggregation: trimmed\noutput:\n  format: json\n  model_explorer: no\n  detailed: on\n");
    f.close();
    Config config;
    ConfigDiagnostics diagnostics;
    QVERIFY2(config.loadFile(path, &diagnostics), qPrintable(joined(diagnostics)));
    QVERIFY(diagnostics.isEmpty());
    QCOMPARE(config.modelPath(), QStringLiteral("models/kws.tflite"));
    QCOMPARE(config.engine(), hpx::model::Engine::Tflm);
    QCOMPARE(config.board(), QStringLiteral("apollo4p_evb"));
    QCOMPARE(config.port(), QStringLiteral("sim"));
    QCOMPARE(config.overallTimeout(), std::optional(std::chrono::seconds(600)));
    QCOMPARE(config.iterations(), 16);
    QCOMPARE(config.warmup(), 5); // untouched keys keep their defaults
    QCOMPARE(config.aggregation(), hpx::model::Aggregation::Trimmed);
    QCOMPARE(config.outputFormat(), hpx::model::OutputFormat::Json);
    QVERIFY(!config.modelExplorer());
    QVERIFY(config.detailed());
    const auto counters = config.pmuCounters();
    QCOMPARE(counters.entries.size(), 2); // the file's mapping replaces the default {cpu: default}
    QCOMPARE(counters.entries.at(0).group, QStringLiteral("mve"));
    QCOMPARE(counters.entries.at(0).keyword, QStringLiteral("all"));
    QCOMPARE(counters.entries.at(1).group, QStringLiteral("cpu"));
    QCOMPARE(counters.entries.at(1).names,
        QStringList({ QStringLiteral("ARM_PMU_CPU_CYCLES"), QStringLiteral("ARM_PMU_INST_RETIRED") }));
    QVERIFY(config.isExplicit(QStringLiteral("profiling.iterations")));
    QVERIFY(!config.isExplicit(QStringLiteral("profiling.warmup")));
}

void TestConfig::flagsOverrideFile()
{
    Config config;
    ConfigDiagnostics diagnostics;
    QVERIFY(config.loadYaml("profiling:\n  iterations: 50\n  warmup: 2\noutput:\n  dir: from-file\n",
        QStringLiteral("hpx.yml"), &diagnostics));
    QVERIFY(config.set(
        QStringLiteral("profiling.iterations"), QStringLiteral("7"), QStringLiteral("--iterations"), &diagnostics));
    QVERIFY(config.set(
        QStringLiteral("output.dir"), QStringLiteral("from-flag"), QStringLiteral("--output-dir"), &diagnostics));
    QVERIFY(config.set(QStringLiteral("output.model_explorer"), QStringLiteral("false"),
        QStringLiteral("--no-model-explorer"), &diagnostics));
    QVERIFY(config.set(
        QStringLiteral("engine.type"), QStringLiteral("helia-aot"), QStringLiteral("--engine"), &diagnostics));
    QVERIFY(diagnostics.isEmpty());
    QCOMPARE(config.iterations(), 7); // flag beats file
    QCOMPARE(config.warmup(), 2); // file beats default
    QCOMPARE(config.outputDir(), QStringLiteral("from-flag"));
    QVERIFY(!config.modelExplorer());
    QCOMPARE(config.engine(), hpx::model::Engine::HeliaAot);
}

void TestConfig::badFlag_data()
{
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("value");
    QTest::addColumn<QString>("flag");
    QTest::addColumn<QString>("expected");
    QTest::newRow("int") << "profiling.iterations"
                         << "many"
                         << "--iterations"
                         << "--iterations: error: --iterations: expected an integer >= 1, got 'many'";
    QTest::newRow("enum") << "profiling.aggregation"
                          << "medain"
                          << "--aggregation"
                          << "--aggregation: error: --aggregation: 'medain' is not one of median, mean, trimmed (did "
                             "you mean 'median'?)";
    QTest::newRow("board") << "target.board"
                           << "apolo4p_evb"
                           << "--board"
                           << "--board: error: --board: unknown board 'apolo4p_evb' (did you mean 'apollo4p_evb'?)";
    QTest::newRow("baud") << "target.baud"
                          << "0"
                          << "--baud"
                          << "--baud: error: --baud: must be at least 1, got 0";
}

void TestConfig::badFlag()
{
    QFETCH(QString, key);
    QFETCH(QString, value);
    QFETCH(QString, flag);
    QFETCH(QString, expected);
    Config config;
    ConfigDiagnostics diagnostics;
    QVERIFY(!config.set(key, value, flag, &diagnostics));
    QCOMPARE(diagnostics.size(), 1);
    QCOMPARE(diagnostics.at(0).toString(), expected);
    QCOMPARE(configSnapshotJson(config), configSnapshotJson(Config()));
}

void TestConfig::counterFlags()
{
    ConfigDiagnostics diagnostics;
    // Without a file, the first flag replaces the default selection; a repeated group replaces the earlier one.
    Config config;
    QVERIFY(config.setCounters(QStringLiteral("mve:all"), QStringLiteral("--pmu-counters"), &diagnostics));
    QVERIFY(config.setCounters(QStringLiteral("memory:default"), QStringLiteral("--pmu-counters"), &diagnostics));
    QVERIFY(config.setCounters(QStringLiteral("mve:default"), QStringLiteral("--pmu-counters"), &diagnostics));
    auto counters = config.pmuCounters();
    QCOMPARE(counters.entries.size(), 2);
    QCOMPARE(counters.entries.at(0).group, QStringLiteral("mve"));
    QCOMPARE(counters.entries.at(0).keyword, QStringLiteral("default"));
    QCOMPARE(counters.entries.at(1).group, QStringLiteral("memory"));

    // With a file, flags merge into the file's mapping.
    Config merged;
    QVERIFY(merged.loadYaml("profiling:\n  pmu_counters:\n    cpu: all\n", QStringLiteral("hpx.yml"), &diagnostics));
    QVERIFY(merged.setCounters(QStringLiteral("memory:ARM_PMU_MEM_ACCESS,ARM_PMU_BUS_ACCESS"),
        QStringLiteral("--pmu-counters"), &diagnostics));
    counters = merged.pmuCounters();
    QCOMPARE(counters.entries.size(), 2);
    QCOMPARE(counters.entries.at(0).keyword, QStringLiteral("all"));
    QCOMPARE(counters.entries.at(1).names,
        QStringList({ QStringLiteral("ARM_PMU_MEM_ACCESS"), QStringLiteral("ARM_PMU_BUS_ACCESS") }));
    QVERIFY(diagnostics.isEmpty());

    QVERIFY(!merged.setCounters(QStringLiteral("cpu"), QStringLiteral("--pmu-counters"), &diagnostics));
    QVERIFY(!merged.setCounters(QStringLiteral("gpu:all"), QStringLiteral("--pmu-counters"), &diagnostics));
    QVERIFY(!merged.setCounters(QStringLiteral("cpu:ARM_PMU_INST_RETIRED,ARM_PMU_INST_RETIRD"),
        QStringLiteral("--pmu-counters"), &diagnostics));
    QCOMPARE(diagnostics.size(), 3);
    QVERIFY(diagnostics.at(0).message.contains(QStringLiteral("expected GROUP:SELECT")));
    QCOMPARE(diagnostics.at(2).toString(),
        QStringLiteral("--pmu-counters: error: --pmu-counters: unknown counter 'ARM_PMU_INST_RETIRD' (did you "
                       "mean 'ARM_PMU_INST_RETIRED'?)"));
    QCOMPARE(diagnostics.at(1).toString(),
        QStringLiteral("--pmu-counters: error: --pmu-counters: unknown counter group 'gpu'; groups are cpu, "
                       "memory, mve (did you mean 'cpu'?)"));
    QCOMPARE(merged.pmuCounters().entries.size(), 2);
}

void TestConfig::counterFlagsReadLikeCounterSelection_data()
{
    QTest::addColumn<QStringList>("flags");
    QTest::addColumn<bool>("checked"); // Config accepts them: known groups and names
    QTest::addColumn<bool>("syntax"); // CounterSelection accepts them: GROUP:SELECT
    auto row = [](const char *name, QStringList flags, bool checked, bool syntax) {
        QTest::newRow(name) << flags << checked << syntax;
    };
    row("keywords", { QStringLiteral("cpu:default"), QStringLiteral("mve:all") }, true, true);
    row("spaces around", { QStringLiteral(" memory : all ") }, true, true);
    row("names, empty items skipped",
        { QStringLiteral("cpu: ARM_PMU_CPU_CYCLES , ,ARM_PMU_INST_RETIRED,"), QStringLiteral("mve:default") }, true,
        true);
    row("repeated group replaces in place",
        { QStringLiteral("cpu:all"), QStringLiteral("memory:default"), QStringLiteral("cpu:ARM_PMU_STALL") }, true,
        true);
    row("keyword is case-sensitive", { QStringLiteral("cpu:Default") }, false, true);
    row("unknown group", { QStringLiteral("gpu:all") }, false, true);
    row("no colon", { QStringLiteral("cpu") }, false, false);
    row("nothing before the colon", { QStringLiteral(":default") }, false, false);
    row("nothing after the colon", { QStringLiteral("cpu:") }, false, false);
}

void TestConfig::counterFlagsReadLikeCounterSelection()
{
    // One GROUP:SELECT syntax (model::CounterSelection): hpx's --pmu-counters (Config) reads every flag as
    // hpx-board-sim's --pmu-counters (CounterSelection::fromArguments) does, and only adds the catalogue checks.
    QFETCH(QStringList, flags);
    QFETCH(bool, checked);
    QFETCH(bool, syntax);
    Config config;
    ConfigDiagnostics diagnostics;
    bool accepted = true;
    for (const QString &flag : flags)
        accepted = config.setCounters(flag, QStringLiteral("--pmu-counters"), &diagnostics) && accepted;
    QString error;
    const std::optional<hpx::model::CounterSelection> parsed
        = hpx::model::CounterSelection::fromArguments(flags, &error);
    QCOMPARE(accepted, checked);
    QCOMPARE(parsed.has_value(), syntax);
    if (checked)
        QCOMPARE(config.pmuCounters(), *parsed);
}

void TestConfig::engineChoicesAreTheEngineTable()
{
    const int index = hpx::model::configKeyIndex(QStringLiteral("engine.type"));
    QVERIFY(index >= 0);
    QCOMPARE(hpx::model::configSchema().at(index).choices, hpx::model::engineNames());
    for (const QString &name : hpx::model::engineNames())
        QCOMPARE(hpx::model::engineName(*hpx::model::engineFromName(name)), name);
}

void TestConfig::printDefaultRoundTrip()
{
    const QString text = defaultConfigYaml();
    QVERIFY(text.startsWith(QStringLiteral("# hpx.yml")));
    // Every key is present (active or commented out) with a comment line above it.
    for (const auto &spec : hpx::model::configSchema()) {
        const QString leaf = spec.key.section(QLatin1Char('.'), -1) + QLatin1Char(':');
        QVERIFY2(text.contains(leaf), qPrintable(spec.key));
    }
    Config parsed;
    ConfigDiagnostics diagnostics;
    QVERIFY2(
        parsed.loadYaml(text.toUtf8(), QStringLiteral("default.yml"), &diagnostics), qPrintable(joined(diagnostics)));
    QVERIFY2(diagnostics.isEmpty(), qPrintable(joined(diagnostics))); // no "not used" notices for a default file
    QCOMPARE(configSnapshotJson(parsed), configSnapshotJson(Config()));

    // Uncommenting every line gives the same values too (the commented-out defaults are real defaults),
    // with one notice per firmware-only key.
    QString uncommented;
    static const QRegularExpression commentedKey(QStringLiteral("^(\\s*)# ([a-z_0-9]+:( \\S+)?)$"));
    for (const QString &line : text.split(QLatin1Char('\n'))) {
        const QRegularExpressionMatch m = commentedKey.match(line);
        uncommented += (m.hasMatch() ? m.captured(1) + m.captured(2) : line) + QLatin1Char('\n');
    }
    Config full;
    diagnostics.clear();
    QVERIFY2(full.loadYaml(uncommented.toUtf8(), QStringLiteral("full.yml"), &diagnostics),
        qPrintable(joined(diagnostics) + QLatin1Char('\n') + uncommented));
    QVERIFY(errorsOf(diagnostics).isEmpty());
    QVERIFY(diagnostics.size() > 30);
    QCOMPARE(configSnapshotJson(full), configSnapshotJson(Config()));
}

void TestConfig::orderedJson()
{
    Config config;
    ConfigDiagnostics diagnostics;
    QVERIFY(config.loadYaml(
        "profiling:\n  pmu_counters:\n    mve: all\n    cpu: default\n", QStringLiteral("x"), &diagnostics));
    const QByteArray json = configSnapshotJson(config);
    // heliaPROFILER's section order, mapping order kept for the counter groups.
    QVERIFY(json.startsWith("{\n  \"model\": {\n    \"path\": null,"));
    const int model = json.indexOf("\"model\""), engine = json.indexOf("\"engine\""),
              target = json.indexOf("\"target\"");
    const int profiling = json.indexOf("\"profiling\""), output = json.indexOf("\"output\"");
    QVERIFY(model < engine && engine < target && target < profiling && profiling < output);
    QVERIFY(json.indexOf("\"mve\": \"all\"") < json.indexOf("\"cpu\": \"default\""));
    QVERIFY(!json.endsWith('\n'));
    // The text parses as JSON and holds the same tree as the snapshot value.
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &error);
    QCOMPARE(error.error, QJsonParseError::NoError);
    QCOMPARE(doc.object(), QJsonValue::fromVariant(configSnapshot(config).toVariant()).toObject());
    QCOMPARE(doc.object().value(QStringLiteral("output")).toObject().value(QStringLiteral("dir")).toString(),
        QStringLiteral("./results"));
    // Flat entries carry the same values in the same order.
    const auto entries = config.entries();
    QCOMPARE(entries.first().key, QStringLiteral("model.path"));
    QCOMPARE(entries.last().key, QStringLiteral("verbose"));
}

void TestConfig::yaml11Scalars()
{
    // hpx.yml files were written for PyYAML (YAML 1.1): these must mean what they meant there.
    Config config;
    ConfigDiagnostics diagnostics;
    QVERIFY2(
        config.loadYaml("profiling:\n  iterations: 1_000\n  warmup: +3\n  per_layer: off\noutput:\n"
                        "  detailed: Yes\n  model_explorer: FALSE\ntarget:\n  heartbeat:\n    overall_timeout_s: ~\n"
                        "  jlink_serial: '000123'\n",
            QStringLiteral("x"), &diagnostics),
        qPrintable(joined(diagnostics)));
    QCOMPARE(config.iterations(), 1000);
    QCOMPARE(config.warmup(), 3);
    QCOMPARE(config.value(QStringLiteral("profiling.per_layer")).toBool(true), false);
    QVERIFY(config.detailed());
    QVERIFY(!config.modelExplorer());
    QVERIFY(!config.overallTimeout().has_value());
    QCOMPARE(config.value(QStringLiteral("target.jlink_serial")).toString(), QStringLiteral("000123"));
    // An unquoted number where a string is wanted is an error, as with heliaPROFILER's validation.
    Config strict;
    diagnostics.clear();
    QVERIFY(!strict.loadYaml("target:\n  board: 510\n", QStringLiteral("x"), &diagnostics));
    QCOMPARE(errorsOf(diagnostics).constFirst().toString(),
        QStringLiteral("x:2:10: error: target.board: expected a string, got '510'"));
}

void TestConfig::missingFile()
{
    Config config;
    ConfigDiagnostics diagnostics;
    QVERIFY(!config.loadFile(QStringLiteral("/nonexistent/hpx.yml"), &diagnostics));
    QCOMPARE(diagnostics.size(), 1);
    QCOMPARE(diagnostics.at(0).toString(), QStringLiteral("/nonexistent/hpx.yml: error: config file not found"));
    diagnostics.clear();
    QVERIFY(config.loadYaml(QByteArray(), QStringLiteral("empty.yml"), &diagnostics)); // empty = all defaults
    QVERIFY(diagnostics.isEmpty());
}

void TestConfig::didYouMean()
{
    using hpx::model::closestMatch;
    using hpx::model::editDistance;
    QCOMPARE(editDistance(QStringLiteral("kitten"), QStringLiteral("sitting")), 3);
    QCOMPARE(editDistance(QString(), QStringLiteral("abc")), 3);
    QCOMPARE(closestMatch(QStringLiteral("iteratons"), { QStringLiteral("warmup"), QStringLiteral("iterations") }),
        QStringLiteral("iterations"));
    QCOMPARE(
        closestMatch(QStringLiteral("xyz"), { QStringLiteral("warmup"), QStringLiteral("iterations") }), QString());
}

// A huge scalar is not echoed whole in the one-line error: the value is cut to a readable length, its size named.
void TestConfig::longValuesAreCut()
{
    const QByteArray huge(200 * 1024, 'x');
    Config config;
    ConfigDiagnostics diagnostics;
    QVERIFY(!config.loadYaml("profiling:\n  aggregation: " + huge + "\n", QStringLiteral("hpx.yml"), &diagnostics));
    const ConfigDiagnostics errors = errorsOf(diagnostics);
    QVERIFY(!errors.isEmpty());
    const QString text = errors.constFirst().toString();
    QVERIFY2(text.size() < 300, qPrintable(text.left(400)));
    QVERIFY2(text.contains(
                 QStringLiteral("'") + QString(60, QLatin1Char('x')) + QStringLiteral("\u2026' (204800 characters)")),
        qPrintable(text));
    QVERIFY(!text.contains(QLatin1Char('\n')));
    // A short value is shown as it is.
    diagnostics.clear();
    QVERIFY(!config.loadYaml("profiling:\n  aggregation: middle\n", QStringLiteral("hpx.yml"), &diagnostics));
    QVERIFY2(errorsOf(diagnostics).constFirst().toString().contains(QStringLiteral("'middle'")),
        qPrintable(errorsOf(diagnostics).constFirst().toString()));
}

namespace {

// A value for each key other than its default, as a file gives it, and what the key must then read as.
struct OtherValue {
    QString yaml;
    QJsonValue json;
};

OtherValue otherValue(const hpx::model::ConfigKeySpec &spec)
{
    using K = hpx::model::ConfigKind;
    switch (spec.kind) {
    case K::Bool: {
        const bool b = spec.defaultYaml != QLatin1String("true");
        return { b ? QStringLiteral("yes") : QStringLiteral("off"), b };
    }
    case K::Int: {
        // Above the default (window_max stays above window_min), or above the minimum when the default is null.
        const qint64 n = (spec.nullable ? qMax<qint64>(spec.minimum, 1) : spec.defaultYaml.toLongLong()) + 6;
        return { QStringLiteral("0x%1").arg(n, 0, 16), n };
    }
    case K::String:
    case K::Path: {
        // target.board is checked against the boards; any other string key takes any text.
        const QString text = spec.key == QLatin1String("target.board") ? QStringLiteral("apollo4p_evb")
                                                                       : QStringLiteral("value of ") + spec.key;
        return { QLatin1Char('\'') + text + QLatin1Char('\''), text };
    }
    case K::Enum: {
        const QString choice = spec.choices.last() != spec.defaultYaml ? spec.choices.last() : spec.choices.first();
        return { choice, choice };
    }
    case K::Map:
        return { QStringLiteral("{answer: 42, nested: {list: [1, two]}}"),
            QJsonObject { { QStringLiteral("answer"), 42 },
                { QStringLiteral("nested"),
                    QJsonObject { { QStringLiteral("list"), QJsonArray { 1, QStringLiteral("two") } } } } } };
    case K::Counters:
        return { QStringLiteral("{memory: [ARM_PMU_L1D_CACHE], cpu: all}"),
            QJsonObject { { QStringLiteral("memory"), QJsonArray { QStringLiteral("ARM_PMU_L1D_CACHE") } },
                { QStringLiteral("cpu"), QStringLiteral("all") } } };
    }
    return {};
}

// `key: value` as nested YAML blocks.
QString nestedYaml(const QString &key, const QString &value)
{
    const QStringList parts = key.split(QLatin1Char('.'));
    QString out;
    for (int i = 0; i < parts.size(); ++i) {
        out += QString(2 * i, QLatin1Char(' ')) + parts.at(i) + QLatin1Char(':');
        out += i + 1 < parts.size() ? QStringLiteral("\n") : QLatin1Char(' ') + value + QLatin1Char('\n');
    }
    return out;
}

} // namespace

void TestConfig::everyKeyRoundTrips()
{
    // Each key alone: the file's value lands in the key's typed field and reads back as written. The snapshot
    // (JSON, which YAML reads too) loaded again gives the same configuration: fields -> text -> fields loses nothing.
    for (const auto &spec : hpx::model::configSchema()) {
        const OtherValue other = otherValue(spec);
        const QString text = nestedYaml(spec.key, other.yaml);
        Config one;
        ConfigDiagnostics diagnostics;
        QVERIFY2(one.loadYaml(text.toUtf8(), QStringLiteral("one.yml"), &diagnostics),
            qPrintable(text + joined(diagnostics)));
        QVERIFY2(one.isExplicit(spec.key), qPrintable(spec.key));
        QVERIFY2(one.value(spec.key) != Config().value(spec.key), qPrintable(spec.key));
        QVERIFY2(one.value(spec.key) == other.json,
            qPrintable(spec.key + QStringLiteral(": ")
                + QString::fromUtf8(QJsonDocument(QJsonObject { { QStringLiteral("v"), one.value(spec.key) } })
                                        .toJson(QJsonDocument::Compact))));
        Config two;
        diagnostics.clear();
        QVERIFY2(two.loadYaml(configSnapshotJson(one), QStringLiteral("snapshot.json"), &diagnostics),
            qPrintable(joined(diagnostics)));
        QCOMPARE(configSnapshotJson(two), configSnapshotJson(one));
    }

    // Every key changed at once (file after file, each keeping the others), and its snapshot read back.
    Config everything;
    for (const auto &spec : hpx::model::configSchema()) {
        ConfigDiagnostics ignored;
        QVERIFY(
            everything.loadYaml(nestedYaml(spec.key, otherValue(spec).yaml).toUtf8(), QStringLiteral("x"), &ignored));
    }
    for (const auto &spec : hpx::model::configSchema())
        QVERIFY2(everything.value(spec.key) == otherValue(spec).json, qPrintable(spec.key));
    Config reread;
    ConfigDiagnostics diagnostics;
    QVERIFY(reread.loadYaml(configSnapshotJson(everything), QStringLiteral("snapshot.json"), &diagnostics));
    QCOMPARE(configSnapshotJson(reread), configSnapshotJson(everything));
}

void TestConfig::everyEnumChoiceIsAField()
{
    // An enum key's choices are its field's values, in the enum's order: each one is read into the field and
    // written back under the same name, and the typed accessors say which.
    for (const auto &spec : hpx::model::configSchema()) {
        if (spec.kind != hpx::model::ConfigKind::Enum)
            continue;
        for (const QString &choice : spec.choices) {
            Config config;
            ConfigDiagnostics diagnostics;
            QVERIFY2(
                config.set(spec.key, choice, QStringLiteral("--flag"), &diagnostics), qPrintable(joined(diagnostics)));
            QCOMPARE(config.value(spec.key).toString(), choice);
        }
    }
    Config config;
    ConfigDiagnostics diagnostics;
    QVERIFY(config.loadYaml("engine:\n  type: executorch\ntarget:\n  transport: usb_cdc\n  clock:\n    cpu: hp\n"
                            "profiling:\n  aggregation: mean\noutput:\n  format: json\n",
        QStringLiteral("x"), &diagnostics));
    QCOMPARE(config.engine(), hpx::model::Engine::Executorch);
    QCOMPARE(config.firmwareTransport(), hpx::model::FirmwareTransport::UsbCdc);
    QCOMPARE(config.cpuClock(), hpx::model::CpuClock::Hp);
    QCOMPARE(config.aggregation(), hpx::model::Aggregation::Mean);
    QCOMPARE(config.outputFormat(), hpx::model::OutputFormat::Json);
    QCOMPARE(hpx::model::cpuClockName(hpx::model::CpuClock::Hp), QStringLiteral("hp"));
    QCOMPARE(hpx::model::cpuClockFromName(QStringLiteral("lp")), std::optional(hpx::model::CpuClock::Lp));
    QVERIFY(!hpx::model::cpuClockFromName(QStringLiteral("turbo")));
}

void TestConfig::typedSettersAreTheKeys()
{
    // The window's typed setters and the file's keys reach the same fields: same snapshot, same explicit keys.
    Config typed;
    ConfigDiagnostics diagnostics;
    QVERIFY(typed.setEngine(hpx::model::Engine::Tflm, &diagnostics));
    QVERIFY(typed.setFirmwareTransport(hpx::model::FirmwareTransport::Uart, &diagnostics));
    QVERIFY(typed.setCpuClock(hpx::model::CpuClock::Hp, &diagnostics));
    QVERIFY(typed.setAggregation(hpx::model::Aggregation::Trimmed, &diagnostics));
    QVERIFY(typed.setIterations(12, &diagnostics));
    QVERIFY(typed.setBaud(921600, &diagnostics));
    QVERIFY(typed.setModelPath(QStringLiteral("m.tflite"), &diagnostics));
    QVERIFY(typed.setBoard(QStringLiteral("apollo4p_evb"), &diagnostics));
    QVERIFY(typed.setPort(QStringLiteral("tcp://127.0.0.1:19021"), &diagnostics));
    QVERIFY(typed.setWarmup(0, &diagnostics));
    QVERIFY(typed.setOutputDir(QStringLiteral("out"), &diagnostics));
    QVERIFY(diagnostics.isEmpty());
    Config fromFile;
    QVERIFY(fromFile.loadYaml("model:\n  path: m.tflite\nengine:\n  type: tflm\ntarget:\n  board: apollo4p_evb\n"
                              "  port: tcp://127.0.0.1:19021\n  transport: uart\n  baud: 921600\n  clock:\n"
                              "    cpu: hp\nprofiling:\n  aggregation: trimmed\n  iterations: 12\n  warmup: 0\n"
                              "output:\n  dir: out\n",
        QStringLiteral("x"), &diagnostics));
    QCOMPARE(configSnapshotJson(typed), configSnapshotJson(fromFile));
    for (const auto &spec : hpx::model::configSchema())
        QCOMPARE(typed.isExplicit(spec.key), fromFile.isExplicit(spec.key));
    QCOMPARE(typed.value(QStringLiteral("target.clock.cpu")).toString(), QStringLiteral("hp"));
}

void TestConfig::typedSettersRefuseWhatTheKeysRefuse()
{
    // The typed setters write their fields directly, after the checks a flag's value gets: the same message, and the
    // Config left as it was.
    const auto refusal = [](const std::function<bool(Config &, ConfigDiagnostics *)> &typedSet, const QString &key,
                             const QString &text) {
        Config typed;
        ConfigDiagnostics typedDiagnostics;
        const QByteArray before = configSnapshotJson(typed);
        const bool typedOk = typedSet(typed, &typedDiagnostics);
        Config flagged;
        ConfigDiagnostics flagDiagnostics;
        const bool flagOk = flagged.set(key, text, key, &flagDiagnostics);
        QVERIFY(!typedOk);
        QVERIFY(!flagOk);
        QCOMPARE(configSnapshotJson(typed), before);
        QVERIFY(!typed.isExplicit(key));
        QCOMPARE(errorsOf(typedDiagnostics).size(), 1);
        QCOMPARE(errorsOf(typedDiagnostics).constFirst().toString(), errorsOf(flagDiagnostics).constFirst().toString());
    };
    refusal([](Config &c, ConfigDiagnostics *d) { return c.setBoard(QStringLiteral("apolo510_evb"), d); },
        QStringLiteral("target.board"), QStringLiteral("apolo510_evb"));
    refusal([](Config &c, ConfigDiagnostics *d) { return c.setIterations(0, d); },
        QStringLiteral("profiling.iterations"), QStringLiteral("0"));
    refusal([](Config &c, ConfigDiagnostics *d) { return c.setWarmup(-1, d); }, QStringLiteral("profiling.warmup"),
        QStringLiteral("-1"));
    refusal([](Config &c, ConfigDiagnostics *d) { return c.setBaud(0, d); }, QStringLiteral("target.baud"),
        QStringLiteral("0"));
    refusal([](Config &c, ConfigDiagnostics *d) { return c.setPort(QString(), d); }, QStringLiteral("target.port"),
        QString());
    refusal([](Config &c, ConfigDiagnostics *d) { return c.setModelPath(QString(), d); }, QStringLiteral("model.path"),
        QString());
    refusal([](Config &c, ConfigDiagnostics *d) { return c.setOutputDir(QString(), d); }, QStringLiteral("output.dir"),
        QString());
}

void TestConfig::countsMustFitTheirField()
{
    // A count held in an int is refused beyond INT_MAX rather than cut; a 64-bit key takes it.
    Config config;
    ConfigDiagnostics diagnostics;
    QVERIFY(!config.set(QStringLiteral("profiling.iterations"), QStringLiteral("3000000000"),
        QStringLiteral("--iterations"), &diagnostics));
    QCOMPARE(errorsOf(diagnostics).constFirst().toString(),
        QStringLiteral("--iterations: error: --iterations: must be at most 2147483647, got 3000000000"));
    QCOMPARE(config.iterations(), 100);
    diagnostics.clear();
    QVERIFY(config.loadYaml("target:\n  psram:\n    clock_hz: 3000000000\n  heartbeat:\n    host_timeout_s: 86400\n",
        QStringLiteral("x"), &diagnostics));
    QCOMPARE(config.value(QStringLiteral("target.psram.clock_hz")).toInteger(), Q_INT64_C(3000000000));
    QCOMPARE(config.hostTimeout(), std::chrono::hours(24));
}

QTEST_GUILESS_MAIN(TestConfig)
#include "tst_config.moc"
