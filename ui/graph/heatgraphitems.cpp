#include "ui/graph/heatgraphitems.h"

#include <QFontInfo>
#include <QFontMetricsF>
#include <QPainter>
#include <QStyleOptionGraphicsItem>

#include <cmath>

namespace hpx::ui {

namespace {
constexpr double kRadius = 6;
constexpr double kPadX = 10;
constexpr double kPadY = 5;
constexpr double kMinWidth = 84;
constexpr double kMediumScale = 1.4; // medium labels are this much larger than the view's font
constexpr double kEdgeLod = 0.06;
constexpr double kArrowLod = 0.18;
constexpr double kEdgeWidth = 1.2;

double emOf(const QFont &font)
{
    return font.pixelSize() > 0 ? font.pixelSize() : QFontInfo(font).pixelSize();
}
} // namespace

NodeDetailScale::NodeDetailScale(const QFont &font)
    : m_medium(font)
    , m_fullEm(std::max(1.0, emOf(font)))
{
    m_medium.setBold(true);
    m_medium.setPixelSize(int(std::round(m_fullEm * kMediumScale)));
    m_mediumEm = m_medium.pixelSize();
    m_fullFrom = kMinLabelPixels / m_fullEm;
    m_mediumFrom = kMinLabelPixels / m_mediumEm;
}

NodeDetail NodeDetailScale::at(double zoom) const
{
    // A small margin so rounding in the view's transform never lands a label just under 8 px.
    if (zoom >= m_fullFrom * 1.001)
        return NodeDetail::Full;
    if (zoom >= m_mediumFrom * 1.001)
        return NodeDetail::Medium;
    return NodeDetail::Far;
}

double NodeDetailScale::labelHeight(NodeDetail detail) const
{
    switch (detail) {
    case NodeDetail::Full:
        return m_fullEm;
    case NodeDetail::Medium:
        return m_mediumEm;
    case NodeDetail::Far:
        break;
    }
    return 0;
}

OperatorNodeItem::OperatorNodeItem(int sourceIndex, const QSizeF &size, const QString &op, const QFont &font,
    const NodeDetailScale *scale, const QString &called)
    : m_index(sourceIndex)
    , m_rect(-size.width() / 2, -size.height() / 2, size.width(), size.height())
    , m_op(op)
    , m_second(QStringLiteral("#%1").arg(sourceIndex))
    , m_called(called)
    , m_font(font)
    , m_bold(font)
    , m_scale(scale)
{
    m_bold.setBold(true);
    setFlag(ItemIsSelectable);
    setCacheMode(DeviceCoordinateCache);
    setAcceptHoverEvents(false);
}

QSizeF OperatorNodeItem::preferredSize(const QString &op, int sourceIndex, const QFont &font, bool calls)
{
    QFont bold(font);
    bold.setBold(true);
    const QFontMetricsF b(bold), f(font);
    const double w = std::max({ kMinWidth, b.horizontalAdvance(op) + 2 * kPadX,
        f.horizontalAdvance(QStringLiteral("#%1 · 888.88k").arg(sourceIndex)) + 2 * kPadX });
    return QSizeF(std::ceil(w), std::ceil(b.height() + f.height() * (calls ? 2 : 1) + 2 * kPadY));
}

QString OperatorNodeItem::shortOp(const QString &op)
{
    static const QHash<QString, QString> known {
        { QStringLiteral("DEPTHWISE_CONV_2D"), QStringLiteral("DW_CONV") },
        { QStringLiteral("FULLY_CONNECTED"), QStringLiteral("FC") },
        { QStringLiteral("TRANSPOSE_CONV"), QStringLiteral("T_CONV") },
        { QStringLiteral("AVERAGE_POOL_2D"), QStringLiteral("AVG_POOL") },
        { QStringLiteral("BATCH_MATMUL"), QStringLiteral("BMM") },
        { QStringLiteral("STRIDED_SLICE"), QStringLiteral("SLICE") },
        { QStringLiteral("CONCATENATION"), QStringLiteral("CONCAT") },
    };
    const auto it = known.constFind(op);
    if (it != known.constEnd())
        return it.value();
    QString s = op;
    if (s.endsWith(QLatin1String("_2D")))
        s.chop(3);
    return s;
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
    m_value = valueText;
    m_second = valueText.isEmpty() ? QStringLiteral("#%1").arg(m_index)
                                   : QStringLiteral("#%1 · %2").arg(m_index).arg(valueText);
    m_linesDirty = true;
    update();
}

void OperatorNodeItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *)
{
    const qreal lod = option->levelOfDetailFromTransform(painter->worldTransform());
    const NodeDetail detail = m_scale ? m_scale->at(lod) : NodeDetail::Full;
    const bool selected = isSelected();
    if (detail == NodeDetail::Far) {
        // A plain block, not antialiased, so even sub-pixel nodes leave their colour; nodes without a
        // value keep a 1 px outline so they never vanish into the background.
        painter->setRenderHint(QPainter::Antialiasing, false);
        painter->fillRect(m_rect, m_fill);
        if (selected || !m_hasValue) {
            QPen pen(selected ? m_selection : m_border, selected ? 3 : 1);
            pen.setCosmetic(true);
            painter->setPen(pen);
            painter->setBrush(Qt::NoBrush);
            painter->drawRect(m_rect);
        }
        painter->setRenderHint(QPainter::Antialiasing, true);
        return;
    }
    QPen pen(selected ? m_selection : m_border, selected ? 3.0 : 1.0);
    pen.setCosmetic(!selected || lod < 1); // at least one pixel at any zoom
    painter->setPen(pen);
    painter->setBrush(m_fill);
    painter->drawRoundedRect(m_rect, kRadius, kRadius);
    painter->setPen(m_text);
    paintLines(painter, detail == NodeDetail::Medium);
    if (hasToggle()) {
        // The +/− box: expands the called subgraphs in place (HeatGraphCanvas handles the click).
        const QRectF box = toggleRect();
        QPen boxPen(m_text, 1.0);
        boxPen.setCosmetic(true);
        painter->setPen(boxPen);
        painter->setBrush(Qt::NoBrush);
        painter->drawRoundedRect(box, 2, 2);
        const QPointF c = box.center();
        const double arm = box.width() / 2 - 2.5;
        painter->drawLine(QPointF(c.x() - arm, c.y()), QPointF(c.x() + arm, c.y()));
        if (!m_expanded)
            painter->drawLine(QPointF(c.x(), c.y() - arm), QPointF(c.x(), c.y() + arm));
    }
}

