#pragma once

#include "model/json/jsonvalue.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>
#include <QVector>

#include <optional>

namespace hpx::model {

// An `hpx.comparison-profile` v1 (docs/compatibility.md §7.2): per-metric regression tolerances that turn
// a comparison into a pass | warn | fail | skip verdict. There are no built-in thresholds.

enum class MetricDirection { Smaller, Larger, Equal };
enum class MissingMetricPolicy { Fail, Warn, Ignore };
enum class VerdictStatus { Pass, Warn, Fail, Skip };
QString verdictStatusName(VerdictStatus status); // pass, warn, fail, skip

struct MetricPolicy {
    QString metric; // total_cycles, device_profiled_infer_avg_us, binary.text, ...
    MetricDirection direction = MetricDirection::Smaller;
    QString unit;
    std::optional<double> maxRegressionPct;
    std::optional<double> maxRegressionAbs;
    std::optional<MissingMetricPolicy> missing;
};

struct ComparisonProfile {
    static constexpr int kSchemaVersion = 1;
    static QString schemaName() { return QStringLiteral("hpx.comparison-profile"); }

    QString name; // "" when the profile has none
    QVector<MetricPolicy> metrics; // file order
    std::optional<MissingMetricPolicy> missing; // default for metrics without their own
    QStringList requiredDimensions; // config rows (by key) that must be "same"
    QString sha256; // of the profile as heliaPROFILER canonicalises it (compact, sorted keys)

    // Unknown keys are kept (they count in the digest) and otherwise ignored, as hpx does.
    static std::optional<ComparisonProfile> fromJson(const JsonValue &document, QString *error);
    static std::optional<ComparisonProfile> load(const QString &path, QString *error);

    // fromJson()'s and load()'s messages.
    Q_DECLARE_TR_FUNCTIONS(hpx::model::ComparisonProfile)
};

// The numbers a verdict is judged on: one run-level metric of the comparison.
struct MetricValues {
    QString name;
    std::optional<double> baseline;
    std::optional<double> candidate;
    QString unit;
};

struct MetricVerdict {
    QString metric;
    VerdictStatus status = VerdictStatus::Pass;
    QString message; // English: it is written to compare_summary.json as heliaPROFILER words it
    std::optional<double> baseline;
    std::optional<double> candidate;
    std::optional<double> regression; // how far the candidate moved the wrong way (>= 0)
    std::optional<double> allowedRegression; // max(abs, |baseline| x pct / 100)
    QString unit;
};

struct ComparisonVerdict {
    VerdictStatus status = VerdictStatus::Pass;
    QVector<MetricVerdict> metrics;
    QStringList dimensionMismatches;
    QString profileName;
    QString profileSha256;
};

// sameDimensions: the config row keys whose values are equal in both runs.
ComparisonVerdict evaluateComparisonProfile(
    const ComparisonProfile &profile, const QVector<MetricValues> &metrics, const QStringList &sameDimensions);

} // namespace hpx::model
