#include "model/config/configschema.h"

#include "model/board/engine.h"
#include "model/board/kernelset.h"

#include <QHash>

#include <algorithm>
#include <climits>

namespace hpx::model {

namespace {

ConfigKeySpec key(
    const char *name, ConfigKind kind, const char *defaultYaml, ConfigUse use, const char *flag, const char *help)
{
    ConfigKeySpec s;
    s.key = QString::fromLatin1(name);
    s.kind = kind;
    s.defaultYaml = QString::fromLatin1(defaultYaml);
    s.nullable = s.defaultYaml == QLatin1String("null");
    s.use = use;
    s.flag = QString::fromLatin1(flag);
    s.help = QString::fromUtf8(help);
    return s;
}

ConfigKeySpec intKey(
    const char *name, const char *defaultYaml, qint64 minimum, ConfigUse use, const char *flag, const char *help)
{
    ConfigKeySpec s = key(name, ConfigKind::Int, defaultYaml, use, flag, help);
    s.minimum = minimum;
    return s;
}

// A key Config holds in an int (a count, a line rate): a larger value is refused, not cut.
ConfigKeySpec countKey(
    const char *name, const char *defaultYaml, qint64 minimum, ConfigUse use, const char *flag, const char *help)
{
    ConfigKeySpec s = intKey(name, defaultYaml, minimum, use, flag, help);
    s.maximum = INT_MAX;
    return s;
}

ConfigKeySpec enumKey(const char *name, const char *defaultYaml, const char *choices, ConfigUse use, const char *flag,
    const char *help, const char *aliases = "")
{
    ConfigKeySpec s = key(name, ConfigKind::Enum, defaultYaml, use, flag, help);
    s.choices = QString::fromLatin1(choices).split(QLatin1Char('|'));
    if (*aliases)
        s.aliases = QString::fromLatin1(aliases).split(QLatin1Char('|'));
    return s;
}

QVector<ConfigKeySpec> buildSchema()
{
    using K = ConfigKind;
    using U = ConfigUse;
    QVector<ConfigKeySpec> s;
    // model
    s << key("model.path", K::Path, "null", U::App, "MODEL",
        "The .tflite model to profile (relative to the working directory).")
      << intKey("model.arena_size", "null", 1, U::App, "--arena-size",
             "Tensor arena bytes the firmware is built with (null: on the virtual board, --port qemu, the model's "
             "estimate and a margin).")
      << key("model.arena_location", K::String, "null", U::App, "--arena-location",
             "Arena placement: tcm, sram or psram (null = auto: the fastest that fits). Takes effect on the virtual "
             "board (--port qemu).")
      << key("model.weights_location", K::String, "null", U::App, "--weights-location",
             "Weights placement: tcm, sram, mram or psram (null = auto: the fastest that fits beside the arena). "
             "Takes effect on the virtual board (--port qemu).");
    // engine
    ConfigKeySpec engineType = enumKey("engine.type", "helia-rt", "", U::App, "--engine",
        "Inference engine on the board; decides how layer tags map to model operators.");
    engineType.choices = engineNames(); // model/board/engine.h
    s << engineType
      << key("engine.backend", K::String, "null", U::Firmware, "",
             "Engine backend (tflm: reference|cmsis_nn; executorch: arm|ns).")
      << key("engine.config", K::Map, "{}", U::Firmware, "--engine-config",
             "Engine-specific options passed to the firmware build.")
      << key("engine.config_path", K::Path, "null", U::Firmware, "",
             "Engine-specific YAML file for the firmware build.");
    // target
    s << key("target.board", K::String, "apollo510_evb", U::App, "--board",
        "Board; its SoC decides the PMU (Cortex-M55/M85 PMU or DWT-only Cortex-M4) and the counters that can be "
        "captured.")
      << enumKey("target.toolchain", "arm-none-eabi-gcc", "arm-none-eabi-gcc|armclang|atfe", U::Firmware, "--toolchain",
             "Cross compiler for the firmware.", "gcc=arm-none-eabi-gcc")
      << key("target.jlink_serial", K::String, "null", U::Firmware, "--jlink-serial", "J-Link probe serial number.")
      << enumKey("target.transport", "rtt", "rtt|usb_cdc|uart|swo", U::App, "--transport",
             "How the firmware sends its stream: usb_cdc waits for DTR, uart sends HPX_READY first.")
      << key("target.usb_port", K::String, "null", U::App, "--usb-port",
             "Serial port of the board's USB CDC interface (used when target.port is not set).")
      << key("target.segger_rtt_path", K::Path, "null", U::Firmware, "", "SEGGER RTT sources for the firmware build.")
      << intKey("target.rtt_buffer_size_up", "null", 1, U::Firmware, "--rtt-buffer-size-up",
             "RTT up-buffer bytes in the firmware.")
      << enumKey("target.clock.cpu", "null", "lp|hp", U::App, "--cpu-clock",
             "CPU clock the firmware runs at (null = lp); recorded in run_metadata.json.")
      << intKey("target.psram.clock_hz", "48000000", 1, U::Firmware, "", "PSRAM interface clock.")
      << key("target.heartbeat.enabled", K::Bool, "true", U::App, "",
             "The firmware sends heartbeats; the host then applies host_timeout_s.")
      << intKey(
             "target.heartbeat.every_n_ops", "8", 0, U::Firmware, "", "Firmware heartbeat every N operators (0 = off).")
      << intKey("target.heartbeat.every_ms", "2000", 0, U::Firmware, "",
             "Firmware heartbeat every N milliseconds (0 = off).")
      << intKey("target.heartbeat.host_timeout_s", "30", 1, U::App, "",
             "Seconds without any byte from the board before the capture stops.")
      << intKey("target.heartbeat.overall_timeout_s", "null", 1, U::App, "",
             "Upper bound on the whole capture in seconds (null = unbounded).")
      << key("target.custom_socs", K::Map, "null", U::Firmware, "", "Extra SoC definitions for the firmware build.")
      << key("target.custom_boards", K::Map, "null", U::Firmware, "",
             "Extra board definitions for the firmware build (their names become valid target.board values).")
      << key("target.ensure_board_powered", K::Bool, "false", U::Firmware, "--ensure-power",
             "Power the board through a Joulescope before flashing.")
      << key("target.port", K::String, "null", U::Ours, "--port",
             "hpx Studio: serial port (/dev/ttyACM0, COM3), tcp://host:port, sim for the simulated board or qemu for "
             "the virtual board (null = auto-detect).")
      << countKey("target.baud", "115200", 1, U::Ours, "--baud", "hpx Studio: serial line rate (USB CDC ignores it).");
    ConfigKeySpec kernels = enumKey("target.kernels", "cmsis-nn", "", U::Ours, "--kernels",
        "hpx Studio: the virtual board's TFLM kernels (target.port qemu): cmsis-nn (Arm's CMSIS-NN with Helium) or "
        "reference.");
    kernels.choices = kernelSetNames(); // model/board/kernelset.h
    kernels.defaultYaml = kernelSetName(defaultKernelSet);
    s << kernels;
    // profiling
    s << key("profiling.pmu_counters", K::Counters, "{cpu: default}", U::App, "--pmu-counters",
        "Counters per group (cpu, memory, mve): default, all, or a list of ARM_PMU_* names.")
      << key("profiling.per_layer", K::Bool, "true", U::Ignored, "--per-layer/--no-per-layer",
             "Accepted for compatibility; heliaPROFILER does not use it either.")
      << countKey("profiling.iterations", "100", 1, U::App, "--iterations", "Profiled inferences per pass.")
      << countKey("profiling.warmup", "5", 0, U::App, "--warmup", "Unrecorded inferences before each pass.")
      << enumKey("profiling.window_mode", "auto", "auto|fixed", U::Firmware, "", "Clean-window sizing in the firmware.")
      << intKey("profiling.window_target_ms", "1000", 1, U::Firmware, "", "Clean-window target duration.")
      << intKey("profiling.window_min", "10", 1, U::Firmware, "", "Fewest clean-window inferences.")
      << intKey("profiling.window_max", "500000", 1, U::Firmware, "", "Most clean-window inferences.")
      << enumKey("profiling.clean_window_probe", "infer", "infer|busy_loop", U::Firmware, "",
             "What runs in the clean window.")
      << key("profiling.clean_window_trace", K::Bool, "false", U::Firmware, "",
             "Firmware prints HPX_CLEAN_ITER per clean iteration.")
      << key("profiling.force_shared_sram", K::Bool, "false", U::Firmware, "", "Keep shared SRAM powered.")
      << enumKey("profiling.aggregation", "median", "median|mean|trimmed", U::App, "--aggregation",
             "How a layer's value is aggregated over the iterations of a pass.")
      << key("profiling.extreme_mode", K::Bool, "false", U::Firmware, "",
             "Power down unused memories in the firmware.");
    // power measurement is out of scope for this app: the whole section is accepted as is
    s << key("power", K::Map, "{}", U::Ignored, "",
        "Power measurement settings (heliaPROFILER's power runs; not supported by this app).");
    // output
    s << enumKey("output.format", "csv", "csv|json", U::App, "--output-format",
        "Per-layer results file: profile_results.csv or .json.")
      << key("output.dir", K::Path, "./results", U::App, "--output-dir", "Bundle directory.")
      << key("output.model_explorer", K::Bool, "true", U::App, "--no-model-explorer",
             "Write model_explorer/me_overlay_<COUNTER>.json overlays.")
      << key("output.detailed", K::Bool, "false", U::App, "--detailed", "Write detailed/ per-pass and per-group files.")
      << key("output.fail_on_invalid", K::Bool, "false", U::Ignored, "",
             "heliaPROFILER exit status for invalid runs; this app's exit codes are documented in docs/cli.md.");
    // timeouts and build: firmware build and flash only
    s << intKey("timeouts.configure_s", "120", 1, U::Firmware, "", "Firmware configure timeout.")
      << intKey("timeouts.build_s", "300", 1, U::Firmware, "", "Firmware build timeout.")
      << intKey("timeouts.flash_s", "120", 1, U::Firmware, "", "Flash timeout.")
      << intKey("timeouts.toolchain_probe_s", "5", 1, U::Firmware, "", "Toolchain probe timeout.")
      << intKey("timeouts.binary_probe_s", "10", 1, U::Firmware, "", "Binary probe timeout.")
      << intKey("timeouts.download_api_s", "30", 1, U::Firmware, "", "Download API timeout.")
      << intKey("timeouts.download_asset_s", "300", 1, U::Firmware, "", "Download asset timeout.")
      << key("build.channel", K::String, "null", U::Firmware, "--nsx-channel", "NSX channel.")
      << key("build.nsx_modules", K::Map, "{}", U::Firmware, "--nsx-module", "NSX module overrides.")
      << key("build.compiler_launcher", K::String, "auto", U::Firmware, "--compiler-launcher/--no-compiler-launcher",
             "Compiler launcher (ccache, sccache).")
      << key("build.update_dependencies", K::Bool, "false", U::Firmware, "--update-dependencies",
             "Advance NSX dependency refs.")
      << key("build.offline", K::Bool, "false", U::Firmware, "--offline", "Build without network access.")
      << key("frozen", K::Bool, "false", U::Firmware, "--frozen", "Deprecated alias of build.offline.")
      << key("work_dir", K::Path, "null", U::Firmware, "--work-dir", "Firmware build directory.")
      << key("clean", K::Bool, "false", U::Firmware, "--clean", "Wipe the firmware build directory first.")
      << countKey("verbose", "0", 0, U::Ignored, "-v", "heliaPROFILER log verbosity.");
    return s;
}

} // namespace

const QVector<ConfigKeySpec> &configSchema()
{
    static const QVector<ConfigKeySpec> schema = buildSchema();
    return schema;
}

int configKeyIndex(const QString &key)
{
    static const QHash<QString, int> index = [] {
        QHash<QString, int> h;
        const auto &schema = configSchema();
        for (int i = 0; i < schema.size(); ++i)
            h.insert(schema.at(i).key, i);
        return h;
    }();
    return index.value(key, -1);
}

const QStringList &configSections()
{
    static const QStringList sections = [] {
        QStringList out;
        for (const ConfigKeySpec &s : configSchema()) {
            const QStringList parts = s.key.split(QLatin1Char('.'));
            QString prefix;
            for (int i = 0; i + 1 < parts.size(); ++i) {
                prefix += (i ? QStringLiteral(".") : QString()) + parts.at(i);
                if (!out.contains(prefix))
                    out << prefix;
            }
        }
        return out;
    }();
    return sections;
}

const QStringList &counterGroups()
{
    static const QStringList groups = { QStringLiteral("cpu"), QStringLiteral("memory"), QStringLiteral("mve") };
    return groups;
}

int editDistance(const QString &a, const QString &b)
{
    QVector<int> prev(b.size() + 1), cur(b.size() + 1);
    for (int j = 0; j <= b.size(); ++j)
        prev[j] = j;
    for (int i = 1; i <= a.size(); ++i) {
        cur[0] = i;
        for (int j = 1; j <= b.size(); ++j) {
            const int cost = a.at(i - 1).toLower() == b.at(j - 1).toLower() ? 0 : 1;
            cur[j] = std::min({ prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost });
        }
        std::swap(prev, cur);
    }
    return prev[b.size()];
}

QString closestMatch(const QString &word, const QStringList &candidates)
{
    // A third of the word's length (at least 2) keeps "iteratons" -> "iterations" but not "foo" -> "dir".
    const int limit = std::max(2, int(word.size()) / 3);
    QString best;
    int bestDistance = limit + 1;
    for (const QString &c : candidates) {
        const int d = editDistance(word, c);
        if (d < bestDistance) {
            bestDistance = d;
            best = c;
        }
    }
    return best;
}

} // namespace hpx::model
