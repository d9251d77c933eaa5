#include "model/results/merge.h"

#include "model/board/counters.h"
#include "model/results/capturefold.h"
#include "model/results/captureissues.h"
#include "model/results/layerattribution.h"
#include "model/results/operatorsnotrun.h"
#include "model/results/runissues.h"

#include <QCoreApplication>
#include <QHash>
#include <QJsonArray>

#include <cmath>
#include <limits>

namespace hpx::model {

namespace {

QString describeRow(const LayerResult &layer)
{
    return MergeOutcome::tr("%1 (Layer %2)").arg(layer.op, layer.id.toString());
}

// hpx's FirmwareMeta fields in declaration order (psram and presets follow).
const char *const kFirmwareKeys[] = {
    "model_size",
    "arena_size",
    "allocated_arena",
    "input_size",
    "output_size",
    "num_tensors",
    "num_inputs",
    "num_outputs",
    "num_presets",
    "system_clock_hz",
    "profiled_infer_count",
    "profiled_infer_total_us",
    "profiled_infer_avg_us",
    "clean_infer_count",
    "clean_infer_total_cycles",
    "clean_infer_avg_cycles",
    "clean_infer_avg_us",
    "clean_stalled_iters",
    "clean_partial_iters",
    "clean_ref_cycles",
    "clean_dwt_rate_cyc",
    "clean_dwt_rate_us",
    "clean_attach_wait_us",
    // The virtual board's (docs/virtual-board.md): the kernel set, the output digest of its first inference, how
    // that inference ran (CALL_ONCE's init graph runs in it, unprofiled), and which input the inferences read (fixed
    // or linked, the user's: its digest and size).
    "board",
    "kernels",
    "output_fnv1a32",
    "output_bytes",
    "first_invoke",
    "input",
    "input_fnv1a32",
    "input_bytes",
};

// The clean_window_begin heartbeat's announced count, where the parser keeps it (Capture::announcedCleanIters);
// detected at compile time so this builds against either version of capture.h.
template<typename C>
auto announcedCleanIters(const C &capture, int) -> decltype(capture.announcedCleanIters, QVariant())
{
    return capture.announcedCleanIters ? QVariant(qlonglong(*capture.announcedCleanIters)) : QVariant();
}
template<typename C> QVariant announcedCleanIters(const C &, long)
{
    return {};
}

// The metadata keys in which the board states what it is and how it measures (docs/compatibility.md §1.4: our
// agent's extension keys and the protocol's own), kept as the board stated them for run metadata and the Board dock.
const char *const kBoardKeys[] = {
    "agent",
    "core",
    "cycle_source",
    "event_counters",
    "plan_source",
    "engine",
    "kernels",
    "backend",
    "system_clock_hz",
    "arena_size",
    "allocated_arena",
    "model_size",
};

// The fields of an HPX_WARN payload after its code: "pmu_unavailable core=x cycles=y events=0" -> {core: x, ...}.
QHash<QString, QString> warningFields(const QString &payload)
{
    QHash<QString, QString> fields;
    const QStringList parts = payload.split(QLatin1Char(' '), Qt::SkipEmptyParts);
    for (int i = 1; i < parts.size(); ++i) {
        const int eq = parts.at(i).indexOf(QLatin1Char('='));
        if (eq > 0)
            fields.insert(parts.at(i).left(eq), parts.at(i).mid(eq + 1));
    }
    return fields;
}

// Counters the board said it did not count (docs/compatibility.md §3.8). An agent that cannot count events prints
// them as 0 and says so once: HPX_EVENT_COUNTERS=0 or HPX_WARN=pmu_unavailable ... events=0 (every event but the
// cycles), HPX_CYCLE_SOURCE=none or a pmu_unavailable warning with cycles=none (the cycles too).
struct Uncounted {
    bool events = false;
    bool cycles = false;
    QStringList named; // counters a not_counted warning names (the agent leaves their columns out of the rows)
    QStringList reasons; // English: the board's words, with their lines
};

Uncounted uncountedByBoard(const Capture &capture)
{
    Uncounted out;
    const QVariant source = capture.meta(QStringLiteral("cycle_source"));
    if (source.isValid() && source.toString() == QLatin1String("none")) {
        out.cycles = true;
        out.reasons.append(QStringLiteral("HPX_CYCLE_SOURCE=none"));
    }
    const QVariant pairs = capture.meta(QStringLiteral("event_counters"));
    bool pairsOk = false;
    if (pairs.isValid() && pairs.toString().toLongLong(&pairsOk) == 0 && pairsOk) {
        out.events = true;
        out.reasons.append(QStringLiteral("HPX_EVENT_COUNTERS=0"));
    } else if (!pairs.isValid() && source.isValid() && source.toString() != QLatin1String("pmu")) {
        // A board that counts cycles with anything but the PMU's cycle counter has no PMU that counts (the agent
        // takes the PMU's cycle counter whenever its PMU counts), so it counts no events either.
        out.events = true;
        out.reasons.append(QStringLiteral("HPX_CYCLE_SOURCE=%1").arg(source.toString()));
    }
    for (const CaptureProblem &problem : capture.problems) {
        if (problem.kind != QLatin1String("firmware_warning"))
            continue;
        const QString payload = problem.text.mid(int(qstrlen("HPX_WARN=")));
        const QHash<QString, QString> fields = warningFields(payload);
        if (payload.startsWith(QLatin1String("not_counted "))) {
            // HPX_WARN=not_counted pass=<p> counters=<a>,<b>: the agent left these columns out of the pass.
            for (const QString &name : fields.value(QStringLiteral("counters")).split(QLatin1Char(','))) {
                if (!name.isEmpty() && !out.named.contains(name))
                    out.named.append(name);
            }
            out.reasons.append(QStringLiteral("line %1: %2").arg(problem.line).arg(problem.text));
            continue;
        }
        if (!payload.startsWith(QLatin1String("pmu_unavailable")))
            continue;
        // events=0 (the first agent) or event_counters=0 (with not_counted lines naming the columns left out).
        if (fields.value(QStringLiteral("events"), QStringLiteral("0")) == QLatin1String("0")
            && fields.value(QStringLiteral("event_counters"), QStringLiteral("0")) == QLatin1String("0"))
            out.events = true;
        if (fields.value(QStringLiteral("cycles")) == QLatin1String("none"))
            out.cycles = true;
        out.reasons.append(QStringLiteral("line %1: %2").arg(problem.line).arg(problem.text));
    }
    return out;
}

void clearCounters(QVector<LayerResult> &layers, const QStringList &columns, const QStringList &uncounted)
{
    for (int c = 0; c < columns.size(); ++c) {
        if (!uncounted.contains(columns.at(c)))
            continue;
        for (LayerResult &layer : layers) {
            if (c < layer.values.size())
                layer.values[c].reset();
        }
    }
}

// Blanks every value of the counters the board did not count, in the merged layers, the passes and the groups, so
// no file and no view can show the 0 the board printed for them; returns the issue naming them.
std::optional<Issue> applyUncounted(const Capture &capture, ProfileResult &result)
{
    const Uncounted uncounted = uncountedByBoard(capture);
    if (!uncounted.events && !uncounted.cycles && uncounted.named.isEmpty())
        return std::nullopt;
    // Columns the board left out but the plan asked for: the window lists them, "not counted", never 0.
    for (const QString &name : uncounted.named) {
        if (result.counters.contains(name))
            continue;
        result.counters.append(name);
        for (LayerResult &layer : result.layers)
            layer.values.resize(result.counters.size());
    }
    QStringList all = result.counters;
    for (const PassResult &pass : std::as_const(result.passes)) {
        for (const QString &counter : pass.counters) {
            if (!all.contains(counter))
                all.append(counter);
        }
    }
    QStringList names;
    for (const QString &counter : std::as_const(all)) {
        const bool isCycles = counter == cyclesCounterName();
        if ((isCycles && uncounted.cycles) || (!isCycles && uncounted.events) || uncounted.named.contains(counter))
            names.append(counter);
    }
    if (names.isEmpty())
        return std::nullopt;
    result.notCounted = names;
    clearCounters(result.layers, result.counters, names);
    for (PassResult &pass : result.passes)
        clearCounters(pass.layers, pass.counters, names);
    for (GroupResult &group : result.groups)
        clearCounters(group.layers, group.counters, names);
    if (uncounted.cycles) {
        for (LayerResult &layer : result.layers)
            layer.cyclesByPass.fill(std::numeric_limits<double>::quiet_NaN());
    }
    Issue issue = Issue::make(QStringLiteral("pmu.counter_unavailable"), QStringLiteral("warning"),
        QStringLiteral("The board did not count %1 (it says: %2). Nothing it printed for them is a measurement: "
                       "they are left empty, never 0.")
            .arg(names.join(QStringLiteral(", ")), uncounted.reasons.join(QStringLiteral("; "))));
    issue.put(QStringLiteral("counters"), QJsonArray::fromStringList(names));
    issue.put(QStringLiteral("board_says"), QJsonArray::fromStringList(uncounted.reasons));
    return issue;
}

} // namespace

QVector<QPair<QString, QVariant>> boardStatement(const QVector<QPair<QString, QVariant>> &metadata)
{
    QVector<QPair<QString, QVariant>> out;
    for (const char *key : kBoardKeys) {
        QVariant value;
        for (const auto &entry : metadata) { // the last value of a key wins (§1.2)
            if (entry.first == QLatin1String(key))
                value = entry.second;
        }
        if (value.isValid() && !value.isNull())
            out.append({ QLatin1String(key), value });
    }
    return out;
}

QVector<QPair<QString, QVariant>> boardStatement(const Capture &capture)
{
    return boardStatement(capture.metadata);
}

StreamBoardFacts streamBoardFacts(const Capture &capture)
{
    StreamBoardFacts facts;
    facts.core = capture.meta(QStringLiteral("core")).toString();
    bool ok = false;
    const double hz = capture.meta(QStringLiteral("system_clock_hz")).toDouble(&ok);
    if (ok && hz > 0)
        facts.clockMhz = hz / 1e6;
    for (const char *key : { "clean_stalled_iters", "clean_partial_iters", "clean_ref_cycles", "clean_dwt_rate_cyc" })
        facts.dwtCleanWindow = facts.dwtCleanWindow || capture.meta(QLatin1String(key)).isValid();
    const Uncounted uncounted = uncountedByBoard(capture);
    if (uncounted.events)
        return facts;
    for (const CapturePass &pass : capture.passes) {
        if (pass.iterations.isEmpty())
            continue; // a header alone measured nothing
        for (const QString &counter : pass.counters) {
            if (counter != cyclesCounterName() && !uncounted.named.contains(counter)
                && !facts.countedEvents.contains(counter))
                facts.countedEvents.append(counter);
        }
    }
    return facts;
}

QStringList psramKeys()
{
    return { QStringLiteral("size_bytes"), QStringLiteral("clock_hz"), QStringLiteral("capabilities"),
        QStringLiteral("state"), QStringLiteral("last_init_status"), QStringLiteral("xip_enabled"),
        QStringLiteral("timing_status"), QStringLiteral("rxdqs_delay") };
}

QVector<QPair<QString, QVariant>> firmwareMetadata(const Capture &capture)
{
    QHash<QString, QVariant> last;
    for (const auto &entry : capture.metadata)
        last.insert(entry.first, entry.second);

    QVector<QPair<QString, QVariant>> meta;
    for (const char *key : kFirmwareKeys) {
        const QString name = QLatin1String(key);
        QVariant value = last.value(name);
        // The clean_window_begin heartbeat's announced count stands in when the authoritative line was lost
        // (§1.4); a parser that keeps it stores it as announced_clean_iters.
        if (!value.isValid() && name == QLatin1String("clean_infer_count")) {
            value = announcedCleanIters(capture, 0);
            if (!value.isValid())
                value = last.value(QStringLiteral("announced_clean_iters"));
        }
        if (value.isValid() && !value.isNull())
            meta.append({ name, value });
    }
    if (last.contains(QStringLiteral("psram_clock_hz"))) {
        QVariantMap psram;
        for (const QString &key : psramKeys()) {
            const QVariant value = last.value(QStringLiteral("psram_") + key, 0);
            psram.insert(key, key == QLatin1String("xip_enabled") ? QVariant(value.toLongLong() != 0) : value);
        }
        meta.append({ QStringLiteral("psram"), psram });
    }
    QStringList presets = capture.announcedPresets;
    if (presets.isEmpty()) {
        const QString text = last.value(QStringLiteral("presets")).toString();
        if (!text.isEmpty())
            presets = text.split(QLatin1Char(','));
    }
    meta.append({ QStringLiteral("presets"), presets });
    return meta;
}

QString comparePassLayers(const PassResult &reference, const PassResult &pass)
{
    const int shared = int(std::min(reference.layers.size(), pass.layers.size()));
    for (int i = 0; i < shared; ++i) {
        const LayerResult &a = reference.layers.at(i);
        const LayerResult &b = pass.layers.at(i);
        if (a.observed && b.observed && a.op != b.op) { // a position no iteration named agrees with any
            return MergeOutcome::tr("Pass %1 does not list the same layers as pass %2: row %3 is %4 where %2 has %5.")
                .arg(pass.name, reference.name)
                .arg(i)
                .arg(describeRow(b), describeRow(a));
        }
    }
    if (pass.layers.size() < reference.layers.size()) {
        return MergeOutcome::tr(
            "Pass %1 does not list the same layers as pass %2: it has %3 layers where %2 has %4; row %5 "
            "(%6) is missing.")
            .arg(pass.name, reference.name)
            .arg(pass.layers.size())
            .arg(reference.layers.size())
            .arg(shared)
            .arg(describeRow(reference.layers.at(shared)));
    }
    if (pass.layers.size() > reference.layers.size()) {
        return MergeOutcome::tr(
            "Pass %1 does not list the same layers as pass %2: it has %3 layers where %2 has %4; row %5 "
            "(%6) is extra.")
            .arg(pass.name, reference.name)
            .arg(pass.layers.size())
            .arg(reference.layers.size())
            .arg(shared)
            .arg(describeRow(pass.layers.at(shared)));
    }
    return {};
}

MergedLayers mergePassLayers(const QVector<const PassResult *> &passes)
{
    MergedLayers merged;
    if (passes.isEmpty())
        return merged;
    const PassResult &first = *passes.first();
    const int layerCount = int(first.layers.size());
    const QString cycles = cyclesCounterName();

    // Column map per pass: pass column -> merged column, or -1 when an earlier pass already has it.
    QVector<QVector<int>> columnMap(passes.size());
    QVector<int> cyclesColumn(passes.size(), -1);
    for (int p = 0; p < passes.size(); ++p) {
        const PassResult &pass = *passes.at(p);
        for (int c = 0; c < pass.counters.size(); ++c) {
            const QString &name = pass.counters.at(c);
            if (name == cycles) {
                cyclesColumn[p] = c;
                merged.cyclesPasses.append(pass.name);
            }
            if (merged.counters.contains(name)) {
                columnMap[p].append(-1);
            } else {
                columnMap[p].append(int(merged.counters.size()));
                merged.counters.append(name);
            }
        }
    }

    merged.layers.reserve(layerCount);
    for (int i = 0; i < layerCount; ++i) {
        LayerResult layer = first.layers.at(i);
        // Identity from the first pass that saw a row at this position.
        for (int p = 1; !layer.observed && p < passes.size(); ++p) {
            if (i < passes.at(p)->layers.size() && passes.at(p)->layers.at(i).observed) {
                const LayerResult &named = passes.at(p)->layers.at(i);
                layer.id = named.id;
                layer.op = named.op;
                layer.opType = named.opType;
                layer.observed = true;
            }
        }
        layer.values = QVector<std::optional<double>>(merged.counters.size());
        layer.overflow = false;
        layer.cyclesByPass.clear();
        for (int p = 0; p < passes.size(); ++p) {
            const PassResult &pass = *passes.at(p);
            if (i >= pass.layers.size())
                continue;
            const LayerResult &source = pass.layers.at(i);
            const QVector<int> &map = columnMap.at(p);
            for (int c = 0; c < map.size() && c < source.values.size(); ++c) {
                if (map.at(c) >= 0)
                    layer.values[map.at(c)] = source.values.at(c);
            }
            layer.overflow = layer.overflow || source.overflow;
            layer.tagUndecided = layer.tagUndecided || source.tagUndecided;
            if (cyclesColumn.at(p) >= 0) {
                const std::optional<double> &value = source.values.value(cyclesColumn.at(p));
                layer.cyclesByPass.append(value ? *value : std::numeric_limits<double>::quiet_NaN());
            }
        }
        merged.layers.append(std::move(layer));
    }
    return merged;
}

MergeOutcome mergeCapture(const Capture &capture, const MergeOptions &options)
{
    MergeOutcome outcome;
    if (capture.error) {
        outcome.error = capture.error->headline();
        outcome.hint = capture.error->hint;
        return outcome;
    }

    ProfileResult result;
    result.engine = options.engine;
    result.aggregation = options.aggregation;
    result.firmware = firmwareMetadata(capture);

    // A capture folded while it was parsed (hpx import) has its passes aggregated already, without its rows.
    const CaptureFold *fold = capture.fold.get();
    if (fold && fold->aggregation() != options.aggregation) {
        outcome.error
            = MergeOutcome::tr("The capture was aggregated with %1 while it was read; it cannot be merged with %2.")
                  .arg(aggregationName(fold->aggregation()), aggregationName(options.aggregation));
        return outcome;
    }
    QVector<DroppedIteration> droppedIterations;
    const TagCheck check = modelTagCheck(options.model, options.aotManifest);
    for (int p = 0; p < capture.passes.size(); ++p) {
        const CapturePass &pass = capture.passes.at(p);
        const PassAggregation *folded = fold ? fold->pass(p) : nullptr;
        PassAggregation aggregated = folded ? *folded : aggregatePass(pass, options.aggregation, check);
        if (folded) // the capture's pass is the authority, also where no iteration of it was committed
            aggregated.pass.counters = pass.counters;
        for (const IterationDisagreement &d : std::as_const(aggregated.disagreements))
            droppedIterations.append({ pass.name, d.number, d.position, d.line, d.op, d.expected });
        outcome.rejectedSamples += aggregated.stats;
        result.warnings += aggregated.warnings;
        result.overflowDetected = result.overflowDetected || aggregated.anyOverflow;
        result.passes.append(std::move(aggregated.pass));
    }
    if (outcome.rejectedSamples.wrapRejected > 0 || outcome.rejectedSamples.frozenRejected > 0) {
        result.warnings.append(
            MergeOutcome::tr("Left out %1 wrapped value(s) (\u2265 2^31) and %2 frozen sample row(s) (every "
                             "counter 0) before %3 aggregation; the results use the remaining samples.")
                .arg(outcome.rejectedSamples.wrapRejected)
                .arg(outcome.rejectedSamples.frozenRejected)
                .arg(aggregationName(options.aggregation)));
    }

    // The first pass with layers fixes the layer list; every other pass must agree with it.
    int referenceIndex = -1;
    for (int p = 0; p < result.passes.size(); ++p) {
        if (!result.passes.at(p).layers.isEmpty()) {
            referenceIndex = p;
            break;
        }
    }
    if (referenceIndex < 0) {
        outcome.error = capture.passes.isEmpty()
            ? MergeOutcome::tr("The capture holds no PMU pass: no per-layer data was received.")
            : MergeOutcome::tr("The stream holds no complete iteration with per-layer rows.");
        return outcome;
    }
    QVector<const PassResult *> accepted;
    for (int p = 0; p < result.passes.size(); ++p) {
        PassResult &pass = result.passes[p];
        if (pass.layers.isEmpty()) {
            result.warnings.append(
                MergeOutcome::tr("Pass %1 has no usable iteration; its counters are missing.").arg(pass.name));
            continue;
        }
        if (p != referenceIndex) {
            const QString reason = comparePassLayers(result.passes.at(referenceIndex), pass);
            if (!reason.isEmpty()) {
                pass.rejected = true;
                pass.rejectionReason = reason;
                outcome.rejectedPasses.append(pass.name);
                Issue issue;
                issue.code = QStringLiteral("profile.pass_layers_mismatch");
                issue.severity = QStringLiteral("error");
                issue.message = reason;
                issue.context.insert(QStringLiteral("pass"), pass.name);
                issue.context.insert(QStringLiteral("reference_pass"), result.passes.at(referenceIndex).name);
                issue.contextOrder = { QStringLiteral("pass"), QStringLiteral("reference_pass") };
                result.issues.append(issue);
                result.warnings.append(reason);
                continue;
            }
        }
        accepted.append(&pass);
    }

    MergedLayers merged = mergePassLayers(accepted);
    result.counters = merged.counters;
    result.layers = std::move(merged.layers);
    result.cyclesPasses = merged.cyclesPasses;

    // Groups: <group>_<k> passes share a group, other names are their own, "_" names have none (§3.4).
    QStringList groupOrder;
    QHash<QString, QVector<const PassResult *>> byGroup;
    for (const PassResult *pass : std::as_const(accepted)) {
        if (pass->group.isEmpty())
            continue;
        if (!byGroup.contains(pass->group))
            groupOrder.append(pass->group);
        byGroup[pass->group].append(pass);
    }
    for (const QString &name : std::as_const(groupOrder)) {
        MergedLayers groupMerged = mergePassLayers(byGroup.value(name));
        GroupResult group;
        group.name = name;
        group.counters = groupMerged.counters;
        group.layers = std::move(groupMerged.layers);
        result.groups.append(std::move(group));
    }

    if (!result.counters.contains(cyclesCounterName())) {
        result.warnings.append(
            MergeOutcome::tr("No pass captured %1: the result has no per-layer cycles, no cycle percentages "
                             "and a total of 0.")
                .arg(cyclesCounterName()));
    }

    result.boardStatement = boardStatement(capture);
    const std::optional<Issue> uncounted = applyUncounted(capture, result);

    attributeLayers(result, options.model, options.aotManifest, &capture.layerPositions);

    const QVector<Issue> runIssues = evaluateRunIssues(result);
    result.issues = runIssues + result.issues + captureIssues(capture, result, droppedIterations);
    if (uncounted)
        result.issues.append(*uncounted);
    const QVector<Issue> mismatch = modelMismatchIssues(result, options.model);
    if (!mismatch.isEmpty() && result.overlaysSkippedReason.isEmpty()) {
        // The stream contradicts the model: its values are another model's, never drawn on this one's nodes.
        result.overlaysSkippedReason = MergeOutcome::tr(
            "The stream does not fit the model it is joined to (model.mismatch), so no Model Explorer "
            "overlays are written.");
    }
    result.issues += missingValueIssues(result) + mismatch + arenaIssues(result, options.model);
    // After attribution, by position: the operators that did not run (never when the stream contradicts the model).
    if (mismatch.isEmpty())
        result.notRun = NotRunOperators::find(result, options.model);
    outcome.result = std::move(result);
    return outcome;
}

} // namespace hpx::model
