#include "heatgraphitems.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QStyleOptionGraphicsItem>

namespace hpx::ui {

namespace {
constexpr double kRadius = 6;
constexpr double kPadX = 10;
constexpr double kPadY = 5;
constexpr double kMinWidth = 84;
constexpr double kTextLod = 0.45; // below this zoom labels are unreadable anyway
constexpr double kShapeLod = 0.18;
constexpr double kEdgeLod = 0.06;
} // namespace

OperatorNodeItem::OperatorNodeItem(int sourceIndex, const QSizeF &size, const QString &op, const QFont &font)
    : m_index(sourceIndex)
    , m_rect(-size.width() / 2, -size.height() / 2, size.width(), size.height())
    , m_op(op)
    , m_second(QStringLiteral("#%1").arg(sourceIndex))
    , m_font(font)
    , m_bold(font)
{
    m_bold.setBold(true);
    setFlag(ItemIsSelectable);
    setCacheMode(DeviceCoordinateCache);
    setAcceptHoverEvents(false);
}

QSizeF OperatorNodeItem::preferredSize(const QString &op, int sourceIndex, const QFont &font)
{
    QFont bold(font);
    bold.setBold(true);
    const QFontMetricsF b(bold), f(font);
    const double w = std::max({ kMinWidth, b.horizontalAdvance(op) + 2 * kPadX,
        f.horizontalAdvance(QStringLiteral("#%1 · 888.88k").arg(sourceIndex)) + 2 * kPadX });
    return QSizeF(std::ceil(w), std::ceil(b.height() + f.height() + 2 * kPadY));
}

QRectF OperatorNodeItem::boundingRect() const
{
    return m_rect.adjusted(-2, -2, 2, 2); // room for the selection outline
}

QPainterPath OperatorNodeItem::shape() const
{
    QPainterPath p;
    p.addRoundedRect(m_rect, kRadius, kRadius);
    return p;
}

void OperatorNodeItem::setAppearance(const QColor &fill, const QColor &text, const QColor &border,
    const QColor &selection, bool hasValue, const QString &valueText)
{
    m_fill = fill;
    m_text = text;
    m_border = border;
    m_selection = selection;
    m_hasValue = hasValue;
    m_second = valueText.isEmpty() ? QStringLiteral("#%1").arg(m_index)
                                   : QStringLiteral("#%1 · %2").arg(m_index).arg(valueText);
    update();
}

void OperatorNodeItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *)
{
    const qreal lod = option->levelOfDetailFromTransform(painter->worldTransform());
    const bool selected = isSelected();
    if (lod < kShapeLod) {
        // Overview: a plain block, not antialiased, so even sub-pixel nodes leave their colour.
        painter->setRenderHint(QPainter::Antialiasing, false);
        painter->fillRect(m_rect, selected ? m_selection : m_fill);
        painter->setRenderHint(QPainter::Antialiasing, true);
        return;
    }
    QPen pen(selected ? m_selection : m_border, selected ? 3.0 : 1.0);
    if (!m_hasValue && !selected)
        pen.setStyle(Qt::DashLine);
    painter->setPen(pen);
    painter->setBrush(m_fill);
    painter->drawRoundedRect(m_rect, kRadius, kRadius);
    if (lod < kTextLod)
        return;
    painter->setPen(m_text);
    const QRectF inner = m_rect.adjusted(kPadX / 2, kPadY, -kPadX / 2, -kPadY);
    const QFontMetricsF bm(m_bold);
    QRectF top(inner.left(), inner.top(), inner.width(), bm.height());
    QRectF bottom(inner.left(), top.bottom(), inner.width(), inner.bottom() - top.bottom());
    painter->setFont(m_bold);
    painter->drawText(top, Qt::AlignCenter, bm.elidedText(m_op, Qt::ElideRight, top.width()));
    painter->setFont(m_font);
    painter->drawText(bottom, Qt::AlignCenter, m_second);
}

EdgeBundleItem::EdgeBundleItem(const QPainterPath &lines, const QPainterPath &arrows)
    : m_lines(lines)
    , m_arrows(arrows)
    , m_bounds(lines.boundingRect().united(arrows.boundingRect()).adjusted(-2, -2, 2, 2))
{
    setZValue(-1);
    setFlag(ItemIsSelectable, false);
    setAcceptedMouseButtons(Qt::NoButton);
}

void EdgeBundleItem::setColor(const QColor &color)
{
    m_color = color;
    update();
}

void EdgeBundleItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *)
{
    const qreal lod = option->levelOfDetailFromTransform(painter->worldTransform());
    if (lod < kEdgeLod)
        return; // far out, edges would only paint over the node colours
    QPen pen(m_color, 1.2);
    if (lod < 0.5)
        pen.setCosmetic(true); // keep edges visible (1 px) when zoomed out
    painter->setPen(pen);
    painter->setBrush(Qt::NoBrush);
    painter->drawPath(m_lines);
    if (lod >= kShapeLod) {
        painter->setPen(Qt::NoPen);
        painter->setBrush(m_color);
        painter->drawPath(m_arrows);
    }
}

} // namespace hpx::ui
