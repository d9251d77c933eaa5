#pragma once

#include "model/json/jsonvalue.h"
#include "model/results/profileresult.h"
#include "model/tflite/modelinfo.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>
#include <QVector>

#include <optional>

namespace hpx::model {

// Model Explorer node-data overlays (docs/compatibility.md §0.1 and §6):
// one model_explorer/me_overlay_<COUNTER>.json per captured counter column, keyed by Model
// Explorer graph id, then by the operator's original index in that subgraph (source_index),
// holding {"value": <raw per-layer aggregate>}, the three-stop GRADIENT_COST and the counter name.

struct OverlayGraph {
    QString graphId;
    QVector<QPair<QString, JsonValue>> results; // node key -> value, in layer order
};

struct OverlayFile {
    QString counter;
    QString relativePath; // model_explorer/me_overlay_<COUNTER>.json
    QVector<OverlayGraph> graphs; // node keys unique per graph, graphs in subgraph order
    int nodeCount = 0;

    JsonValue document() const; // the file as a JSON value
    QByteArray bytes() const; // the file's exact text (== toPythonJson(document())), streamed
};

struct OverlaySet {
    QVector<OverlayFile> files; // in merged counter order
    QString skippedReason; // non-empty when no overlay can be written (ExecuTorch)
    QVector<UnresolvedLayer> unresolved; // layers left out of every overlay, and why
    QStringList uncapturedCounters; // counter columns without a single value: no file
    QStringList graphIds; // graphs the overlays address, in subgraph order

    // buildOverlays()'s words (why overlays were skipped, why a layer was left out) are this struct's, which holds
    // them.
    Q_DECLARE_TR_FUNCTIONS(hpx::model::OverlaySet)
};

inline QString overlayDirectoryName()
{
    return QStringLiteral("model_explorer");
}
QString overlayFileName(const QString &counter); // me_overlay_<COUNTER>.json
// The counter an overlay file name stands for, or empty when the name is not an overlay's.
QString counterFromOverlayFileName(const QString &fileName);

// Stops 0/0.5/1 -> #22c55e/#eab308/#ef4444 (hpx's GRADIENT_COST).
JsonValue overlayGradient();
// {"<graph>": {"results": {...}, "gradient": [...], "name": name}} in exactly that key order.
// A node key given twice keeps its first place and takes the later value (Python dict rules).
JsonValue buildOverlayDocument(const QVector<OverlayGraph> &graphs, const QString &name);
// The same document as json.dumps(indent=2) text, written straight from the graphs (fast path for
// large models). Node keys must be unique within each graph.
QByteArray overlayDocumentBytes(const QVector<OverlayGraph> &graphs, const QString &name);

// The one writer of an overlay document's text in json.dumps(indent=2) layout, streamed for large models:
// {"<graph>": {"results": {"<node>": {"value": ...}}, "gradient": [...], "name": ...}}. The counter overlays and
// hpx compare's delta overlays (docs/compatibility.md §7.2) differ only in what a node holds, which the caller
// appends after beginNode(): the value, and any further members (",\n        \"bgColor\": ...").
class OverlayTextWriter {
public:
    OverlayTextWriter(const JsonValue &gradient, const QString &name, qsizetype reserve = 0);
    void beginGraph(const QString &graphId);
    // Opens a node object up to its "value" member and returns the text to append the value to.
    QByteArray &beginNode(const QString &key);
    QByteArray finish(); // closes every open object; the writer is spent

private:
    void endGraph();

    QByteArray m_out;
    QByteArray m_gradient; // indented for its place in a graph object
    QString m_name;
    int m_graphs = 0;
    int m_nodesInGraph = -1; // -1: no graph open
};

// Model Explorer's graph id for a subgraph: its name, else "main" for 0 and "subgraph_<i>".
// Uses SubgraphInfo::graphId when the loader filled it in. Without a model: "main".
QString graphIdForSubgraph(const ModelInfo *model, int subgraph);

// Every overlay of a merged result. model may be null (no .tflite): then every resolved layer
// belongs to the single graph "main".
OverlaySet buildOverlays(const ProfileResult &result, const ModelInfo *model);

// An overlay file read back: accepts the graph-keyed shape and Model Explorer's single-graph shape.
struct ParsedOverlay {
    QString name;
    QVector<OverlayGraph> graphs;

    // parseOverlayDocument()'s reasons why a document is no overlay are this struct's.
    Q_DECLARE_TR_FUNCTIONS(hpx::model::ParsedOverlay)
};
std::optional<ParsedOverlay> parseOverlayDocument(const JsonValue &document, QString *error = nullptr);

} // namespace hpx::model
