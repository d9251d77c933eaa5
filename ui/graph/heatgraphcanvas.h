#pragma once

#include "ui/graph/heatgraphitems.h"

#include <QGraphicsView>
#include <QPointer>

namespace hpx::ui {

class HeatMinimap;

// The heat graph's QGraphicsView: wheel zoom around the cursor, drag to pan, an overview minimap in
// the top-right corner, and at far zoom (coloured blocks without text) screen-size labels on the
// hottest nodes and the selected one, so the overview still says where the time goes.
class HeatGraphCanvas : public QGraphicsView {
    Q_OBJECT
public:
    static constexpr double kMinZoom = 0.002; // fits a 10,000-operator chain
    static constexpr double kMaxZoom = 8.0;
    // Where a far-zoom label of size goes for a node (viewport coordinates): centred above it, below it when there
    // is no room above, and moved sideways to stay whole inside area (a node at the edge keeps a readable label).
    static QRect labelRect(const QRect &node, const QSize &size, const QRect &area);
    // A far-zoom label's text in at most width pixels: "OP #index · value", the op name elided or dropped when the
    // pane is narrow, so the value is never cut; empty when not even "#index · value" fits.
    static QString labelText(
        const QString &op, int sourceIndex, const QString &value, const QFontMetrics &metrics, int width);

    HeatGraphCanvas(QGraphicsScene *scene, QWidget *parent);

    double zoom() const { return transform().m11(); }
    void zoomBy(double factor);
    void setZoom(double zoom);
    void setDetailScale(const NodeDetailScale *scale) { m_scale = scale; }
    const NodeDetailScale *detailScale() const { return m_scale; }
    NodeDetail detail() const; // how nodes are drawn at the current zoom
    // Fit: the whole scene if it is readable that way, else the full width at a readable size, top
    // first, and the rest is a scroll away.
    void fit();
    // Hottest first; the first few visible ones are labelled at far zoom.
    void setHotNodes(const QVector<OperatorNodeItem *> &hottestFirst);
    HeatMinimap *minimap() const { return m_minimap; }
    void placeMinimap();
    void forgetDetail() { m_lastDetail = -1; } // new items: detailChanged on the next frame

Q_SIGNALS:
    void viewChanged(); // scrolled, zoomed or resized
    void detailChanged(); // the zoom crossed a NodeDetail threshold (emitted before the frame is painted)
    void nodeActivated(int subgraph, int sourceIndex); // double-clicked
    void toggleRequested(const hpx::ui::NodePath &node); // the +/− box of a caller was clicked
    void nodeMenuRequested(const QPoint &viewportPos);

protected:
    void wheelEvent(QWheelEvent *event) override;
    void drawForeground(QPainter *painter, const QRectF &rect) override;
    void resizeEvent(QResizeEvent *event) override;
    void scrollContentsBy(int dx, int dy) override;
    void mouseDoubleClickEvent(QMouseEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void contextMenuEvent(QContextMenuEvent *event) override;
    void paintEvent(QPaintEvent *event) override;

private:
    OperatorNodeItem *nodeAt(const QPoint &viewportPos) const;

    HeatMinimap *m_minimap;
    const NodeDetailScale *m_scale = nullptr;
    QVector<OperatorNodeItem *> m_hot;
    int m_lastDetail = -1;
};

} // namespace hpx::ui
