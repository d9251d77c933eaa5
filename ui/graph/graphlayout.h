#pragma once

#include "device/thread/jobtracker.h"
#include "model/tflite/modelinfo.h"

#include <QObject>
#include <QPointF>
#include <QRectF>
#include <QSizeF>
#include <QVector>

#include <vector>

namespace hpx::ui {

// Layered (Sugiyama-style) layout of an operator DAG in data-flow order, top to bottom or left to
// right. Graphviz `dot` lays out small and branchy graphs (up to LayoutOptions::graphvizNodeLimit
// nodes; dot needs ~7.5 s for 10,000). Larger graphs, and long narrow ones (a converted network is
// mostly one chain with skip connections) when the pane's aspect is known, use a fast layout of our
// own: longest-path layering, barycentric ordering sweeps and a priority placement (layeredlayout.h);
// a long chain is then wrapped into bands (columns top to bottom, rows left to right) that fit the
// pane, with skip connections routed beside the nodes they jump over and band changes through the
// gutters (graphlayoutwrap.h). computeLayout() adds the called subgraphs drawn in place, at any depth.
// Both run off the UI thread through GraphLayoutEngine; computeLayout() is the synchronous core
// (tests, benchmarks).

struct LayoutGroupInput;

struct LayoutInput {
    QVector<QSizeF> nodeSizes; // scene units (1 unit = 1 point at 100 % zoom)
    QVector<QPair<int, int>> edges; // producer -> consumer, node indices
    // Called subgraphs drawn inside this graph, each framed beside its calling node (computeLayout
    // gives the caller a slot that holds the node and its groups).
    std::vector<LayoutGroupInput> groups;
};

// One called subgraph (a WHILE's cond or body, an IF branch, a CALL_ONCE init) expanded in place.
struct LayoutGroupInput {
    int caller = -1; // node of the calling graph
    int subgraph = -1; // carried through to LayoutGroup, not used by the layout
    LayoutInput body; // its own groups are the calls expanded inside the body
    QSizeF title; // room for the frame's title above the body
};

struct LayoutOptions {
    enum class Method { Auto, Graphviz, Fast };
    enum class Direction { TopToBottom, LeftToRight };
    Method method = Method::Auto;
    Direction direction = Direction::TopToBottom;
    int graphvizNodeLimit = 1000; // dot (Graphviz 2.42) needs ~0.18 s CPU at 1,000 nodes, ~1.5 s at 2,000
    double nodeSeparation = 18; // gap between nodes of one layer
    double rankSeparation = 34; // gap between layers
    // The pane the graph is shown in. targetAspect (width / height) > 0 lets a long narrow graph wrap
    // into bands; 0 never wraps. viewWidth (pixels) with readableZoom bounds the band count so that
    // fitting the width keeps labels readable (columns) or a row fits the width (rows).
    double targetAspect = 0;
    double viewWidth = 0;
    double readableZoom = 0.6;
    double bandGap = 52; // the gutter between bands, where band-changing edges run
    // Pixels at the pane's right edge that a wrapped graph still much taller than wide leaves to the
    // view's overview strip (HeatMinimap): its columns are counted to be readable beside it.
    double minimapStrip = 0;
};

struct EdgeRoute {
    int from = -1;
    int to = -1;
    // A cubic Bezier chain as Graphviz returns it: p0, (c1, c2, p)... — 1 + 3k points.
    QVector<QPointF> bezier;
    QPointF arrowTip; // where the arrowhead points (the consumer's border)
};

// A laid-out LayoutGroupInput: the frame (title on top), the body's nodes and edges in the calling
// graph's scene coordinates, and where the caller's node attaches to the frame.
struct LayoutGroup {
    int caller = -1; // node of the graph the group is drawn in
    int subgraph = -1;
    int parent = -1; // -1: caller is a node of the laid-out graph; else the group whose body holds it
    QRectF frame;
    QPointF from; // on the caller's border
    QPointF to; // on the frame's border
    QVector<QPointF> centers;
    QVector<EdgeRoute> edges;
};

struct LayoutResult {
    enum class Method { None, Graphviz, Fast };
    quint64 generation = 0; // the request() it answers
    Method method = Method::None;
    QVector<QPointF> centers; // one per node, scene coordinates
    QVector<int> layers; // layer (rank) of each node for the fast layout; empty for Graphviz
    int bands = 1; // > 1: the layers were wrapped into that many columns (rows left to right)
    LayoutOptions::Direction direction = LayoutOptions::Direction::TopToBottom;
    QVector<EdgeRoute> edges;
    // One per LayoutInput::groups entry, in that order, then the groups nested in their bodies (each
    // after the group it is drawn in, LayoutGroup::parent).
    QVector<LayoutGroup> groups;
    QRectF bounds; // nodes, edges and group frames
    QString warning; // e.g. Graphviz failed and the fast layout was used instead
};

// Data-flow edges of a subgraph: producer operator -> consumer operator for every tensor an
// operator writes and another reads (each pair once, in operator order).
QVector<QPair<int, int>> dataflowEdges(const model::SubgraphInfo &subgraph);

LayoutResult computeLayout(const LayoutInput &input, const LayoutOptions &options = {});

// Runs layouts on the thread pool through a job tracker. Each request() gets a new generation; a finished
// layout whose generation is no longer the latest is dropped, so switching models or subgraphs quickly never
// paints a stale graph.
class GraphLayoutEngine : public QObject {
    Q_OBJECT
public:
    explicit GraphLayoutEngine(QObject *parent = nullptr);
    ~GraphLayoutEngine() override;

    quint64 request(LayoutInput input, LayoutOptions options = {});
    // Forget pending work: whatever is running finishes and is dropped.
    void cancel();
    bool isBusy() const { return m_jobs.isBusy(); }
    int droppedCount() const { return m_jobs.droppedCount(); }

Q_SIGNALS:
    void layoutReady(const hpx::ui::LayoutResult &result);

private:
    device::JobTracker m_jobs;
};

} // namespace hpx::ui

Q_DECLARE_METATYPE(hpx::ui::LayoutResult)
