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
    const QString level = severity == Severity::Error ? tr("error") : tr("note");
    return (where.isEmpty() ? QString() : where + QStringLiteral(": ")) + level + QStringLiteral(": ") + message;
}

Config::Config()
{
    const auto &schema = configSchema();
    m_values.resize(schema.size());
    m_explicit.fill(false, schema.size());
    for (int i = 0; i < schema.size(); ++i) {
        const ConfigKeySpec &spec = schema.at(i);
        if (spec.kind == ConfigKind::Counters)
            continue;
        if (spec.kind == ConfigKind::Map)
            m_values[i] = spec.nullable ? QJsonValue(QJsonValue::Null) : QJsonValue(QJsonObject());
        else if (spec.kind == ConfigKind::String || spec.kind == ConfigKind::Path || spec.kind == ConfigKind::Enum)
            m_values[i] = spec.nullable ? QJsonValue(QJsonValue::Null) : QJsonValue(spec.defaultYaml);
        else
            m_values[i] = resolvePlainScalar(spec.defaultYaml);
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

bool Config::loadYaml(const QByteArray &text, const QString &sourceName, ConfigDiagnostics *diagnostics)
{
    QVector<QJsonValue> values = m_values;
    QVector<bool> given = m_explicit;
    QVector<CounterSelectionEntry> counters = m_counters.entries;
    bool countersFromFile = m_countersFromFile;
    ConfigParser parser(*this, values, given, counters, countersFromFile, sourceName, diagnostics);
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
                    ? tr("invalid YAML: unexpected text")
                    : tr("the file holds more than one YAML document (separated by \"---\"); a config is one "
                         "document"));
            return false;
        }
        root = YAML::Load(input);
    } catch (const YAML::Exception &e) {
        Where w;
        if (!e.mark.is_null())
            w = { e.mark.line + 1, e.mark.column + 1 };
        parser.error(w, QString(), tr("invalid YAML: %1").arg(QString::fromStdString(e.msg)));
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
    parser.crossCheck();
    if (parser.errors > 0)
        return false;
    m_values = values;
    m_explicit = given;
    m_counters.entries = counters;
    m_countersFromFile = countersFromFile;
    return true;
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
    QVector<QJsonValue> values = m_values;
    QVector<bool> given = m_explicit;
    QVector<CounterSelectionEntry> counters = m_counters.entries;
    bool countersFromFile = m_countersFromFile;
    ConfigParser parser(*this, values, given, counters, countersFromFile, flag, diagnostics);
    const int index = configKeyIndex(key);
    if (index < 0 || configSchema().at(index).kind == ConfigKind::Counters) {
        parser.error({}, key, tr("unknown key %1").arg(quoted(key)));
        return false;
    }
    if (!parser.assign(index, value, {}, flag))
        return false;
    parser.reportUse(configSchema().at(index), {});
    parser.crossCheck();
    if (parser.errors > 0)
        return false;
    m_values = values;
    m_explicit = given;
    return true;
}

