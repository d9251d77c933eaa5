#pragma once

#include "ui/common/heatgradient.h"
#include "ui/common/resultviewdata.h"
#include "ui/compare/comparedata.h"
#include "ui/graph/graphlayout.h"
#include "ui/graph/heatgraphitems.h"
#include "ui/graph/heatlegend.h"

#include <QHash>
#include <QSet>
#include <QWidget>

#include <functional>
#include <memory>
#include <optional>

class QComboBox;
class QGraphicsScene;
class QGraphicsView;
class QLabel;
class QLineEdit;
class QPainter;
class QTimer;
class QToolButton;

namespace hpx::ui {

class CounterCombo;

class OperatorNodeItem;
class EdgeBundleItem;
class GroupFrameItem;
class HeatGraphCanvas;
class HeatMinimap;

// The operator graph of one subgraph, laid out as a layered DAG (GraphLayoutEngine, off the UI
// thread; a long chain wraps into columns or rows that fit the pane), each operator a rounded box
// labelled with its op type and index and filled with the heat colour of the selected counter
// (HeatGradient, relative to the counter's min..max over the shown subgraph — the colours Model
// Explorer gives the same overlay file). Operators without a value are drawn in a neutral grey.
// Labels follow the zoom (NodeDetail); a minimap gives the overview; an operator that runs other
// subgraphs (WHILE, IF, CALL_ONCE) names them, draws them in framed groups inside this graph when
// expanded (its +/− box, E, its context menu) and opens them on a double-click.
// Mouse: wheel zooms around the cursor, drag pans, click selects. Keys: Ctrl+F search, F fit,
// Ctrl++ / Ctrl+- zoom, Ctrl+0 100 %, N / Shift+N next / previous hottest, Up/Down/Home/End walk.
// Implementation: heatgraphview.cpp (widgets, layout, scene), heatgraphcolors.cpp, heatgraphgroups.cpp (called
// subgraphs drawn in place, edge batches), heatgraphexport.cpp, heatgraphnavigation.cpp (selection, search,
// hottest nodes, called subgraphs, zoom and fit).
class HeatGraphView : public QWidget {
    Q_OBJECT
public:
    explicit HeatGraphView(QWidget *parent = nullptr);
    ~HeatGraphView() override;

    void setModel(ModelPtr model);
    void setResult(ResultPtr result);
    void setModel(const model::ModelInfo &model);
    void setResult(const model::ProfileResult &result);

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
    bool isCompareMode() const { return m_compare.isValid(); }

    // Selects the next (step 1) or previous (-1) node in descending value of the current counter,
    // starting from the selection, centres it and emits operatorSelected. False without values.
    bool selectNextHottest(int step = 1);
    // Source indices of the valued operators, hottest first (ties by index).
    QVector<int> hottestOperators() const { return m_hottest; }

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
    bool isExpanded(int sourceIndex) const { return m_expanded.contains(sourceIndex); }
    bool isDrawnInPlace(int subgraph) const; // a body of an expanded caller
    // Scene centre of an operator of an expanded body (subgraph, index); null if it is not drawn.
    QPointF bodyNodeCenter(int subgraph, int sourceIndex) const;

    LayoutOptions::Direction direction() const { return m_direction; }
    void setDirection(LayoutOptions::Direction direction);

    // The one place that turns a node's value into its fill; empty = the heat gradient over the
    // shown subgraph's range (a comparison view can colour by a diverging palette instead).
    using ColorFunction = std::function<QColor(double value, const HeatRange &range)>;
    void setColorFunction(ColorFunction function);

    // Fit: the whole graph if it is readable that way, else the full width at a readable size,
    // top first, and the rest is a scroll away.
    void fitToView();
    void zoomIn();
    void zoomOut();
    void resetZoom();
    double zoomFactor() const;

