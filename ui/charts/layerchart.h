#pragma once

#include "ui/common/resultviewdata.h"

#include <QWidget>

#include <optional>

class QCheckBox;
class QComboBox;
class QCustomPlot;
class QCPBars;
class QCPItemText;
class QMouseEvent;

namespace hpx::ui {

class CounterCombo;
class ViewState;

// Per-layer bars of one counter (QCustomPlot): in execution order or sorted (highest first),
// linear or log scale, bars coloured with the heat gradient over all layers, a tooltip per bar,
// drag/wheel to pan and zoom horizontally. Clicking a bar emits operatorSelected();
// selectOperator() highlights a bar without emitting.
class LayerChart : public QWidget {
    Q_OBJECT
public:
    enum class Order { Execution, Sorted };

    explicit LayerChart(QWidget *parent = nullptr);
    ~LayerChart() override;

    void setModel(ModelPtr model);
    void setResult(ResultPtr result);
    void setModel(const model::ModelInfo &model);
    void setResult(const model::ProfileResult &result);
    // Shows the ViewState's model, result, counter and selection, and tells it the operator chosen here. The counter
    // chosen here only changes what this chart plots.
    void bind(ViewState *state);

    QString currentCounter() const { return m_counter; }
    void setCurrentCounter(const QString &counter);
    Order order() const { return m_order; }
    void setOrder(Order order);
    bool logScale() const { return m_log; }
    void setLogScale(bool on);

    bool selectOperator(int subgraph, int sourceIndex);
    std::optional<int> selectedLayer() const { return m_selected; }

    // Layer index (into ProfileResult::layers) drawn at bar position `key`, or -1.
    int layerAt(int key) const { return key >= 0 && key < m_barLayers.size() ? m_barLayers.at(key) : -1; }
    int barCount() const { return m_barLayers.size(); }
    double barValue(int key) const;
    QString toolTipForBar(int key) const;

    // What the empty plot says instead of bars ("" when it has bars).
    QString emptyHint() const;
    QCustomPlot *plot() const { return m_plot; }

Q_SIGNALS:
    void operatorSelected(int subgraph, int sourceIndex);
    void layerSelected(int layerIndex);
    void currentCounterChanged(const QString &counter);

protected:
    void changeEvent(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    void fitValueTicks();
    void rebuildCounterCombo();
    void replot();
    void applyPalette();
    void onMouseMove(QMouseEvent *event);
    void onMousePress(QMouseEvent *event);
    int keyAt(const QPoint &pos) const;

    ModelPtr m_model;
    ResultPtr m_result;
    QString m_counter;
    Order m_order = Order::Execution;
    bool m_log = false;
    std::optional<int> m_selected;
    QVector<int> m_barLayers; // bar key -> layer index
    QVector<double> m_values; // bar key -> value (NaN when missing)

    CounterCombo *m_counterCombo;
    QComboBox *m_orderCombo;
    QCheckBox *m_logCheck;
    QCustomPlot *m_plot;
    QVector<QCPBars *> m_buckets; // one series per heat colour step
    QCPBars *m_selectionBars = nullptr;
    QCPItemText *m_hint = nullptr; // in the empty plot: what would fill it
};

} // namespace hpx::ui
