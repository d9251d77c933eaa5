#include "model/compare/comparisonprofile.h"

#include "model/json/boundedfile.h"
#include "model/json/jsonparser.h"
#include "model/json/jsonwriter.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QFile>

#include <cmath>

namespace hpx::model {

namespace {

std::optional<MissingMetricPolicy> missingFromName(const QString &name)
{
    if (name == QLatin1String("fail"))
        return MissingMetricPolicy::Fail;
    if (name == QLatin1String("warn"))
        return MissingMetricPolicy::Warn;
    if (name == QLatin1String("ignore"))
        return MissingMetricPolicy::Ignore;
    return std::nullopt;
}

// A tolerance must be a finite, non-negative number (a bool is not a number, as in hpx).
bool readTolerance(const JsonValue &object, const QString &key, std::optional<double> *out)
{
    const JsonValue *v = object.find(key);
    if (!v || v->isNull())
        return true;
    if (!v->isNumber() || !std::isfinite(v->toDouble()) || v->toDouble() < 0)
        return false;
    *out = v->toDouble();
    return true;
}

// heliaPROFILER's to_dict(): known keys whose value is null are dropped, and so is an empty
// required_dimensions list; unknown keys stay verbatim. The digest is SHA-256 of that as compact JSON
// with sorted keys.
JsonValue canonical(const JsonValue &document)
{
    JsonValue out = JsonValue::object();
    static const QStringList known
        = { QStringLiteral("schema"), QStringLiteral("schema_version"), QStringLiteral("metrics"),
              QStringLiteral("missing"), QStringLiteral("required_dimensions"), QStringLiteral("name") };
    static const QStringList knownMetric = { QStringLiteral("direction"), QStringLiteral("unit"),
        QStringLiteral("max_regression_pct"), QStringLiteral("max_regression_abs"), QStringLiteral("missing") };
    for (const auto &m : document.members()) {
        if (known.contains(m.first) && m.second.isNull())
            continue;
        if (m.first == QLatin1String("required_dimensions") && m.second.isArray() && m.second.size() == 0)
            continue;
        if (m.first != QLatin1String("metrics")) {
            out.insert(m.first, m.second);
            continue;
        }
        JsonValue metrics = JsonValue::object();
        for (const auto &policy : m.second.members()) {
            JsonValue p = JsonValue::object();
            for (const auto &field : policy.second.members()) {
                if (!(knownMetric.contains(field.first) && field.second.isNull()))
                    p.insert(field.first, field.second);
            }
            metrics.insert(policy.first, p);
        }
        out.insert(m.first, metrics);
    }
    return out;
}

} // namespace

QString verdictStatusName(VerdictStatus status)
{
    switch (status) {
    case VerdictStatus::Pass:
        return QStringLiteral("pass");
    case VerdictStatus::Warn:
        return QStringLiteral("warn");
    case VerdictStatus::Fail:
        return QStringLiteral("fail");
    case VerdictStatus::Skip:
        return QStringLiteral("skip");
    }
    return {};
}

std::optional<ComparisonProfile> ComparisonProfile::fromJson(const JsonValue &document, QString *error)
{
    auto fail = [&](const QString &message) {
        if (error)
            *error = message;
        return std::optional<ComparisonProfile>();
    };
    if (!document.isObject())
        return fail(ComparisonProfile::tr("A comparison profile must be a JSON object."));
    const QString schema = document.value(QStringLiteral("schema")).toString();
    if (schema != schemaName())
        return fail(ComparisonProfile::tr("Unsupported comparison profile schema \"%1\"; expected \"%2\".")
                        .arg(schema, schemaName()));
    const JsonValue version = document.value(QStringLiteral("schema_version"));
    if (!version.isInt() || version.toInt() != kSchemaVersion)
        return fail(ComparisonProfile::tr(
            "Unsupported comparison profile version %1; this version of hpx Studio reads version %2.")
                        .arg(QString::fromUtf8(toPythonJson(version, -1)))
                        .arg(kSchemaVersion));
    ComparisonProfile profile;
    const JsonValue metrics = document.value(QStringLiteral("metrics"));
    if (!metrics.isObject() || metrics.size() == 0)
        return fail(ComparisonProfile::tr("A comparison profile needs a non-empty \"metrics\" object."));
    for (const auto &m : metrics.members()) {
        if (m.first.isEmpty() || !m.second.isObject())
            return fail(
                ComparisonProfile::tr("Metric \"%1\" of the comparison profile must be an object.").arg(m.first));
        MetricPolicy policy;
        policy.metric = m.first;
        const QString direction = m.second.value(QStringLiteral("direction")).toString();
        if (direction == QLatin1String("smaller"))
            policy.direction = MetricDirection::Smaller;
        else if (direction == QLatin1String("larger"))
            policy.direction = MetricDirection::Larger;
        else if (direction == QLatin1String("equal"))
            policy.direction = MetricDirection::Equal;
        else
            return fail(
                ComparisonProfile::tr("Metric \"%1\": direction must be smaller, larger or equal.").arg(m.first));
        const JsonValue unit = m.second.value(QStringLiteral("unit"));
        if (!unit.isString())
            return fail(ComparisonProfile::tr("Metric \"%1\": unit must be a string.").arg(m.first));
        policy.unit = unit.toString();
        if (!readTolerance(m.second, QStringLiteral("max_regression_pct"), &policy.maxRegressionPct))
            return fail(
                ComparisonProfile::tr("Metric \"%1\": max_regression_pct must be a non-negative number.").arg(m.first));
        if (!readTolerance(m.second, QStringLiteral("max_regression_abs"), &policy.maxRegressionAbs))
            return fail(
                ComparisonProfile::tr("Metric \"%1\": max_regression_abs must be a non-negative number.").arg(m.first));
        const JsonValue missing = m.second.value(QStringLiteral("missing"));
        if (!missing.isNull()) {
            policy.missing = missingFromName(missing.toString());
            if (!policy.missing)
                return fail(ComparisonProfile::tr("Metric \"%1\": missing must be fail, warn or ignore.").arg(m.first));
        }
        profile.metrics.append(policy);
    }
    const JsonValue missing = document.value(QStringLiteral("missing"));
    if (!missing.isNull()) {
        profile.missing = missingFromName(missing.toString());
        if (!profile.missing)
            return fail(ComparisonProfile::tr("The profile's missing must be fail, warn or ignore."));
    }
    const JsonValue dimensions = document.value(QStringLiteral("required_dimensions"));
    if (!dimensions.isNull()) {
        if (!dimensions.isArray())
            return fail(ComparisonProfile::tr("required_dimensions must be an array of names."));
        for (const JsonValue &d : dimensions.elements()) {
            if (!d.isString() || d.toString().isEmpty())
                return fail(ComparisonProfile::tr("required_dimensions must be an array of names."));
            if (profile.requiredDimensions.contains(d.toString()))
                return fail(ComparisonProfile::tr("required_dimensions must be unique (\"%1\" is listed twice).")
                                .arg(d.toString()));
            profile.requiredDimensions.append(d.toString());
        }
    }
    const JsonValue name = document.value(QStringLiteral("name"));
    if (!name.isNull()) {
        if (!name.isString() || name.toString().isEmpty())
            return fail(ComparisonProfile::tr("The profile's name must be a non-empty string."));
        profile.name = name.toString();
    }
    profile.sha256 = QString::fromLatin1(
        QCryptographicHash::hash(toCompactSortedJson(canonical(document)), QCryptographicHash::Sha256).toHex());
    return profile;
}

std::optional<ComparisonProfile> ComparisonProfile::load(const QString &path, QString *error)
{
    QString readError;
    const std::optional<QByteArray> text = BoundedFile::read(path, BoundedFile::kDefaultMaxBytes, &readError);
    if (!text) {
        if (error)
            *error = ComparisonProfile::tr("Cannot load comparison profile %1: %2").arg(path, readError);
        return std::nullopt;
    }
    QString parseError;
    const JsonValue document = parseJson(*text, &parseError);
    if (!parseError.isEmpty()) {
        if (error)
            *error = ComparisonProfile::tr("Cannot load comparison profile %1: %2").arg(path, parseError);
        return std::nullopt;
    }
    QString why;
    auto profile = fromJson(document, &why);
    if (!profile && error)
        *error = ComparisonProfile::tr("Comparison profile %1: %2").arg(path, why);
    return profile;
}

ComparisonVerdict evaluateComparisonProfile(
    const ComparisonProfile &profile, const QVector<MetricValues> &metrics, const QStringList &sameDimensions)
{
    ComparisonVerdict verdict;
    verdict.profileName = profile.name;
    verdict.profileSha256 = profile.sha256;
    for (const MetricPolicy &policy : profile.metrics) {
        MetricVerdict v;
        v.metric = policy.metric;
        const MetricValues *found = nullptr;
        for (const MetricValues &m : metrics) {
            if (m.name == policy.metric) {
                found = &m;
                break;
            }
        }
        if (!found || !found->baseline || !found->candidate) {
            const MissingMetricPolicy missing
                = policy.missing.value_or(profile.missing.value_or(MissingMetricPolicy::Fail));
            v.status = missing == MissingMetricPolicy::Fail ? VerdictStatus::Fail
                : missing == MissingMetricPolicy::Warn      ? VerdictStatus::Warn
                                                            : VerdictStatus::Skip;
            v.message = QStringLiteral("Metric is unavailable.");
        } else if (found->unit != policy.unit) {
            v.status = VerdictStatus::Fail;
            v.message = QStringLiteral("Metric unit is '%1', expected '%2'.").arg(found->unit, policy.unit);
            v.unit = found->unit;
        } else {
            const double base = *found->baseline;
            const double cand = *found->candidate;
            const double delta = cand - base;
            const double regression = policy.direction == MetricDirection::Smaller ? std::max(0.0, delta)
                : policy.direction == MetricDirection::Larger                      ? std::max(0.0, -delta)
                                                                                   : std::abs(delta);
            const double allowed = std::max(
                policy.maxRegressionAbs.value_or(0.0), std::abs(base) * policy.maxRegressionPct.value_or(0.0) / 100.0);
            v.status = regression <= allowed ? VerdictStatus::Pass : VerdictStatus::Fail;
            v.message = v.status == VerdictStatus::Pass ? QStringLiteral("Within regression tolerance.")
                                                        : QStringLiteral("Regression exceeds tolerance.");
            v.baseline = base;
            v.candidate = cand;
            v.regression = regression;
            v.allowedRegression = allowed;
            v.unit = found->unit;
        }
        verdict.metrics.append(v);
    }
    for (const QString &d : profile.requiredDimensions) {
        if (!sameDimensions.contains(d))
            verdict.dimensionMismatches.append(d);
    }
    const auto any = [&](VerdictStatus s) {
        return std::any_of(
            verdict.metrics.cbegin(), verdict.metrics.cend(), [s](const MetricVerdict &m) { return m.status == s; });
    };
    const bool allSkipped = !verdict.metrics.isEmpty()
        && std::all_of(verdict.metrics.cbegin(), verdict.metrics.cend(),
            [](const MetricVerdict &m) { return m.status == VerdictStatus::Skip; });
    if (!verdict.dimensionMismatches.isEmpty() || any(VerdictStatus::Fail))
        verdict.status = VerdictStatus::Fail;
    else if (any(VerdictStatus::Warn))
        verdict.status = VerdictStatus::Warn;
    else if (allSkipped)
        verdict.status = VerdictStatus::Skip;
    else
        verdict.status = VerdictStatus::Pass;
    return verdict;
}

} // namespace hpx::model
