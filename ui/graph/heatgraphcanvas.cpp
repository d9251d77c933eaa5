#include "ui/graph/heatgraphcanvas.h"

#include "ui/common/heatgradient.h"
#include "ui/graph/heatgraphitems.h"
#include "ui/graph/heatminimap.h"

#include <QContextMenuEvent>
#include <QGraphicsScene>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QScrollBar>
#include <QStyle>
#include <QWheelEvent>

#include <cmath>

namespace hpx::ui {

namespace {
constexpr int kHotLabels = 10; // labelled at far zoom, hottest first
}

HeatGraphCanvas::HeatGraphCanvas(QGraphicsScene *scene, QWidget *parent)
    : QGraphicsView(scene, parent)
    , m_minimap(new HeatMinimap(this))
{
    setDragMode(ScrollHandDrag);
    setTransformationAnchor(AnchorUnderMouse);
    setResizeAnchor(AnchorViewCenter);
    setViewportUpdateMode(SmartViewportUpdate);
    setOptimizationFlags(DontSavePainterState | DontAdjustForAntialiasing);
    setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    setFrameShape(QFrame::NoFrame);
    setFocusPolicy(Qt::StrongFocus);
}

void HeatGraphCanvas::zoomBy(double factor)
{
    // fit() may have pinned a tall graph to the top left (its width fitted beside the minimap); a graph zoomed out
    // until it is smaller than the pane should then sit in the middle, not drift into that corner.
    setAlignment(Qt::AlignCenter);
    setZoom(zoom() * factor);
}

void HeatGraphCanvas::setZoom(double target)
{
    target = std::clamp(target, kMinZoom, kMaxZoom);
    scale(target / zoom(), target / zoom());
    // Labels at far zoom are placed in screen space: repaint them where they now are.
    viewport()->update();
    Q_EMIT viewChanged();
}

NodeDetail HeatGraphCanvas::detail() const
{
    return m_scale ? m_scale->at(zoom()) : NodeDetail::Full;
}

void HeatGraphCanvas::fit()
{
    const QRectF b = scene() ? scene()->sceneRect() : QRectF();
    const QSizeF pane = QSizeF(viewport()->size()) - QSizeF(4, 4);
    if (!m_scale || b.width() <= 0 || b.height() <= 0 || pane.width() <= 0 || pane.height() <= 0)
        return;
    const double whole = std::min(pane.width() / b.width(), pane.height() / b.height());
    if (whole >= m_scale->mediumFrom() * 1.01) {
        // Everything fits with readable labels; small graphs are not blown up past 150 %.
        setAlignment(Qt::AlignCenter);
        setZoom(std::min(whole, 1.5));
        centerOn(b.center());
        return;
    }
    // Fit the width (wrapped layouts are made for it), never past 100 %, top of the graph first; the
    // vertical scroll bar this brings takes its share of the width, and the minimap its strip on the
    // right, so it covers no node: the graph keeps to the left of it.
    const double bar = verticalScrollBar()->isVisible()
        ? 0
        : style()->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr, verticalScrollBar());
    const QRect area(QPoint(), (pane + QSizeF(4 - bar, 4)).toSize());
    const double full = std::min((pane.width() - bar) / b.width(), 1.0);
    const double besideMap = std::min((pane.width() - bar - m_minimap->reservedWidth(area)) / b.width(), 1.0);
    // Beside the minimap if the labels stay as readable (else the minimap steps aside: HeatMinimap::place).
    const double z = m_scale->at(besideMap) == m_scale->at(full) ? besideMap : full;
    setAlignment(Qt::AlignLeft | Qt::AlignTop);
    setZoom(z);
    centerOn(b.center().x(), b.top() + viewport()->height() / (2 * zoom()));
    verticalScrollBar()->setValue(verticalScrollBar()->minimum()); // the first operator whole, not a rounding short
}

void HeatGraphCanvas::setHotNodes(const QVector<OperatorNodeItem *> &hottestFirst)
{
    m_hot = hottestFirst.mid(0, kHotLabels);
    viewport()->update();
}

void HeatGraphCanvas::wheelEvent(QWheelEvent *event)
{
    if (event->angleDelta().y() == 0) {
        QGraphicsView::wheelEvent(event);
        return;
    }
    zoomBy(std::pow(1.0015, event->angleDelta().y()));
    event->accept();
}

