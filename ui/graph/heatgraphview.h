#pragma once

#include "ui/common/comparedata.h"
#include "ui/common/heatgradient.h"
#include "ui/common/resultviewdata.h"
#include "ui/graph/calledbodies.h"
#include "ui/graph/graphlayout.h"
#include "ui/graph/heatcoloring.h"
#include "ui/graph/heatgraphcanvas.h"
#include "ui/graph/heatgraphitems.h"
#include "ui/graph/heatgraphscene.h"
#include "ui/graph/heatlegend.h"

#include <QWidget>

#include <memory>
#include <optional>

class QGraphicsScene;
class QGraphicsView;
class QLabel;
class QPainter;
class QTimer;

namespace hpx::ui {

class HeatGraphNavigator;
class ViewState;
class HeatGraphToolBar;
class HeatMinimap;

// The operator graph of one subgraph, laid out as a layered DAG (GraphLayoutEngine, off the UI
// thread; a long chain wraps into columns or rows that fit the pane), each operator a rounded box
// labelled with its op type and index and filled with the heat colour of the selected counter
// (HeatGradient, relative to the counter's min..max over the shown subgraph — the colours Model
// Explorer gives the same overlay file). Operators without a value are drawn in a neutral grey.
// Labels follow the zoom (NodeDetail); a minimap gives the overview; an operator that runs other
// subgraphs (WHILE, IF, CALL_ONCE) names them, draws them in framed groups inside this graph when
// expanded (its +/− box, E, its context menu), also inside a body drawn in place, and opens them on a
// double-click.
// Mouse: wheel zooms around the cursor, drag pans, click selects. Keys: Ctrl+F search, F fit,
// Ctrl++ / Ctrl+- zoom, Ctrl+0 100 %, N / Shift+N next / previous hottest, Up/Down/Home/End walk.
// The view is the coordinator of: the canvas (HeatGraphCanvas: zoom, fit, minimap), the scene's items
// (HeatGraphScene), the colours (HeatColoring), the called bodies drawn in place (CalledBodies), the
// selection and moves (HeatGraphNavigator) and the layout engine; export is heatgraphexport.h.
class HeatGraphView : public QWidget {
    Q_OBJECT
public:
    explicit HeatGraphView(QWidget *parent = nullptr);
    ~HeatGraphView() override;

    void setModel(ModelPtr model);
    void setResult(ResultPtr result);
    void setModel(const model::ModelInfo &model);
    void setResult(const model::ProfileResult &result);
    // Shows the ViewState's model, result, comparison, model metric, counter and selection, and tells it the counter
    // and the operator chosen here (docs/architecture.md, One view state).
    void bind(ViewState *state);

    QString currentCounter() const { return m_counter; }
    void setCurrentCounter(const QString &counter);
    int currentSubgraph() const { return m_subgraph; }
    void setCurrentSubgraph(int subgraph);

    // Selects that operator's node (switching subgraph when needed; applied once the layout is
    // ready) and centres it. Emits nothing, so two views can sync without echo. False when the
    // model has no such operator.
    bool selectOperator(int subgraph, int sourceIndex);
    // (subgraph, index) of the selected node, or nullopt.
    std::optional<QPair<int, int>> selectedOperator() const;

    // Finds the next node after the selection whose op type contains text or whose index is text
    // ("12" or "#12"), selects and centres it, and emits operatorSelected. False if none matches.
    bool find(const QString &text);

    // Compare mode: nodes show candidate − baseline of the current counter on the diverging scale of
    // model::DivergingPalette, centred on zero over ±max |delta| (the delta overlays' colours). An invalid
    // CompareData returns to the heat colours. The result shown must be the comparison's candidate.
    void setCompareData(const CompareData &data);
    // A per-operator value from the model itself (the memory plan's live bytes), listed with the counters under
    // `label`; empty values remove it. It colours the graph when chosen, or when there is no run to show.
    void setModelMetric(const QString &name, const QString &label, QHash<int, QVector<std::optional<double>>> values);
    bool isCompareMode() const { return m_coloring.isCompareMode(); }

    // Selects the next (step 1) or previous (-1) node in descending value of the current counter,
    // starting from the selection, centres it and emits operatorSelected. False without values.
    bool selectNextHottest(int step = 1);
    // Source indices of the valued operators, hottest first (ties by index).
    QVector<int> hottestOperators() const { return m_coloring.hottest(); }

    // Subgraphs the operator runs (WHILE, IF, CALL_ONCE...), and opening one: switches to it and
    // offers the way back to the caller. False if the operator calls nothing.
    QVector<int> calledSubgraphs(int sourceIndex) const;
    bool openCalledSubgraph(int sourceIndex, int which = -1); // -1: the body of a WHILE, else the first
    // The first operator (subgraph, index) that calls subgraph, if any.
    std::optional<QPair<int, int>> callerOf(int subgraph) const;
    // Draws the subgraphs the operator runs inside this graph, each in a titled frame beside it (a new
    // layout, off the UI thread), or removes them. The +/− box on the node, its context menu and E on
    // the selected node do the same. False if the operator calls nothing.
    bool setExpanded(int sourceIndex, bool expanded);
    bool isExpanded(int sourceIndex) const { return isExpanded(NodePath { {}, sourceIndex }); }
    // The same for any drawn node, also a caller inside a body drawn in place (at any depth); not for a
    // subgraph already open around the node (a recursion cycle). Folding a node folds those inside it.
    bool setExpanded(const NodePath &node, bool expanded);
    bool isExpanded(const NodePath &node) const { return m_bodies.isExpanded(node); }
    bool isDrawnInPlace(int subgraph) const; // a body of an expanded caller
    // Scene centre of an operator of an expanded body (subgraph, index; the first drawn); null if it is
    // not drawn.
    QPointF bodyNodeCenter(int subgraph, int sourceIndex) const;
    QPointF nodeCenter(const NodePath &node) const; // null if it is not drawn

