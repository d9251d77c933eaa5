#include "model/compare/comparisonexport.h"

#include "model/bundle/csvwriter.h"
#include "model/bundle/layertables.h"
#include "model/compare/divergingpalette.h"
#include "model/compare/layerdiff.h"
#include "model/json/jsonwriter.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QHash>
#include <QSaveFile>

#include <cmath>

namespace hpx::model {

namespace {

// Graph id per candidate layer position: the bundle's own record when it has one.
QHash<int, QString> graphIdsOf(const Bundle &bundle)
{
    QHash<int, QString> ids;
    QFile file(QDir(bundle.directory).filePath(bundle::layerIdentityFileName()));
    if (!bundle.artifacts.contains(bundle::layerIdentityFileName()) || !file.open(QIODevice::ReadOnly))
        return ids;
    const QVector<QStringList> rows = parseCsv(file.readAll());
    const QStringList header = rows.value(0);
    const int pos = int(header.indexOf(QStringLiteral("position")));
    const int graph = int(header.indexOf(QStringLiteral("graph_id")));
    if (pos < 0 || graph < 0)
        return ids;
    for (int i = 1; i < rows.size(); ++i) {
        bool ok = false;
        const int p = rows.at(i).value(pos).toInt(&ok);
        if (ok && !rows.at(i).value(graph).isEmpty())
            ids.insert(p, rows.at(i).value(graph));
    }
    return ids;
}

bool saveFile(const QString &path, const QByteArray &bytes, QString *error)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit()) {
        *error
            = ComparisonWriteResult::tr("Cannot write %1: %2").arg(QDir::toNativeSeparators(path), file.errorString());
        return false;
    }
    return true;
}

QString overlayName(const QString &counter)
{
    return counter + QStringLiteral(" delta (candidate - baseline)");
}

} // namespace

QString deltaOverlayFileName(const QString &counter)
{
    return QStringLiteral("me_overlay_delta_") + counter + QStringLiteral(".json");
}

JsonValue deltaOverlayGradient()
{
    JsonValue gradient = JsonValue::array();
    const std::pair<JsonValue, Rgb> stops[] = { { JsonValue(0), DivergingPalette::faster() },
        { JsonValue(0.5), DivergingPalette::unchanged() }, { JsonValue(1), DivergingPalette::slower() } };
    for (const auto &s : stops) {
        JsonValue stop = JsonValue::object();
        stop.appendMember(QStringLiteral("stop"), s.first);
        stop.appendMember(QStringLiteral("bgColor"), s.second.hex());
        gradient.append(stop);
    }
    return gradient;
}

JsonValue DeltaOverlay::document() const
{
    JsonValue doc = JsonValue::object();
    const JsonValue gradient = deltaOverlayGradient();
    for (const DeltaGraph &g : graphs) {
        JsonValue results = JsonValue::object();
        for (const auto &r : g.results) {
            JsonValue node = JsonValue::object();
            node.appendMember(QStringLiteral("value"), JsonValue(r.second));
            node.appendMember(QStringLiteral("bgColor"), DivergingPalette::color(r.second, maxAbs).hex());
            results.appendMember(r.first, node); // keys are unique per graph (buildDeltaOverlays)
        }
        JsonValue graph = JsonValue::object();
        graph.appendMember(QStringLiteral("results"), results);
        graph.appendMember(QStringLiteral("gradient"), gradient);
        graph.appendMember(QStringLiteral("name"), overlayName(counter));
        doc.insert(g.graphId, graph);
    }
    return doc;
}

QByteArray DeltaOverlay::bytes() const
{
    OverlayTextWriter writer(deltaOverlayGradient(), overlayName(counter), 64 + qsizetype(nodeCount) * 72);
    for (const DeltaGraph &g : graphs) {
        writer.beginGraph(g.graphId);
        for (const auto &r : g.results) {
            QByteArray &out = writer.beginNode(r.first);
            appendPythonFloat(out, r.second);
            out.append(",\n        \"bgColor\": \"");
            out.append(DivergingPalette::color(r.second, maxAbs).hexBytes());
            out.append('"');
        }
    }
    return writer.finish();
}