void HeatGraphCanvas::drawForeground(QPainter *painter, const QRectF &)
{
    if (!m_scale || m_scale->at(zoom()) != NodeDetail::Far)
        return;
    QVector<OperatorNodeItem *> labelled; // the selection first, then the hottest
    for (QGraphicsItem *i : scene()->selectedItems())
        if (i->type() == OperatorNodeItem::Type)
            labelled.append(static_cast<OperatorNodeItem *>(i));
    for (OperatorNodeItem *i : std::as_const(m_hot))
        if (!labelled.contains(i))
            labelled.append(i);
    painter->save();
    painter->resetTransform();
    painter->setRenderHint(QPainter::Antialiasing);
    painter->setFont(font());
    const QFontMetrics fm(font());
    const QRect area = viewport()->rect();
    // Labels are for finding the hot spots, not for hiding the graph: in a small pane they stop at a quarter of it.
    const qint64 budget = qint64(area.width()) * area.height() / 4;
    qint64 used = 0;
    QVector<QRect> drawn;
    for (OperatorNodeItem *item : std::as_const(labelled)) {
        const QRect node = mapFromScene(item->sceneBoundingRect()).boundingRect();
        if (!area.intersects(node.adjusted(-80, -30, 80, 0)))
            continue;
        const QString text = labelText(item->op(), item->sourceIndex(), item->valueText(), fm, area.width() - 14);
        if (text.isEmpty())
            continue;
        const QRect pill = labelRect(node, QSize(fm.horizontalAdvance(text) + 10, fm.height() + 4), area);
        bool covered = false; // in order: a cooler label never hides a hotter one
        for (const QRect &other : std::as_const(drawn))
            covered = covered || other.intersects(pill.adjusted(-2, -2, 2, 2));
        const qint64 size = qint64(pill.width()) * pill.height();
        if (covered || (!drawn.isEmpty() && used + size > budget))
            continue;
        used += size;
        drawn.append(pill);
        painter->setPen(QPen(item->isSelected() ? palette().color(QPalette::Highlight) : item->fill().darker(170),
            item->isSelected() ? 2 : 1));
        painter->setBrush(item->fill());
        painter->drawRoundedRect(pill, 4, 4);
        painter->setPen(HeatGradient::textColorFor(item->fill()));
        painter->drawText(pill, Qt::AlignCenter, text);
    }
    painter->restore();
}

QString HeatGraphCanvas::labelText(
    const QString &op, int sourceIndex, const QString &value, const QFontMetrics &metrics, int width)
{
    const QString tail = value.isEmpty() ? QStringLiteral("#%1").arg(sourceIndex)
                                         : QStringLiteral("#%1 · %2").arg(sourceIndex).arg(value);
    const QString full = op + QLatin1Char(' ') + tail;
    if (metrics.horizontalAdvance(full) <= width)
        return full;
    const int room = width - metrics.horizontalAdvance(QLatin1Char(' ') + tail);
    const QString elided = metrics.elidedText(op, Qt::ElideRight, room);
    if (room > 0 && elided.size() > 1) // more than the ellipsis alone
        return elided + QLatin1Char(' ') + tail;
    return metrics.horizontalAdvance(tail) <= width ? tail : QString();
}

QRect HeatGraphCanvas::labelRect(const QRect &node, const QSize &size, const QRect &area)
{
    QRect pill(node.center().x() - size.width() / 2, node.top() - size.height() - 2, size.width(), size.height());
    if (pill.top() < area.top()) // no room above: below the node
        pill.moveTop(node.bottom() + 2);
    if (pill.right() > area.right() - 2)
        pill.moveRight(area.right() - 2);
    if (pill.left() < area.left() + 2) // the left edge wins: a label's start is what reads
        pill.moveLeft(area.left() + 2);
    return pill;
}

void HeatGraphCanvas::resizeEvent(QResizeEvent *event)
{
    // A graph shown from its top (fit() pins a tall one there) keeps its top in view when the pane changes height: the
    // view's centre anchor moved it up by half the change, so the first operator opened cut off at the top once the
    // banner, the compare strip or a restored dock took height after the fit.
    QScrollBar *vertical = verticalScrollBar();
    const bool atTop = vertical->value() == vertical->minimum();
    QGraphicsView::resizeEvent(event);
    if (atTop)
        vertical->setValue(vertical->minimum());
    placeMinimap();
    Q_EMIT viewChanged();
}

void HeatGraphCanvas::scrollContentsBy(int dx, int dy)
{
    QGraphicsView::scrollContentsBy(dx, dy);
    if (m_scale && m_scale->at(zoom()) == NodeDetail::Far)
        viewport()->update(); // labels sit at screen size: a blit would tear them
    Q_EMIT viewChanged();
}

OperatorNodeItem *HeatGraphCanvas::nodeAt(const QPoint &viewportPos) const
{
    for (QGraphicsItem *i : items(viewportPos))
        if (i->type() == OperatorNodeItem::Type)
            return static_cast<OperatorNodeItem *>(i);
    return nullptr;
}

void HeatGraphCanvas::mouseDoubleClickEvent(QMouseEvent *event)
{
    if (OperatorNodeItem *node = nodeAt(event->position().toPoint())) {
        Q_EMIT nodeActivated(node->subgraph(), node->sourceIndex());
        event->accept();
        return;
    }
    QGraphicsView::mouseDoubleClickEvent(event);
}

void HeatGraphCanvas::mousePressEvent(QMouseEvent *event)
{
    // The +/− box of a caller, drawn from medium zoom on: expands its called subgraphs in place.
    OperatorNodeItem *node = event->button() == Qt::LeftButton ? nodeAt(event->position().toPoint()) : nullptr;
    if (node && node->hasToggle() && m_scale && m_scale->at(zoom()) != NodeDetail::Far
        && node->toggleRect().contains(node->mapFromScene(mapToScene(event->position().toPoint())))) {
        Q_EMIT toggleRequested(node->path());
        event->accept();
        return;
    }
    QGraphicsView::mousePressEvent(event);
}

void HeatGraphCanvas::contextMenuEvent(QContextMenuEvent *event)
{
    Q_EMIT nodeMenuRequested(event->pos());
    event->accept();
}

void HeatGraphCanvas::paintEvent(QPaintEvent *event)
{
    if (m_scale) {
        const int detail = int(m_scale->at(zoom()));
        if (detail != m_lastDetail) {
            m_lastDetail = detail;
            Q_EMIT detailChanged();
        }
    }
    QGraphicsView::paintEvent(event);
}

void HeatGraphCanvas::placeMinimap()
{
    m_minimap->place(viewport()->rect());
}

} // namespace hpx::ui
