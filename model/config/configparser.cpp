#include "model/config/configparser.h"

#include "model/board/counters.h"
#include "model/board/socprofile.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>
#include <climits>
#include <cmath>

namespace hpx::model {

namespace configyaml {

QString quoted(const QString &s)
{
    // An error is one line: a value is shown on one line and cut to a readable length (a 200 KB scalar would
    // bury the message), with its full length so the cut is visible.
    constexpr int kShown = 60;
    QString shown = s.left(kShown + 20 < s.size() ? kShown : s.size());
    for (QChar &c : shown) {
        if (c.category() == QChar::Other_Control || c == QChar::LineSeparator || c == QChar::ParagraphSeparator)
            c = QLatin1Char(' ');
    }
    if (shown.size() == s.size())
        return QLatin1Char('\'') + shown + QLatin1Char('\'');
    const int characters = int(qMin(s.size(), qsizetype(INT_MAX)));
    return ConfigParser::tr("'%1\u2026' (%n characters)", "", characters).arg(shown);
}

// YAML 1.1 scalar resolution as PyYAML's safe_load does it (heliaPROFILER reads hpx.yml with it), so a
// file means the same here: yes/no/on/off are booleans, 0x10 and 1_000 integers, ~ is null.
QJsonValue resolvePlainScalar(const QString &s)
{
    static const QRegularExpression nullRe(QStringLiteral("^(~|null|Null|NULL|)$"));
    static const QRegularExpression trueRe(QStringLiteral("^(yes|Yes|YES|true|True|TRUE|on|On|ON|y|Y)$"));
    static const QRegularExpression falseRe(QStringLiteral("^(no|No|NO|false|False|FALSE|off|Off|OFF|n|N)$"));
    static const QRegularExpression intRe(QStringLiteral("^[-+]?(0|[1-9][0-9_]*)$"));
    static const QRegularExpression hexRe(QStringLiteral("^[-+]?0x[0-9a-fA-F_]+$"));
    static const QRegularExpression floatRe(
        QStringLiteral("^[-+]?([0-9][0-9_]*)?\\.[0-9_]*([eE][-+][0-9]+)?$|^[-+]?[0-9][0-9_]*[eE][-+]?[0-9]+$"));
    if (nullRe.match(s).hasMatch())
        return QJsonValue(QJsonValue::Null);
    // PyYAML does not resolve y/n; keep them strings like it does.
    if (s != QLatin1String("y") && s != QLatin1String("Y") && s != QLatin1String("n") && s != QLatin1String("N")) {
        if (trueRe.match(s).hasMatch())
            return true;
        if (falseRe.match(s).hasMatch())
            return false;
    }
    QString digits = s;
    digits.remove(QLatin1Char('_'));
    bool ok = false;
    if (intRe.match(s).hasMatch()) {
        const qint64 v = digits.toLongLong(&ok, 10);
        if (ok)
            return double(v);
    }
    if (hexRe.match(s).hasMatch()) {
        const bool negative = digits.startsWith(QLatin1Char('-'));
        QString body = digits;
        body.remove(QRegularExpression(QStringLiteral("^[-+]?0x")));
        const qint64 v = body.toLongLong(&ok, 16);
        if (ok)
            return double(negative ? -v : v);
    }
    if (floatRe.match(s).hasMatch() && s != QLatin1String(".")) {
        const double v = digits.toDouble(&ok);
        if (ok)
            return v;
    }
    return s;
}

Where whereOf(const YAML::Node &node)
{
    const YAML::Mark m = node.Mark();
    if (m.is_null())
        return {};
    return { m.line + 1, m.column + 1 };
}

QString nodeText(const YAML::Node &node)
{
    return QString::fromStdString(node.Scalar());
}

namespace {

// Counts down *budget for every value converted; false once it or the depth runs out.
bool convertNode(const YAML::Node &node, int depth, int *budget, QJsonValue *out)
{
    if (--*budget < 0 || depth > maxYamlDepth)
        return false;
    switch (node.Type()) {
    case YAML::NodeType::Scalar:
        *out = node.Tag() == "!" ? QJsonValue(nodeText(node)) : resolvePlainScalar(nodeText(node));
        return true;
    case YAML::NodeType::Sequence: {
        QJsonArray a;
        for (const YAML::Node &child : node) {
            QJsonValue v;
            if (!convertNode(child, depth + 1, budget, &v))
                return false;
            a.append(v);
        }
        *out = a;
        return true;
    }
    case YAML::NodeType::Map: {
        QJsonObject o;
        for (const auto &pair : node) {
            QJsonValue v;
            if (!convertNode(pair.second, depth + 1, budget, &v))
                return false;
            o.insert(QString::fromStdString(pair.first.Scalar()), v);
        }
        *out = o;
        return true;
    }
    default:
        *out = QJsonValue(QJsonValue::Null);
        return true;
    }
}

} // namespace

std::optional<QJsonValue> nodeToJson(const YAML::Node &node)
{
    int budget = maxYamlValues;
    QJsonValue v;
    if (!convertNode(node, 0, &budget, &v))
        return std::nullopt;
    return v;
}

} // namespace configyaml

using namespace configyaml;

namespace {

QString didYouMean(const QString &suggestion)
{
    return suggestion.isEmpty() ? QString() : ConfigParser::tr(" (did you mean %1?)").arg(quoted(suggestion));
}

QString displayScalar(const QJsonValue &v)
{
    switch (v.type()) {
    case QJsonValue::Null:
        return QStringLiteral("null");
    case QJsonValue::Bool:
        return v.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    case QJsonValue::Double: {
        const double d = v.toDouble();
        return d == std::floor(d) && std::abs(d) < 9.007199254740992e15 ? QString::number(qint64(d))
                                                                        : QString::number(d, 'g', 17);
    }
    case QJsonValue::String:
        return v.toString();
    case QJsonValue::Array:
        return ConfigParser::tr("a list");
    case QJsonValue::Object:
        return ConfigParser::tr("a mapping");
    default:
        return QString();
    }
}

// YAML 1.1 scalar resolution as PyYAML's safe_load does it (heliaPROFILER reads hpx.yml with it), so a
// file means the same here: yes/no/on/off are booleans, 0x10 and 1_000 integers, ~ is null.
QString kindDescription(const ConfigKeySpec &spec)
{
    switch (spec.kind) {
    case ConfigKind::Bool:
        return ConfigParser::tr("true or false");
    case ConfigKind::Int:
        return spec.minimum > 0 ? ConfigParser::tr("an integer >= %1").arg(spec.minimum)
                                : ConfigParser::tr("an integer >= 0");
    case ConfigKind::String:
    case ConfigKind::Path:
        return ConfigParser::tr("a string");
    case ConfigKind::Enum:
        return ConfigParser::tr("one of %1").arg(spec.choices.join(QStringLiteral(", ")));
    case ConfigKind::Map:
    case ConfigKind::Counters:
        return ConfigParser::tr("a mapping");
    }
    return QString();
}

bool isKnownBoard(const QString &board, const std::optional<QJsonObject> &customBoards)
{
    if (customBoards && customBoards->contains(board))
        return true;
    if (socs::board(board))
        return true;
    return board == socs::simulatedM55Board() || board == socs::simulatedM4Board();
}

QStringList boardNames()
{
    QStringList names;
    for (const BoardInfo &b : socs::boards())
        names << b.name;
    names << socs::simulatedM55Board() << socs::simulatedM4Board();
    names.removeDuplicates();
    return names;
}

QStringList allCounterNames()
{
    QStringList names;
    for (const CounterInfo &c : counters::catalogue())
        names << c.name;
    return names;
}

} // namespace

ConfigParser::ConfigParser(const QString &source, ConfigDiagnostics *out)
    : m_source(source)
    , m_out(out)
{
}

void ConfigParser::error(const Where &w, const QString &key, const QString &message)
{
    ++errors;
    report(ConfigDiagnostic::Severity::Error, w, key, message);
}

void ConfigParser::notice(const Where &w, const QString &key, const QString &message)
{
    report(ConfigDiagnostic::Severity::Notice, w, key, message);
}

bool ConfigParser::assign(int index, const QJsonValue &raw, const Where &w, const QString &keyLabel)
{
    const ConfigKeySpec &spec = configSchema().at(index);
    QJsonValue v = raw;
    const auto bad = [&](const QString &extra = QString()) {
        error(w, spec.key,
            tr("%1: expected %2, got %3%4").arg(keyLabel, kindDescription(spec), quoted(displayScalar(raw)), extra));
        return false;
    };
    if (v.isNull() && spec.nullable) {
        m_assignments.append({ index, v });
        return true;
    }
    switch (spec.kind) {
    case ConfigKind::Bool:
        if (!v.isBool())
            return bad();
        break;
    case ConfigKind::Int: {
        const double d = v.toDouble();
        if (!v.isDouble() || d != std::floor(d) || std::abs(d) > 9.0e15)
            return bad();
        if (d < double(spec.minimum)) {
            error(w, spec.key, tr("%1: must be at least %2, got %3").arg(keyLabel).arg(spec.minimum).arg(qint64(d)));
            return false;
        }
        if (d > double(spec.maximum)) {
            error(w, spec.key, tr("%1: must be at most %2, got %3").arg(keyLabel).arg(spec.maximum).arg(qint64(d)));
            return false;
        }
        v = qint64(d); // the field's integer, whichever way YAML spelled it (10, 0x0a, 1_0, 10.0)
        break;
    }
    case ConfigKind::String:
    case ConfigKind::Path:
        if (!v.isString() || v.toString().isEmpty())
            return bad();
        break;
    case ConfigKind::Enum: {
        if (!v.isString())
            return bad();
        QString s = v.toString();
        for (const QString &alias : spec.aliases) {
            if (alias.section(QLatin1Char('='), 0, 0) == s)
                s = alias.section(QLatin1Char('='), 1);
        }
        if (!spec.choices.contains(s)) {
            error(w, spec.key,
                tr("%1: %2 is not one of %3%4")
                    .arg(keyLabel, quoted(s), spec.choices.join(QStringLiteral(", ")),
                        didYouMean(closestMatch(s, spec.choices))));
            return false;
        }
        v = s;
        break;
    }
    case ConfigKind::Map:
        if (!v.isObject())
            return bad();
        break;
    case ConfigKind::Counters:
        return false; // handled by counters()
    }
    if (spec.key == QLatin1String("target.board")) {
        m_boardWhere = w;
        m_boardLabel = keyLabel;
    }
    m_assignments.append({ index, v });
    return true;
}

void ConfigParser::counters(const YAML::Node &node, const Where &w, const QString &keyLabel)
{
    if (!node.IsMap() || node.size() == 0) {
        error(w, keyLabel,
            tr("%1: expected a mapping of group (cpu, memory, mve) to default, all or a list of counters")
                .arg(keyLabel));
        return;
    }
    QVector<CounterSelectionEntry> parsed;
    for (const auto &pair : node) {
        const QString group = QString::fromStdString(pair.first.Scalar());
        const Where gw = whereOf(pair.first);
        if (!checkGroup(group, gw, keyLabel))
            continue;
        CounterSelectionEntry sel;
        sel.group = group;
        const QString label = keyLabel + QLatin1Char('.') + group;
        if (pair.second.IsScalar()) {
            const QJsonValue v = nodeToJson(pair.second).value_or(QJsonValue()); // a scalar: always converts
            if (!selectionFromText(
                    v.isString() ? v.toString() : displayScalar(v), &sel, whereOf(pair.second), label, false))
                continue;
        } else if (pair.second.IsSequence()) {
            if (pair.second.size() == 0) {
                error(whereOf(pair.second), label, tr("%1: the list of counters is empty").arg(label));
                continue;
            }
            for (const YAML::Node &item : pair.second) {
                const QJsonValue v = nodeToJson(item).value_or(QJsonValue());
                const QString name = v.isString() ? v.toString() : displayScalar(v);
                if (checkCounterName(name, whereOf(item), label))
                    sel.names << name;
            }
        } else {
            error(whereOf(pair.second), label, tr("%1: expected default, all or a list of counter names").arg(label));
            continue;
        }
        CounterSelection::setEntry(parsed, sel);
    }
    m_counterEntries = parsed;
}

bool ConfigParser::checkGroup(const QString &group, const Where &w, const QString &label)
{
    if (counterGroups().contains(group))
        return true;
    error(w, label,
        tr("%1: unknown counter group %2; groups are %3%4")
            .arg(label, quoted(group), counterGroups().join(QStringLiteral(", ")),
                didYouMean(closestMatch(group, counterGroups()))));
    return false;
}

bool ConfigParser::checkCounterName(const QString &name, const Where &w, const QString &label)
{
    const QStringList names = allCounterNames();
    if (names.contains(name))
        return true;
    QString suggestion = closestMatch(name, names);
    if (suggestion.isEmpty() && names.contains(QStringLiteral("ARM_PMU_") + name))
        suggestion = QStringLiteral("ARM_PMU_") + name;
    error(w, label, tr("%1: unknown counter %2%3").arg(label, quoted(name), didYouMean(suggestion)));
    return false;
}

bool ConfigParser::selectionFromText(
    const QString &text, CounterSelectionEntry *sel, const Where &w, const QString &label, bool allowList)
{
    // CounterSelection reads the text (model/board); here the names are checked.
    const CounterSelectionEntry parsed = CounterSelection::entryFromText(sel->group, text);
    if (!parsed.keyword.isEmpty()) {
        sel->keyword = parsed.keyword;
        return true;
    }
    if (allowList && !text.isEmpty()) {
        bool ok = true;
        for (const QString &name : parsed.names) {
            if (checkCounterName(name, w, label))
                sel->names << name;
            else
                ok = false;
        }
        if (ok && sel->names.isEmpty()) {
            error(w, label, tr("%1: the list of counters is empty").arg(label));
            return false;
        }
        return ok;
    }
    const QStringList presets = CounterSelection::keywords();
    error(w, label,
        tr("%1: expected default, all or a list of counter names, got %2%3")
            .arg(label, quoted(text), didYouMean(closestMatch(text, presets))));
    return false;
}

void ConfigParser::walk(const YAML::Node &map, const QString &prefix)
{
    QSet<QString> seen;
    for (const auto &pair : map) {
        const QString name = QString::fromStdString(pair.first.Scalar());
        const QString key = prefix.isEmpty() ? name : prefix + QLatin1Char('.') + name;
        const Where w = whereOf(pair.first);
        if (seen.contains(name)) {
            error(w, key, tr("duplicate key %1").arg(quoted(key)));
            continue;
        }
        seen.insert(name);
        if (configSections().contains(key)) {
            if (pair.second.IsMap())
                walk(pair.second, key);
            else if (!pair.second.IsNull())
                error(whereOf(pair.second), key, tr("%1: expected a mapping of keys").arg(key));
            continue;
        }
        const int index = configKeyIndex(key);
        if (index < 0) {
            unknownKey(key, w);
            continue;
        }
        const ConfigKeySpec &spec = configSchema().at(index);
        const Where vw = pair.second.IsNull() && !pair.second.Mark().is_null() ? whereOf(pair.second) : w;
        if (spec.kind == ConfigKind::Counters) {
            counters(pair.second, whereOf(pair.second).line ? whereOf(pair.second) : w, key);
        } else if (spec.kind != ConfigKind::Map && !pair.second.IsScalar() && !pair.second.IsNull()) {
            error(whereOf(pair.second), key,
                tr("%1: expected %2, got %3")
                    .arg(key, kindDescription(spec), pair.second.IsMap() ? tr("a mapping") : tr("a list")));
            continue;
        } else if (const std::optional<QJsonValue> v = nodeToJson(pair.second); !v) {
            error(whereOf(pair.second), key,
                tr("%1: the value stands for more than %2 values or nests deeper than %3 levels (anchors and aliases "
                   "repeat what they name); write it out")
                    .arg(key)
                    .arg(maxYamlValues)
                    .arg(maxYamlDepth));
            continue;
        } else if (!assign(index, *v, pair.second.IsNull() ? vw : whereOf(pair.second), key)) {
            continue;
        }
        reportUse(spec, w);
    }
}

void ConfigParser::reportUse(const ConfigKeySpec &spec, const Where &w)
{
    if (spec.use == ConfigUse::Firmware)
        notice(w, spec.key, tr("%1 only concerns building and flashing firmware; not used by this app").arg(spec.key));
    else if (spec.use == ConfigUse::Ignored)
        notice(w, spec.key, tr("%1 is accepted for compatibility; not used by this app").arg(spec.key));
}

void ConfigParser::unknownKey(const QString &key, const Where &w)
{
    // Siblings first ("profiling.iteratons"), then any key with that last segment ("iterations" at
    // the top level -> "profiling.iterations").
    const QString parent = key.contains(QLatin1Char('.')) ? key.section(QLatin1Char('.'), 0, -2) : QString();
    const QString leaf = key.section(QLatin1Char('.'), -1);
    QStringList siblings;
    QStringList all = configSections();
    for (const ConfigKeySpec &s : configSchema())
        all << s.key;
    for (const QString &candidate : all) {
        const QString candidateParent
            = candidate.contains(QLatin1Char('.')) ? candidate.section(QLatin1Char('.'), 0, -2) : QString();
        if (candidateParent == parent)
            siblings << candidate.section(QLatin1Char('.'), -1);
    }
    QString suggestion = closestMatch(leaf, siblings);
    if (!suggestion.isEmpty()) {
        suggestion = parent.isEmpty() ? suggestion : parent + QLatin1Char('.') + suggestion;
    } else {
        QStringList byLeaf;
        for (const QString &candidate : all)
            byLeaf << candidate.section(QLatin1Char('.'), -1);
        const QString leafMatch = closestMatch(leaf, byLeaf);
        if (!leafMatch.isEmpty())
            suggestion = all.at(byLeaf.indexOf(leafMatch));
    }
    error(w, key, tr("unknown key %1%2").arg(quoted(key), didYouMean(suggestion)));
}

void ConfigParser::crossCheck(
    const QString &board, bool boardExplicit, const std::optional<QJsonObject> &customBoards, qint64 wmin, qint64 wmax)
{
    if (boardExplicit && !isKnownBoard(board, customBoards)) {
        const QString label = m_boardLabel.isEmpty() ? QStringLiteral("target.board") : m_boardLabel;
        error(m_boardWhere, QStringLiteral("target.board"),
            tr("%1: unknown board %2%3").arg(label, quoted(board), didYouMean(closestMatch(board, boardNames()))));
    }
    if (wmax < wmin)
        error({}, QStringLiteral("profiling.window_max"),
            tr("profiling.window_max (%1) must be >= profiling.window_min (%2)").arg(wmax).arg(wmin));
}

void ConfigParser::report(
    ConfigDiagnostic::Severity severity, const Where &w, const QString &key, const QString &message)
{
    if (!m_out)
        return;
    ConfigDiagnostic d;
    d.severity = severity;
    d.source = m_source;
    d.line = w.line;
    d.column = w.column;
    d.key = key;
    d.message = message;
    m_out->append(d);
}

} // namespace hpx::model