    LayoutOptions::Direction direction() const { return m_direction; }
    void setDirection(LayoutOptions::Direction direction);

    // The one place that turns a node's value into its fill; empty = the heat gradient over the
    // shown subgraph's range (a comparison view can colour by a diverging palette instead).
    using ColorFunction = HeatColoring::ColorFunction;
    void setColorFunction(ColorFunction function);
    // How values map onto the gradient (HeatScale); the toolbar's Scale combo sets it too (scaleChanged).
    void setScale(HeatScale scale);
    HeatScale scale() const { return m_coloring.scale(); }

    // Fit: the whole graph if it is readable that way, else the full width at a readable size,
    // top first, and the rest is a scroll away.
    void fitToView();
    void zoomIn() { m_view->zoomBy(1.25); }
    void zoomOut() { m_view->zoomBy(0.8); }
    void resetZoom() { m_view->setTransform(QTransform()); }
    double zoomFactor() const { return m_view->zoom(); }

    // State for tests, export and the benchmark.
    bool isLayoutPending() const { return m_layoutPending; }
    int nodeCount() const { return int(m_scene->nodes().size()); }
    QColor nodeColor(int sourceIndex) const; // invalid when there is no such node
    QString nodeToolTip(int sourceIndex) const;
    NodeDetail currentDetail() const { return m_view->detail(); } // how nodes are drawn at the current zoom
    const NodeDetailScale &detailScale() const { return *m_detailScale; }
    HeatMinimap *minimap() const { return m_view->minimap(); }
    bool nodeHasValue(int sourceIndex) const;
    QPointF nodeCenter(int sourceIndex) const; // scene coordinates
    HeatRange range() const { return m_coloring.range(); }
    const LayoutResult &layout() const { return m_layoutResult; }
    QGraphicsScene *scene() const { return m_scene; }
    QGraphicsView *graphicsView() const { return m_view; }
    // The least height of the canvas: two rows of nodes with the gap between them (seven text lines).
    int minimumCanvasHeight() const { return fontMetrics().height() * 7; }

    HeatLegend *legend() const { return m_legend; }
    // The tool bar's rows and the legend's lines at the current width (both flow) above and below the canvas's least
    // height: their own minimums count one row each, so a window at its limit squeezed the legend to one line.
    QSize minimumSizeHint() const override;

    // The whole graph (not just the visible part) with the legend below it, for export.
    QRectF exportRect() const;
    void renderForExport(QPainter *painter, const QRectF &target) const;

Q_SIGNALS:
    void operatorSelected(int subgraph, int sourceIndex);
    void currentCounterChanged(const QString &counter);
    void currentSubgraphChanged(int subgraph);
    void scaleChanged(hpx::ui::HeatScale scale); // chosen by the user in the toolbar
    void layoutFinished();

protected:
    void changeEvent(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    int m_minimumHeight = 0; // minimumSizeHint() at the last resize, to tell when the rows change
    void rebuildCombos();
    void requestLayout();
    void onLayoutReady(const LayoutResult &result);
    void buildScene();
    void recolor();
    void applyPalette();
    void clearScene();
    bool selectDrawn(int subgraph, int sourceIndex);
    void updateStatus();
    void updateCaller();
    void showNodeMenu(const QPoint &viewportPos);
    void toggle(NodePath node); // a copy: the node's item dies with the next layout

    ModelPtr m_model;
    ResultPtr m_result;
    QString m_counter;
    QString m_metricName; // setModelMetric()
    QString m_metricLabel;
    bool m_metricChosen = false; // picked in the combo: kept over a new result's default counter
    int m_subgraph = 0;

    HeatGraphToolBar *m_toolBar;
    HeatGraphCanvas *m_view;
    HeatGraphScene *m_scene;
    HeatLegend *m_legend;
    QLabel *m_status;
    HeatGraphNavigator *m_navigator;

    GraphLayoutEngine m_layoutEngine;
    LayoutResult m_layoutResult;
    bool m_layoutPending = false;
    CalledBodies m_bodies; // which called subgraphs are drawn in place
    HeatColoring m_coloring;
    LayoutOptions::Direction m_direction = LayoutOptions::Direction::TopToBottom;
    std::unique_ptr<NodeDetailScale> m_detailScale;
    std::optional<QPair<int, int>> m_pendingSelection; // applied once the layout is ready
    QString m_layoutWarning;
    QSizeF m_layoutPane; // the pane the current layout was wrapped for
    QTimer *m_relayoutTimer;
};

} // namespace hpx::ui
