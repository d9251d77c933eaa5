#pragma once

#include "ui/graph/graphlayout.h"
#include "ui/graph/nodepath.h"

#include <QGraphicsItem>
#include <QGraphicsScene>

namespace hpx::ui {

class CalledBodies;
class EdgeBundleItem;
class GroupFrameItem;
class NodeDetailScale;
class OperatorNodeItem;

// The heat graph's scene: the items of one layout — an operator box per node of the shown subgraph,
// the edges in batches, and for every called subgraph drawn in place a titled frame with its body's
// nodes and edges (nested frames inside their caller's frame). Colours come later (setNodeLooks in
// HeatGraphView::recolor); the scene only knows where things are and which node is which.
class HeatGraphScene : public QGraphicsScene {
    Q_OBJECT
public:
    explicit HeatGraphScene(QObject *parent = nullptr);
    ~HeatGraphScene() override;

    // Replaces the items by those of layout, a layout of bodies.shown() (with bodies' groups).
    void build(const LayoutResult &layout, const CalledBodies &bodies, const QFont &font, const NodeDetailScale *scale);
    void clearGraph();

    // The shown subgraph's nodes, by source index; empty while there is no layout.
    const QVector<OperatorNodeItem *> &nodes() const { return m_nodes; }
    // Nodes of the bodies drawn in place, in drawing order.
    const QVector<OperatorNodeItem *> &bodyNodes() const { return m_bodyNodes; }
    QVector<OperatorNodeItem *> allNodes() const { return m_nodes + m_bodyNodes; }
    const QVector<GroupFrameItem *> &groups() const { return m_groups; }
    OperatorNodeItem *node(int sourceIndex) const { return m_nodes.value(sourceIndex); }
    // The first drawn node of operator (subgraph, index) of a body, or null.
    OperatorNodeItem *bodyNode(int subgraph, int sourceIndex) const;
    OperatorNodeItem *node(const NodePath &path) const;

    void setEdgeColor(const QColor &color);
    void setGroupColors(const QColor &fill, const QColor &border, const QColor &text);
    void setNodeCacheMode(QGraphicsItem::CacheMode mode);

private:
    void addEdges(const QVector<EdgeRoute> &edges);
    OperatorNodeItem *addNode(const CalledBodies &bodies, const NodePath &path, int subgraph, const QPointF &center,
        const QFont &font, const NodeDetailScale *scale);

    QVector<OperatorNodeItem *> m_nodes;
    QVector<OperatorNodeItem *> m_bodyNodes;
    QVector<EdgeBundleItem *> m_edges;
    QVector<GroupFrameItem *> m_groups;
};

} // namespace hpx::ui
