#pragma once

#include <QColor>
#include <QFont>
#include <QGraphicsItem>
#include <QPainterPath>
#include <QStaticText>

namespace hpx::ui {

// One operator box of the heat graph. Cached in device coordinates (repainted only when its
// colour, selection or zoom changes); text is skipped when zoomed far out.
class OperatorNodeItem : public QGraphicsItem {
public:
    enum { Type = UserType + 101 };
    OperatorNodeItem(int sourceIndex, const QSizeF &size, const QString &op, const QFont &font);

    int type() const override { return Type; }
    int sourceIndex() const { return m_index; }
    QString op() const { return m_op; }
    QRectF boundingRect() const override;
    QPainterPath shape() const override;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

    // fill: heat colour (or the neutral colour when hasValue is false); text picked for contrast.
    void setAppearance(const QColor &fill, const QColor &text, const QColor &border, const QColor &selection,
        bool hasValue, const QString &valueText);
    QColor fill() const { return m_fill; }
    bool hasValue() const { return m_hasValue; }

    static QSizeF preferredSize(const QString &op, int sourceIndex, const QFont &font);

private:
    int m_index;
    QRectF m_rect;
    QString m_op;
    QString m_second;
    QFont m_font;
    QFont m_bold;
    QColor m_fill;
    QColor m_text;
    QColor m_border;
    QColor m_selection;
    bool m_hasValue = false;
};

// A batch of edges drawn as one path (a few dozen edges per item keep the BSP index useful
// without thousands of items).
class EdgeBundleItem : public QGraphicsItem {
public:
    EdgeBundleItem(const QPainterPath &lines, const QPainterPath &arrows);
    QRectF boundingRect() const override { return m_bounds; }
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;
    void setColor(const QColor &color);

private:
    QPainterPath m_lines;
    QPainterPath m_arrows;
    QRectF m_bounds;
    QColor m_color;
};

} // namespace hpx::ui
