#include "model/config/config.h"

#include "model/config/configparser.h"
#include "model/json/boundedfile.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QRegularExpression>
#include <QSet>

#include <cmath>
#include <sstream>
#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/parser.h>
#include <yaml-cpp/yaml.h>

namespace hpx::model {

namespace {

// Where each document of a YAML stream starts; the other events are not needed.
class DocumentStarts : public YAML::EventHandler {
public:
    std::vector<YAML::Mark> marks;
    void OnDocumentStart(const YAML::Mark &mark) override { marks.push_back(mark); }
    void OnDocumentEnd() override { }
    void OnNull(const YAML::Mark &, YAML::anchor_t) override { }
    void OnAlias(const YAML::Mark &, YAML::anchor_t) override { }
    void OnScalar(const YAML::Mark &, const std::string &, YAML::anchor_t, const std::string &) override { }
    void OnSequenceStart(const YAML::Mark &, const std::string &, YAML::anchor_t, YAML::EmitterStyle::value) override {
    }
    void OnSequenceEnd() override { }
    void OnMapStart(const YAML::Mark &, const std::string &, YAML::anchor_t, YAML::EmitterStyle::value) override { }
    void OnMapEnd() override { }
};

} // namespace

using namespace configyaml;

QString ConfigDiagnostic::toString() const
{
    QString where = source;
    if (line > 0)
        where += QStringLiteral(":%1:%2").arg(line).arg(column);
    const QString level = severity == Severity::Error ? Config::tr("error") : Config::tr("note");
    return (where.isEmpty() ? QString() : where + QStringLiteral(": ")) + level + QStringLiteral(": ") + message;
}

namespace {

// The names of an enum whose one name table is its key's choices in configschema.cpp (in the enum's order).
template<typename E> struct ChoicesOf;
template<> struct ChoicesOf<CpuClock> {
    static constexpr const char *key = "target.clock.cpu";
};
template<> struct ChoicesOf<OutputFormat> {
    static constexpr const char *key = "output.format";
};
template<> struct ChoicesOf<Toolchain> {
    static constexpr const char *key = "target.toolchain";
};
template<> struct ChoicesOf<WindowMode> {
    static constexpr const char *key = "profiling.window_mode";
};
template<> struct ChoicesOf<CleanWindowProbe> {
    static constexpr const char *key = "profiling.clean_window_probe";
};

template<typename E> const QStringList &choicesOf()
{
    static const QStringList choices = configSchema().at(configKeyIndex(QLatin1String(ChoicesOf<E>::key))).choices;
    return choices;
}

// A checked value (ConfigParser::assign has made it the key's kind: an enum one of its choices, an integer within
// its bounds) to its field's type and back. Names of enums with a table of their own come from it.
template<typename T> struct FieldValue;
template<> struct FieldValue<bool> {
    static bool fromJson(const QJsonValue &v) { return v.toBool(); }
    static QJsonValue toJson(bool b) { return b; }
};
template<> struct FieldValue<int> {
    static int fromJson(const QJsonValue &v) { return int(v.toInteger()); }
    static QJsonValue toJson(int i) { return qint64(i); }
};
template<> struct FieldValue<qint64> {
    static qint64 fromJson(const QJsonValue &v) { return v.toInteger(); }
    static QJsonValue toJson(qint64 i) { return i; }
};
template<> struct FieldValue<QString> {
    static QString fromJson(const QJsonValue &v) { return v.toString(); }
    static QJsonValue toJson(const QString &s) { return s; }
};
template<> struct FieldValue<QJsonObject> {
    static QJsonObject fromJson(const QJsonValue &v) { return v.toObject(); }
    static QJsonValue toJson(const QJsonObject &o) { return o; }
};
template<typename Rep, typename Period> struct FieldValue<std::chrono::duration<Rep, Period>> {
    using D = std::chrono::duration<Rep, Period>;
    static D fromJson(const QJsonValue &v) { return D(v.toInteger()); }
    static QJsonValue toJson(D d) { return qint64(d.count()); }
};
template<typename T> struct FieldValue<std::optional<T>> {
    static std::optional<T> fromJson(const QJsonValue &v)
    {
        return v.isNull() ? std::nullopt : std::optional<T>(FieldValue<T>::fromJson(v));
    }
    static QJsonValue toJson(const std::optional<T> &o)
    {
        return o ? FieldValue<T>::toJson(*o) : QJsonValue(QJsonValue::Null);
    }
};

// A checked enum name always names one; the fallback only keeps a broken schema from being undefined behaviour.
template<typename E> E named(const std::optional<E> &value)
{
    Q_ASSERT(value);
    return value.value_or(E {});
}

template<> struct FieldValue<Engine> {
    static Engine fromJson(const QJsonValue &v) { return named(engineFromName(v.toString())); }
    static QJsonValue toJson(Engine e) { return engineName(e); }
};
template<> struct FieldValue<FirmwareTransport> {
    static FirmwareTransport fromJson(const QJsonValue &v) { return named(firmwareTransportFromName(v.toString())); }
    static QJsonValue toJson(FirmwareTransport t) { return firmwareTransportName(t); }
};
template<> struct FieldValue<KernelSet> {
    static KernelSet fromJson(const QJsonValue &v) { return named(kernelSetFromName(v.toString())); }
    static QJsonValue toJson(KernelSet k) { return kernelSetName(k); }
};
template<> struct FieldValue<Aggregation> {
    static Aggregation fromJson(const QJsonValue &v) { return named(aggregationFromName(v.toString())); }
    static QJsonValue toJson(Aggregation a) { return aggregationName(a); }
};
template<typename E> struct ChoiceValue {
    static E fromJson(const QJsonValue &v)
    {
        const qsizetype index = choicesOf<E>().indexOf(v.toString());
        return named(index >= 0 ? std::optional<E>(E(index)) : std::nullopt);
    }
    static QJsonValue toJson(E e) { return choicesOf<E>().value(qsizetype(e)); }
};
template<> struct FieldValue<CpuClock> : ChoiceValue<CpuClock> {
};
template<> struct FieldValue<OutputFormat> : ChoiceValue<OutputFormat> {
};
template<> struct FieldValue<Toolchain> : ChoiceValue<Toolchain> {
};
template<> struct FieldValue<WindowMode> : ChoiceValue<WindowMode> {
};
template<> struct FieldValue<CleanWindowProbe> : ChoiceValue<CleanWindowProbe> {
};

} // namespace

QString cpuClockName(CpuClock clock)
{
    return FieldValue<CpuClock>::toJson(clock).toString();
}

std::optional<CpuClock> cpuClockFromName(const QString &name)
{
    const qsizetype index = choicesOf<CpuClock>().indexOf(name);
    return index >= 0 ? std::optional<CpuClock>(CpuClock(index)) : std::nullopt;
}

template<auto member> Config::Field Config::bind()
{
    using T = std::remove_cv_t<std::remove_reference_t<decltype(std::declval<Config &>().*member)>>;
    return { [](const Config &config) { return FieldValue<T>::toJson(config.*member); },
        [](Config &config, const QJsonValue &value) { config.*member = FieldValue<T>::fromJson(value); } };
}

const QVector<Config::Field> &Config::fields()
{
    static const QVector<Field> table = [] {
        const QVector<QPair<const char *, Field>> byKey = {
            { "model.path", bind<&Config::m_modelPath>() },
            { "model.arena_size", bind<&Config::m_arenaSize>() },
            { "model.arena_location", bind<&Config::m_arenaLocation>() },
            { "model.weights_location", bind<&Config::m_weightsLocation>() },
            { "engine.type", bind<&Config::m_engine>() },
            { "engine.backend", bind<&Config::m_engineBackend>() },
            { "engine.config", bind<&Config::m_engineConfig>() },
            { "engine.config_path", bind<&Config::m_engineConfigPath>() },
            { "target.board", bind<&Config::m_board>() },
            { "target.toolchain", bind<&Config::m_toolchain>() },
            { "target.jlink_serial", bind<&Config::m_jlinkSerial>() },
            { "target.transport", bind<&Config::m_firmwareTransport>() },
            { "target.usb_port", bind<&Config::m_usbPort>() },
            { "target.segger_rtt_path", bind<&Config::m_seggerRttPath>() },
            { "target.rtt_buffer_size_up", bind<&Config::m_rttBufferSizeUp>() },
            { "target.clock.cpu", bind<&Config::m_cpuClock>() },
            { "target.psram.clock_hz", bind<&Config::m_psramClockHz>() },
            { "target.heartbeat.enabled", bind<&Config::m_heartbeatEnabled>() },
            { "target.heartbeat.every_n_ops", bind<&Config::m_heartbeatEveryNOps>() },
            { "target.heartbeat.every_ms", bind<&Config::m_heartbeatEvery>() },
            { "target.heartbeat.host_timeout_s", bind<&Config::m_hostTimeout>() },
            { "target.heartbeat.overall_timeout_s", bind<&Config::m_overallTimeout>() },
            { "target.custom_socs", bind<&Config::m_customSocs>() },
            { "target.custom_boards", bind<&Config::m_customBoards>() },
            { "target.ensure_board_powered", bind<&Config::m_ensureBoardPowered>() },
            { "target.port", bind<&Config::m_port>() },
            { "target.baud", bind<&Config::m_baud>() },
            { "target.kernels", bind<&Config::m_kernels>() },
            { "profiling.per_layer", bind<&Config::m_perLayer>() },
            { "profiling.iterations", bind<&Config::m_iterations>() },
            { "profiling.warmup", bind<&Config::m_warmup>() },
            { "profiling.window_mode", bind<&Config::m_windowMode>() },
            { "profiling.window_target_ms", bind<&Config::m_windowTarget>() },
            { "profiling.window_min", bind<&Config::m_windowMin>() },
            { "profiling.window_max", bind<&Config::m_windowMax>() },
            { "profiling.clean_window_probe", bind<&Config::m_cleanWindowProbe>() },
            { "profiling.clean_window_trace", bind<&Config::m_cleanWindowTrace>() },
            { "profiling.force_shared_sram", bind<&Config::m_forceSharedSram>() },
            { "profiling.aggregation", bind<&Config::m_aggregation>() },
            { "profiling.extreme_mode", bind<&Config::m_extremeMode>() },
            { "power", bind<&Config::m_power>() },
            { "output.format", bind<&Config::m_outputFormat>() },
            { "output.dir", bind<&Config::m_outputDir>() },
            { "output.model_explorer", bind<&Config::m_modelExplorer>() },
            { "output.detailed", bind<&Config::m_detailed>() },
            { "output.fail_on_invalid", bind<&Config::m_failOnInvalid>() },
            { "timeouts.configure_s", bind<&Config::m_configureTimeout>() },
            { "timeouts.build_s", bind<&Config::m_buildTimeout>() },
            { "timeouts.flash_s", bind<&Config::m_flashTimeout>() },
            { "timeouts.toolchain_probe_s", bind<&Config::m_toolchainProbeTimeout>() },
            { "timeouts.binary_probe_s", bind<&Config::m_binaryProbeTimeout>() },
            { "timeouts.download_api_s", bind<&Config::m_downloadApiTimeout>() },
            { "timeouts.download_asset_s", bind<&Config::m_downloadAssetTimeout>() },
            { "build.channel", bind<&Config::m_buildChannel>() },
            { "build.nsx_modules", bind<&Config::m_nsxModules>() },
            { "build.compiler_launcher", bind<&Config::m_compilerLauncher>() },
            { "build.update_dependencies", bind<&Config::m_updateDependencies>() },
            { "build.offline", bind<&Config::m_offline>() },
            { "frozen", bind<&Config::m_frozen>() },
            { "work_dir", bind<&Config::m_workDir>() },
            { "clean", bind<&Config::m_clean>() },
            { "verbose", bind<&Config::m_verbose>() },
        };
        QVector<Field> out(configSchema().size());
        for (const auto &[key, field] : byKey) {
            const int index = configKeyIndex(QLatin1String(key));
            Q_ASSERT_X(index >= 0, "Config::fields", key);
            out[index] = field;
        }
        // Every key but the counters (a CounterSelection of its own) has its field; tst_config round-trips each.
        for (int i = 0; i < out.size(); ++i)
            Q_ASSERT_X(out.at(i).read || configSchema().at(i).kind == ConfigKind::Counters, "Config::fields",
                qPrintable(configSchema().at(i).key));
        return out;
    }();
    return table;
}

Config::Config()
{
    // The defaults are the schema's (the one table docs/config.md and `hpx config init` show), read like a file's.
    const auto &schema = configSchema();
    m_explicit.fill(false, schema.size());
    for (int i = 0; i < schema.size(); ++i) {
        const ConfigKeySpec &spec = schema.at(i);
        QJsonValue value;
        if (spec.kind == ConfigKind::Counters)
            continue;
        if (spec.nullable)
            value = QJsonValue(QJsonValue::Null);
        else if (spec.kind == ConfigKind::Map)
            value = QJsonObject();
        else if (spec.kind == ConfigKind::String || spec.kind == ConfigKind::Path || spec.kind == ConfigKind::Enum)
            value = spec.defaultYaml;
        else
            value = resolvePlainScalar(spec.defaultYaml);
        fields().at(i).write(*this, value);
    }
    m_counters = CounterSelection::hpxDefault();
}

bool Config::loadFile(const QString &path, ConfigDiagnostics *diagnostics)
{
    if (!QFileInfo::exists(path)) {
        if (diagnostics) {
            ConfigDiagnostic d;
            d.source = path;
            d.message = tr("config file not found");
            diagnostics->append(d);
        }
        return false;
    }
    QString error;
    const std::optional<QByteArray> text = BoundedFile::read(path, BoundedFile::kDefaultMaxBytes, &error);
    if (!text) {
        if (diagnostics) {
            ConfigDiagnostic d;
            d.source = path;
            d.message = tr("cannot read the config file: %1").arg(error);
            diagnostics->append(d);
        }
        return false;
    }
    return loadYaml(*text, path, diagnostics);
}

namespace {

// What stands in the text at a YAML mark, for a message that says where the parser stopped: up to 24 characters of
// that line, control characters and non-ASCII bytes written as \xNN (a message is text, the file may not be).
QString textAt(const QByteArray &text, const YAML::Mark &mark)
{
    if (mark.is_null() || mark.pos < 0 || mark.pos >= text.size())
        return QStringLiteral("at the end of the file");
    QString excerpt;
    for (qsizetype i = mark.pos; i < text.size() && i < mark.pos + 24 && text.at(i) != '\n'; ++i) {
        const uchar c = uchar(text.at(i));
        excerpt += c >= 0x20 && c < 0x7f ? QString(QLatin1Char(char(c)))
                                         : QStringLiteral("\\x%1").arg(c, 2, 16, QLatin1Char('0'));
    }
    return excerpt.isEmpty() ? QStringLiteral("at the end of the line") : QStringLiteral("at \"%1\"").arg(excerpt);
}

QString printable(const std::string &message)
{
    QString out;
    for (const char ch : message) {
        const uchar c = uchar(ch);
        out += c >= 0x20 && c < 0x7f ? QString(QLatin1Char(ch))
                                     : QStringLiteral("\\x%1").arg(c, 2, 16, QLatin1Char('0'));
    }
    return out;
}

} // namespace

namespace {

// The cross-checks of a parse, on the candidate its values were applied to.
void crossCheck(ConfigParser &parser, const Config &candidate)
{
    parser.crossCheck(candidate.board(), candidate.isExplicit(QStringLiteral("target.board")), candidate.customBoards(),
        candidate.windowMin(), candidate.windowMax());
}

} // namespace

bool Config::loadYaml(const QByteArray &text, const QString &sourceName, ConfigDiagnostics *diagnostics)
{
    ConfigParser parser(sourceName, diagnostics);
    // Text that is no UTF-8 YAML is said to be so before yaml-cpp reads it as something else (a UTF-16 file is read
    // as an empty document, a NUL byte as an escape character).
    if (text.startsWith("\xff\xfe") || text.startsWith("\xfe\xff")
        || text.startsWith(QByteArray("\x00\x00\xfe\xff", 4))) {
        parser.error(Where { 1, 1 }, QString(),
            tr("the file is UTF-16 or UTF-32 text; a config must be UTF-8 (save it as UTF-8)"));
        return false;
    }
    if (const qsizetype nul = text.indexOf('\0'); nul >= 0) {
        const qsizetype lineStart = text.lastIndexOf('\n', nul) + 1;
        parser.error(Where { int(text.left(nul).count('\n')) + 1, int(nul - lineStart) + 1 }, QString(),
            tr("the file holds a NUL byte here, so it is not YAML text (a binary file?)"));
        return false;
    }
    YAML::Node root;
    try {
        // A second document (after a "---" line) would otherwise be ignored without a word. yaml-cpp 0.7's LoadAll
        // never returns on some invalid text (a "," at the top level): it makes empty documents without reading on
        // until memory runs out. So the documents are counted here, two at most, and a document that starts where
        // the previous one did is invalid text, not a second document.
        const std::string input = text.toStdString();
        std::istringstream stream(input);
        YAML::Parser yamlParser(stream);
        DocumentStarts starts;
        while (starts.marks.size() < 2 && yamlParser.HandleNextDocument(starts)) { }
        if (starts.marks.size() == 2) {
            const YAML::Mark first = starts.marks.at(0);
            const YAML::Mark second = starts.marks.at(1);
            const Where where = second.is_null() ? Where {} : Where { second.line + 1, second.column + 1 };
            parser.error(where, QString(),
                second.pos <= first.pos
                    ? tr("invalid YAML: unexpected text (%1)").arg(textAt(text, second))
                    : tr("the file holds more than one YAML document (separated by \"---\"); a config is one "
                         "document"));
            return false;
        }
        root = YAML::Load(input);
    } catch (const YAML::Exception &e) {
        Where w;
        if (!e.mark.is_null())
            w = { e.mark.line + 1, e.mark.column + 1 };
        parser.error(w, QString(), tr("invalid YAML: %1 (%2)").arg(printable(e.msg), textAt(text, e.mark)));
        return false;
    }
    if (root.IsNull())
        return true; // an empty file: everything stays as it is
    if (!root.IsMap()) {
        parser.error(whereOf(root), QString(),
            tr("the config must be a mapping of keys (model, engine, target, profiling, output)"));
        return false;
    }
    parser.walk(root, QString());
    Config candidate = *this;
    candidate.apply(parser);
    crossCheck(parser, candidate);
    if (parser.errors > 0)
        return false;
    *this = candidate;
    return true;
}

void Config::apply(const ConfigParser &parser)
{
    for (const ConfigParser::Assignment &a : parser.assignments()) {
        fields().at(a.index).write(*this, a.value);
        m_explicit[a.index] = true;
    }
    if (const std::optional<QVector<CounterSelectionEntry>> &counters = parser.counterEntries()) {
        m_counters.entries = *counters;
        m_countersFromFile = true;
        markExplicit(QStringLiteral("profiling.pmu_counters"));
    }
}

void Config::markExplicit(const QString &key)
{
    const int index = configKeyIndex(key);
    Q_ASSERT(index >= 0);
    m_explicit[index] = true;
}

bool Config::set(const QString &key, const QString &text, const QString &flag, ConfigDiagnostics *diagnostics)
{
    const int index = configKeyIndex(key);
    if (index < 0)
        return set(key, QJsonValue(text), flag, diagnostics);
    const ConfigKeySpec &spec = configSchema().at(index);
    QJsonValue v = text;
    if (spec.kind == ConfigKind::Bool || spec.kind == ConfigKind::Int) {
        v = resolvePlainScalar(text.trimmed());
        // "null" on the command line only clears nullable keys; otherwise it is just text to complain about.
        if (v.isNull() && !spec.nullable)
            v = text;
    } else if (spec.kind == ConfigKind::Map) {
        try {
            const YAML::Node node = YAML::Load(text.toStdString());
            v = nodeToJson(node).value_or(QJsonValue(text)); // too big to convert: the text, refused below
        } catch (const YAML::Exception &) {
            v = text;
        }
    }
    return set(key, v, flag, diagnostics);
}

bool Config::set(const QString &key, const QJsonValue &value, const QString &flag, ConfigDiagnostics *diagnostics)
{
    ConfigParser parser(flag, diagnostics);
    const int index = configKeyIndex(key);
    if (index < 0 || configSchema().at(index).kind == ConfigKind::Counters) {
        parser.error({}, key, tr("unknown key %1").arg(quoted(key)));
        return false;
    }
    if (!parser.assign(index, value, {}, flag))
        return false;
    parser.reportUse(configSchema().at(index), {});
    Config candidate = *this;
    candidate.apply(parser);
    crossCheck(parser, candidate);
    if (parser.errors > 0)
        return false;
    *this = candidate;
    return true;
}

bool Config::setCounters(const QString &groupColonSelect, const QString &flag, ConfigDiagnostics *diagnostics)
{
    ConfigParser parser(flag, diagnostics);
    // The syntax is CounterSelection's (model/board); here only the group and the names are checked.
    const std::optional<CounterSelectionArgument> split = CounterSelection::splitArgument(groupColonSelect);
    if (!split) {
        parser.error({}, QStringLiteral("profiling.pmu_counters"),
            tr("%1: expected GROUP:SELECT (cpu:default, mve:all, memory:ARM_PMU_L1D_CACHE,ARM_PMU_MEM_ACCESS), got %2")
                .arg(flag, quoted(groupColonSelect)));
        return false;
    }
    CounterSelectionEntry sel;
    sel.group = split->group;
    if (!parser.checkGroup(sel.group, {}, flag))
        return false;
    if (!parser.selectionFromText(split->select, &sel, {}, flag, true))
        return false;
    mergeCounterGroup(sel);
    return true;
}

bool Config::setCounterSelection(const CounterSelection &selection, const QString &flag, ConfigDiagnostics *diagnostics)
{
    ConfigParser parser(flag, diagnostics);
    // Checked like the same groups given as --pmu-counters flags, and applied all or nothing.
    bool ok = true;
    for (const CounterSelectionEntry &entry : selection.entries) {
        if (!parser.checkGroup(entry.group, {}, flag)) {
            ok = false;
            continue;
        }
        if (!entry.keyword.isEmpty()) {
            CounterSelectionEntry checked;
            ok = parser.selectionFromText(entry.keyword, &checked, {}, flag, false) && ok;
            continue;
        }
        if (entry.names.isEmpty()) {
            parser.error({}, flag, tr("%1: the list of counters is empty").arg(flag));
            ok = false;
        }
        for (const QString &name : entry.names)
            ok = parser.checkCounterName(name, {}, flag) && ok;
    }
    if (!ok)
        return false;
    for (const CounterSelectionEntry &entry : selection.entries)
        mergeCounterGroup(entry);
    return true;
}

void Config::mergeCounterGroup(const CounterSelectionEntry &entry)
{
    // The first flag replaces the built-in default selection; further groups merge like heliaPROFILER's
    // deep merge of the CLI overrides into the YAML mapping.
    const int index = configKeyIndex(QStringLiteral("profiling.pmu_counters"));
    if (!m_countersFromFile && !m_explicit.at(index))
        m_counters.entries.clear();
    CounterSelection::setEntry(m_counters.entries, entry);
    m_explicit[index] = true;
}

namespace {

// A typed setter's value, checked as the same key's value from a file or a flag is (the schema's kind and bounds, in
// ConfigParser's words); the setter then writes its field itself.
bool accepted(ConfigParser &parser, const QString &key, const QJsonValue &value)
{
    return parser.assign(configKeyIndex(key), value, {}, key);
}

} // namespace

template<typename Member, typename Value>
bool Config::setChecked(const QString &key, Member Config::*field, const Value &value, ConfigDiagnostics *diagnostics)
{
    ConfigParser parser(key, diagnostics);
    if (!accepted(parser, key, value))
        return false;
    this->*field = value;
    markExplicit(key);
    return true;
}

bool Config::setModelPath(const QString &path, ConfigDiagnostics *diagnostics)
{
    return setChecked(QStringLiteral("model.path"), &Config::m_modelPath, path, diagnostics);
}

// An enum is always one of its key's choices: nothing to check, nothing to report.
bool Config::setEngine(Engine engine, ConfigDiagnostics *)
{
    m_engine = engine;
    markExplicit(QStringLiteral("engine.type"));
    return true;
}

// The board is checked against the known ones (and the file's custom boards) as a file's or a flag's is.
bool Config::setBoard(const QString &board, ConfigDiagnostics *diagnostics)
{
    const QString key = QStringLiteral("target.board");
    ConfigParser parser(key, diagnostics);
    if (!accepted(parser, key, board))
        return false;
    Config candidate = *this;
    candidate.m_board = board;
    candidate.markExplicit(key);
    crossCheck(parser, candidate);
    if (parser.errors > 0)
        return false;
    *this = std::move(candidate);
    return true;
}

bool Config::setFirmwareTransport(FirmwareTransport transport, ConfigDiagnostics *)
{
    m_firmwareTransport = transport;
    markExplicit(QStringLiteral("target.transport"));
    return true;
}

bool Config::setPort(const QString &port, ConfigDiagnostics *diagnostics)
{
    return setChecked(QStringLiteral("target.port"), &Config::m_port, port, diagnostics);
}

bool Config::setBaud(int baud, ConfigDiagnostics *diagnostics)
{
    return setChecked(QStringLiteral("target.baud"), &Config::m_baud, baud, diagnostics);
}

bool Config::setKernels(KernelSet kernels, ConfigDiagnostics *)
{
    m_kernels = kernels;
    markExplicit(QStringLiteral("target.kernels"));
    return true;
}

bool Config::setCpuClock(CpuClock clock, ConfigDiagnostics *)
{
    m_cpuClock = clock;
    markExplicit(QStringLiteral("target.clock.cpu"));
    return true;
}

bool Config::setIterations(int iterations, ConfigDiagnostics *diagnostics)
{
    return setChecked(QStringLiteral("profiling.iterations"), &Config::m_iterations, iterations, diagnostics);
}

bool Config::setWarmup(int warmup, ConfigDiagnostics *diagnostics)
{
    return setChecked(QStringLiteral("profiling.warmup"), &Config::m_warmup, warmup, diagnostics);
}

bool Config::setAggregation(Aggregation aggregation, ConfigDiagnostics *)
{
    m_aggregation = aggregation;
    markExplicit(QStringLiteral("profiling.aggregation"));
    return true;
}

bool Config::setOutputDir(const QString &dir, ConfigDiagnostics *diagnostics)
{
    return setChecked(QStringLiteral("output.dir"), &Config::m_outputDir, dir, diagnostics);
}

QJsonValue Config::value(const QString &key) const
{
    const int index = configKeyIndex(key);
    if (index < 0)
        return QJsonValue(QJsonValue::Null);
    if (configSchema().at(index).kind == ConfigKind::Counters) {
        QJsonObject o;
        for (const ConfigEntry &e : entries()) {
            if (e.key.startsWith(key + QLatin1Char('.')))
                o.insert(e.key.mid(key.size() + 1), e.value);
        }
        return o;
    }
    return fields().at(index).read(*this);
}

bool Config::isExplicit(const QString &key) const
{
    const int index = configKeyIndex(key);
    return index >= 0 && m_explicit.at(index);
}

QString Config::modelPath() const
{
    return m_modelPath.value_or(QString());
}
Engine Config::engine() const
{
    return m_engine;
}
QString Config::board() const
{
    return m_board;
}
FirmwareTransport Config::firmwareTransport() const
{
    return m_firmwareTransport;
}
QString Config::port() const
{
    return m_port ? *m_port : m_usbPort.value_or(QString());
}
int Config::baud() const
{
    return m_baud;
}
CpuClock Config::cpuClock() const
{
    return m_cpuClock.value_or(CpuClock::Lp);
}
bool Config::heartbeatEnabled() const
{
    return m_heartbeatEnabled;
}
std::chrono::seconds Config::hostTimeout() const
{
    return m_hostTimeout;
}
std::optional<std::chrono::seconds> Config::overallTimeout() const
{
    return m_overallTimeout;
}
std::optional<QJsonObject> Config::customBoards() const
{
    return m_customBoards;
}
CounterSelection Config::pmuCounters() const
{
    return m_counters;
}
int Config::iterations() const
{
    return m_iterations;
}
int Config::warmup() const
{
    return m_warmup;
}
qint64 Config::windowMin() const
{
    return m_windowMin;
}
qint64 Config::windowMax() const
{
    return m_windowMax;
}
Aggregation Config::aggregation() const
{
    return m_aggregation;
}
QString Config::outputDir() const
{
    return m_outputDir;
}
OutputFormat Config::outputFormat() const
{
    return m_outputFormat;
}
bool Config::modelExplorer() const
{
    return m_modelExplorer;
}
bool Config::detailed() const
{
    return m_detailed;
}

QVector<ConfigEntry> Config::entries() const
{
    QVector<ConfigEntry> out;
    const auto &schema = configSchema();
    for (int i = 0; i < schema.size(); ++i) {
        const ConfigKeySpec &spec = schema.at(i);
        if (spec.kind != ConfigKind::Counters) {
            out.append({ spec.key, fields().at(i).read(*this) });
            continue;
        }
        for (const CounterSelectionEntry &sel : m_counters.entries) {
            const QJsonValue v
                = sel.keyword.isEmpty() ? QJsonValue(QJsonArray::fromStringList(sel.names)) : QJsonValue(sel.keyword);
            out.append({ spec.key + QLatin1Char('.') + sel.group, v });
        }
    }
    return out;
}

} // namespace hpx::model
