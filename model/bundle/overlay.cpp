#include "model/bundle/overlay.h"

#include "model/json/jsonwriter.h"

#include <QCoreApplication>
#include <QHash>

#include <algorithm>
#include <cmath>
#include <map>

namespace hpx::model {

namespace {

const QString kPrefix = QStringLiteral("me_overlay_");
const QString kSuffix = QStringLiteral(".json");

} // namespace

QString overlayFileName(const QString &counter)
{
    return kPrefix + counter + kSuffix;
}

QString counterFromOverlayFileName(const QString &fileName)
{
    if (!fileName.startsWith(kPrefix) || !fileName.endsWith(kSuffix)
        || fileName.size() <= kPrefix.size() + kSuffix.size())
        return {};
    return fileName.mid(kPrefix.size(), fileName.size() - kPrefix.size() - kSuffix.size());
}

JsonValue overlayGradient()
{
    JsonValue gradient = JsonValue::array();
    const struct {
        JsonValue stop;
        const char *color;
    } stops[] = { { JsonValue(0), "#22c55e" }, { JsonValue(0.5), "#eab308" }, { JsonValue(1), "#ef4444" } };
    for (const auto &s : stops) {
        JsonValue stop = JsonValue::object();
        stop.appendMember(QStringLiteral("stop"), s.stop);
        stop.appendMember(QStringLiteral("bgColor"), JsonValue(QString::fromLatin1(s.color)));
        gradient.append(std::move(stop));
    }
    return gradient;
}

JsonValue buildOverlayDocument(const QVector<OverlayGraph> &graphs, const QString &name)
{
    const JsonValue gradient = overlayGradient();
    const QString valueKey = QStringLiteral("value");
    JsonValue doc = JsonValue::object();
    for (const OverlayGraph &graph : graphs) {
        // Build the results in order, with a hash for duplicate keys (later value, first place).
        std::vector<std::pair<QString, JsonValue>> ordered;
        ordered.reserve(size_t(graph.results.size()));
        QHash<QString, size_t> seen;
        seen.reserve(graph.results.size());
        for (const auto &entry : graph.results) {
            JsonValue node = JsonValue::object();
            node.appendMember(valueKey, entry.second);
            const auto it = seen.constFind(entry.first);
            if (it != seen.constEnd()) {
                ordered[*it].second = std::move(node);
            } else {
                seen.insert(entry.first, ordered.size());
                ordered.emplace_back(entry.first, std::move(node));
            }
        }
        JsonValue results = JsonValue::object();
        for (auto &entry : ordered)
            results.appendMember(std::move(entry.first), std::move(entry.second));
        JsonValue body = JsonValue::object();
        body.appendMember(QStringLiteral("results"), std::move(results));
        body.appendMember(QStringLiteral("gradient"), gradient);
        body.appendMember(QStringLiteral("name"), JsonValue(name));
        doc.insert(graph.graphId, std::move(body));
    }
    return doc;
}

QByteArray overlayDocumentBytes(const QVector<OverlayGraph> &graphs, const QString &name)
{
    qsizetype estimate = 256;
    for (const OverlayGraph &g : graphs)
        estimate += 300 + qsizetype(g.results.size()) * 64;
    OverlayTextWriter writer(overlayGradient(), name, estimate);
    for (const OverlayGraph &g : graphs) {
        writer.beginGraph(g.graphId);
        for (const auto &entry : g.results) {
            QByteArray &out = writer.beginNode(entry.first);
            const double d = entry.second.toDouble();
            if (entry.second.isDouble() && std::isfinite(d))
                appendPythonFloat(out, d);
            else
                out.append(toPythonJson(entry.second));
        }
    }
    return writer.finish();
}

OverlayTextWriter::OverlayTextWriter(const JsonValue &gradient, const QString &name, qsizetype reserve)
    : m_gradient(toPythonJson(gradient))
    , m_name(name)
{
    m_gradient.replace("\n", "\n    ");
    m_out.reserve(std::max<qsizetype>(reserve, 64));
    m_out.append("{");
}

void OverlayTextWriter::beginGraph(const QString &graphId)
{
    if (m_nodesInGraph >= 0)
        endGraph();
    m_out.append(m_graphs++ ? ",\n  " : "\n  ");
    appendJsonString(m_out, graphId);
    m_out.append(": {\n    \"results\": ");
    m_nodesInGraph = 0;
}

QByteArray &OverlayTextWriter::beginNode(const QString &key)
{
    Q_ASSERT(m_nodesInGraph >= 0);
    // The previous node closes here, after the caller appended its members.
    m_out.append(m_nodesInGraph++ ? "\n      },\n      " : "{\n      ");
    appendJsonString(m_out, key);
    m_out.append(": {\n        \"value\": ");
    return m_out;
}

void OverlayTextWriter::endGraph()
{
    m_out.append(m_nodesInGraph > 0 ? "\n      }\n    }" : "{}");
    m_out.append(",\n    \"gradient\": ");
    m_out.append(m_gradient);
    m_out.append(",\n    \"name\": ");
    appendJsonString(m_out, m_name);
    m_out.append("\n  }");
    m_nodesInGraph = -1;
}

QByteArray OverlayTextWriter::finish()
{
    if (m_nodesInGraph >= 0)
        endGraph();
    m_out.append(m_graphs ? "\n}" : "}");
    return std::move(m_out);
}

JsonValue OverlayFile::document() const
{
    return buildOverlayDocument(graphs, counter);
}

QByteArray OverlayFile::bytes() const
{
    return overlayDocumentBytes(graphs, counter);
}

QString graphIdForSubgraph(const ModelInfo *model, int subgraph)
{
    if (!model)
        return QStringLiteral("main");
    if (subgraph >= 0 && subgraph < model->subgraphs.size()) {
        const SubgraphInfo &sg = model->subgraphs.at(subgraph);
        if (!sg.graphId.isEmpty())
            return sg.graphId;
        if (!sg.name.isEmpty())
            return sg.name;
    }
    return subgraph == 0 ? QStringLiteral("main") : QStringLiteral("subgraph_%1").arg(subgraph);
}

OverlaySet buildOverlays(const ProfileResult &result, const ModelInfo *model)
{
    OverlaySet set;
    set.unresolved = result.unresolved;

    if (result.engine == Engine::Executorch || !result.overlaysSkippedReason.isEmpty()) {
        set.skippedReason = !result.overlaysSkippedReason.isEmpty()
            ? result.overlaysSkippedReason
            : OverlaySet::tr(
                "ExecuTorch layers name plan instructions, not graph nodes, so no Model Explorer overlays are "
                "written.");
        return set;
    }

    // Resolve every layer to (graph, node key, key slot) once; counters then only pick values.
    struct Target {
        int graph = -1; // index into graphIds (subgraph order)
        int slot = -1; // unique key index within the graph
        QString key;
    };
    QVector<Target> targets(result.layers.size());
    std::map<int, int> subgraphToGraph; // ordered by subgraph index
    QHash<int, bool> alreadyUnresolved;
    for (const UnresolvedLayer &u : result.unresolved)
        alreadyUnresolved.insert(u.position, true);

    for (int i = 0; i < result.layers.size(); ++i) {
        const LayerResult &layer = result.layers.at(i);
        QString reason;
        if (layer.sourceIndex < 0 || layer.subgraph < 0) {
            reason = OverlaySet::tr("original operator index unknown");
        } else if (model) {
            if (layer.subgraph >= model->subgraphs.size())
                reason = OverlaySet::tr("subgraph %1 is not in the model").arg(layer.subgraph);
            else if (layer.sourceIndex >= model->subgraphs.at(layer.subgraph).operators.size())
                reason = OverlaySet::tr("operator %1 is not in subgraph %2").arg(layer.sourceIndex).arg(layer.subgraph);
        }
        if (!reason.isEmpty()) {
            if (!alreadyUnresolved.contains(layer.position))
                set.unresolved.append(UnresolvedLayer { layer.position, layer.op, reason });
            continue;
        }
        const int subgraph = model ? layer.subgraph : 0; // no model: one graph, "main"
        subgraphToGraph.emplace(subgraph, 0);
        targets[i].graph = subgraph;
        targets[i].key = QString::number(layer.sourceIndex);
    }
    QVector<QString> graphIds;
    for (auto &entry : subgraphToGraph) {
        entry.second = int(graphIds.size());
        graphIds.append(graphIdForSubgraph(model, entry.first));
    }
    // Key slots: an operator that appears twice (should the merge not have summed it) shares a slot.
    QVector<QHash<int, int>> slotOfSource(graphIds.size());
    QVector<int> slotCount(graphIds.size(), 0);
    for (int i = 0; i < targets.size(); ++i) {
        Target &t = targets[i];
        if (t.graph < 0)
            continue;
        t.graph = subgraphToGraph[t.graph];
        const int source = result.layers.at(i).sourceIndex;
        auto it = slotOfSource[t.graph].find(source);
        if (it == slotOfSource[t.graph].end())
            it = slotOfSource[t.graph].insert(source, slotCount[t.graph]++);
        t.slot = it.value();
    }
    set.graphIds = QStringList(graphIds.cbegin(), graphIds.cend());

    QVector<QVector<int>> placed(graphIds.size()); // slot -> index in results, per counter
    for (int c = 0; c < result.counters.size(); ++c) {
        const QString &counter = result.counters.at(c);
        QVector<OverlayGraph> graphs(graphIds.size());
        for (int g = 0; g < graphIds.size(); ++g) {
            graphs[g].graphId = graphIds.at(g);
            graphs[g].results.reserve(slotCount.at(g));
            placed[g].fill(-1, slotCount.at(g));
        }
        bool captured = false;
        int nodes = 0;
        for (int i = 0; i < result.layers.size(); ++i) {
            const LayerResult &layer = result.layers.at(i);
            if (c >= layer.values.size() || !layer.values.at(c))
                continue;
            captured = true;
            const Target &t = targets.at(i);
            if (t.graph < 0)
                continue;
            // Python dict semantics: a repeated key keeps its first place and takes the later value.
            int &at = placed[t.graph][t.slot];
            if (at >= 0) {
                graphs[t.graph].results[at].second = JsonValue(*layer.values.at(c));
                continue;
            }
            at = int(graphs[t.graph].results.size());
            graphs[t.graph].results.append({ t.key, JsonValue(*layer.values.at(c)) });
            ++nodes;
        }
        if (!captured) {
            set.uncapturedCounters.append(counter);
            continue;
        }
        if (nodes == 0)
            continue; // every layer with this counter is unresolved: nothing to paint
        // Leave out graphs this counter never reached, so Model Explorer shows no empty overlay.
        OverlayFile file;
        for (OverlayGraph &g : graphs) {
            if (!g.results.isEmpty())
                file.graphs.append(std::move(g));
        }
        file.counter = counter;
        file.relativePath = overlayDirectoryName() + QLatin1Char('/') + overlayFileName(counter);
        file.nodeCount = nodes;
        set.files.append(std::move(file));
    }
    return set;
}

std::optional<ParsedOverlay> parseOverlayDocument(const JsonValue &document, QString *error)
{
    auto fail = [&](const QString &message) -> std::optional<ParsedOverlay> {
        if (error)
            *error = message;
        return std::nullopt;
    };
    if (!document.isObject())
        return fail(ParsedOverlay::tr("an overlay must be a JSON object"));

    auto readGraph = [&](const QString &graphId, const JsonValue &body, ParsedOverlay &out) -> bool {
        const JsonValue *results = body.find(QStringLiteral("results"));
        if (!results || !results->isObject()) {
            fail(ParsedOverlay::tr("graph \"%1\" has no \"results\" object").arg(graphId));
            return false;
        }
        OverlayGraph graph;
        graph.graphId = graphId;
        graph.results.reserve(results->size());
        const QString valueKey = QStringLiteral("value");
        for (const auto &member : results->members()) {
            const JsonValue *v = member.second.isObject() ? member.second.find(valueKey) : nullptr;
            graph.results.append({ member.first, v ? *v : JsonValue() });
        }
        if (out.name.isEmpty())
            out.name = body.value(QStringLiteral("name")).toString();
        out.graphs.append(std::move(graph));
        return true;
    };

    ParsedOverlay out;
    const JsonValue *results = document.find(QStringLiteral("results"));
    if (results && results->isObject() && !results->contains(QStringLiteral("results"))) {
        // Model Explorer's single-graph shape: applies to the graph on screen.
        if (!readGraph(QString(), document, out))
            return std::nullopt;
        return out;
    }
    for (const auto &member : document.members()) {
        if (!member.second.isObject())
            return fail(ParsedOverlay::tr("graph \"%1\" is not a JSON object").arg(member.first));
        if (!readGraph(member.first, member.second, out))
            return std::nullopt;
    }
    if (error)
        error->clear();
    return out;
}

} // namespace hpx::model
