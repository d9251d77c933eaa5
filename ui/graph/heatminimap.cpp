#include "ui/graph/heatminimap.h"

#include "ui/graph/heatgraphitems.h"

#include <QGraphicsView>
#include <QMouseEvent>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace hpx::ui {

namespace {
constexpr int kMargin = 8;
// Narrow, so that Fit can more often keep the graph out of the minimap's strip at a readable zoom.
constexpr int kMaxWidth = 120;
constexpr int kMaxStripWidth = 100; // a tall graph (wrapped columns)
constexpr int kMaxHeight = 200;
constexpr int kFrame = 1;
} // namespace

HeatMinimap::HeatMinimap(QGraphicsView *view)
    : QWidget(view)
    , m_view(view)
{
    setCursor(Qt::PointingHandCursor);
    setToolTip(tr("Overview: click or drag to move the view"));
    hide();
}

void HeatMinimap::rebuild(const QVector<OperatorNodeItem *> &nodes, const QRectF &sceneRect)
{
    m_nodes = nodes;
    m_sceneRect = sceneRect;
    m_dirty = true;
    place(m_viewport);
}

void HeatMinimap::setEnabledByUser(bool on)
{
    m_userEnabled = on;
    place(m_viewport);
}

void HeatMinimap::place(const QRect &viewportRect)
{
    m_viewport = viewportRect;
    const QRectF visible = m_view->mapToScene(m_view->viewport()->rect()).boundingRect();
    // Shown when there is something to overview: the graph does not fit the view.
    const bool needed
        = !m_nodes.isEmpty() && m_sceneRect.isValid() && !visible.adjusted(-2, -2, 2, 2).contains(m_sceneRect);
    if (!m_userEnabled || !needed || viewportRect.width() < 240 || viewportRect.height() < 120) {
        hide();
        return;
    }
    const QSize sz = sizeFor(viewportRect, &m_scale);
    const int w = sz.width(), h = sz.height();
    // Never over a node: where the graph reaches the corner (a Fit that needed the full width, a
    // scroll), the minimap steps aside until the corner is free again.
    const QRect inViewport(viewportRect.right() - kMargin - w, viewportRect.top() + kMargin, w, h);
    const auto under = m_view->items(inViewport.adjusted(-2, -2, 2, 2), Qt::IntersectsItemBoundingRect);
    if (std::any_of(
            under.cbegin(), under.cend(), [](const QGraphicsItem *i) { return i->type() == OperatorNodeItem::Type; })) {
        hide();
        return;
    }
    const QPoint topLeft = m_view->viewport()->geometry().topLeft();
    const QSize before = size();
    setGeometry(inViewport.translated(topLeft));
    if (m_dirty || size() != before || m_image.isNull())
        render();
    show();
    raise();
    update();
}

QSize HeatMinimap::sizeFor(const QRect &viewportRect, double *scale) const
{
    // A tall graph (wrapped columns of a 10,000-operator model) gets a tall strip, anything else a box.
    const double aspect = m_sceneRect.width() / m_sceneRect.height();
    const int maxW = std::min(aspect < 0.5 ? kMaxStripWidth : kMaxWidth, viewportRect.width() / 5);
    const int maxH
        = aspect < 0.5 ? viewportRect.height() - 2 * kMargin : std::min(kMaxHeight, viewportRect.height() / 2);
    const double s = std::min((maxW - 2 * kFrame) / m_sceneRect.width(), (maxH - 2 * kFrame) / m_sceneRect.height());
    if (scale)
        *scale = s;
    return QSize(std::max(12, int(std::ceil(m_sceneRect.width() * s)) + 2 * kFrame),
        std::max(12, int(std::ceil(m_sceneRect.height() * s)) + 2 * kFrame));
}

int HeatMinimap::reservedWidth(const QRect &viewportRect) const
{
    if (!m_userEnabled || m_nodes.isEmpty() || !m_sceneRect.isValid() || viewportRect.width() < 240
        || viewportRect.height() < 120)
        return 0;
    return sizeFor(viewportRect).width() + 2 * kMargin;
}

int HeatMinimap::stripWidth(const QSizeF &pane)
{
    return pane.width() < 240 ? 0 : std::min(kMaxStripWidth, int(pane.width()) / 5) + 2 * kMargin;
}

void HeatMinimap::render()
{
    m_dirty = false;
    const qreal dpr = devicePixelRatioF();
    m_image = QImage(size() * dpr, QImage::Format_ARGB32_Premultiplied);
    m_image.setDevicePixelRatio(dpr);
    QColor background = palette().color(QPalette::Base);
    m_image.fill(background);
    QPainter p(&m_image);
    for (const OperatorNodeItem *n : std::as_const(m_nodes)) {
        const QRectF r = n->sceneBoundingRect();
        const QPointF a = fromScene(r.topLeft()), b = fromScene(r.bottomRight());
        // At least a pixel, so every node of a 10,000-operator model leaves its colour.
        const QRectF block(a, QSizeF(std::max(1.0, b.x() - a.x()), std::max(1.0, b.y() - a.y())));
        p.fillRect(block, n->hasValue() ? n->fill() : n->border());
    }
}

QPointF HeatMinimap::fromScene(const QPointF &s) const
{
    return QPointF(kFrame + (s.x() - m_sceneRect.left()) * m_scale, kFrame + (s.y() - m_sceneRect.top()) * m_scale);
}

QPointF HeatMinimap::toScene(const QPointF &p) const
{
    return QPointF(m_sceneRect.left() + (p.x() - kFrame) / m_scale, m_sceneRect.top() + (p.y() - kFrame) / m_scale);
}

void HeatMinimap::viewChanged()
{
    if (isVisible() || !m_nodes.isEmpty())
        place(m_viewport); // the view may now show everything (or no longer)
}

void HeatMinimap::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.drawImage(0, 0, m_image);
    QColor frame = palette().color(QPalette::Text);
    frame.setAlphaF(0.45);
    p.setPen(frame);
    p.setBrush(Qt::NoBrush);
    p.drawRect(rect().adjusted(0, 0, -1, -1));
    // The visible region.
    const QRectF visible = m_view->mapToScene(m_view->viewport()->rect()).boundingRect();
    QRectF r(fromScene(visible.topLeft()), fromScene(visible.bottomRight()));
    r = r.intersected(QRectF(rect()).adjusted(0.5, 0.5, -1.5, -1.5));
    QColor hl = palette().color(QPalette::Highlight);
    p.setPen(QPen(hl, 2));
    hl.setAlphaF(0.18);
    p.setBrush(hl);
    p.drawRect(r);
}

void HeatMinimap::centerViewAt(const QPointF &pos)
{
    m_view->centerOn(toScene(pos));
    update();
}

void HeatMinimap::mousePressEvent(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton)
        return QWidget::mousePressEvent(event);
    m_dragging = true;
    centerViewAt(event->position());
    event->accept();
}

void HeatMinimap::mouseMoveEvent(QMouseEvent *event)
{
    if (m_dragging)
        centerViewAt(event->position());
    event->accept();
}

void HeatMinimap::mouseReleaseEvent(QMouseEvent *event)
{
    m_dragging = false;
    event->accept();
}

} // namespace hpx::ui
