#include "model/compare/comparison.h"

#include "model/json/jsonwriter.h"

#include <QCoreApplication>

#include <future>

namespace hpx::model {

namespace {

const QString kBlocking = QStringLiteral("blocking");
const QString kLayerBlocking = QStringLiteral("layer_blocking");
const QString kMetricBlocking = QStringLiteral("metric_blocking");
const QString kInformative = QStringLiteral("informative");

std::optional<double> toNumber(const JsonValue &v)
{
    return v.isNumber() ? std::optional<double>(v.toDouble()) : std::nullopt;
}

// Python equality: 1 == 1.0.
bool sameValue(const JsonValue &a, const JsonValue &b)
{
    if (a.isNumber() && b.isNumber())
        return a.toDouble() == b.toDouble();
    return a == b;
}

JsonValue sortedKeys(const JsonValue &v)
{
    if (v.isObject()) {
        QVector<const JsonValue::Member *> members;
        for (const auto &m : v.members())
            members.append(&m);
        std::sort(members.begin(), members.end(), [](const auto *a, const auto *b) { return a->first < b->first; });
        JsonValue out = JsonValue::object();
        for (const auto *m : std::as_const(members))
            out.appendMember(m->first, sortedKeys(m->second));
        return out;
    }
    if (v.isArray()) {
        JsonValue out = JsonValue::array();
        for (const JsonValue &e : v.elements())
            out.append(sortedKeys(e));
        return out;
    }
    return v;
}

// Objects and lists in the config table are compared and written as json.dumps(sort_keys=True) text.
JsonValue stableValue(const JsonValue &v)
{
    if (v.isObject() || v.isArray())
        return JsonValue(QString::fromUtf8(toPythonJson(sortedKeys(v), -1)));
    return v;
}

JsonValue issueContext(std::initializer_list<std::pair<QString, JsonValue>> members)
{
    JsonValue context = JsonValue::object();
    for (const auto &m : members)
        context.appendMember(m.first, m.second);
    return context;
}

// The informative dimensions, in hpx's order (their differences are reported, never blocking).
const QStringList &informativeDimensions()
{
    static const QStringList names = { QStringLiteral("hpx_version"), QStringLiteral("engine"), QStringLiteral("board"),
        QStringLiteral("soc"), QStringLiteral("cpu_clock"), QStringLiteral("toolchain"),
        QStringLiteral("compiler_version"), QStringLiteral("system_clock_hz"),
        QStringLiteral("run_summary_schema_version"), QStringLiteral("run_metadata_schema_version"),
        QStringLiteral("transport"), QStringLiteral("arena_location"), QStringLiteral("weights_location") };
    return names;
}

// A run's comparison dimensions (docs/compatibility.md §5.8 comparability): read from run_metadata.json and
// summary.json, then overridden by the manifest's comparability values that are not null.
QVector<std::pair<QString, JsonValue>> dimensionsOf(const Bundle &b)
{
    const JsonValue &md = b.metadata;
    const auto path = [&](std::initializer_list<QString> keys) { return md.path(keys); };
    QVector<std::pair<QString, JsonValue>> d = {
        { QStringLiteral("model_sha256"), path({ QStringLiteral("model"), QStringLiteral("sha256") }) },
        { QStringLiteral("hpx_version"), md.value(QStringLiteral("hpx_version")) },
        { QStringLiteral("engine"),
            path({ QStringLiteral("config"), QStringLiteral("engine"), QStringLiteral("type") }) },
        { QStringLiteral("board"),
            path({ QStringLiteral("config"), QStringLiteral("target"), QStringLiteral("board") }) },
        { QStringLiteral("soc"), path({ QStringLiteral("platform"), QStringLiteral("soc") }) },
        { QStringLiteral("cpu_clock"), path({ QStringLiteral("platform"), QStringLiteral("cpu_clock_name") }) },
        { QStringLiteral("toolchain"),
            path({ QStringLiteral("config"), QStringLiteral("target"), QStringLiteral("toolchain") }) },
        { QStringLiteral("compiler_version"),
            path({ QStringLiteral("toolchain"), QStringLiteral("compiler_version") }) },
        { QStringLiteral("system_clock_hz"), path({ QStringLiteral("firmware"), QStringLiteral("system_clock_hz") }) },
        { QStringLiteral("run_summary_schema_version"), b.summary.value(QStringLiteral("schema_version")) },
        { QStringLiteral("run_metadata_schema_version"), md.value(QStringLiteral("schema_version")) },
        { QStringLiteral("transport"),
            path({ QStringLiteral("config"), QStringLiteral("target"), QStringLiteral("transport") }) },
        { QStringLiteral("arena_location"),
            path({ QStringLiteral("config"), QStringLiteral("model"), QStringLiteral("arena_location") }) },
        { QStringLiteral("weights_location"),
            path({ QStringLiteral("config"), QStringLiteral("model"), QStringLiteral("weights_location") }) },
    };
    const JsonValue power = b.summary.value(QStringLiteral("power"));
    if (power.isObject()) {
        d.append({ QStringLiteral("power_scope"), power.value(QStringLiteral("measurement_scope")) });
        d.append({ QStringLiteral("power_integrity"), power.value(QStringLiteral("integrity")) });
        d.append({ QStringLiteral("power_firmware"), power.value(QStringLiteral("power_firmware")) });
    }
    for (const auto &m : b.manifest.value(QStringLiteral("comparability")).members()) {
        if (m.second.isNull())
            continue;
        auto it = std::find_if(d.begin(), d.end(), [&](const auto &e) { return e.first == m.first; });
        if (it != d.end())
            it->second = m.second;
        else
            d.append({ m.first, m.second });
    }
    return d;
}

JsonValue dimension(const QVector<std::pair<QString, JsonValue>> &d, const QString &key)
{
    for (const auto &e : d) {
        if (e.first == key)
            return e.second;
    }
    return {};
}

struct ConfigField {
    const char *key;
    const char *label;
    std::initializer_list<const char *> path; // into run_metadata.json; empty = a dimension
};

// The config table, in hpx's row order. Dimension rows show the value the comparability check judged.
QVector<ConfigRow> configRows(const Bundle &b, const Bundle &c, const QVector<std::pair<QString, JsonValue>> &bd,
    const QVector<std::pair<QString, JsonValue>> &cd)
{
    static const ConfigField fields[] = {
        { "model_path", "Model path", { "config", "model", "path" } },
        { "model_sha256", "Model SHA256", {} },
        { "engine", "Engine", {} },
        { "backend", "Backend", { "config", "engine", "backend" } },
        { "board", "Board", {} },
        { "soc", "SoC", {} },
        { "toolchain", "Toolchain", {} },
        { "transport", "Transport", {} },
        { "cpu_clock", "CPU clock", {} },
        { "iterations", "Iterations", { "config", "profiling", "iterations" } },
        { "warmup", "Warmup", { "config", "profiling", "warmup" } },
        { "pmu_counters", "PMU counters", { "config", "profiling", "pmu_counters" } },
        { "arena_size", "Arena size", { "config", "model", "arena_size" } },
        { "arena_location", "Arena location", {} },
        { "weights_location", "Weights location", {} },
        { "hpx_version", "hpx version", {} },
        { "compiler_version", "Compiler version", {} },
        { "system_clock_hz", "System clock", {} },
        { "run_metadata_schema_version", "Metadata schema", {} },
    };
    const auto read
        = [](const Bundle &bundle, const QVector<std::pair<QString, JsonValue>> &dims, const ConfigField &f) {
              if (f.path.size() == 0)
                  return dimension(dims, QString::fromLatin1(f.key));
              JsonValue v = bundle.metadata;
              for (const char *k : f.path)
                  v = v.value(QString::fromLatin1(k));
              return v;
          };
    QVector<ConfigRow> rows;
    for (const ConfigField &f : fields) {
        ConfigRow row;
        row.key = QString::fromLatin1(f.key);
        row.field = QString::fromLatin1(f.label);
        row.baseline = stableValue(read(b, bd, f));
        row.candidate = stableValue(read(c, cd, f));
        row.same = sameValue(row.baseline, row.candidate);
        rows.append(row);
    }
    return rows;
}

struct MetricField {
    const char *name;
    std::initializer_list<const char *> path;
    const char *unit;
    bool power;
};

QVector<MetricDiff> metricDiffs(const JsonValue &base, const JsonValue &cand, bool withPower)
{
    static const MetricField fields[] = {
        { "total_cycles", { "total_cycles" }, "cycles", false },
        // hpx Studio: every cycle once when control-flow layers enclose others (summary.json self_costs); only
        // when a bundle has it.
        { "total_cycles_self", { "self_costs", "total_cycles" }, "cycles", false },
        { "device_profiled_infer_avg_us", { "latency", "device_profiled_infer_avg_us" }, "us", false },
        { "device_profiled_infer_total_us", { "latency", "device_profiled_infer_total_us" }, "us", false },
        { "layers", { "layers" }, "", false },
        { "binary.text", { "binary", "text" }, "bytes", false },
        { "binary.data", { "binary", "data" }, "bytes", false },
        { "binary.bss", { "binary", "bss" }, "bytes", false },
        { "binary.reserved", { "binary", "reserved" }, "bytes", false },
        { "binary.total", { "binary", "total" }, "bytes", false },
        { "memory.arena_size", { "memory", "arena_size" }, "bytes", false },
        { "memory.allocated_arena", { "memory", "allocated_arena" }, "bytes", false },
        { "memory.model_size", { "memory", "model_size" }, "bytes", false },
        { "power.avg_current_a", { "power", "avg_current_a" }, "A", true },
        { "power.avg_power_w", { "power", "avg_power_w" }, "W", true },
        { "power.peak_current_a", { "power", "peak_current_a" }, "A", true },
        { "power.energy_j", { "power", "energy_j" }, "J", true },
        { "power.duration_s", { "power", "duration_s" }, "s", true },
        { "power.energy_per_inference_j", { "power", "energy_per_inference_j" }, "J", true },
        { "power.inferences_per_joule", { "power", "inferences_per_joule" }, "inferences/J", true },
    };
    const auto at = [](const JsonValue &doc, const MetricField &f) {
        JsonValue v = doc;
        for (const char *k : f.path)
            v = v.value(QString::fromLatin1(k));
        return v;
    };
    QVector<MetricDiff> out;
    for (const MetricField &f : fields) {
        MetricDiff m;
        m.name = QString::fromLatin1(f.name);
        m.baseline = at(base, f);
        m.candidate = at(cand, f);
        m.unit = QString::fromLatin1(f.unit);
        if (f.power && (!withPower || (m.baseline.isNull() && m.candidate.isNull())))
            continue;
        if (m.name == QLatin1String("total_cycles_self") && m.baseline.isNull() && m.candidate.isNull())
            continue;
        const auto b = toNumber(m.baseline);
        const auto c = toNumber(m.candidate);
        if (b && c) {
            m.delta = *c - *b;
            if (*b != 0)
                m.deltaPct = *m.delta / *b * 100.0;
        }
        out.append(m);
    }
    return out;
}

QString translatedIssue(const ComparabilityIssue &issue)
{
    const QString role = issue.context.value(QStringLiteral("role")).toString() == QLatin1String("baseline")
        ? Comparison::tr("baseline")
        : Comparison::tr("candidate");
    if (issue.code == QLatin1String("result.incomplete"))
        return Comparison::tr("The %1 result bundle is not complete.").arg(role);
    if (issue.code == QLatin1String("result.invalid")) {
        const QString text = Comparison::tr("The %1 result is invalid and cannot be compared.").arg(role);
        const QString reason = issue.context.value(QStringLiteral("reason")).toString();
        return reason.isEmpty() ? text : text + QLatin1Char(' ') + reason;
    }
    if (issue.code == QLatin1String("result.invalid_pmu_overflow"))
        return Comparison::tr("The legacy %1 result has PMU counter overflow.").arg(role);
    if (issue.code == QLatin1String("identity.model_mismatch"))
        return Comparison::tr(
            "The two runs profiled different models (model SHA-256 differs); use --allow-model-change to "
            "compare them anyway.");
    return issue.message;
}

} // namespace

bool Comparison::runMetricsComparable() const
{
    return std::none_of(
        issues.cbegin(), issues.cend(), [](const ComparabilityIssue &i) { return i.severity == kBlocking; });
}

bool Comparison::layersComparable() const
{
    return runMetricsComparable() && std::none_of(issues.cbegin(), issues.cend(), [](const ComparabilityIssue &i) {
        return i.severity == kLayerBlocking;
    });
}

bool Comparison::powerMetricsComparable() const
{
    return runMetricsComparable() && std::none_of(issues.cbegin(), issues.cend(), [](const ComparabilityIssue &i) {
        return i.severity == kMetricBlocking
            && i.context.value(QStringLiteral("metric_group")).toString() == QLatin1String("power");
    });
}

QStringList Comparison::blockingMessages() const
{
    QStringList out;
    for (const ComparabilityIssue &i : issues) {
        if (i.severity == kBlocking)
            out.append(translatedIssue(i));
    }
    return out;
}

std::optional<double> Comparison::baselineValue(int pair, const QString &counter) const
{
    const int layer = pairs.value(pair).baseline;
    if (layer < 0)
        return std::nullopt;
    return baseline.result.value(
        layer, counter == QLatin1String("cycles") ? QStringLiteral("ARM_PMU_CPU_CYCLES") : counter);
}

std::optional<double> Comparison::candidateValue(int pair, const QString &counter) const
{
    const int layer = pairs.value(pair).candidate;
    if (layer < 0)
        return std::nullopt;
    return candidate.result.value(
        layer, counter == QLatin1String("cycles") ? QStringLiteral("ARM_PMU_CPU_CYCLES") : counter);
}

QStringList Comparison::sharedCounters() const
{
    QStringList out;
    for (const QString &c : baseline.result.counters) {
        if (candidate.result.counters.contains(c))
            out.append(c);
    }
    return out;
}

const MetricDiff *Comparison::metric(const QString &name) const
{
    for (const MetricDiff &m : metrics) {
        if (m.name == name)
            return &m;
    }
    return nullptr;
}

namespace {

using Dimensions = QVector<std::pair<QString, JsonValue>>;

// Validity of each run: an incomplete or invalid run blocks the comparison, a degraded one is noted.
void checkRunValidity(const Bundle &b, const Bundle &c, QVector<ComparabilityIssue> &issues)
{
    for (const Bundle *run : { &b, &c }) {
        const QString role = run == &b ? QStringLiteral("baseline") : QStringLiteral("candidate");
        const JsonValue runId = run->manifest.value(QStringLiteral("run_id"));
        if (run->hasManifest && run->status != QLatin1String("complete")) {
            issues.append({ QStringLiteral("result.incomplete"), kBlocking,
                QStringLiteral("The %1 result bundle is %2.").arg(role, run->status),
                issueContext({ { QStringLiteral("role"), role }, { QStringLiteral("run_id"), runId } }) });
        }
        // The validity the reader decided (BundleReader): one answer in hpx show, hpx compare and the window. A
        // legacy bundle's comes from its summary, its issues, PMU overflow, or hpx Studio's missing manifest.
        const QString &validity = run->validity;
        const bool legacyOverflow = !run->hasManifest && run->result.overflowDetected;
        if (validity == QLatin1String("invalid") && legacyOverflow) {
            issues.append({ QStringLiteral("result.invalid_pmu_overflow"), kBlocking,
                QStringLiteral("The legacy %1 result has PMU counter overflow.").arg(role),
                issueContext({ { QStringLiteral("role"), role } }) });
        } else if (validity == QLatin1String("invalid")) {
            JsonValue context = issueContext({ { QStringLiteral("role"), role }, { QStringLiteral("run_id"), runId } });
            if (!run->validityReason.isEmpty())
                context.appendMember(QStringLiteral("reason"), run->validityReason);
            issues.append({ QStringLiteral("result.invalid"), kBlocking,
                QStringLiteral("The %1 result is invalid and cannot be compared.").arg(role), context });
        } else if (run->hasManifest && validity == QLatin1String("degraded")) { // heliaPROFILER's informative note
            issues.append({ QStringLiteral("result.degraded"), kInformative,
                QStringLiteral("The %1 result is degraded; interpret affected metrics cautiously.").arg(role),
                issueContext({ { QStringLiteral("role"), role }, { QStringLiteral("run_id"), runId } }) });
        }
    }
}

// Identity: the model. Different models block the comparison unless a model change is allowed.
ModelRelation checkModelIdentity(
    const Dimensions &bd, const Dimensions &cd, const ComparisonOptions &options, QVector<ComparabilityIssue> &issues)
{
    const QString baseModel = dimension(bd, QStringLiteral("model_sha256")).toString();
    const QString candModel = dimension(cd, QStringLiteral("model_sha256")).toString();
    ModelRelation relation = ModelRelation::Unknown;
    if (!baseModel.isEmpty() && !candModel.isEmpty())
        relation = baseModel == candModel ? ModelRelation::Same : ModelRelation::Different;
    if (relation == ModelRelation::Different) {
        JsonValue context
            = issueContext({ { QStringLiteral("baseline"), baseModel }, { QStringLiteral("candidate"), candModel } });
        if (options.allowModelChange)
            context.appendMember(QStringLiteral("allowed"), true);
        issues.append({ QStringLiteral("identity.model_mismatch"), options.allowModelChange ? kInformative : kBlocking,
            QStringLiteral("Model SHA-256 differs; run-level performance deltas are not comparable."), context });
    }
    return relation;
}

// Power dimensions: a mismatch or an invalid power result drops the power metrics only.
void checkPowerDimensions(const Dimensions &bd, const Dimensions &cd, QVector<ComparabilityIssue> &issues)
{
    for (const auto &e : bd) {
        if (!e.first.startsWith(QLatin1String("power_")) || e.first == QLatin1String("power_integrity"))
            continue;
        const JsonValue other = dimension(cd, e.first);
        if (!e.second.isNull() && !other.isNull() && !sameValue(e.second, other))
            issues.append({ QStringLiteral("metric.power_%1_mismatch").arg(e.first), kMetricBlocking,
                QStringLiteral("Power metrics omitted because %1 differs.").arg(e.first),
                issueContext({ { QStringLiteral("metric_group"), QStringLiteral("power") },
                    { QStringLiteral("baseline"), e.second }, { QStringLiteral("candidate"), other } }) });
    }
    for (const auto *dims : { &bd, &cd }) {
        const QString role = dims == &bd ? QStringLiteral("baseline") : QStringLiteral("candidate");
        const JsonValue integrity = dimension(*dims, QStringLiteral("power_integrity"));
        if (!integrity.isNull() && integrity.toString() != QLatin1String("valid"))
            issues.append({ QStringLiteral("metric.power_integrity_invalid"), kMetricBlocking,
                QStringLiteral("Power metrics omitted because the %1 power result is %2.")
                    .arg(role, integrity.toString()),
                issueContext({ { QStringLiteral("metric_group"), QStringLiteral("power") },
                    { QStringLiteral("role"), role }, { QStringLiteral("integrity"), integrity } }) });
    }
}

// Topology: which rule paired the layers (layermatch.h), or why no rule could.
void reportLayerMatch(const LayerMatch &match, int nb, int nc, QVector<ComparabilityIssue> &issues)
{
    if (match.identicalLists) {
        // hpx's case: nothing to report.
    } else if (match.rule == LayerMatchRule::None) {
        if (nb != nc)
            issues.append({ QStringLiteral("topology.layer_count_mismatch"), kLayerBlocking,
                QStringLiteral("Per-layer deltas omitted because layer counts differ (baseline=%1, candidate=%2).")
                    .arg(nb)
                    .arg(nc),
                JsonValue::object() });
        else
            issues.append({ QStringLiteral("topology.operation_sequence_mismatch"), kLayerBlocking,
                QStringLiteral("Per-layer deltas omitted because operation sequences differ."),
                match.reason.isEmpty() ? JsonValue::object()
                                       : issueContext({ { QStringLiteral("reason"), match.reason } }) });
    } else {
        issues.append({ QStringLiteral("topology.layers_matched"), kInformative,
            QStringLiteral("Layer lists differ (baseline=%1, candidate=%2); layers were matched by %3: %4 paired, "
                           "%5 only in the baseline, %6 only in the candidate.")
                .arg(nb)
                .arg(nc)
                .arg(match.rule == LayerMatchRule::OperatorIndex ? QStringLiteral("operator index")
                                                                 : QStringLiteral("op sequence alignment"))
                .arg(match.matched)
                .arg(match.baselineOnly)
                .arg(match.candidateOnly),
            issueContext({ { QStringLiteral("rule"), layerMatchRuleName(match.rule) },
                { QStringLiteral("matched"), match.matched }, { QStringLiteral("baseline_only"), match.baselineOnly },
                { QStringLiteral("candidate_only"), match.candidateOnly } }) });
    }
}

// Every informative dimension (versions, board, clocks, ...) both runs name and name differently.
void reportDifferingDimensions(const Dimensions &bd, const Dimensions &cd, QVector<ComparabilityIssue> &issues)
{
    for (const QString &name : informativeDimensions()) {
        const JsonValue bv = dimension(bd, name);
        const JsonValue cv = dimension(cd, name);
        if (!bv.isNull() && !cv.isNull() && !sameValue(bv, cv))
            issues.append({ QStringLiteral("dimension.%1_differs").arg(name), kInformative,
                QStringLiteral("Comparison dimension differs: %1.").arg(name),
                issueContext({ { QStringLiteral("baseline"), bv }, { QStringLiteral("candidate"), cv } }) });
    }
}

// heliaPROFILER's warnings: every issue, PMU overflow, metrics one run lacks, AOT placement in one run only.
QStringList comparisonWarnings(const Comparison &cmp)
{
    const Bundle &b = cmp.baseline;
    const Bundle &c = cmp.candidate;
    QStringList warnings;
    for (const ComparabilityIssue &i : std::as_const(cmp.issues))
        warnings.append(i.message);
    if (b.summary.value(QStringLiteral("overflow_detected")).toBool()
        || c.summary.value(QStringLiteral("overflow_detected")).toBool())
        warnings.append(QStringLiteral("PMU overflow detected in at least one run; counter values may be unreliable."));
    QStringList missing;
    for (const MetricDiff &m : std::as_const(cmp.metrics)) {
        if (m.baseline.isNull() || m.candidate.isNull())
            missing.append(m.name);
    }
    if (!missing.isEmpty())
        warnings.append(
            QStringLiteral("Some run-level metrics are missing in one run: ") + missing.join(QStringLiteral(", ")));
    if (b.aotMemory.isEmpty() != c.aotMemory.isEmpty())
        warnings.append(QStringLiteral(
            "AOT memory placement artifacts are present in only one run; placement diffs may be partial."));
    return warnings;
}

// The profile's verdict over the run-level metrics and the configuration keys both runs share.
ComparisonVerdict profileVerdict(const ComparisonProfile &profile, const Comparison &cmp)
{
    QVector<MetricValues> values;
    for (const MetricDiff &m : std::as_const(cmp.metrics))
        values.append({ m.name, toNumber(m.baseline), toNumber(m.candidate), m.unit });
    QStringList same;
    for (const ConfigRow &row : std::as_const(cmp.config)) {
        if (row.same)
            same.append(row.key);
    }
    return evaluateComparisonProfile(profile, values, same);
}

} // namespace

Comparison Comparator::compare(Bundle baseline, Bundle candidate, const ComparisonOptions &options)
{
    Comparison cmp;
    cmp.baseline = std::move(baseline);
    cmp.candidate = std::move(candidate);
    const Bundle &b = cmp.baseline;
    const Bundle &c = cmp.candidate;

    checkRunValidity(b, c, cmp.issues);
    const Dimensions bd = dimensionsOf(b);
    const Dimensions cd = dimensionsOf(c);
    const ModelRelation relation = checkModelIdentity(bd, cd, options, cmp.issues);
    checkPowerDimensions(bd, cd, cmp.issues);
    const LayerMatch match = matchLayers(b.result, c.result, relation);
    reportLayerMatch(match, int(b.result.layers.size()), int(c.result.layers.size()), cmp.issues);
    reportDifferingDimensions(bd, cd, cmp.issues);
    if (cmp.blocked())
        return cmp;

    cmp.config = configRows(b, c, bd, cd);
    cmp.metrics = metricDiffs(b.summary, c.summary, cmp.powerMetricsComparable());
    if (cmp.layersComparable()) {
        cmp.layerRule = match.rule;
        cmp.pairs = match.pairs;
    }
    cmp.warnings.append(comparisonWarnings(cmp));
    if (options.profile)
        cmp.verdict = profileVerdict(*options.profile, cmp);
    return cmp;
}

std::optional<Comparison> Comparator::compareDirectories(
    const QString &baselineDir, const QString &candidateDir, const ComparisonOptions &options, QString *error)
{
    // The two bundles are independent: each is read on its own thread and only the finished value crosses. Only
    // what a comparison uses is parsed (no overlays, passes or groups), but the bundle is verified as every reader
    // verifies it (BundleReader): every declared file hashed, the schema checked.
    const BundleReadOptions readOptions = BundleReadOptions::forComparison();
    auto candidateRead = std::async(
        std::launch::async, [candidateDir, readOptions]() { return BundleReader::read(candidateDir, readOptions); });
    BundleReadResult base = BundleReader::read(baselineDir, readOptions);
    BundleReadResult cand = candidateRead.get();
    if (!base.bundle) {
        if (error)
            *error = Comparison::tr("Baseline %1: %2").arg(baselineDir, base.error);
        return std::nullopt;
    }
    if (!cand.bundle) {
        if (error)
            *error = Comparison::tr("Candidate %1: %2").arg(candidateDir, cand.error);
        return std::nullopt;
    }
    return Comparator::compare(std::move(*base.bundle), std::move(*cand.bundle), options);
}

} // namespace hpx::model