QRectF OperatorNodeItem::toggleRect() const
{
    constexpr double kBox = 11;
    return QRectF(m_rect.right() - kBox - 3, m_rect.top() + 3, kBox, kBox);
}

void OperatorNodeItem::setExpanded(bool expanded)
{
    if (expanded == m_expanded)
        return;
    m_expanded = expanded;
    update();
}

// Labels are laid out once (elided, centred) into QStaticText: painting them is then glyph drawing
// only, which keeps zoom frames of hundreds of visible nodes cheap (bench_uiviews BM_PanZoomFrame).
void OperatorNodeItem::prepareLines() const
{
    m_linesDirty = false;
    auto line = [](const QString &text, const QFont &font, const QRectF &box) {
        Line l;
        l.font = font;
        const QFontMetricsF fm(font);
        l.text.setTextFormat(Qt::PlainText);
        l.text.setText(fm.elidedText(text, Qt::ElideRight, box.width()));
        l.pos = QPointF(
            box.center().x() - fm.horizontalAdvance(l.text.text()) / 2, box.top() + (box.height() - fm.height()) / 2);
        return l;
    };
    const QRectF inner = m_rect.adjusted(kPadX / 2, kPadY, -kPadX / 2, -kPadY);
    const QFontMetricsF bm(m_bold), fm(m_font);
    const QRectF top(inner.left(), inner.top(), inner.width(), bm.height());
    const QRectF second(inner.left(), top.bottom(), inner.width(), fm.height());
    m_fullLines = { line(m_op, m_bold, top), line(m_second, m_font, second) };
    if (!m_called.isEmpty()) {
        QFont italic(m_font);
        italic.setItalic(true);
        m_fullLines.append(line(m_called, italic, second.translated(0, fm.height())));
    }
    m_mediumLines.clear();
    if (m_scale) {
        // Two lines in a larger font: the op (abbreviated) and the value (the index before a run).
        const QFont &font = m_scale->mediumFont();
        const double h = QFontMetricsF(font).height() * 0.92;
        const QRectF box = m_rect.adjusted(kPadX / 4, 0, -kPadX / 4, 0);
        const QString value = m_value.isEmpty() ? QStringLiteral("#%1").arg(m_index) : m_value;
        m_mediumLines = { line(shortOp(m_op), font, QRectF(box.left(), box.center().y() - h, box.width(), h)),
            line(value, font, QRectF(box.left(), box.center().y(), box.width(), h)) };
    }
}

