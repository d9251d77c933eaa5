#include "model/results/merge.h"

#include "model/board/counters.h"
#include "model/results/capturefold.h"
#include "model/results/captureissues.h"
#include "model/results/layerattribution.h"
#include "model/results/runissues.h"

#include <QCoreApplication>
#include <QHash>

#include <cmath>
#include <limits>

namespace hpx::model {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("hpx::model::Merge", text);
}

QString describeRow(const LayerResult &layer)
{
    return tr("%1 (Layer %2)").arg(layer.op, layer.id.toString());
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

} // namespace

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
            return tr("Pass %1 does not list the same layers as pass %2: row %3 is %4 where %2 has %5.")
                .arg(pass.name, reference.name)
                .arg(i)
                .arg(describeRow(b), describeRow(a));
        }
    }
    if (pass.layers.size() < reference.layers.size()) {
        return tr("Pass %1 does not list the same layers as pass %2: it has %3 layers where %2 has %4; row %5 "
                  "(%6) is missing.")
            .arg(pass.name, reference.name)
            .arg(pass.layers.size())
            .arg(reference.layers.size())
            .arg(shared)
            .arg(describeRow(reference.layers.at(shared)));
    }
    if (pass.layers.size() > reference.layers.size()) {
        return tr("Pass %1 does not list the same layers as pass %2: it has %3 layers where %2 has %4; row %5 "
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
        outcome.error = tr("The capture was aggregated with %1 while it was read; it cannot be merged with %2.")
                            .arg(aggregationName(fold->aggregation()), aggregationName(options.aggregation));
        return outcome;
    }
    QVector<DroppedIteration> droppedIterations;
    for (int p = 0; p < capture.passes.size(); ++p) {
        const CapturePass &pass = capture.passes.at(p);
        const PassAggregation *folded = fold ? fold->pass(p) : nullptr;
        PassAggregation aggregated = folded ? *folded : aggregatePass(pass, options.aggregation);
        if (folded) // the capture's pass is the authority, also where no iteration of it was committed
            aggregated.pass.counters = pass.counters;
        for (int index : std::as_const(aggregated.droppedIterations))
            droppedIterations.append({ pass.name, pass.iterations.at(index).number });
        outcome.rejectedSamples += aggregated.stats;
        result.warnings += aggregated.warnings;
        result.overflowDetected = result.overflowDetected || aggregated.anyOverflow;
        result.passes.append(std::move(aggregated.pass));
    }
    if (outcome.rejectedSamples.wrapRejected > 0 || outcome.rejectedSamples.frozenRejected > 0) {
        result.warnings.append(tr("Left out %1 wrapped value(s) (\u2265 2^31) and %2 frozen sample row(s) (every "
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
        outcome.error = capture.passes.isEmpty() ? tr("The capture holds no PMU pass: no per-layer data was received.")
                                                 : tr("The stream holds no complete iteration with per-layer rows.");
        return outcome;
    }
    QVector<const PassResult *> accepted;
    for (int p = 0; p < result.passes.size(); ++p) {
        PassResult &pass = result.passes[p];
        if (pass.layers.isEmpty()) {
            result.warnings.append(tr("Pass %1 has no usable iteration; its counters are missing.").arg(pass.name));
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
        result.warnings.append(tr("No pass captured %1: the result has no per-layer cycles, no cycle percentages "
                                  "and a total of 0.")
                                   .arg(cyclesCounterName()));
    }

    attributeLayers(result, options.model, options.aotManifest);

    const QVector<Issue> runIssues = evaluateRunIssues(result);
    result.issues = runIssues + result.issues + captureIssues(capture, result, droppedIterations)
        + missingValueIssues(result) + modelMismatchIssues(result, options.model);
    outcome.result = std::move(result);
    return outcome;
}

} // namespace hpx::model
