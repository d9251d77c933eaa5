#pragma once

#include "ui/graph/nodepath.h"

#include <QColor>
#include <QFont>
#include <QGraphicsItem>
#include <QPainterPath>
#include <QStaticText>

namespace hpx::ui {

// Semantic zoom of the heat graph: what a node shows depends on how large its text would be on
// screen. Full: op type, index and value in the view's font. Medium: op (abbreviated) and value on
// one line in a larger font. Far: a block in its heat colour (the hottest nodes get a label drawn
// by the canvas at screen size, every node keeps its value in the tooltip).
enum class NodeDetail { Far, Medium, Full };

class NodeDetailScale {
public:
    static constexpr double kMinLabelPixels = 8; // a label is drawn only if its letters are this high

    explicit NodeDetailScale(const QFont &font);
    NodeDetail at(double zoom) const;
    // Height (scene units: the font's pixel size) of the smallest label text in that style; 0 for Far.
    double labelHeight(NodeDetail detail) const;
    double mediumFrom() const { return m_mediumFrom; }
    double fullFrom() const { return m_fullFrom; }
    const QFont &mediumFont() const { return m_medium; }

private:
    QFont m_medium;
    double m_fullEm;
    double m_mediumEm;
    double m_fullFrom;
    double m_mediumFrom;
};

// One operator box of the heat graph. Cached in device coordinates (repainted only when its
// colour, selection or zoom changes).
class OperatorNodeItem : public QGraphicsItem {
public:
    enum { Type = UserType + 101 };
    // called: the subgraphs the operator runs (WHILE, IF, CALL_ONCE), as a short line; may be empty.
    OperatorNodeItem(int sourceIndex, const QSizeF &size, const QString &op, const QFont &font,
        const NodeDetailScale *scale, const QString &called = QString());

    int type() const override { return Type; }
    int sourceIndex() const { return m_index; }
    // The subgraph the operator belongs to (the shown one, or a called body expanded in place).
    int subgraph() const { return m_subgraph; }
    void setSubgraph(int subgraph) { m_subgraph = subgraph; }
    // Where it is drawn (the shown subgraph, or a body drawn in place, at any depth).
    const NodePath &path() const { return m_path; }
    void setPath(const NodePath &path) { m_path = path; }
    // A caller of other subgraphs shows a +/− box (item coordinates) that expands them in place, unless
    // every subgraph it calls is already open around it (a recursion cycle).
    bool hasToggle() const { return m_expandable && !m_called.isEmpty(); }
    void setExpandable(bool expandable) { m_expandable = expandable; }
    QRectF toggleRect() const;
    void setExpanded(bool expanded);
    bool isExpanded() const { return m_expanded; }
    QString op() const { return m_op; }
    QString valueText() const { return m_value; }
    QRectF boundingRect() const override;
    QPainterPath shape() const override;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

    // fill: heat colour (or the neutral colour when hasValue is false); text picked for contrast.
    void setAppearance(const QColor &fill, const QColor &text, const QColor &border, const QColor &selection,
        bool hasValue, const QString &valueText);
    QColor fill() const { return m_fill; }
    QColor border() const { return m_border; }
    bool hasValue() const { return m_hasValue; }

    static QSizeF preferredSize(const QString &op, int sourceIndex, const QFont &font, bool calls = false);
    // "DEPTHWISE_CONV_2D" -> "DW_CONV": the medium zoom's label.
    static QString shortOp(const QString &op);

private:
    struct Line {
        QStaticText text;
        QFont font;
        QPointF pos;
    };
    void prepareLines() const;
    void paintLines(QPainter *painter, bool medium) const;

    int m_index;
    int m_subgraph = 0;
    NodePath m_path;
    bool m_expanded = false;
    bool m_expandable = true;
    QRectF m_rect;
    QString m_op;
    QString m_value;
    QString m_second;
    QString m_called;
    QFont m_font;
    QFont m_bold;
    const NodeDetailScale *m_scale;
    QColor m_fill;
    QColor m_text;
    QColor m_border;
    QColor m_selection;
    bool m_hasValue = false;
    mutable bool m_linesDirty = true;
    mutable QVector<Line> m_fullLines;
    mutable QVector<Line> m_mediumLines;
};

// A called subgraph drawn inside its caller's graph: a titled frame around the body's nodes and a
// dashed connector from the calling node.
class GroupFrameItem : public QGraphicsItem {
public:
    enum { Type = UserType + 103 };
    GroupFrameItem(int caller, int subgraph, const QRectF &frame, const QString &title, const QFont &font,
        const QPointF &from, const QPointF &to);
    int type() const override { return Type; }
    int caller() const { return m_caller; }
    int subgraph() const { return m_subgraph; }
    // The calling node (caller() is its index in the graph the frame is drawn in).
    const NodePath &callerPath() const { return m_callerPath; }
    void setCallerPath(const NodePath &path) { m_callerPath = path; }
    QRectF frame() const { return m_frame; } // scene coordinates (the item sits at the origin)
    QString title() const { return m_title; }
    QRectF boundingRect() const override { return m_bounds; }
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;
    void setColors(const QColor &fill, const QColor &border, const QColor &text);

    static QSizeF titleSize(const QString &title, const QFont &font);

private:
    int m_caller;
    int m_subgraph;
    NodePath m_callerPath;
    QRectF m_frame;
    QString m_title;
    QFont m_font;
    QPointF m_from;
    QPointF m_to;
    QRectF m_bounds;
    QColor m_fill;
    QColor m_border;
    QColor m_text;
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
