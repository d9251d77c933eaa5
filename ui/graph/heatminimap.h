#pragma once

#include <QImage>
#include <QWidget>

class QGraphicsView;

namespace hpx::ui {

class OperatorNodeItem;

// The heat graph's overview: every node as a block in its current colour, the part the view shows
// as a frame. A click centres the view there; dragging pans it. Sits in the view's top-right corner,
// and steps aside (hides) while a node is under that corner: Fit leaves it a free strip when the graph
// stays readable that way.
class HeatMinimap : public QWidget {
    Q_OBJECT
public:
    explicit HeatMinimap(QGraphicsView *view);

    // Redraws the overview from the nodes (after a layout or a recolour).
    void rebuild(const QVector<OperatorNodeItem *> &nodes, const QRectF &sceneRect);
    // Follows the view's scroll and zoom.
    void viewChanged();
    // Sizes and places itself in the view's viewport rectangle (viewport coordinates).
    void place(const QRect &viewportRect);
    void setEnabledByUser(bool on);
    // Width the minimap takes at the viewport's right edge (with its margins) when shown for this
    // viewport, so Fit can leave that strip free; 0 when it would not be shown.
    int reservedWidth(const QRect &viewportRect) const;
    // The same for a tall graph (a strip) in a pane that size, before the layout exists.
    static int stripWidth(const QSizeF &pane);
    bool isEnabledByUser() const { return m_userEnabled; }

    // Minimap pixel <-> scene point.
    QPointF toScene(const QPointF &p) const;
    QPointF fromScene(const QPointF &p) const;
    const QImage &image() const { return m_image; }

protected:
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;

private:
    void render();
    QSize sizeFor(const QRect &viewportRect, double *scale = nullptr) const;
    void centerViewAt(const QPointF &pos);

    QGraphicsView *m_view;
    QVector<OperatorNodeItem *> m_nodes;
    QRectF m_sceneRect;
    QImage m_image;
    double m_scale = 1;
    bool m_dragging = false;
    bool m_dirty = true;
    bool m_userEnabled = true;
    QRect m_viewport;
};

} // namespace hpx::ui