QVector<DeltaOverlay> buildDeltaOverlays(const Comparison &cmp)
{
    QVector<DeltaOverlay> out;
    const ProfileResult &b = cmp.baseline.result;
    const ProfileResult &c = cmp.candidate.result;
    if (cmp.pairs.isEmpty() || c.engine == Engine::Executorch || !c.overlaysSkippedReason.isEmpty())
        return out;
    const QHash<int, QString> graphIds = graphIdsOf(cmp.candidate);
    // Node identity per pair, once for all counters: graph, key, and its slot (a key named twice keeps its
    // first place and takes the later layer's value, as a Python dict does).
    struct Slot {
        int graph;
        int index;
    };
    QStringList graphNames;
    QVector<QStringList> keysByGraph;
    QVector<Slot> slotOfPair(cmp.pairs.size(), Slot { -1, -1 });
    {
        QHash<QString, int> graphIndex;
        QVector<QHash<int, int>> seen;
        for (int i = 0; i < cmp.pairs.size(); ++i) {
            const LayerPair &p = cmp.pairs.at(i);
            if (p.baseline < 0 || p.candidate < 0)
                continue;
            const LayerResult &cl = c.layers.at(p.candidate);
            if (cl.sourceIndex < 0 || cl.subgraph < 0)
                continue;
            const QString graphId = graphIds.value(p.candidate,
                cl.subgraph == 0 ? QStringLiteral("main") : QStringLiteral("subgraph_%1").arg(cl.subgraph));
            int gi = graphIndex.value(graphId, -1);
            if (gi < 0) {
                gi = int(graphNames.size());
                graphIndex.insert(graphId, gi);
                graphNames.append(graphId);
                keysByGraph.append(QStringList());
                seen.append(QHash<int, int>());
            }
            int slot = seen[gi].value(cl.sourceIndex, -1);
            if (slot < 0) {
                slot = int(keysByGraph[gi].size());
                seen[gi].insert(cl.sourceIndex, slot);
                keysByGraph[gi].append(QString::number(cl.sourceIndex));
            }
            slotOfPair[i] = { gi, slot };
        }
    }
    for (const QString &counter : cmp.sharedCounters()) {
        const int bc = b.counterIndex(counter);
        const int cc = c.counterIndex(counter);
        DeltaOverlay overlay;
        overlay.counter = counter;
        overlay.relativePath = overlayDirectoryName() + QLatin1Char('/') + deltaOverlayFileName(counter);
        QVector<QVector<std::optional<double>>> values(graphNames.size());
        for (int g = 0; g < graphNames.size(); ++g)
            values[g].resize(keysByGraph.at(g).size());
        for (int i = 0; i < cmp.pairs.size(); ++i) {
            const Slot slot = slotOfPair.at(i);
            if (slot.graph < 0)
                continue;
            const LayerPair &p = cmp.pairs.at(i);
            const auto x = b.layers.at(p.baseline).values.value(bc);
            const auto y = c.layers.at(p.candidate).values.value(cc);
            if (x && y)
                values[slot.graph][slot.index] = *y - *x;
        }
        for (int g = 0; g < graphNames.size(); ++g) {
            DeltaGraph graph { graphNames.at(g), {} };
            graph.results.reserve(values.at(g).size());
            for (int k = 0; k < values.at(g).size(); ++k) {
                if (const auto &v = values.at(g).at(k)) {
                    graph.results.append({ keysByGraph.at(g).at(k), *v });
                    overlay.maxAbs = std::max(overlay.maxAbs, std::abs(*v));
                }
            }
            overlay.nodeCount += int(graph.results.size());
            if (!graph.results.isEmpty())
                overlay.graphs.append(std::move(graph));
        }
        if (overlay.nodeCount > 0)
            out.append(std::move(overlay));
    }
    return out;
}

