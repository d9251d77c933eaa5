// Config's accessors and its two outputs: the ordered JSON tree for run_metadata.json and the
// commented default hpx.yml. Parsing lives in config.cpp.
#include "model/config.h"
#include "model/configschema.h"

#include <QCoreApplication>
#include <QJsonArray>

#include <cmath>

namespace hpx::model {

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

struct TreeNode {
    QString name;
    QJsonValue value;
    bool leaf = false;
    QVector<TreeNode> children;

    TreeNode &child(const QString &childName)
    {
        for (TreeNode &c : children) {
            if (c.name == childName)
                return c;
        }
        children.append(TreeNode { childName, {}, false, {} });
        return children.last();
    }
};

TreeNode buildTree(const QVector<ConfigEntry> &entries)
{
    TreeNode root;
    for (const ConfigEntry &e : entries) {
        TreeNode *node = &root;
        for (const QString &part : e.key.split(QLatin1Char('.')))
            node = &node->child(part);
        node->leaf = true;
        node->value = e.value;
    }
    return root;
}

// Python's json.dumps(ensure_ascii=True) string form, so the text matches what heliaPROFILER writes.
QByteArray jsonString(const QString &s)
{
    QByteArray out = "\"";
    for (const QChar c : s) {
        const ushort u = c.unicode();
        switch (u) {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\r':
            out += "\\r";
            break;
        case '\t':
            out += "\\t";
            break;
        case '\b':
            out += "\\b";
            break;
        case '\f':
            out += "\\f";
            break;
        default:
            if (u < 0x20 || u > 0x7e)
                out += "\\u" + QByteArray::number(u, 16).rightJustified(4, '0');
            else
                out += char(u);
        }
    }
    return out + '"';
}

QByteArray jsonText(const QJsonValue &v, int indent, int level);

QByteArray jsonArray(const QJsonArray &a, int indent, int level)
{
    if (a.isEmpty())
        return "[]";
    const QByteArray pad(indent * (level + 1), ' ');
    QByteArray out = "[";
    for (int i = 0; i < a.size(); ++i)
        out += (i ? ",\n" : "\n") + pad + jsonText(a.at(i), indent, level + 1);
    return out + '\n' + QByteArray(indent * level, ' ') + ']';
}

QByteArray jsonText(const QJsonValue &v, int indent, int level)
{
    switch (v.type()) {
    case QJsonValue::Bool:
        return v.toBool() ? "true" : "false";
    case QJsonValue::Double: {
        const double d = v.toDouble();
        if (d == std::floor(d) && std::abs(d) < 9.007199254740992e15)
            return QByteArray::number(qint64(d));
        return QByteArray::number(d, 'g', 17);
    }
    case QJsonValue::String:
        return jsonString(v.toString());
    case QJsonValue::Array:
        return jsonArray(v.toArray(), indent, level);
    case QJsonValue::Object: {
        const QJsonObject o = v.toObject();
        if (o.isEmpty())
            return "{}";
        const QByteArray pad(indent * (level + 1), ' ');
        QByteArray out = "{";
        bool first = true;
        for (auto it = o.begin(); it != o.end(); ++it) {
            out += (first ? "\n" : ",\n") + pad + jsonString(it.key()) + ": " + jsonText(it.value(), indent, level + 1);
            first = false;
        }
        return out + '\n' + QByteArray(indent * level, ' ') + '}';
    }
    default:
        return "null";
    }
}

QByteArray treeText(const TreeNode &node, int indent, int level)
{
    if (node.leaf)
        return jsonText(node.value, indent, level);
    if (node.children.isEmpty())
        return "{}";
    const QByteArray pad(indent * (level + 1), ' ');
    QByteArray out = "{";
    for (int i = 0; i < node.children.size(); ++i) {
        const TreeNode &c = node.children.at(i);
        out += (i ? ",\n" : "\n") + pad + jsonString(c.name) + ": " + treeText(c, indent, level + 1);
    }
    return out + '\n' + QByteArray(indent * level, ' ') + '}';
}

QJsonValue treeObject(const TreeNode &node)
{
    if (node.leaf)
        return node.value;
    QJsonObject o;
    for (const TreeNode &c : node.children)
        o.insert(c.name, treeObject(c));
    return o;
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

QByteArray Config::toJson(int indent) const
{
    return treeText(buildTree(entries()), indent, 0);
}

QJsonObject Config::toJsonObject() const
{
    return treeObject(buildTree(entries())).toObject();
}

QString Config::defaultYaml()
{
    const auto &schema = configSchema();
    // A section header is commented out when every key under it is.
    const auto active = [](const ConfigKeySpec &s) { return s.use == ConfigUse::App || s.use == ConfigUse::Ours; };
    const auto sectionActive = [&](const QString &section) {
        for (const ConfigKeySpec &s : schema) {
            if (s.key.startsWith(section + QLatin1Char('.')) && active(s))
                return true;
        }
        return false;
    };
    QString out = QCoreApplication::translate("hpx::model::Config",
        "# hpx.yml - profile configuration for hpx Studio, compatible with heliaPROFILER (hpx).\n"
        "# Precedence: built-in defaults < this file (hpx profile --config hpx.yml) < command-line flags.\n"
        "# Every key is shown at its default. Keys commented out with \"firmware build only\" concern building\n"
        "# and flashing firmware: they are accepted (heliaPROFILER files work unchanged) and not used by this\n"
        "# app. Keys marked \"hpx Studio\" are this app's additions. Reference: docs/config.md.\n");
    QStringList open; // current section path
    for (const ConfigKeySpec &spec : schema) {
        QStringList parts = spec.key.split(QLatin1Char('.'));
        const QString leaf = parts.takeLast();
        int common = 0;
        while (common < open.size() && common < parts.size() && open.at(common) == parts.at(common))
            ++common;
        open = open.mid(0, common);
        while (open.size() < parts.size()) {
            const QString name = parts.at(open.size());
            open << name;
            const bool on = sectionActive(open.join(QLatin1Char('.')));
            if (open.size() == 1)
                out += QLatin1Char('\n');
            out += QString(2 * (open.size() - 1), QLatin1Char(' ')) + (on ? QString() : QStringLiteral("# ")) + name
                + QStringLiteral(":\n");
        }
        const QString pad(2 * parts.size(), QLatin1Char(' '));
        if (parts.isEmpty())
            out += QLatin1Char('\n');
        const bool on = active(spec);
        QString help = spec.help;
        if (!spec.flag.isEmpty())
            help += QStringLiteral(" [") + spec.flag + QLatin1Char(']');
        if (spec.use == ConfigUse::Firmware)
            help += QStringLiteral(" (firmware build only)");
        else if (spec.use == ConfigUse::Ignored)
            help += QStringLiteral(" (not used by this app)");
        out += pad + QStringLiteral("# ") + help + QLatin1Char('\n');
        const QString prefix = pad + (on ? QString() : QStringLiteral("# "));
        if (spec.kind == ConfigKind::Counters) {
            out += prefix + leaf + QStringLiteral(":\n") + prefix + QStringLiteral("  cpu: default\n");
            continue;
        }
        out += prefix + leaf + QStringLiteral(": ") + spec.defaultYaml + QLatin1Char('\n');
    }
    return out;
}

} // namespace hpx::model
