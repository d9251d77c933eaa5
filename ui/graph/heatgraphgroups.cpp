// HeatGraphView, the part that draws called subgraphs inside their caller's graph (a WHILE's cond
// and body, IF branches, CALL_ONCE), and the edge batches the graph and its groups share.
#include "ui/graph/heatgraphcanvas.h"
#include "ui/graph/heatgraphitems.h"
#include "ui/graph/heatgraphview.h"

#include <QGraphicsScene>
#include <QMenu>
#include <QPolygonF>

#include <cmath>

namespace hpx::ui {

namespace {
constexpr int kEdgesPerItem = 48;
constexpr double kArrowHalfWidth = 3.5;
constexpr double kArrowLength = 7;
} // namespace

QString HeatGraphView::nodeLabel(int subgraph, int index) const
{
    const auto &op = m_model->subgraphs.at(subgraph).operators.at(index);
    return op.op == QLatin1String("CUSTOM") && !op.customCode.isEmpty() ? op.customCode : op.op;
}

bool HeatGraphView::setExpanded(int sourceIndex, bool expanded)
{
    if (calledSubgraphs(sourceIndex).isEmpty())
        return false;
    if (expanded == m_expanded.contains(sourceIndex))
        return true;
    if (expanded)
        m_expanded.insert(sourceIndex);
    else
        m_expanded.remove(sourceIndex);
    // The groups change the caller's place in the graph: a new layout, keeping the selection.
    const auto keep = selectedOperator();
    requestLayout();
    m_pendingSelection = keep && (keep->first == m_subgraph || isDrawnInPlace(keep->first))
        ? *keep
        : QPair<int, int>(m_subgraph, sourceIndex);
    return true;
}

bool HeatGraphView::isDrawnInPlace(int subgraph) const
{
    if (subgraph == m_subgraph)
        return false;
    for (int caller : m_expanded)
        if (calledSubgraphs(caller).contains(subgraph))
            return true;
    return false;
}

QPointF HeatGraphView::bodyNodeCenter(int subgraph, int sourceIndex) const
{
    for (const OperatorNodeItem *n : std::as_const(m_bodyNodes))
        if (n->subgraph() == subgraph && n->sourceIndex() == sourceIndex)
            return n->pos();
    return {};
}

void HeatGraphView::addGroupInputs(LayoutInput &input) const
{
    QList<int> callers(m_expanded.cbegin(), m_expanded.cend());
    std::sort(callers.begin(), callers.end()); // deterministic order
    const QFont f = font();
    for (int caller : std::as_const(callers)) {
        for (int s : calledSubgraphs(caller)) {
            if (s == m_subgraph)
                continue; // a subgraph calling itself is not drawn inside itself
            const auto &sg = m_model->subgraphs.at(s);
            LayoutGroupInput g;
            g.caller = caller;
            g.subgraph = s;
            for (int i = 0; i < sg.operators.size(); ++i)
                g.body.nodeSizes.append(OperatorNodeItem::preferredSize(
                    nodeLabel(s, i), i, f, !sg.operators.at(i).calledSubgraphs.isEmpty()));
            g.body.edges = dataflowEdges(sg);
            g.title = GroupFrameItem::titleSize(groupTitle(s), f);
            input.groups.push_back(std::move(g));
        }
    }
}

QString HeatGraphView::groupTitle(int subgraph) const
{
    return tr("%1 (%n op(s))", nullptr, int(m_model->subgraphs.at(subgraph).operators.size()))
        .arg(subgraphLabel(m_model.get(), subgraph));
}

void HeatGraphView::buildGroups()
{
    const QFont f = font();
    for (const LayoutGroup &g : std::as_const(m_layoutResult.groups)) {
        if (g.subgraph < 0 || g.subgraph >= m_model->subgraphs.size() || !g.frame.isValid())
            continue;
        const auto &sg = m_model->subgraphs.at(g.subgraph);
        auto *frame = new GroupFrameItem(g.caller, g.subgraph, g.frame, groupTitle(g.subgraph), f, g.from, g.to);
        m_scene->addItem(frame);
        m_groupItems.append(frame);
        for (int i = 0; i < sg.operators.size() && i < g.centers.size(); ++i) {
            const QString label = nodeLabel(g.subgraph, i);
            const bool calls = !sg.operators.at(i).calledSubgraphs.isEmpty();
            // A body's own calls are opened with a double-click, not expanded again in place.
            auto *item = new OperatorNodeItem(
                i, OperatorNodeItem::preferredSize(label, i, f, calls), label, f, m_detailScale.get());
            item->setSubgraph(g.subgraph);
            item->setPos(g.centers.at(i));
            m_scene->addItem(item);
            m_bodyNodes.append(item);
        }
        addEdgeItems(g.edges);
    }
    for (OperatorNodeItem *n : std::as_const(m_nodes))
        n->setExpanded(m_expanded.contains(n->sourceIndex()));
}

void HeatGraphView::recolorGroups(const QColor &neutralFill, const QColor &neutralBorder)
{
    QColor fill = neutralFill;
    fill.setAlphaF(0.35);
    for (GroupFrameItem *g : std::as_const(m_groupItems))
        g->setColors(fill, neutralBorder, palette().color(QPalette::Text));
}

void HeatGraphView::showNodeMenu(const QPoint &viewportPos)
{
    OperatorNodeItem *node = nullptr;
    for (QGraphicsItem *i : m_view->items(viewportPos))
        if (i->type() == OperatorNodeItem::Type && !node)
            node = static_cast<OperatorNodeItem *>(i);
    if (!node)
        return;
    QMenu menu(this);
    if (node->subgraph() == m_subgraph) {
        const int index = node->sourceIndex();
        const QVector<int> called = calledSubgraphs(index);
        if (called.isEmpty())
            return;
        const bool open = isExpanded(index);
        menu.addAction(open ? tr("Hide Called Subgraphs (E)") : tr("Show Called Subgraphs Here (E)"), this,
            [this, index, open] { setExpanded(index, !open); });
        for (int k = 0; k < called.size(); ++k)
            menu.addAction(tr("Open %1").arg(subgraphLabel(m_model.get(), called.at(k))), this,
                [this, index, k] { openCalledSubgraph(index, k); });
    } else {
        const int s = node->subgraph(), index = node->sourceIndex();
        menu.addAction(tr("Open %1").arg(subgraphLabel(m_model.get(), s)), this, [this, s, index] {
            m_pendingSelection = QPair<int, int>(s, index);
            setCurrentSubgraph(s);
        });
    }
    menu.exec(m_view->viewport()->mapToGlobal(viewportPos));
}

void HeatGraphView::addEdgeItems(const QVector<EdgeRoute> &edges)
{
    // Edges in batches; arrowheads as filled triangles at the consumer's border.
    QPainterPath lines, arrows;
    int inBatch = 0;
    auto flush = [&] {
        if (inBatch == 0)
            return;
        auto *item = new EdgeBundleItem(lines, arrows);
        m_scene->addItem(item);
        m_edgeItems.append(item);
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
