#include "model/bundle/bundleschema.h"

#include "model/json/boundedfile.h"
#include "model/json/jsonwriter.h"

#include <QRegularExpression>

#include <cmath>

namespace hpx::model {

namespace {

QString typeName(const JsonValue &v)
{
    switch (v.type()) {
    case JsonValue::Type::Null:
        return QStringLiteral("null");
    case JsonValue::Type::Bool:
        return QStringLiteral("a boolean");
    case JsonValue::Type::Int:
    case JsonValue::Type::Double:
        return QStringLiteral("a number");
    case JsonValue::Type::String:
        return QStringLiteral("a string");
    case JsonValue::Type::Array:
        return QStringLiteral("a list");
    case JsonValue::Type::Object:
        return QStringLiteral("an object");
    }
    return {};
}

QString shown(const JsonValue &v)
{
    QString text = QString::fromUtf8(toPythonJson(v, -1));
    if (text.size() > 60)
        text = text.left(57) + QStringLiteral("...");
    return text;
}

// One document's check: the first violation is kept, with the field's dotted path.
class Checker {
public:
    explicit Checker(const QString &fileName)
        : m_file(fileName)
    {
    }
    const QString &error() const { return m_error; }
    bool ok() const { return m_error.isEmpty(); }

    void fail(const QString &field, const QString &what)
    {
        if (m_error.isEmpty())
            m_error = BundleSchema::tr("%1 is damaged: \"%2\" %3.").arg(m_file, field, what);
    }
    bool isFinite(const JsonValue &v) { return v.isInt() || (v.isDouble() && std::isfinite(v.toDouble())); }

