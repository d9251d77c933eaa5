#pragma once

#include "model/bundle/bundlereader.h"
#include "model/memory/memoryplan.h"
#include "ui/common/resultviewdata.h"

#include <QWidget>

#include <memory>
#include <optional>

class QCheckBox;
class QCPGraph;
class QCPItemRect;
class QCPItemStraightLine;
class QCPItemText;
class QCustomPlot;
class QLabel;
class QMouseEvent;
class QTabWidget;
class QTableWidget;

namespace hpx::ui {

class ElidingLabel;

class ViewState;

using MemoryPlanPtr = std::shared_ptr<const model::MemoryPlan>;

// The Memory view (docs/memory.md): the arena a model needs under TFLM, drawn the way an engineer draws it by hand.
// One plot over TFLM's lifetime clock: each planned tensor a bar from its first to its last step at its planned
// offset, the live bytes of every step as a line over them, the peak and the plan's extent marked; beside it the
// largest tensors and, from a bundle, heliaPROFILER's AOT memory-placement rows. A summary line names the peak, the
// plan and the arena estimate, and, when a run's board reported its arena, the measured size against the plan (an
// arena smaller than the plan's need is flagged).
//
// Selecting an operator (selectOperator) marks its steps and its tensors without emitting; clicking a step or a
// tensor row emits operatorSelected().
class MemoryView : public QWidget {
    Q_OBJECT
public:
    explicit MemoryView(QWidget *parent = nullptr);
    ~MemoryView() override;

    // Plans the model (a few milliseconds even for 10,000 operators); nullptr clears the view.
    void setModel(ModelPtr model);
    // The run's firmware metadata (arena_size, allocated_arena) is compared with the plan.
    void setResult(ResultPtr result);
    // heliaPROFILER's aot_memory_layers.csv rows of the bundle shown, or none.
    void setAotRows(const QVector<model::AotMemoryRow> &rows);
    // summary.json's memory_plan of the run shown (where the virtual board put the arena and the weights,
    // docs/virtual-board.md), or Null: a "Placement" tab, one row per region, only when there is one.
    void setMemoryPlan(const model::JsonValue &memoryPlan);
    // Shows the ViewState's model, result and selection, tells it the operator chosen here, and offers it the live
    // bytes of each plan as its model metric (the heat graph colours by them like a counter).
    void bind(ViewState *state);

    MemoryPlanPtr plan() const { return m_plan; }
    // Why the model could not be planned ("" when it was, or when there is no model).
    QString planError() const { return m_error; }
    // Live bytes of each operator of each subgraph (the heat graph colours by it like a counter).
    QHash<int, QVector<std::optional<double>>> liveBytesBySubgraph() const;

    bool selectOperator(int subgraph, int sourceIndex);
    std::optional<std::pair<int, int>> selectedOperator() const { return m_selected; }

    // The step drawn at plot x, and the planned tensor (index into plan()->tensors) under a plot point, or -1.
    int stepAt(double x) const;
    int tensorAt(double x, double y) const;
    QString toolTipAt(double x, double y) const;
    // The summary line and the arena warning as shown ("" when hidden).
    QString summaryText() const;
    // The plot's peak and plan labels as drawn at the last replot, "|" between them.
    QString plotLabelsText() const;
    QString warningText() const;
    // Rows in the largest-tensors table and in the AOT placement table.
    int largestRowCount() const;
    int aotRowCount() const;
    int placementRowCount() const;
    QString placementText() const; // the Placement tab's cells, a line per row, "|" between cells

    QCustomPlot *plot() const { return m_plot; }

Q_SIGNALS:
    void operatorSelected(int subgraph, int sourceIndex);
    // A new plan (or none).
    void planChanged();

protected:
    void changeEvent(QEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void replan(); // the plan of m_model with the kernels of m_result
    void rebuild();
    void separatePlotLabels();
    void rebuildTables();
    void rebuildPlacement();
    void updateSummary();
    void updateSelection();
    void applyPalette();
    void onMouseMove(QMouseEvent *event);
    void onMousePress(QMouseEvent *event);
    QString operatorText(int step) const;
    QString stepLabel(int step) const; // the x axis' name of a step: "main #1", "start of main"
    void measureStepLabels();
    void fitTensorColumn();
    int fittingStepLabels() const;

    ModelPtr m_model;
    ResultPtr m_result;
    MemoryPlanPtr m_plan;
    QString m_error;
    QVector<model::AotMemoryRow> m_aotRows;
    model::JsonValue m_memoryPlan;
    std::optional<std::pair<int, int>> m_selected;
    QVector<int> m_drawnTensors; // indices into plan()->tensors that have a bar, model order

    ElidingLabel *m_summary;
    QLabel *m_warning;
    QCheckBox *m_showLive;
    QCheckBox *m_showTensors;
    QCustomPlot *m_plot;
    int m_tensorColumnWidth = 0; // the Tensor column's width for its contents
    int m_widestStepLabel = 0; // pixels, of stepLabel() over the plan's steps
    QCPGraph *m_liveGraph = nullptr;
    QCPItemStraightLine *m_peakLine = nullptr;
    QCPItemText *m_peakLabel = nullptr;
    QCPItemStraightLine *m_extentLine = nullptr;
    QCPItemText *m_extentLabel = nullptr;
    QCPItemRect *m_selectionBand = nullptr;
    QVector<QCPItemRect *> m_bars; // one per m_drawnTensors entry
    QTabWidget *m_tables;
    QTableWidget *m_largest;
    QTableWidget *m_aot;
    QTableWidget *m_placement;
};

} // namespace hpx::ui
