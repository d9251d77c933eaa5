// `hpx compare BASELINE CANDIDATE`: two result bundles side by side, with heliaPROFILER's files and
// verdicts (docs/compatibility.md §7.2, docs/cli.md).
#include "app/hpx/cliutil.h"
#include "model/compare/comparison.h"
#include "model/compare/comparisonexport.h"
#include "model/compare/comparisonprofile.h"

#include <QCoreApplication>
#include <QDir>
#include <QLocale>

#include <algorithm>
#include <cmath>

namespace hpx::cli {

using namespace hpx::model;

namespace {

QString number(const std::optional<double> &v, int decimals = 1)
{
    if (!v)
        return QStringLiteral("-");
    if (std::abs(*v - std::round(*v)) < 1e-9 && std::abs(*v) < 1e15)
        return QString::number(qint64(std::llround(*v)));
    return QString::number(*v, 'f', decimals);
}

QString signedNumber(const std::optional<double> &v, int decimals = 1)
{
    if (!v)
        return QStringLiteral("-");
    const QString text = number(v, decimals);
    return *v > 0 ? QLatin1Char('+') + text : text;
}

QString percent(const std::optional<double> &v)
{
    return v ? signedNumber(v, 2) + QLatin1Char('%') : QStringLiteral("-");
}

std::optional<double> asNumber(const JsonValue &v)
{
    return v.isNumber() ? std::optional<double>(v.toDouble()) : std::nullopt;
}

} // namespace

// `hpx compare`: reads the two bundles, prints the report and writes the comparison's files. Its messages are its own.
class CompareCommand {
    Q_DECLARE_TR_FUNCTIONS(hpx::cli::CompareCommand)
public:
    static int run(const QStringList &arguments);

private:
    static QString verdictText(VerdictStatus s);
    static QString ruleText(LayerMatchRule rule);
    static void printReport(const Comparison &cmp, int topLayers);
};

QString CompareCommand::verdictText(VerdictStatus s)
{
    switch (s) {
    case VerdictStatus::Pass:
        return tr("PASS");
    case VerdictStatus::Warn:
        return tr("WARN");
    case VerdictStatus::Fail:
        return tr("FAIL");
    case VerdictStatus::Skip:
        return tr("SKIP");
    }
    return {};
}

QString CompareCommand::ruleText(LayerMatchRule rule)
{
    switch (rule) {
    case LayerMatchRule::None:
        return tr("not matched (no per-layer deltas)");
    case LayerMatchRule::Position:
        return tr("by position (identical layer lists of the same model)");
    case LayerMatchRule::OperatorIndex:
        return tr("by (subgraph, operator index): same model, different layer lists");
    case LayerMatchRule::OpSequence:
        return tr("by op-sequence alignment (the models differ or are unknown)");
    }
    return {};
}

void CompareCommand::printReport(const Comparison &cmp, int topLayers)
{
    QTextStream &o = out();
    int matched = 0, baseOnly = 0, candOnly = 0;
    for (const LayerPair &p : cmp.pairs) {
        matched += p.baseline >= 0 && p.candidate >= 0;
        baseOnly += p.candidate < 0;
        candOnly += p.baseline < 0;
    }
    o << tr("Layers: %1").arg(ruleText(cmp.layerRule)) << '\n';
    if (cmp.layerRule != LayerMatchRule::None)
        o << tr("  %1 paired, %2 only in the baseline, %3 only in the candidate")
                 .arg(matched)
                 .arg(baseOnly)
                 .arg(candOnly)
          << '\n';
    if (!cmp.issues.isEmpty()) {
        o << tr("Comparability issues:") << '\n';
        for (const ComparabilityIssue &i : cmp.issues)
            o << QStringLiteral("  [%1] %2: %3").arg(i.severity, i.code, i.message) << '\n';
    }
    o << '\n'
      << QStringLiteral("%1 %2 %3 %4 %5")
             .arg(tr("Metric"), -32)
             .arg(tr("Baseline"), 16)
             .arg(tr("Candidate"), 16)
             .arg(tr("Delta"), 14)
             .arg(tr("Delta %"), 10)
      << '\n';
    // The virtual board's cycle totals are emulated instructions and its *_us are those at a nominal clock: named
    // so, and no time shown (compare_summary.json keeps heliaPROFILER's fields, docs/output-files.md).
    const bool emulated = cmp.cyclesAreEmulatedInstructions();
    const auto label = [emulated](const MetricDiff &m) -> QString {
        if (emulated && m.unit == QLatin1String("cycles"))
            return m.name == QLatin1String("total_cycles_self") ? tr("instructions, self (emulated)")
                                                                : tr("instructions (emulated)");
        return m.name + (m.unit.isEmpty() ? QString() : QStringLiteral(" [%1]").arg(m.unit));
    };
    for (const MetricDiff &m : cmp.metrics) {
        if (m.baseline.isNull() && m.candidate.isNull())
            continue;
        if (emulated && m.unit == QLatin1String("us"))
            continue;
        o << QStringLiteral("%1 %2 %3 %4 %5")
                 .arg(label(m), -32)
                 .arg(number(asNumber(m.baseline), 3), 16)
                 .arg(number(asNumber(m.candidate), 3), 16)
                 .arg(signedNumber(m.delta, 3), 14)
                 .arg(percent(m.deltaPct), 10)
          << '\n';
    }

    // Layers that moved most, by |delta cycles|.
    struct Row {
        int pair;
        double delta;
    };
    QVector<Row> rows;
    for (int p = 0; p < cmp.pairs.size(); ++p) {
        const auto b = cmp.baselineValue(p, QStringLiteral("cycles"));
        const auto c = cmp.candidateValue(p, QStringLiteral("cycles"));
        if (b && c)
            rows.append({ p, *c - *b });
    }
    std::stable_sort(
        rows.begin(), rows.end(), [](const Row &a, const Row &b) { return std::abs(a.delta) > std::abs(b.delta); });
    const int shown = topLayers < rows.size() ? topLayers : int(rows.size());
    if (shown > 0) {
        o << '\n'
          << (emulated ? tr("Top %n layer(s) by change of instructions (emulated):", nullptr, shown)
                       : tr("Top %n layer(s) by cycle change:", nullptr, shown))
          << '\n';
        o << QStringLiteral("  %1 %2 %3 %4 %5 %6")
                 .arg(QStringLiteral("#"), 6)
                 .arg(tr("Op"), -24)
                 .arg(tr("Baseline"), 14)
                 .arg(tr("Candidate"), 14)
                 .arg(tr("Delta"), 14)
                 .arg(tr("Delta %"), 10)
          << '\n';
        for (int k = 0; k < shown; ++k) {
            const int p = rows.at(k).pair;
            const LayerPair &pair = cmp.pairs.at(p);
            const LayerResult &cl = cmp.candidate.result.layers.at(pair.candidate);
            const auto b = cmp.baselineValue(p, QStringLiteral("cycles"));
            o << QStringLiteral("  %1 %2 %3 %4 %5 %6")
                     .arg(cl.id.toString(), 6)
                     .arg(cl.op, -24)
                     .arg(number(b), 14)
                     .arg(number(cmp.candidateValue(p, QStringLiteral("cycles"))), 14)
                     .arg(signedNumber(rows.at(k).delta), 14)
                     .arg(percent(*b != 0 ? std::optional<double>(rows.at(k).delta / *b * 100.0) : std::nullopt), 10)
              << '\n';
        }
    }
    if (cmp.verdict) {
        const ComparisonVerdict &v = *cmp.verdict;
        o << '\n'
          << (v.profileName.isEmpty() ? tr("Verdict: %1").arg(verdictText(v.status))
                                      : tr("Verdict: %1 (profile %2)").arg(verdictText(v.status), v.profileName))
          << '\n';
        for (const MetricVerdict &m : v.metrics) {
            if (m.regression)
                o << tr("  %1 %2: regression %3, allowed %4 %5")
                         .arg(verdictText(m.status), m.metric, number(m.regression, 3), number(m.allowedRegression, 3),
                             m.unit)
                         .trimmed()
                  << '\n';
            else
                o << QStringLiteral("  %1 %2: %3").arg(verdictText(m.status), m.metric, m.message) << '\n';
        }
        for (const QString &d : v.dimensionMismatches)
            o << tr("  FAIL required dimension %1 differs").arg(d) << '\n';
    }
}

int CompareCommand::run(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        tr("Compare two result bundles (a baseline and a candidate), written by hpx Studio or heliaPROFILER:\n"
           "run-level metrics, per-layer deltas and, with --profile, a pass/warn/fail/skip regression verdict.\n"
           "With --output-dir it writes compare_summary.json, layer_diff.csv and Model Explorer delta overlays.\n"
           "Exit codes: 0 compared (verdict pass, warn or skip); 1 the verdict is fail; 2 the bundles cannot be\n"
           "read or compared (incomplete, invalid, different models) or bad arguments."));
    parser.addPositionalArgument(QStringLiteral("BASELINE"), tr("The reference bundle directory."));
    parser.addPositionalArgument(QStringLiteral("CANDIDATE"), tr("The bundle directory judged against it."));
    const QCommandLineOption outputOption(QStringLiteral("output-dir"),
        tr("Write compare_summary.json, layer_diff.csv and model_explorer/me_overlay_delta_<COUNTER>.json here."),
        QStringLiteral("DIR"));
    const QCommandLineOption profileOption(QStringLiteral("profile"),
        tr("hpx.comparison-profile v1 JSON with the regression tolerances (see resources/examples/)."),
        QStringLiteral("FILE"));
    const QCommandLineOption topOption(QStringLiteral("top-layers"),
        tr("How many of the most changed layers to list (default 10)."), QStringLiteral("N"), QStringLiteral("10"));
    const QCommandLineOption allowModelOption(QStringLiteral("allow-model-change"),
        tr("Compare runs of different models (hpx Studio addition): the model SHA-256 no longer blocks, and layers "
           "are matched by op-sequence alignment."));
    const QCommandLineOption noOverlaysOption(
        QStringLiteral("no-model-explorer"), tr("Write no Model Explorer delta overlays."));
    parser.addOptions({ outputOption, profileOption, topOption, allowModelOption, noOverlaysOption });
    int exitCode = ExitOk;
    if (!parseCommandLine(parser, QStringLiteral("compare"), arguments, &exitCode))
        return exitCode;
    const QStringList positional = parser.positionalArguments();
    if (positional.size() != 2) {
        err() << tr("hpx compare: expected BASELINE and CANDIDATE bundle directories; run 'hpx compare --help'.")
              << '\n';
        return ExitBadInput;
    }
    bool ok = false;
    const int topLayers = parser.value(topOption).toInt(&ok);
    if (!ok || topLayers < 0) {
        err() << tr("hpx compare: --top-layers needs a whole number >= 0.") << '\n';
        return ExitBadInput;
    }
    std::optional<ComparisonProfile> profile;
    if (parser.isSet(profileOption)) {
        QString error;
        profile = ComparisonProfile::load(parser.value(profileOption), &error);
        if (!profile) {
            err() << tr("hpx compare: %1").arg(error) << '\n';
            return ExitBadInput;
        }
    }
    ComparisonOptions options;
    options.allowModelChange = parser.isSet(allowModelOption);
    options.profile = profile ? &*profile : nullptr;
    err() << tr("Comparing %1 (baseline) with %2 (candidate)").arg(positional.at(0), positional.at(1)) << '\n';
    err().flush();
    QString error;
    const auto comparison = Comparator::compareDirectories(positional.at(0), positional.at(1), options, &error);
    if (!comparison) {
        err() << tr("hpx compare: %1").arg(error) << '\n';
        return ExitBadInput;
    }
    if (comparison->blocked()) {
        err() << tr("hpx compare: the results are not comparable:") << '\n';
        for (const QString &m : comparison->blockingMessages())
            err() << QStringLiteral("  ") << m << '\n';
        return ExitBadInput;
    }
    printReport(*comparison, topLayers);
    if (parser.isSet(outputOption)) {
        const QString dir = parser.value(outputOption);
        const ComparisonWriteResult written
            = writeComparison(*comparison, dir, positional.at(0), positional.at(1), !parser.isSet(noOverlaysOption));
        if (!written.ok) {
            err() << tr("hpx compare: %1").arg(written.error) << '\n';
            return ExitBadInput;
        }
        err() << tr("Wrote %n file(s) to %1", nullptr, int(written.files.size())).arg(QDir::toNativeSeparators(dir))
              << '\n';
    }
    out().flush();
    return comparison->verdict && comparison->verdict->status == VerdictStatus::Fail ? ExitRegression : ExitOk;
}

namespace {
const CommandRegistration registration({ QStringLiteral("compare"),
    CompareCommand::tr("Compare two result bundles; a regression gate for CI."), &CompareCommand::run });

} // namespace
} // namespace hpx::cli
