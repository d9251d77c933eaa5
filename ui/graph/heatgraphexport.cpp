// HeatGraphView, the part that draws the whole graph for export (PNG, SVG): every node, not just
// the visible ones, with the legend below.
#include "ui/graph/heatgraphitems.h"
#include "ui/graph/heatgraphview.h"

#include <QGraphicsScene>
#include <QPainter>

namespace hpx::ui {

QRectF HeatGraphView::exportRect() const
{
    const QRectF s = m_scene->sceneRect();
    return QRectF(0, 0, s.width(), s.height() + m_legend->sizeHint().height() + 8);
}

void HeatGraphView::renderForExport(QPainter *painter, const QRectF &target) const
{
    const QRectF s = m_scene->sceneRect();
    const QRectF e = exportRect();
    const double k = std::min(target.width() / e.width(), target.height() / e.height());
    painter->save();
    painter->fillRect(target, palette().color(QPalette::Base));
    painter->translate(target.topLeft());
    painter->scale(k, k);
    // Paint items directly (not from their device caches) so SVG keeps vector shapes and text.
    for (OperatorNodeItem *n : m_nodes)
        n->setCacheMode(QGraphicsItem::NoCache);
    m_scene->render(painter, QRectF(0, 0, s.width(), s.height()), s);
    const auto mode
        = currentDetail() == NodeDetail::Far ? QGraphicsItem::NoCache : QGraphicsItem::DeviceCoordinateCache;
    for (OperatorNodeItem *n : m_nodes)
        n->setCacheMode(mode);
    const int legendH = m_legend->sizeHint().height();
    m_legend->paintLegend(
        painter, QRect(8, int(s.height()) + 4, int(std::min(e.width() - 16, 520.0)), legendH), palette());
    painter->restore();
}

} // namespace hpx::ui
