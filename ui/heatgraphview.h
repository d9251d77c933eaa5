#pragma once

#include "comparedata.h"
#include "graphlayout.h"
#include "heatgradient.h"
#include "heatlegend.h"
#include "resultviewdata.h"

#include <QHash>
#include <QWidget>

#include <optional>

class QComboBox;
class QGraphicsScene;
class QGraphicsView;
class QLabel;
class QLineEdit;
class QPainter;
class QToolButton;

namespace hpx::ui {

class CounterCombo;

class OperatorNodeItem;
class EdgeBundleItem;
class HeatGraphCanvas;

// The operator graph of one subgraph, laid out as a layered DAG (GraphLayoutEngine, off the UI
// thread), each operator a rounded box labelled with its op type and index and filled with the
// heat colour of the selected counter (HeatGradient, relative to the counter's min..max over the
// shown subgraph — the colours Model Explorer gives the same overlay file). Operators without a
// value are drawn in the palette's neutral colours.
// Mouse: wheel zooms around the cursor, drag pans, click selects. Keys: Ctrl+F search, F fit,
// Ctrl++ / Ctrl+- zoom, Ctrl+0 100 %.
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

    void fitToView();
    void zoomIn();
    void zoomOut();
    void resetZoom();
    double zoomFactor() const;

    // State for tests, export and the benchmark.
    bool isLayoutPending() const { return m_layoutPending; }
    int nodeCount() const { return m_nodes.size(); }
    QColor nodeColor(int sourceIndex) const; // invalid when there is no such node
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
    QString nodeLabel(int index) const;

    ModelPtr m_model;
    ResultPtr m_result;
    QString m_counter;
    int m_subgraph = 0;

    CounterCombo *m_counterCombo;
    QComboBox *m_subgraphCombo;
    QLabel *m_subgraphLabel;
    QLineEdit *m_search;
    QToolButton *m_fitButton;
    HeatGraphCanvas *m_view;
    QGraphicsScene *m_scene;
    HeatLegend *m_legend;
    QLabel *m_status;

    GraphLayoutEngine m_layoutEngine;
    LayoutResult m_layoutResult;
    bool m_layoutPending = false;
    QVector<OperatorNodeItem *> m_nodes; // by source index
    QVector<EdgeBundleItem *> m_edgeItems;
    HeatRange m_range;
    CompareData m_compare;
    std::optional<QPair<int, int>> m_pendingSelection;
    bool m_syncing = false;
    QString m_layoutWarning;
};

} // namespace hpx::ui