QByteArray compareSummaryJson(const Comparison &cmp, const QString &baselineDir, const QString &candidateDir)
{
    const auto number = [](const std::optional<double> &v) { return v ? JsonValue(*v) : JsonValue(); };
    JsonValue doc = JsonValue::object();
    doc.appendMember(QStringLiteral("baseline_dir"), baselineDir);
    doc.appendMember(QStringLiteral("candidate_dir"), candidateDir);
    JsonValue warnings = JsonValue::array();
    for (const QString &w : cmp.warnings)
        warnings.append(w);
    doc.appendMember(QStringLiteral("warnings"), warnings);
    JsonValue comparability = JsonValue::object();
    comparability.appendMember(QStringLiteral("run_metrics_comparable"), cmp.runMetricsComparable());
    comparability.appendMember(QStringLiteral("layers_comparable"), cmp.layersComparable());
    comparability.appendMember(QStringLiteral("power_metrics_comparable"), cmp.powerMetricsComparable());
    JsonValue issues = JsonValue::array();
    for (const ComparabilityIssue &i : cmp.issues) {
        JsonValue issue = JsonValue::object();
        issue.appendMember(QStringLiteral("code"), i.code);
        issue.appendMember(QStringLiteral("severity"), i.severity);
        issue.appendMember(QStringLiteral("message"), i.message);
        issue.appendMember(QStringLiteral("context"), i.context);
        issues.append(issue);
    }
    comparability.appendMember(QStringLiteral("issues"), issues);
    doc.appendMember(QStringLiteral("comparability"), comparability);
    JsonValue config = JsonValue::array();
    for (const ConfigRow &row : cmp.config) {
        JsonValue r = JsonValue::object();
        r.appendMember(QStringLiteral("field"), row.field);
        r.appendMember(QStringLiteral("baseline"), row.baseline);
        r.appendMember(QStringLiteral("candidate"), row.candidate);
        r.appendMember(QStringLiteral("status"), row.same ? QStringLiteral("same") : QStringLiteral("diff"));
        config.append(r);
    }
    doc.appendMember(QStringLiteral("config"), config);
    JsonValue metrics = JsonValue::array();
    for (const MetricDiff &m : cmp.metrics) {
        JsonValue r = JsonValue::object();
        r.appendMember(QStringLiteral("name"), m.name);
        r.appendMember(QStringLiteral("baseline"), m.baseline);
        r.appendMember(QStringLiteral("candidate"), m.candidate);
        r.appendMember(QStringLiteral("delta"), number(m.delta));
        r.appendMember(QStringLiteral("delta_pct"), number(m.deltaPct));
        r.appendMember(QStringLiteral("unit"), m.unit);
        metrics.append(r);
    }
    doc.appendMember(QStringLiteral("metrics"), metrics);
    if (cmp.verdict) {
        const ComparisonVerdict &v = *cmp.verdict;
        JsonValue verdict = JsonValue::object();
        verdict.appendMember(QStringLiteral("status"), verdictStatusName(v.status));
        verdict.appendMember(
            QStringLiteral("profile_name"), v.profileName.isEmpty() ? JsonValue() : JsonValue(v.profileName));
        verdict.appendMember(QStringLiteral("profile_schema"), ComparisonProfile::schemaName());
        verdict.appendMember(QStringLiteral("profile_schema_version"), ComparisonProfile::kSchemaVersion);
        verdict.appendMember(QStringLiteral("profile_sha256"), v.profileSha256);
        JsonValue mismatches = JsonValue::array();
        for (const QString &d : v.dimensionMismatches)
            mismatches.append(d);
        verdict.appendMember(QStringLiteral("dimension_mismatches"), mismatches);
        JsonValue items = JsonValue::array();
        for (const MetricVerdict &m : v.metrics) {
            JsonValue r = JsonValue::object();
            r.appendMember(QStringLiteral("metric"), m.metric);
            r.appendMember(QStringLiteral("status"), verdictStatusName(m.status));
            r.appendMember(QStringLiteral("message"), m.message);
            r.appendMember(QStringLiteral("baseline"), number(m.baseline));
            r.appendMember(QStringLiteral("candidate"), number(m.candidate));
            r.appendMember(QStringLiteral("regression"), number(m.regression));
            r.appendMember(QStringLiteral("allowed_regression"), number(m.allowedRegression));
            r.appendMember(QStringLiteral("unit"), m.unit);
            items.append(r);
        }
        verdict.appendMember(QStringLiteral("metrics"), items);
        doc.appendMember(QStringLiteral("verdict"), verdict);
    }
    // hpx Studio extension (hpx readers ignore unknown keys): how the layers were paired.
    JsonValue matching = JsonValue::object();
    matching.appendMember(QStringLiteral("rule"), layerMatchRuleName(cmp.layerRule));
    int matched = 0, baseOnly = 0, candOnly = 0;
    for (const LayerPair &p : cmp.pairs) {
        matched += p.baseline >= 0 && p.candidate >= 0;
        baseOnly += p.candidate < 0;
        candOnly += p.baseline < 0;
    }
    matching.appendMember(QStringLiteral("matched"), matched);
    matching.appendMember(QStringLiteral("baseline_only"), baseOnly);
    matching.appendMember(QStringLiteral("candidate_only"), candOnly);
    doc.appendMember(QStringLiteral("layer_matching"), matching);
    QByteArray bytes = toPythonJson(doc);
    bytes.append('\n');
    return bytes;
}

ComparisonWriteResult writeComparison(const Comparison &cmp, const QString &directory, const QString &baselineDirText,
    const QString &candidateDirText, bool deltaOverlays)
{
    ComparisonWriteResult r;
    QDir dir(directory);
    if (!dir.mkpath(QStringLiteral("."))) {
        r.error = ComparisonWriteResult::tr("Cannot create the folder %1.").arg(QDir::toNativeSeparators(directory));
        return r;
    }
    if (!saveFile(dir.filePath(compareSummaryFileName()), compareSummaryJson(cmp, baselineDirText, candidateDirText),
            &r.error))
        return r;
    r.files.append(compareSummaryFileName());
    if (!saveFile(dir.filePath(layerDiffFileName()), layerDiffCsv(cmp), &r.error))
        return r;
    r.files.append(layerDiffFileName());
    if (deltaOverlays) {
        const QVector<DeltaOverlay> overlays = buildDeltaOverlays(cmp);
        const QDir me(dir.filePath(overlayDirectoryName()));
        // An earlier comparison's delta overlays go: a counter not compared this time has no file.
        for (const QString &stale : me.entryList({ QStringLiteral("me_overlay_delta_*.json") }, QDir::Files))
            QFile::remove(me.filePath(stale));
        if (!overlays.isEmpty() && !dir.mkpath(overlayDirectoryName())) {
            r.error
                = ComparisonWriteResult::tr("Cannot create the folder %1.").arg(QDir::toNativeSeparators(me.path()));
            return r;
        }
        for (const DeltaOverlay &o : overlays) {
            if (!saveFile(dir.filePath(o.relativePath), o.bytes(), &r.error))
                return r;
            r.files.append(o.relativePath);
        }
    }
    r.ok = true;
    return r;
}

} // namespace hpx::model
