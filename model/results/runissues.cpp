#include "model/results/runissues.h"

#include "model/memory/arenaestimate.h"
#include "model/memory/memoryplan.h"

#include <QJsonObject>
#include <QJsonValue>

#include <cmath>

namespace hpx::model {

namespace {

// Issue messages land in summary.json and the manifest, files shared with heliaPROFILER: they stay in
// English whatever the UI language, and where heliaPROFILER's wording is known it is used verbatim.
QString english(const char *text)
{
    return QString::fromUtf8(text);
}

// A firmware count as hpx reads it: an int, or text that parses as one; anything else is "not reported"
// (a torn line can leave "1 7" behind).
std::optional<qint64> asCount(const QVariant &value)
{
    if (!value.isValid() || value.isNull())
        return std::nullopt;
    if (value.typeId() == QMetaType::Bool)
        return std::nullopt;
    bool ok = false;
    const qint64 number = value.toString().trimmed().toLongLong(&ok);
    return ok ? std::optional<qint64>(number) : std::nullopt;
}

double round6(double value)
{
    return std::round(value * 1e6) / 1e6;
}

} // namespace

QVariant firmwareValue(const ProfileResult &result, const QString &key)
{
    QVariant value;
    for (const auto &entry : result.firmware) {
        if (entry.first == key)
            value = entry.second;
    }
    return value;
}

KernelSet kernelSetOf(const ProfileResult *result)
{
    const QString name = result ? firmwareValue(*result, QStringLiteral("kernels")).toString() : QString();
    return kernelSetFromName(name).value_or(KernelSet::Reference);
}

Issue counterOverflowIssue()
{
    return Issue::make(QStringLiteral("pmu.counter_overflow"), QStringLiteral("error"),
        english("One or more PMU counters overflowed."));
}

namespace {

// What the stream states about the model that the model file can be checked against (docs/compatibility.md §1.4):
// the wire key, its metadata field and the file's own figure (nullopt where the file has none to compare).
struct ModelStatement {
    const char *wireKey;
    const char *field;
    std::optional<qint64> fileValue;
};

std::optional<qint64> firstTensorBytes(const SubgraphInfo &subgraph, const QVector<int> &tensors)
{
    if (tensors.isEmpty() || tensors.first() < 0 || tensors.first() >= subgraph.tensors.size())
        return std::nullopt;
    const qint64 bytes = subgraph.tensors.at(tensors.first()).bytes;
    return bytes > 0 ? std::optional<qint64>(bytes) : std::nullopt; // 0: a dynamic dimension, nothing to compare
}

QVector<ModelStatement> modelStatements(const ModelInfo &model, Engine engine)
{
    QVector<ModelStatement> out;
    // heliaAOT compiles the model into code and sends no blob size.
    if (engine != Engine::HeliaAot)
        out.append({ "HPX_MODEL_SIZE", "model_size", model.sizeBytes });
    if (model.subgraphs.isEmpty())
        return out;
    const SubgraphInfo &main = model.subgraphs.first();
    out.append({ "HPX_INPUT_SIZE", "input_size", firstTensorBytes(main, main.inputs) });
    out.append({ "HPX_OUTPUT_SIZE", "output_size", firstTensorBytes(main, main.outputs) });
    out.append({ "HPX_NUM_INPUTS", "num_inputs", qint64(main.inputs.size()) });
    out.append({ "HPX_NUM_OUTPUTS", "num_outputs", qint64(main.outputs.size()) });
    if (engine == Engine::Tflm || engine == Engine::HeliaRt)
        out.append({ "HPX_NUM_TENSORS", "num_tensors", qint64(main.tensors.size()) });
    return out;
}

} // namespace

QVector<Issue> modelMismatchIssues(const ProfileResult &result, const ModelInfo *model)
{
    QVector<Issue> issues;
    if (!model)
        return issues;
    // Every engine: what the stream states about the model it ran against the file (issue 36: ExecuTorch too).
    QStringList differences;
    QJsonObject stated;
    QJsonObject file;
    for (const ModelStatement &statement : modelStatements(*model, result.engine)) {
        const std::optional<qint64> value = asCount(firmwareValue(result, QLatin1String(statement.field)));
        if (!value || !statement.fileValue || *value == *statement.fileValue)
            continue;
        differences.append(QStringLiteral("%1=%2 where the file has %3")
                               .arg(QLatin1String(statement.wireKey))
                               .arg(*value)
                               .arg(*statement.fileValue));
        stated.insert(QLatin1String(statement.field), double(*value));
        file.insert(QLatin1String(statement.field), double(*statement.fileValue));
    }
    if (!differences.isEmpty()) {
        const std::optional<qint64> size = asCount(firmwareValue(result, QStringLiteral("model_size")));
        const bool sizeDiffers = stated.contains(QStringLiteral("model_size"));
        Issue issue = Issue::make(QStringLiteral("model.mismatch"), QStringLiteral("error"),
            sizeDiffers && differences.size() == 1
                ? QStringLiteral("The stream reports a model of %1 bytes (HPX_MODEL_SIZE) but %2 has %3 bytes: the "
                                 "board ran another model, and its layers cannot be joined to this one.")
                      .arg(*size)
                      .arg(model->fileName)
                      .arg(model->sizeBytes)
                : QStringLiteral("The stream describes another model than %1 (%2): the board ran another model, and "
                                 "its layers cannot be joined to this one.")
                      .arg(model->fileName, differences.join(QStringLiteral("; "))));
        if (sizeDiffers) {
            issue.put(QStringLiteral("stream_model_size"), double(*size));
            issue.put(QStringLiteral("model_file_size"), double(model->sizeBytes));
        }
        issue.put(QStringLiteral("stream_states"), stated);
        issue.put(QStringLiteral("model_file_has"), file);
        issue.put(QStringLiteral("model_sha256"), model->sha256);
        issues.append(issue);
    }
    const bool blobEngine = result.engine == Engine::Tflm || result.engine == Engine::HeliaRt;
    // Rows the iterations could not agree on are their own issue (profile.op_tag_undecided), not the model's.
    QVector<UnresolvedLayer> unfitting;
    for (const UnresolvedLayer &layer : result.unresolved) {
        if (layer.position < 0 || layer.position >= result.layers.size()
            || !result.layers.at(layer.position).tagUndecided)
            unfitting.append(layer);
    }
    if (blobEngine && !unfitting.isEmpty()) {
        const UnresolvedLayer &first = unfitting.constFirst();
        Issue issue = Issue::make(QStringLiteral("model.mismatch"), QStringLiteral("error"),
            QStringLiteral("%1 of %2 layer rows do not follow the operators of %3 (the first, position %4 %5: %6): "
                           "the stream and the model disagree.")
                .arg(unfitting.size())
                .arg(result.layers.size())
                .arg(model->fileName)
                .arg(first.position)
                .arg(first.op, first.reason));
        issue.put(QStringLiteral("unresolved_layers"), int(unfitting.size()));
        issue.put(QStringLiteral("model_sha256"), model->sha256);
        issues.append(issue);
    }
    if (!result.modelMisfit.isEmpty()) {
        Issue issue = Issue::make(QStringLiteral("model.mismatch"), QStringLiteral("error"),
            QStringLiteral(
                "The layer rows do not fit %1: %2. The stream and the model disagree; no overlay is written.")
                .arg(model->fileName, result.modelMisfit));
        issue.put(QStringLiteral("unresolved_layers"), int(result.unresolved.size()));
        issue.put(QStringLiteral("model_sha256"), model->sha256);
        issues.append(issue);
    }
    return issues;
}

QVector<Issue> arenaIssues(const ProfileResult &result, const ModelInfo *model)
{
    const std::optional<qint64> arena = asCount(firmwareValue(result, QStringLiteral("arena_size")));
    if (!model || !arena || *arena <= 0 || model->subgraphs.isEmpty())
        return {};
    // The exact parts do not depend on the kernels; the board's kernel set is passed all the same.
    const MemoryPlanResult planned = planMemory(*model, kernelSetOf(&result));
    if (!planned.ok())
        return {};
    qint64 need = 0; // the parts of the arena estimate that follow TFLM's own rules
    for (const ArenaPart &part : planned.plan->arena) {
        if (part.known && !part.estimated)
            need += part.bytes;
    }
    if (*arena >= need)
        return {};
    Issue issue = Issue::make(QStringLiteral("memory.arena_too_small"), QStringLiteral("warning"),
        english("The board's tensor arena (HPX_ARENA_SIZE) is %1 bytes, but %2's tensors need %3 bytes in it as "
                "TFLM plans them (docs/memory.md). TFLM's AllocateTensors fails with such an arena: the board ran "
                "another model or build, or its TFLM plans differently.")
            .arg(*arena)
            .arg(model->fileName)
            .arg(need));
    issue.put(QStringLiteral("arena_size"), double(*arena));
    issue.put(QStringLiteral("planned_bytes"), double(need));
    return { issue };
}

QVector<Issue> evaluateRunIssues(const ProfileResult &result)
{
    QVector<Issue> issues;
    if (result.layers.isEmpty()) {
        issues.append(Issue::make(QStringLiteral("pmu.missing"), QStringLiteral("error"),
            english("The run produced no per-layer PMU result.")));
        return issues;
    }
    if (result.overflowDetected)
        issues.append(counterOverflowIssue());

    auto count = [&](const char *key) { return asCount(firmwareValue(result, QLatin1String(key))); };

    const std::optional<qint64> cleanCount = count("clean_infer_count");
    const std::optional<qint64> cleanAvgUs = count("clean_infer_avg_us");
    const std::optional<qint64> cleanTotalCycles = count("clean_infer_total_cycles");
    if (cleanCount && *cleanCount != 0
        && ((cleanAvgUs && *cleanAvgUs == 0) || (cleanTotalCycles && *cleanTotalCycles == 0))) {
        Issue issue = Issue::make(QStringLiteral("profile.clean_window_frozen"), QStringLiteral("warning"),
            english("The clean window reports %1 inferences that took no time at all: the clock timing it did not "
                    "advance, so its latency figures mean nothing.")
                .arg(*cleanCount));
        issue.put(QStringLiteral("clean_infer_count"), double(*cleanCount));
        issues.append(issue);
    }

    // The DWT rate probe: the one check whose reference is not DWT itself.
    const std::optional<qint64> rateCycles = count("clean_dwt_rate_cyc");
    const std::optional<qint64> probeUs = count("clean_dwt_rate_us");
    const std::optional<qint64> clockHz = count("system_clock_hz");
    if (rateCycles && probeUs && clockHz && *probeUs > 0 && *clockHz > 0) {
        const qint64 measured = std::max<qint64>(0, *rateCycles);
        const double expected = double(*clockHz) * double(*probeUs) / 1e6;
        const double ratio = expected > 0 ? double(measured) / expected : 0.0;
        if (ratio < 0.5) {
            Issue issue = Issue::make(QStringLiteral("profile.clean_window_clock_rate_low"), QStringLiteral("warning"),
                english("The clean window's cycle counter ran at %1 % of the expected rate (checked against an "
                        "independent delay loop); timings derived from it are short by about that factor.")
                    .arg(ratio * 100.0, 0, 'f', 1));
            issue.put(QStringLiteral("measured_cycles"), double(measured));
            issue.put(QStringLiteral("expected_cycles"), std::round(expected * 10.0) / 10.0);
            issue.put(QStringLiteral("probe_us"), double(*probeUs));
            issue.put(QStringLiteral("ratio"), round6(ratio));
            issue.put(QStringLiteral("min_ratio"), 0.5);
            issues.append(issue);
        }
    }

    // In-window stall counters (DWT-timed windows on Apollo3/4).
    const std::optional<qint64> stalledRaw = count("clean_stalled_iters");
    const std::optional<qint64> partialRaw = count("clean_partial_iters");
    const std::optional<qint64> refCycles = count("clean_ref_cycles");
    if (stalledRaw || partialRaw) {
        const qint64 stalled = std::max<qint64>(0, stalledRaw.value_or(0));
        const qint64 partial = std::max<qint64>(0, partialRaw.value_or(0));
        const bool floorDead = refCycles && *refCycles <= 0;
        if (stalled > 0 || partial > 0 || floorDead) {
            const bool totalUnknown = !cleanCount || *cleanCount <= 0;
            const qint64 total = totalUnknown ? 0 : *cleanCount;
            const qint64 affected = stalled + partial;
            // A frozen iteration lost a whole inference; a partial one at least 7/8 of one (its delta stayed
            // under the firmware's floor of ref_cycles / 8).
            const double affectedFraction = totalUnknown ? 0.0 : std::min(1.0, double(affected) / double(total));
            const double lowerBound
                = totalUnknown ? 0.0 : std::min(1.0, (double(stalled) + 0.875 * double(partial)) / double(total));
            const bool inoperativeOnly = floorDead && affected == 0;
            Issue issue = inoperativeOnly
                ? Issue::make(QStringLiteral("profile.clean_window_check_inoperative"), QStringLiteral("warning"),
                    english("The clean window's partial-stall check could not run (its warm reference was 0 cycles), "
                            "so the absence of stalls says nothing about the window's health."))
                : Issue::make(QStringLiteral("profile.clean_window_stalled"), QStringLiteral("warning"),
                    // The counts are in the context (stalled_iters, understatement_lower_bound, ...).
                    english("The clean-inference window's cycle counter stalled: clean_infer_avg_us understates the "
                            "true per-inference time, and any power window sized from it is short."));
            issue.put(QStringLiteral("stalled_iters"), double(stalled));
            issue.put(QStringLiteral("partial_iters"), double(partial));
            issue.put(QStringLiteral("total_iters"), cleanCount ? QJsonValue(double(*cleanCount)) : QJsonValue());
            issue.put(QStringLiteral("affected_fraction"), round6(affectedFraction));
            issue.put(QStringLiteral("understatement_lower_bound"), round6(lowerBound));
            if (refCycles)
                issue.put(QStringLiteral("ref_cycles"), double(*refCycles));
            if (!totalUnknown && affected > total)
                issue.put(QStringLiteral("counts_are_inconsistent"), true);
            if (totalUnknown)
                issue.put(QStringLiteral("total_is_unknown"), true);
            if (floorDead)
                issue.put(QStringLiteral("partial_check_inoperative"), true);
            issues.append(issue);
        }
    }
    return issues;
}

} // namespace hpx::model