    // Each check: absent (Null from value()) passes unless `required`.
    void object(const JsonValue &doc, const QString &key, const QString &path, bool required = false)
    {
        const JsonValue *v = doc.find(key);
        if ((!v && required) || (v && !v->isObject()))
            fail(path, BundleSchema::tr("must be an object, not %1").arg(v ? typeName(*v) : QStringLiteral("absent")));
    }
    void list(const JsonValue &doc, const QString &key, const QString &path, bool required = false)
    {
        const JsonValue *v = doc.find(key);
        if ((!v && required) || (v && !v->isArray()))
            fail(path, BundleSchema::tr("must be a list, not %1").arg(v ? typeName(*v) : QStringLiteral("absent")));
    }
    void string(
        const JsonValue &doc, const QString &key, const QString &path, bool nullable = true, bool required = false)
    {
        const JsonValue *v = doc.find(key);
        if (!v) {
            if (required)
                fail(path, BundleSchema::tr("is missing"));
            return;
        }
        if (!v->isString() && !(nullable && v->isNull()))
            fail(path, BundleSchema::tr("must be a string, not %1").arg(shown(*v)));
    }
    void oneOf(
        const JsonValue &doc, const QString &key, const QString &path, const QStringList &values, bool required = false)
    {
        const JsonValue *v = doc.find(key);
        if (!v) {
            if (required)
                fail(path, BundleSchema::tr("is missing"));
            return;
        }
        if (!v->isString() || !values.contains(v->toString()))
            fail(path, BundleSchema::tr("must be one of %1, not %2").arg(values.join(QStringLiteral(", ")), shown(*v)));
    }
    void boolean(const JsonValue &doc, const QString &key, const QString &path)
    {
        const JsonValue *v = doc.find(key);
        if (v && !v->isBool() && !v->isNull())
            fail(path, BundleSchema::tr("must be true or false, not %1").arg(shown(*v)));
    }
    // A measured number, or null / absent when not measured.
    void number(const JsonValue &doc, const QString &key, const QString &path)
    {
        const JsonValue *v = doc.find(key);
        if (v && !v->isNull() && !isFinite(*v))
            fail(path, BundleSchema::tr("must be a finite number or null, not %1").arg(shown(*v)));
    }
    void count(const JsonValue &doc, const QString &key, const QString &path)
    {
        const JsonValue *v = doc.find(key);
        if (v && !v->isNull() && !(v->isInt() && v->toInt() >= 0))
            fail(path, BundleSchema::tr("must be a whole number >= 0, not %1").arg(shown(*v)));
    }
    // Every member of an object is a measured number or null (memory, latency, model_analysis, ...).
    void numbers(const JsonValue &doc, const QString &key, const QString &path)
    {
        object(doc, key, path);
        for (const auto &m : doc.value(key).members())
            number(doc.value(key), m.first, path + QLatin1Char('.') + m.first);
    }
    void issues(const JsonValue &doc, const QString &key, const QString &path)
    {
        list(doc, key, path);
        int i = 0;
        for (const JsonValue &issue : doc.value(key).elements()) {
            const QString at = QStringLiteral("%1[%2]").arg(path).arg(i++);
            if (!issue.isObject()) {
                fail(at, BundleSchema::tr("must be an object, not %1").arg(typeName(issue)));
                return;
            }
            string(issue, QStringLiteral("code"), at + QStringLiteral(".code"), false, true);
            string(issue, QStringLiteral("severity"), at + QStringLiteral(".severity"), false, true);
            string(issue, QStringLiteral("message"), at + QStringLiteral(".message"), true);
            object(issue, QStringLiteral("context"), at + QStringLiteral(".context"));
        }
    }

private:
    QString m_file;
    QString m_error;
};

const QStringList &validities()
{
    static const QStringList v = { QStringLiteral("valid"), QStringLiteral("degraded"), QStringLiteral("invalid") };
    return v;
}

} // namespace

std::optional<quint64> BundleSchema::sizeOf(const JsonValue &value)
{
    if (!value.isInt() || value.toInt() < 0 || value.toInt() > (qint64(1) << 53))
        return std::nullopt;
    return quint64(value.toInt());
}

QString BundleSchema::checkManifest(const JsonValue &doc, const QString &fileName)
{
    Checker c(fileName);
    if (!doc.isObject())
        return tr("%1 is damaged: a JSON object was expected.").arg(fileName);
    c.oneOf(doc, QStringLiteral("status"), QStringLiteral("status"),
        { QStringLiteral("complete"), QStringLiteral("incomplete"), QStringLiteral("failed") }, true);
    c.oneOf(doc, QStringLiteral("validity"), QStringLiteral("validity"), validities(), true);
    for (const char *key : { "run_id", "timestamp", "hpx_version", "bundle_type" })
        c.string(doc, QString::fromLatin1(key), QString::fromLatin1(key));
    c.issues(doc, QStringLiteral("issues"), QStringLiteral("issues"));
    c.object(doc, QStringLiteral("provenance"), QStringLiteral("provenance"));
    c.object(doc, QStringLiteral("comparability"), QStringLiteral("comparability"));
    c.object(doc, QStringLiteral("extensions"), QStringLiteral("extensions"));
    c.list(doc, QStringLiteral("artifacts"), QStringLiteral("artifacts"), true);
    static const QRegularExpression hex(QStringLiteral("^[0-9a-f]{64}$"));
    QSet<QString> paths;
    int i = 0;
    for (const JsonValue &a : doc.value(QStringLiteral("artifacts")).elements()) {
        const QString at = QStringLiteral("artifacts[%1]").arg(i++);
        if (!c.ok())
            break;
        if (!a.isObject()) {
            c.fail(at, tr("must be an object, not %1").arg(typeName(a)));
            break;
        }
        c.string(a, QStringLiteral("path"), at + QStringLiteral(".path"), false, true);
        const QString path = a.value(QStringLiteral("path")).toString();
        if (c.ok() && paths.contains(path))
            c.fail(at + QStringLiteral(".path"), tr("declares %1 a second time").arg(path));
        paths.insert(path);
        if (!sizeOf(a.value(QStringLiteral("size_bytes"))))
            c.fail(at + QStringLiteral(".size_bytes"),
                tr("must be a whole number of bytes, not %1").arg(shown(a.value(QStringLiteral("size_bytes")))));
        if (!hex.match(a.value(QStringLiteral("sha256")).toString()).hasMatch())
            c.fail(at + QStringLiteral(".sha256"),
                tr("must be 64 lower-case hex digits, not %1").arg(shown(a.value(QStringLiteral("sha256")))));
        c.boolean(a, QStringLiteral("optional"), at + QStringLiteral(".optional"));
        for (const char *key : { "name", "media_type", "role", "producer", "schema" })
            c.string(a, QString::fromLatin1(key), at + QLatin1Char('.') + QString::fromLatin1(key));
    }
    return c.error();
}

QString BundleSchema::checkSummary(const JsonValue &doc, const QString &fileName)
{
    Checker c(fileName);
    if (!doc.isObject())
        return tr("%1 is damaged: a JSON object was expected.").arg(fileName);
    c.count(doc, QStringLiteral("schema_version"), QStringLiteral("schema_version"));
    c.string(doc, QStringLiteral("engine"), QStringLiteral("engine"));
    c.count(doc, QStringLiteral("layers"), QStringLiteral("layers"));
    c.number(doc, QStringLiteral("total_cycles"), QStringLiteral("total_cycles"));
    c.boolean(doc, QStringLiteral("overflow_detected"), QStringLiteral("overflow_detected"));
    c.oneOf(doc, QStringLiteral("validity"), QStringLiteral("validity"), validities());
    c.issues(doc, QStringLiteral("issues"), QStringLiteral("issues"));
    for (const char *key : { "memory", "model_analysis", "latency" })
        c.numbers(doc, QString::fromLatin1(key), QString::fromLatin1(key));
    c.list(doc, QStringLiteral("top_layers"), QStringLiteral("top_layers"));
    int i = 0;
    for (const JsonValue &t : doc.value(QStringLiteral("top_layers")).elements()) {
        const QString at = QStringLiteral("top_layers[%1]").arg(i++);
        if (!t.isObject()) {
            c.fail(at, tr("must be an object, not %1").arg(typeName(t)));
            break;
        }
        c.string(t, QStringLiteral("op"), at + QStringLiteral(".op"));
        c.number(t, QStringLiteral("cycles"), at + QStringLiteral(".cycles"));
        c.number(t, QStringLiteral("pct"), at + QStringLiteral(".pct"));
    }
    c.object(doc, QStringLiteral("power"), QStringLiteral("power"));
    c.object(doc, QStringLiteral("model_explorer"), QStringLiteral("model_explorer"));
    const JsonValue me = doc.value(QStringLiteral("model_explorer"));
    c.list(me, QStringLiteral("unresolved_layers"), QStringLiteral("model_explorer.unresolved_layers"));
    i = 0;
    for (const JsonValue &u : me.value(QStringLiteral("unresolved_layers")).elements()) {
        const QString at = QStringLiteral("model_explorer.unresolved_layers[%1]").arg(i++);
        if (!u.isObject()) {
            c.fail(at, tr("must be an object, not %1").arg(typeName(u)));
            break;
        }
        c.count(u, QStringLiteral("position"), at + QStringLiteral(".position"));
    }
    return c.error();
}

QString BundleSchema::checkRunMetadata(const JsonValue &doc, const QString &fileName)
{
    Checker c(fileName);
    if (!doc.isObject())
        return tr("%1 is damaged: a JSON object was expected.").arg(fileName);
    c.count(doc, QStringLiteral("schema_version"), QStringLiteral("schema_version"));
    for (const char *key : { "config", "firmware", "model", "platform", "toolchain", "engine", "hpx_studio" })
        c.object(doc, QString::fromLatin1(key), QString::fromLatin1(key));
    const JsonValue studio = doc.value(QStringLiteral("hpx_studio"));
    c.list(studio, QStringLiteral("cycles_passes"), QStringLiteral("hpx_studio.cycles_passes"));
    c.string(studio, QStringLiteral("aggregation"), QStringLiteral("hpx_studio.aggregation"));
    c.string(doc.value(QStringLiteral("model")), QStringLiteral("sha256"), QStringLiteral("model.sha256"));
    return c.error();
}

QString BundleSchema::checkProfileResultsJson(const JsonValue &doc, const QString &fileName)
{
    Checker c(fileName);
    if (!doc.isObject())
        return tr("%1 is damaged: a JSON object was expected.").arg(fileName);
    c.list(doc, QStringLiteral("layers"), QStringLiteral("layers"), true);
    c.boolean(doc, QStringLiteral("overflow_detected"), QStringLiteral("overflow_detected"));
    c.object(doc, QStringLiteral("presets"), QStringLiteral("presets"));
    const auto checkLayers = [&c](const JsonValue &list, const QString &path) {
        int i = 0;
        for (const JsonValue &l : list.elements()) {
            const QString at = QStringLiteral("%1[%2]").arg(path).arg(i++);
            if (!l.isObject()) {
                c.fail(at, tr("must be an object, not %1").arg(typeName(l)));
                return;
            }
            const JsonValue id = l.value(QStringLiteral("id"));
            if (!id.isInt() && !id.isString())
                c.fail(at + QStringLiteral(".id"), tr("must be a whole number or a string, not %1").arg(shown(id)));
            c.string(l, QStringLiteral("op"), at + QStringLiteral(".op"), false, true);
            c.boolean(l, QStringLiteral("overflow"), at + QStringLiteral(".overflow"));
            for (const auto &m : l.members()) {
                if (m.first != QLatin1String("id") && m.first != QLatin1String("op")
                    && m.first != QLatin1String("overflow"))
                    c.number(l, m.first, at + QLatin1Char('.') + m.first);
            }
            if (!c.ok())
                return;
        }
    };
    checkLayers(doc.value(QStringLiteral("layers")), QStringLiteral("layers"));
    for (const auto &p : doc.value(QStringLiteral("presets")).members()) {
        const QString at = QStringLiteral("presets.") + p.first;
        if (!p.second.isObject()) {
            c.fail(at, tr("must be an object, not %1").arg(typeName(p.second)));
            break;
        }
        c.list(p.second, QStringLiteral("layers"), at + QStringLiteral(".layers"));
        c.count(p.second, QStringLiteral("iteration_count"), at + QStringLiteral(".iteration_count"));
        checkLayers(p.second.value(QStringLiteral("layers")), at + QStringLiteral(".layers"));
    }
    return c.error();
}

std::optional<QByteArray> BundleSchema::readDocument(
    const QString &path, const QString &fileName, qint64 maxBytes, QString *error)
{
    return BoundedFile::read(path, maxBytes, error, fileName);
}

} // namespace hpx::model