bool Config::setCounters(const QString &groupColonSelect, const QString &flag, ConfigDiagnostics *diagnostics)
{
    QVector<QJsonValue> values = m_values;
    QVector<bool> given = m_explicit;
    QVector<CounterSelectionEntry> counters = m_counters.entries;
    bool countersFromFile = m_countersFromFile;
    ConfigParser parser(*this, values, given, counters, countersFromFile, flag, diagnostics);
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
    QVector<QJsonValue> values = m_values;
    QVector<bool> given = m_explicit;
    QVector<CounterSelectionEntry> counters = m_counters.entries;
    bool countersFromFile = m_countersFromFile;
    ConfigParser parser(*this, values, given, counters, countersFromFile, flag, diagnostics);
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

bool Config::setModelPath(const QString &path, ConfigDiagnostics *diagnostics)
{
    return set(QStringLiteral("model.path"), QJsonValue(path), QStringLiteral("model.path"), diagnostics);
}

bool Config::setEngine(Engine engine, ConfigDiagnostics *diagnostics)
{
    return set(
        QStringLiteral("engine.type"), QJsonValue(engineName(engine)), QStringLiteral("engine.type"), diagnostics);
}

bool Config::setBoard(const QString &board, ConfigDiagnostics *diagnostics)
{
    return set(QStringLiteral("target.board"), QJsonValue(board), QStringLiteral("target.board"), diagnostics);
}

bool Config::setTransport(FirmwareTransport transport, ConfigDiagnostics *diagnostics)
{
    return set(QStringLiteral("target.transport"), QJsonValue(firmwareTransportName(transport)),
        QStringLiteral("target.transport"), diagnostics);
}

bool Config::setPort(const QString &port, ConfigDiagnostics *diagnostics)
{
    return set(QStringLiteral("target.port"), QJsonValue(port), QStringLiteral("target.port"), diagnostics);
}

bool Config::setBaud(int baud, ConfigDiagnostics *diagnostics)
{
    return set(QStringLiteral("target.baud"), QJsonValue(baud), QStringLiteral("target.baud"), diagnostics);
}

bool Config::setCpuClock(const QString &clock, ConfigDiagnostics *diagnostics)
{
    return set(QStringLiteral("target.clock.cpu"), QJsonValue(clock), QStringLiteral("target.clock.cpu"), diagnostics);
}

bool Config::setIterations(int iterations, ConfigDiagnostics *diagnostics)
{
    return set(QStringLiteral("profiling.iterations"), QJsonValue(iterations), QStringLiteral("profiling.iterations"),
        diagnostics);
}

bool Config::setWarmup(int warmup, ConfigDiagnostics *diagnostics)
{
    return set(QStringLiteral("profiling.warmup"), QJsonValue(warmup), QStringLiteral("profiling.warmup"), diagnostics);
}

bool Config::setAggregation(Aggregation aggregation, ConfigDiagnostics *diagnostics)
{
    return set(QStringLiteral("profiling.aggregation"), QJsonValue(aggregationName(aggregation)),
        QStringLiteral("profiling.aggregation"), diagnostics);
}

bool Config::setOutputDir(const QString &dir, ConfigDiagnostics *diagnostics)
{
    return set(QStringLiteral("output.dir"), QJsonValue(dir), QStringLiteral("output.dir"), diagnostics);
}

namespace {

QJsonValue valueAt(const QVector<QJsonValue> &values, const char *key)
{
    const int index = configKeyIndex(QLatin1String(key));
    return index >= 0 ? values.at(index) : QJsonValue();
}

QString stringOr(const QJsonValue &v, const QString &fallback = QString())
{
    return v.isString() ? v.toString() : fallback;
}

} // namespace

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
    return m_values.at(index);
}

bool Config::isExplicit(const QString &key) const
{
    const int index = configKeyIndex(key);
    return index >= 0 && m_explicit.at(index);
}

QString Config::modelPath() const
{
    return stringOr(valueAt(m_values, "model.path"));
}
QString Config::engineType() const
{
    return stringOr(valueAt(m_values, "engine.type"));
}
QString Config::board() const
{
    return stringOr(valueAt(m_values, "target.board"));
}
QString Config::transport() const
{
    return stringOr(valueAt(m_values, "target.transport"));
}
QString Config::port() const
{
    return stringOr(valueAt(m_values, "target.port"), stringOr(valueAt(m_values, "target.usb_port")));
}
int Config::baud() const
{
    return valueAt(m_values, "target.baud").toInt();
}
QString Config::cpuClock() const
{
    return stringOr(valueAt(m_values, "target.clock.cpu"), QStringLiteral("lp"));
}
bool Config::heartbeatEnabled() const
{
    return valueAt(m_values, "target.heartbeat.enabled").toBool();
}
int Config::hostTimeoutSeconds() const
{
    return valueAt(m_values, "target.heartbeat.host_timeout_s").toInt();
}
std::optional<int> Config::overallTimeoutSeconds() const
{
    const QJsonValue v = valueAt(m_values, "target.heartbeat.overall_timeout_s");
    return v.isNull() ? std::nullopt : std::optional<int>(v.toInt());
}
CounterSelection Config::pmuCounters() const
{
    return m_counters;
}
int Config::iterations() const
{
    return valueAt(m_values, "profiling.iterations").toInt();
}
int Config::warmup() const
{
    return valueAt(m_values, "profiling.warmup").toInt();
}
QString Config::aggregation() const
{
    return stringOr(valueAt(m_values, "profiling.aggregation"));
}
QString Config::outputDir() const
{
    return stringOr(valueAt(m_values, "output.dir"));
}
QString Config::outputFormat() const
{
    return stringOr(valueAt(m_values, "output.format"));
}
bool Config::modelExplorer() const
{
    return valueAt(m_values, "output.model_explorer").toBool();
}
bool Config::detailed() const
{
    return valueAt(m_values, "output.detailed").toBool();
}

QVector<ConfigEntry> Config::entries() const
{
    QVector<ConfigEntry> out;
    const auto &schema = configSchema();
    for (int i = 0; i < schema.size(); ++i) {
        const ConfigKeySpec &spec = schema.at(i);
        if (spec.kind != ConfigKind::Counters) {
            out.append({ spec.key, m_values.at(i) });
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