void OperatorNodeItem::paintLines(QPainter *painter, bool medium) const
{
    if (m_linesDirty)
        prepareLines();
    for (const Line &l : medium ? m_mediumLines : m_fullLines) {
        painter->setFont(l.font);
        painter->drawStaticText(l.pos, l.text);
    }
}

GroupFrameItem::GroupFrameItem(int caller, int subgraph, const QRectF &frame, const QString &title, const QFont &font,
    const QPointF &from, const QPointF &to)
    : m_caller(caller)
    , m_subgraph(subgraph)
    , m_frame(frame)
    , m_title(title)
    , m_font(font)
    , m_from(from)
    , m_to(to)
    , m_bounds(frame.united(QRectF(from, to).normalized()).adjusted(-2, -2, 2, 2))
{
    m_font.setBold(true);
    setZValue(-2); // under the edges and nodes
    setAcceptedMouseButtons(Qt::NoButton);
}

QSizeF GroupFrameItem::titleSize(const QString &title, const QFont &font)
{
    QFont bold(font);
    bold.setBold(true);
    const QFontMetricsF fm(bold);
    return QSizeF(std::ceil(fm.horizontalAdvance(title) + 2 * kPadX), std::ceil(fm.height() + kPadY));
}

void GroupFrameItem::setColors(const QColor &fill, const QColor &border, const QColor &text)
{
    m_fill = fill;
    m_border = border;
    m_text = text;
    update();
}

void GroupFrameItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *)
{
    const qreal lod = option->levelOfDetailFromTransform(painter->worldTransform());
    QPen pen(m_border, 1.2);
    pen.setCosmetic(true);
    painter->setPen(pen);
    painter->setBrush(m_fill);
    painter->drawRoundedRect(m_frame, kRadius * 1.5, kRadius * 1.5);
    pen.setStyle(Qt::DashLine);
    painter->setPen(pen);
    painter->drawLine(m_from, m_to);
    if (lod * QFontMetricsF(m_font).height() < NodeDetailScale::kMinLabelPixels)
        return; // too small to read; the caller's node names the subgraph
    painter->setFont(m_font);
    painter->setPen(m_text);
    const QRectF title(
        m_frame.left() + kPadX, m_frame.top() + kPadY / 2, m_frame.width() - 2 * kPadX, QFontMetricsF(m_font).height());
    painter->drawText(title, Qt::AlignLeft | Qt::AlignVCenter,
        QFontMetricsF(m_font).elidedText(m_title, Qt::ElideRight, title.width()));
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
    // Up to about 1.5 px on screen an edge is a 1 px cosmetic line, which the raster engine draws
    // directly; a wider pen is outlined first (QStroker), several times the cost per frame.
    QPen pen(m_color, kEdgeWidth);
    if (lod * kEdgeWidth < 1.5) {
        pen.setWidthF(1);
        pen.setCosmetic(true); // visible (1 px) when zoomed out
    }
    painter->setPen(pen);
    painter->setBrush(Qt::NoBrush);
    painter->drawPath(m_lines);
    if (lod >= kArrowLod) {
        painter->setPen(Qt::NoPen);
        painter->setBrush(m_color);
        painter->drawPath(m_arrows);
    }
}

} // namespace hpx::ui