    // State for tests, export and the benchmark.
    bool isLayoutPending() const { return m_layoutPending; }
    int nodeCount() const { return m_nodes.size(); }
    QColor nodeColor(int sourceIndex) const; // invalid when there is no such node
    QString nodeToolTip(int sourceIndex) const;
    NodeDetail currentDetail() const; // how nodes are drawn at the current zoom
    const NodeDetailScale &detailScale() const { return *m_detailScale; }
    HeatMinimap *minimap() const;
    bool nodeHasValue(int sourceIndex) const;
    QPointF nodeCenter(int sourceIndex) const; // scene coordinates
    HeatRange range() const { return m_range; }
    const LayoutResult &layout() const { return m_layoutResult; }
    QGraphicsScene *scene() const { return m_scene; }
    QGraphicsView *graphicsView() const;
    HeatLegend *legend() const { return m_legend; }

    // The whole graph (not just the visible part) with the legend below it, for export.
    QRectF exportRect() const;
    void renderForExport(QPainter *painter, const QRectF &target) const;

Q_SIGNALS:
    void operatorSelected(int subgraph, int sourceIndex);
    void currentCounterChanged(const QString &counter);
    void currentSubgraphChanged(int subgraph);
    void layoutFinished();

protected:
    void changeEvent(QEvent *event) override;

private:
    void rebuildCombos();
    void requestLayout();
    void onLayoutReady(const LayoutResult &result);
    void buildScene();
    void recolor();
    void recolorDeltas(); // heatgraphdelta.cpp
    void applyPalette();
    void onSceneSelectionChanged();
    void centerOn(OperatorNodeItem *item);
    bool selectAndEmit(int sourceIndex);
    void stepSelection(int delta, bool toEnd);
    void updateStatus();
    void updateCaller();
    void showHottestMenu();
    void showNodeMenu(const QPoint &viewportPos);
    void addEdgeItems(const QVector<EdgeRoute> &edges); // heatgraphgroups.cpp
    void addGroupInputs(LayoutInput &input) const;
    void buildGroups();
    void recolorGroups(const QColor &neutralFill, const QColor &neutralBorder);
    QString groupTitle(int subgraph) const;
    QString nodeLabel(int subgraph, int index) const;
    QString nodeLabel(int index) const { return nodeLabel(m_subgraph, index); }
    QString calledText(int index) const;
    QColor fillFor(double value) const;

    ModelPtr m_model;
    ResultPtr m_result;
    QString m_counter;
    int m_subgraph = 0;

    CounterCombo *m_counterCombo;
    QComboBox *m_subgraphCombo;
    QLabel *m_subgraphLabel;
    QLineEdit *m_search;
    QToolButton *m_fitButton;
    QToolButton *m_hotButton;
    QToolButton *m_directionButton;
    QToolButton *m_overviewButton;
    QToolButton *m_callerButton;
    // The tool bar shows and hides its widgets through their actions.
    HeatGraphCanvas *m_view;
    QGraphicsScene *m_scene;
    HeatLegend *m_legend;
    QLabel *m_status;

    GraphLayoutEngine m_layoutEngine;
    LayoutResult m_layoutResult;
    bool m_layoutPending = false;
    QVector<OperatorNodeItem *> m_nodes; // by source index
    QVector<OperatorNodeItem *> m_bodyNodes; // of the expanded groups
    QVector<EdgeBundleItem *> m_edgeItems;
    QVector<GroupFrameItem *> m_groupItems;
    QSet<int> m_expanded; // callers in the shown subgraph whose called subgraphs are drawn in place
    HeatRange m_range;
    CompareData m_compare;
    QVector<std::optional<double>> m_values; // by source index, for the current counter
    QVector<int> m_hottest;
    ColorFunction m_colorFunction;
    LayoutOptions::Direction m_direction = LayoutOptions::Direction::TopToBottom;
    std::unique_ptr<NodeDetailScale> m_detailScale;
    std::optional<QPair<int, int>> m_pendingSelection;
    bool m_syncing = false;
    QString m_layoutWarning;
    QSizeF m_layoutPane; // the pane the current layout was wrapped for
    QTimer *m_relayoutTimer;
};

} // namespace hpx::ui
