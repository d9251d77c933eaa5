#include "model/bundle/bundledocuments.h"

#include "model/board/counters.h"
#include "model/bundle/csvwriter.h"
#include "model/json/jsonwriter.h"
#include "model/results/derivedmetrics.h"
#include "model/results/runissues.h"
#include "model/results/summarydata.h"

#include <QCoreApplication>
#include <QJsonObject>

#include <algorithm>

namespace hpx::model::bundle {

namespace {

// Python's `x or 0` on an aggregate: a zero float becomes the int 0.
JsonValue floatOrZero(double v)
{
    return v != 0.0 ? JsonValue(v) : JsonValue(0);
}

const QStringList &psramKeys()
{
    static const QStringList keys = { QStringLiteral("size_bytes"), QStringLiteral("clock_hz"),
        QStringLiteral("capabilities"), QStringLiteral("state"), QStringLiteral("last_init_status"),
        QStringLiteral("xip_enabled"), QStringLiteral("timing_status"), QStringLiteral("rxdqs_delay") };
    return keys;
}

JsonValue psramJson(const ProfileResult &result)
{
    const QVariant nested = firmwareValue(result, QStringLiteral("psram"));
    JsonValue out = JsonValue::object();
    if (nested.typeId() == QMetaType::QVariantMap || nested.typeId() == QMetaType::QVariantHash) {
        const QVariantMap map = nested.toMap();
        for (const QString &key : psramKeys()) {
            if (map.contains(key))
                out.appendMember(key, JsonValue::fromVariant(map.value(key)));
        }
        for (auto it = map.cbegin(); it != map.cend(); ++it) {
            if (!psramKeys().contains(it.key()))
                out.appendMember(it.key(), JsonValue::fromVariant(it.value()));
        }
        return out;
    }
    // Flat psram_* keys as the wire sends them: the block exists only if the clock was seen.
    if (!firmwareValue(result, QStringLiteral("psram_clock_hz")).isValid())
        return {};
    for (const QString &key : psramKeys()) {
        const QVariant v = firmwareValue(result, QStringLiteral("psram_") + key);
        if (key == QStringLiteral("xip_enabled"))
            out.appendMember(key, JsonValue(v.isValid() && v.toLongLong() != 0));
        else
            out.appendMember(key, v.isValid() ? JsonValue::fromVariant(v) : JsonValue(0));
    }
    return out;
}

// Context keys in the order heliaPROFILER writes them, for the issues it raises; Issue::context
// is a QJsonObject, which forgets insertion order.
QStringList contextKeyOrder(const QString &code)
{
    if (code == QStringLiteral("profile.clean_window_stalled")) {
        return { QStringLiteral("stalled_iters"), QStringLiteral("partial_iters"), QStringLiteral("total_iters"),
            QStringLiteral("affected_fraction"), QStringLiteral("understatement_lower_bound"),
            QStringLiteral("ref_cycles") };
    }
    if (code == QStringLiteral("profile.clean_window_clock_rate_low")) {
        return { QStringLiteral("dwt_rate_cyc"), QStringLiteral("dwt_rate_us"), QStringLiteral("system_clock_hz"),
            QStringLiteral("expected_cycles"), QStringLiteral("ratio") };
    }
    if (code == QStringLiteral("profile.clean_window_frozen")) {
        return { QStringLiteral("clean_infer_count"), QStringLiteral("clean_infer_avg_us"),
            QStringLiteral("clean_infer_total_cycles") };
    }
    return {};
}

// Σ of each cache counter some layer has, in the order the layers first have them, and the L1D hit rate when it can
// be told: summary.json's cache and memory.json's cache_totals.
JsonValue cacheJson(const ProfileResult &result)
{
    JsonValue cache = JsonValue::object();
    for (const auto &sum : cacheSums(result))
        cache.appendMember(sum.first, JsonValue(sum.second));
    if (cache.size() == 0)
        return cache;
    if (const std::optional<double> hitRate = runMetrics(result).l1dHitRatePct)
        cache.appendMember(QStringLiteral("l1d_hit_rate_pct"), JsonValue(*hitRate));
    return cache;
}

// Python's json.dumps of an int list with default separators: "[1, 49, 10, 1]".
} // namespace

QString validityOf(const QVector<Issue> &issues)
{
    bool any = false;
    for (const Issue &issue : issues) {
        if (issue.severity == QStringLiteral("error"))
            return QStringLiteral("invalid");
        any = true;
    }
    return any ? QStringLiteral("degraded") : QStringLiteral("valid");
}

QVector<Issue> effectiveIssues(const ProfileResult &result)
{
    QVector<Issue> issues = result.issues;
    const Issue overflow = counterOverflowIssue();
    const bool reported
        = std::any_of(issues.cbegin(), issues.cend(), [&](const Issue &i) { return i.code == overflow.code; });
    if (result.overflowDetected && !reported)
        issues.append(overflow);
    return issues;
}

JsonValue issuesJson(const QVector<Issue> &issues)
{
    JsonValue list = JsonValue::array();
    for (const Issue &issue : issues) {
        JsonValue context = JsonValue::object();
        // The merge records hpx's key order; for issues built elsewhere, hpx's order for its codes.
        const QStringList order = !issue.contextOrder.isEmpty() ? issue.contextOrder : contextKeyOrder(issue.code);
        for (const QString &key : order) {
            if (issue.context.contains(key))
                context.appendMember(key, JsonValue::fromQJson(issue.context.value(key)));
        }
        for (auto it = issue.context.begin(); it != issue.context.end(); ++it) {
            if (!order.contains(it.key()))
                context.appendMember(it.key(), JsonValue::fromQJson(it.value()));
        }
        JsonValue obj = JsonValue::object();
        obj.appendMember(QStringLiteral("code"), JsonValue(issue.code));
        obj.appendMember(QStringLiteral("severity"), JsonValue(issue.severity));
        obj.appendMember(QStringLiteral("message"), JsonValue(issue.message));
        obj.appendMember(QStringLiteral("context"), std::move(context));
        list.append(std::move(obj));
    }
    return list;
}

JsonValue firmwareJson(const ProfileResult &result)
{
    JsonValue out = JsonValue::object();
    bool psramDone = false;
    for (const auto &entry : result.firmware) {
        const QString &key = entry.first;
        if (!entry.second.isValid() || entry.second.isNull())
            continue;
        if (key == QStringLiteral("psram") || key.startsWith(QStringLiteral("psram_"))) {
            if (!psramDone) {
                psramDone = true;
                const JsonValue psram = psramJson(result);
                if (!psram.isNull())
                    out.insert(QStringLiteral("psram"), psram);
            }
            continue;
        }
        out.insert(key, JsonValue::fromVariant(entry.second));
    }
    return out;
}

JsonValue modelJson(const RunContext &ctx)
{
    JsonValue model = JsonValue::object();
    model.appendMember(QStringLiteral("name"), JsonValue(ctx.modelName));
    model.appendMember(QStringLiteral("size_bytes"), ctx.modelSizeBytes ? JsonValue(*ctx.modelSizeBytes) : JsonValue());
    model.appendMember(QStringLiteral("sha256"), ctx.modelSha256.isEmpty() ? JsonValue() : JsonValue(ctx.modelSha256));
    return model;
}

namespace {

// Top 5 by cycles, stable for ties (Python's sorted(reverse=True) keeps input order).
JsonValue topLayersJson(const ProfileResult &result)
{
    JsonValue top = JsonValue::array();
    for (const TopLayer &layer : topLayers(result, 5)) {
        JsonValue entry = JsonValue::object();
        entry.appendMember(QStringLiteral("op"), JsonValue(layer.op));
        entry.appendMember(QStringLiteral("cycles"), floatOrZero(layer.cycles));
        entry.appendMember(QStringLiteral("pct"), layer.pct ? JsonValue(*layer.pct) : JsonValue(0));
        top.append(std::move(entry));
    }
    return top;
}

// The firmware's memory figures, those it reported.
JsonValue summaryMemoryJson(const ProfileResult &result)
{
    JsonValue memory = JsonValue::object();
    for (const char *key :
        { "arena_size", "allocated_arena", "model_size", "num_tensors", "input_size", "output_size" }) {
        const QVariant v = firmwareValue(result, QString::fromLatin1(key));
        if (v.isValid() && !v.isNull())
            memory.appendMember(QString::fromLatin1(key), JsonValue::fromVariant(v));
    }
    return memory;
}

// The model's MACs, ops and parameters, and the cycles per MAC and per op.
JsonValue modelAnalysisJson(const ProfileResult &result, const ModelInfo &model)
{
    qint64 macs = 0, ops = 0, params = 0;
    for (const SubgraphInfo &sg : model.subgraphs) {
        for (const OperatorInfo &op : sg.operators) {
            macs += op.macs;
            ops += op.ops;
            params += op.numParameters;
        }
    }
    JsonValue analysis = JsonValue::object();
    analysis.appendMember(QStringLiteral("total_macs"), JsonValue(macs));
    analysis.appendMember(QStringLiteral("total_ops"), JsonValue(ops));
    analysis.appendMember(QStringLiteral("num_parameters"), JsonValue(params));
    const RunMetrics metrics = runMetrics(result, macs, ops);
    if (metrics.cyclesPerOp) { // the run has cycles and the model ops
        analysis.appendMember(
            QStringLiteral("cycles_per_mac"), metrics.cyclesPerMac ? JsonValue(*metrics.cyclesPerMac) : JsonValue());
        analysis.appendMember(QStringLiteral("cycles_per_op"), JsonValue(*metrics.cyclesPerOp));
    }
    return analysis;
}

// The host's timing of the run and the firmware's inference timings.
JsonValue latencyJson(const ProfileResult &result, const RunContext &ctx)
{
    JsonValue latency = JsonValue::object();
    if (ctx.timing.captureDurationS)
        latency.appendMember(
            QStringLiteral("capture_duration_s"), JsonValue(pythonRound(*ctx.timing.captureDurationS, 6)));
    if (ctx.timing.hpxStartLatencyS)
        latency.appendMember(
            QStringLiteral("hpx_start_latency_s"), JsonValue(pythonRound(*ctx.timing.hpxStartLatencyS, 6)));
    if (ctx.timing.protocolDurationS)
        latency.appendMember(
            QStringLiteral("protocol_duration_s"), JsonValue(pythonRound(*ctx.timing.protocolDurationS, 6)));
    if (ctx.timing.phases.size() > 0)
        latency.appendMember(QStringLiteral("boot_phases_s"), ctx.timing.phases);
    for (const char *key : { "profiled_infer_count", "profiled_infer_total_us", "profiled_infer_avg_us",
             "clean_infer_count", "clean_infer_total_cycles", "clean_infer_avg_cycles", "clean_infer_avg_us",
             "clean_stalled_iters", "clean_partial_iters", "clean_ref_cycles", "clean_dwt_rate_cyc",
             "clean_dwt_rate_us", "clean_attach_wait_us" }) {
        const QVariant v = firmwareValue(result, QString::fromLatin1(key));
        if (v.isValid() && !v.isNull())
            latency.appendMember(QStringLiteral("device_") + QString::fromLatin1(key), JsonValue::fromVariant(v));
    }
    return latency;
}

// hpx Studio extension: why layers are missing from the overlays (or why there are none).
JsonValue modelExplorerJson(const OverlaySet &overlays)
{
    JsonValue me = JsonValue::object();
    if (!overlays.skippedReason.isEmpty())
        me.appendMember(QStringLiteral("overlays_skipped"), JsonValue(overlays.skippedReason));
    if (!overlays.unresolved.isEmpty()) {
        JsonValue list = JsonValue::array();
        for (const UnresolvedLayer &u : overlays.unresolved) {
            JsonValue entry = JsonValue::object();
            entry.appendMember(QStringLiteral("position"), JsonValue(u.position));
            entry.appendMember(QStringLiteral("op"), JsonValue(u.op));
            entry.appendMember(QStringLiteral("reason"), JsonValue(u.reason));
            list.append(std::move(entry));
        }
        me.appendMember(QStringLiteral("unresolved_layers"), std::move(list));
    }
    return me;
}

// hpx Studio extension: honest totals when control-flow operators enclose other layers (docs/output-files.md,
// "self_costs"). heliaPROFILER's total_cycles, top_layers, cycles_pct and cache sums add every row, so they count an
// enclosed layer's events twice; they stay as hpx defines them, and this block counts every event once.
JsonValue selfCostsJson(const ProfileResult &result, const CyclesTotal &total)
{
    JsonValue self = JsonValue::object();
    const std::optional<double> selfCycles = result.selfTotal(cyclesCounterName());
    if (selfCycles) {
        self.appendMember(QStringLiteral("total_cycles"), JsonValue(*selfCycles));
        self.appendMember(QStringLiteral("cycles_counted_twice"), JsonValue(total.sum - *selfCycles));
        JsonValue top = JsonValue::array();
        for (const TopLayer &layer : topLayers(result, 5, TopBy::SelfCycles)) {
            JsonValue entry = JsonValue::object();
            entry.appendMember(QStringLiteral("position"), JsonValue(layer.layer));
            entry.appendMember(QStringLiteral("op"), JsonValue(layer.op));
            entry.appendMember(QStringLiteral("self_cycles"), floatOrZero(layer.cycles));
            entry.appendMember(QStringLiteral("cycles"), floatOrZero(layer.inclusive));
            entry.appendMember(QStringLiteral("pct"), layer.pct ? JsonValue(*layer.pct) : JsonValue(0));
            top.append(std::move(entry));
        }
        self.appendMember(QStringLiteral("top_layers"), std::move(top));
    }
    JsonValue totals = JsonValue::object();
    for (const QString &counter : result.counters) {
        if (const std::optional<double> t = result.selfTotal(counter))
            totals.appendMember(counter, JsonValue(*t));
    }
    self.appendMember(QStringLiteral("totals"), std::move(totals));
    JsonValue enclosing = JsonValue::array();
    for (int i = 0; i < result.layers.size(); ++i) {
        if (result.layers.at(i).encloses())
            enclosing.append(JsonValue(i));
    }
    self.appendMember(QStringLiteral("enclosing_layers"), std::move(enclosing));
    return self;
}

} // namespace

JsonValue summaryJson(const ProfileResult &result, const RunContext &ctx, const OverlaySet &overlays)
{
    const CyclesTotal total = totalCycles(result.layers, result.counterIndex(cyclesCounterName()));

    JsonValue s = JsonValue::object();
    s.appendMember(QStringLiteral("schema"), JsonValue(QStringLiteral("hpx.run-summary")));
    s.appendMember(QStringLiteral("schema_version"), JsonValue(kRunSummarySchemaVersion));
    s.appendMember(QStringLiteral("engine"), JsonValue(engineName(result.engine)));
    s.appendMember(QStringLiteral("layers"), JsonValue(int(result.layers.size())));
    s.appendMember(QStringLiteral("total_cycles"), total.json());
    s.appendMember(QStringLiteral("overflow_detected"), JsonValue(result.overflowDetected));
    s.appendMember(QStringLiteral("top_layers"), topLayersJson(result));
    if (JsonValue memory = summaryMemoryJson(result); memory.size() > 0)
        s.appendMember(QStringLiteral("memory"), std::move(memory));
    const JsonValue psram = psramJson(result);
    if (!psram.isNull())
        s.appendMember(QStringLiteral("psram"), psram);
    if (!ctx.memoryPlan.isNull())
        s.appendMember(QStringLiteral("memory_plan"), ctx.memoryPlan);
    if (JsonValue cache = cacheJson(result); cache.size() > 0)
        s.appendMember(QStringLiteral("cache"), std::move(cache));
    if (ctx.model)
        s.appendMember(QStringLiteral("model_analysis"), modelAnalysisJson(result, *ctx.model));
    if (JsonValue latency = latencyJson(result, ctx); latency.size() > 0)
        s.appendMember(QStringLiteral("latency"), std::move(latency));
    // Present only when there is something to say, so hpx-identical runs stay byte-identical.
    if (!overlays.skippedReason.isEmpty() || !overlays.unresolved.isEmpty())
        s.appendMember(QStringLiteral("model_explorer"), modelExplorerJson(overlays));
    if (result.hasEnclosingLayers())
        s.appendMember(QStringLiteral("self_costs"), selfCostsJson(result, total));

    const QVector<Issue> issues = effectiveIssues(result);
    s.appendMember(QStringLiteral("validity"), JsonValue(validityOf(issues)));
    s.appendMember(QStringLiteral("issues"), issuesJson(issues));
    return s;
}

JsonValue runMetadataJson(const ProfileResult &result, const RunContext &ctx, const QStringList &notes)
{
    JsonValue m = JsonValue::object();
    m.appendMember(QStringLiteral("schema"), JsonValue(QStringLiteral("hpx.run-metadata")));
    m.appendMember(QStringLiteral("schema_version"), JsonValue(kRunMetadataSchemaVersion));
    m.appendMember(QStringLiteral("hpx_version"), JsonValue(ctx.hpxVersion));
    m.appendMember(QStringLiteral("run_id"), JsonValue(ctx.runId));
    m.appendMember(QStringLiteral("timestamp"), JsonValue(ctx.timestamp));
    if (ctx.config.size() > 0)
        m.appendMember(QStringLiteral("config"), ctx.config);
    if (!ctx.platform.isEmpty() || !result.boardStatement.isEmpty()) {
        // The board's own words where it stated them, the chosen preset for the rest (§5.6).
        const PlatformInfo p = ctx.platform.asStated(result.boardStatement);
        auto str = [](const QString &v) { return v.isEmpty() ? JsonValue() : JsonValue(v); };
        auto list = [](const QStringList &v) { return v.isEmpty() ? JsonValue() : JsonValue::fromVariant(v); };
        JsonValue platform = JsonValue::object();
        platform.appendMember(QStringLiteral("board"), str(p.board));
        platform.appendMember(QStringLiteral("soc"), str(p.soc));
        platform.appendMember(QStringLiteral("core"), str(p.core));
        platform.appendMember(QStringLiteral("pmu_tier"), str(p.pmuTier));
        platform.appendMember(QStringLiteral("has_mve"), p.hasMve ? JsonValue(*p.hasMve) : JsonValue());
        platform.appendMember(QStringLiteral("profiling_backends"), list(p.profilingBackends));
        platform.appendMember(QStringLiteral("profiling_domains"), list(p.profilingDomains));
        platform.appendMember(QStringLiteral("cpu_clock_name"), str(p.cpuClockName));
        platform.appendMember(QStringLiteral("cpu_clock_mhz"), p.cpuClockMhz ? JsonValue(*p.cpuClockMhz) : JsonValue());
        platform.appendMember(QStringLiteral("cpu_perf_tier"), str(p.cpuPerfTier));
        if (p.boardAssumed) // hpx Studio extension: the board was not named and the stream fits several
            platform.appendMember(QStringLiteral("board_assumed"), JsonValue(true));
        m.appendMember(QStringLiteral("platform"), std::move(platform));
    }
    if (!ctx.modelName.isEmpty())
        m.appendMember(QStringLiteral("model"), modelJson(ctx));
    if (!ctx.toolchain.isNull())
        m.appendMember(QStringLiteral("toolchain"), ctx.toolchain);
    JsonValue engine = JsonValue::object();
    engine.appendMember(QStringLiteral("type"), JsonValue(engineName(result.engine)));
    if (!ctx.engineVersion.isEmpty())
        engine.appendMember(QStringLiteral("version"), JsonValue(ctx.engineVersion));
    m.appendMember(QStringLiteral("engine"), std::move(engine));
    if (!ctx.timing.isEmpty()) {
        JsonValue timing = JsonValue::object();
        if (ctx.timing.captureDurationS)
            timing.appendMember(QStringLiteral("capture_duration_s"), JsonValue(*ctx.timing.captureDurationS));
        if (ctx.timing.hpxStartLatencyS)
            timing.appendMember(QStringLiteral("hpx_start_latency_s"), JsonValue(*ctx.timing.hpxStartLatencyS));
        if (ctx.timing.protocolDurationS)
            timing.appendMember(QStringLiteral("protocol_duration_s"), JsonValue(*ctx.timing.protocolDurationS));
        if (ctx.timing.phases.size() > 0)
            timing.appendMember(QStringLiteral("phases"), ctx.timing.phases);
        m.appendMember(QStringLiteral("timing"), std::move(timing));
    }
    m.appendMember(QStringLiteral("firmware"), firmwareJson(result));
    // hpx Studio additions (readers of hpx bundles ignore unknown keys).
    JsonValue studio = JsonValue::object();
    studio.appendMember(QStringLiteral("aggregation"), JsonValue(aggregationName(result.aggregation)));
    if (!ctx.transport.isEmpty())
        studio.appendMember(QStringLiteral("transport"), JsonValue(ctx.transport));
    if (!ctx.emulator.isNull())
        studio.appendMember(QStringLiteral("emulator"), ctx.emulator);
    if (!ctx.input.isNull())
        studio.appendMember(QStringLiteral("input"), ctx.input);
    if (!result.cyclesPasses.isEmpty())
        studio.appendMember(QStringLiteral("cycles_passes"), JsonValue::fromVariant(result.cyclesPasses));
    // Counters the board did not count: no file holds a value for them (§3.8), so only this list says they were
    // asked for.
    if (!result.notCounted.isEmpty())
        studio.appendMember(QStringLiteral("not_counted"), JsonValue::fromVariant(result.notCounted));
    if (!result.boardStatement.isEmpty()) {
        JsonValue said = JsonValue::object();
        for (const auto &entry : result.boardStatement)
            said.appendMember(entry.first, JsonValue::fromVariant(entry.second));
        studio.appendMember(QStringLiteral("board_says"), std::move(said));
    }
    if (!notes.isEmpty())
        studio.appendMember(QStringLiteral("notes"), JsonValue::fromVariant(notes));
    m.appendMember(QStringLiteral("hpx_studio"), std::move(studio));
    return m;
}

JsonValue memoryJson(const ProfileResult &result, const JsonValue &memoryPlan)
{
    JsonValue doc = JsonValue::object();
    JsonValue arena = JsonValue::object();
    for (const char *key :
        { "arena_size", "allocated_arena", "num_tensors", "num_inputs", "num_outputs", "model_size" }) {
        const QVariant v = firmwareValue(result, QString::fromLatin1(key));
        if (v.isValid() && !v.isNull())
            arena.appendMember(QString::fromLatin1(key), JsonValue::fromVariant(v));
    }
    if (arena.size() > 0)
        doc.appendMember(QStringLiteral("arena"), std::move(arena));
    if (!memoryPlan.isNull())
        doc.appendMember(QStringLiteral("memory_plan"), memoryPlan);

    JsonValue perLayer = JsonValue::array();
    for (const LayerResult &layer : result.layers) {
        JsonValue counters = JsonValue::object();
        for (int c = 0; c < result.counters.size(); ++c) {
            if (!cacheCounters().contains(result.counters.at(c)))
                continue;
            if (const auto v = layer.valueAt(c))
                counters.appendMember(result.counters.at(c), JsonValue(*v));
        }
        if (counters.size() == 0)
            continue;
        JsonValue row = JsonValue::object();
        row.appendMember(QStringLiteral("op"), JsonValue(layer.op));
        row.appendMember(QStringLiteral("counters"), std::move(counters));
        perLayer.append(std::move(row));
    }
    if (perLayer.size() > 0)
        doc.appendMember(QStringLiteral("per_layer_memory"), std::move(perLayer));

    if (JsonValue totals = cacheJson(result); totals.size() > 0)
        doc.appendMember(QStringLiteral("cache_totals"), std::move(totals));
    return doc;
}

QByteArray nsxLock(const RunContext &ctx)
{
    // heliaPROFILER always writes nsx.lock (the exact NSX modules its firmware was built from).
    // hpx Studio builds no firmware: the lock states that no NSX dependency was resolved or used.
    // Deterministic content, so two runs differ only where the runs differ.
    QByteArray out;
    out += "# nsx.lock written by hpx Studio. This run used a board that was already flashed:\n";
    out += "# no NSX modules were resolved, built or flashed by hpx Studio.\n";
    out += "schema: nsx.lock\n";
    out += "schema_version: 1\n";
    out += "generated_by: hpx-studio " + ctx.hpxVersion.toUtf8() + "\n";
    out += "nsx_used: false\n";
    out += "modules: []\n";
    return out;
}

} // namespace hpx::model::bundle
