#pragma once

#include <QCoreApplication>
#include <QPair>
#include <QPointF>
#include <QRectF>
#include <QSizeF>
#include <QString>
#include <QVector>

#include <vector>

namespace hpx::ui {

// What a graph layout is given and what it gives back (graphlayout.h computes it; layeredlayout.h and
// graphlayoutwrap.h are its parts, and work on these types without depending on the engine that runs them).

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

    // The layouts' messages (layeredlayout.cpp: `warning`, and Graphviz's errors) are this struct's.
    Q_DECLARE_TR_FUNCTIONS(hpx::ui::LayoutResult)
};

} // namespace hpx::ui
