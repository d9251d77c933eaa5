#include "ui/graph/heatgraphscene.h"

#include "ui/graph/calledbodies.h"
#include "ui/graph/heatgraphitems.h"

#include <QPolygonF>

#include <cmath>

namespace hpx::ui {

namespace {
constexpr int kEdgesPerItem = 48;
constexpr double kArrowHalfWidth = 3.5;
constexpr double kArrowLength = 7;
} // namespace

HeatGraphScene::HeatGraphScene(QObject *parent)
    : QGraphicsScene(parent)
{
    setItemIndexMethod(QGraphicsScene::BspTreeIndex);
}

HeatGraphScene::~HeatGraphScene() = default;

void HeatGraphScene::clearGraph()
{
    clear();
    m_nodes.clear();
    m_bodyNodes.clear();
    m_edges.clear();
    m_groups.clear();
}

OperatorNodeItem *HeatGraphScene::addNode(const CalledBodies &bodies, const NodePath &path, int subgraph,
    const QPointF &center, const QFont &font, const NodeDetailScale *scale)
{
    const QString label = bodies.operatorLabel(subgraph, path.index);
    const QString called = bodies.calledText(subgraph, path.index);
    auto *item = new OperatorNodeItem(path.index,
        OperatorNodeItem::preferredSize(label, path.index, font, !called.isEmpty()), label, font, scale, called);
    item->setSubgraph(subgraph);
    item->setPath(path);
    item->setExpandable(!called.isEmpty() && !bodies.expandable(path).isEmpty());
    item->setExpanded(bodies.isExpanded(path));
    item->setPos(center);
    addItem(item);
    return item;
}

void HeatGraphScene::build(
    const LayoutResult &layout, const CalledBodies &bodies, const QFont &font, const NodeDetailScale *scale)
{
    clearGraph();
    const int shown = bodies.shown();
    m_nodes.reserve(layout.centers.size());
    for (int i = 0; i < layout.centers.size(); ++i)
        m_nodes.append(addNode(bodies, NodePath { {}, i }, shown, layout.centers.at(i), font, scale));
    addEdges(layout.edges);
    // A group's caller is a node of the shown graph or of the body of an earlier group (its parent).
    QVector<NodePath> callers(layout.groups.size());
    QVector<bool> placed(layout.groups.size(), false);
    for (int k = 0; k < layout.groups.size(); ++k) {
        const LayoutGroup &g = layout.groups.at(k);
        const int parent = g.parent;
        if (g.subgraph < 0 || !g.frame.isValid() || parent >= k || (parent >= 0 && !placed.at(parent)))
            continue;
        callers[k] = parent < 0 ? NodePath { {}, g.caller }
                                : callers.at(parent).into(layout.groups.at(parent).subgraph, g.caller);
        const QString title = bodies.title(g.subgraph);
        auto *frame = new GroupFrameItem(g.caller, g.subgraph, g.frame, title, font, g.from, g.to);
        frame->setCallerPath(callers.at(k));
        addItem(frame); // after its parent's frame: drawn on top of it
        m_groups.append(frame);
        placed[k] = true;
        for (int i = 0; i < g.centers.size(); ++i)
            m_bodyNodes.append(
                addNode(bodies, callers.at(k).into(g.subgraph, i), g.subgraph, g.centers.at(i), font, scale));
        addEdges(g.edges);
    }
    setSceneRect(layout.bounds.adjusted(-24, -24, 24, 24));
}

OperatorNodeItem *HeatGraphScene::bodyNode(int subgraph, int sourceIndex) const
{
    for (OperatorNodeItem *n : m_bodyNodes)
        if (n->subgraph() == subgraph && n->sourceIndex() == sourceIndex)
            return n;
    return nullptr;
}

OperatorNodeItem *HeatGraphScene::node(const NodePath &path) const
{
    if (path.steps.isEmpty())
        return node(path.index);
    for (OperatorNodeItem *n : m_bodyNodes)
        if (n->path() == path)
            return n;
    return nullptr;
}

void HeatGraphScene::setEdgeColor(const QColor &color)
{
    for (EdgeBundleItem *e : std::as_const(m_edges))
        e->setColor(color);
}

void HeatGraphScene::setGroupColors(const QColor &fill, const QColor &border, const QColor &text)
{
    for (GroupFrameItem *g : std::as_const(m_groups))
        g->setColors(fill, border, text);
}

void HeatGraphScene::setNodeCacheMode(QGraphicsItem::CacheMode mode)
{
    for (OperatorNodeItem *n : std::as_const(m_nodes))
        n->setCacheMode(mode);
    for (OperatorNodeItem *n : std::as_const(m_bodyNodes))
        n->setCacheMode(mode);
}

void HeatGraphScene::addEdges(const QVector<EdgeRoute> &edges)
{
    // Edges in batches; arrowheads as filled triangles at the consumer's border.
    QPainterPath lines, arrows;
    int inBatch = 0;
    auto flush = [&] {
        if (inBatch == 0)
            return;
        auto *item = new EdgeBundleItem(lines, arrows);
        addItem(item);
        m_edges.append(item);
        lines = {};
        arrows = {};
        inBatch = 0;
    };
    for (const EdgeRoute &e : edges) {
        if (e.bezier.size() < 4)
            continue;
        // A long edge (through a gutter) would stretch its batch's bounds over the whole band and
        // get the batch repainted everywhere: it gets an item of its own.
        const QRectF extent = QPolygonF(e.bezier).boundingRect();
        const bool isLong = extent.width() > 600 || extent.height() > 600;
        if (isLong)
            flush();
        lines.moveTo(e.bezier.first());
        for (int k = 1; k + 2 < e.bezier.size(); k += 3)
            lines.cubicTo(e.bezier[k], e.bezier[k + 1], e.bezier[k + 2]);
        const QPointF end = e.bezier.last();
        QPointF dir = e.arrowTip - end;
        double len = std::hypot(dir.x(), dir.y());
        if (len < 0.5) { // no separate arrow segment: point along the last control leg
            dir = end - e.bezier[e.bezier.size() - 2];
            len = std::max(0.001, std::hypot(dir.x(), dir.y()));
        }
        const QPointF u = dir / len, n(-u.y(), u.x());
        const QPointF tip = len >= 0.5 && e.arrowTip != end ? e.arrowTip : end + u * kArrowLength;
        const QPointF base = tip - u * kArrowLength;
        lines.lineTo(base);
        arrows.moveTo(tip);
        arrows.lineTo(base + n * kArrowHalfWidth);
        arrows.lineTo(base - n * kArrowHalfWidth);
        arrows.closeSubpath();
        if (++inBatch == kEdgesPerItem || isLong)
            flush();
    }
    flush();
}

} // namespace hpx::ui
