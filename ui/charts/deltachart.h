#pragma once

#include "ui/common/comparedata.h"
#include "ui/common/resultviewdata.h"

#include <QWidget>

#include <optional>

class QCustomPlot;
class QCPBars;
class QLabel;
class QMouseEvent;

namespace hpx::ui {

class ViewState;

// Compare mode's chart: one bar per matched layer with candidate − baseline of the current counter, sorted
// by absolute change (largest first), coloured with the diverging palette of the heat graph. Clicking a bar
// emits operatorSelected(); selectOperator() highlights one without emitting.
class DeltaChart : public QWidget {
    Q_OBJECT
public:
    explicit DeltaChart(QWidget *parent = nullptr);
    ~DeltaChart() override;

    void setCompareData(const CompareData &data);
    // Shows the ViewState's comparison, counter and selection, and tells it the operator chosen here.
    void bind(ViewState *state);
    QString currentCounter() const { return m_counter; }
    void setCurrentCounter(const QString &counter);
    bool selectOperator(int subgraph, int sourceIndex);

    // For tests: bar k's candidate layer and delta.
    int barCount() const { return int(m_layers.size()); }
    int layerAt(int bar) const { return m_layers.value(bar, -1); }
    double barValue(int bar) const { return m_values.value(bar); }
    QCustomPlot *plot() const { return m_plot; }

Q_SIGNALS:
    void operatorSelected(int subgraph, int sourceIndex);

protected:
    void changeEvent(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    void replot();
    void applyPalette();
    void onMousePress(QMouseEvent *event);
    void onMouseMove(QMouseEvent *event);
    int barAt(const QPoint &pos) const;

    CompareData m_data;
    ModelPtr m_model; // names operators as every view does (graph id and index)
    QString m_counter;
    QVector<int> m_layers; // bar -> candidate layer
    QVector<double> m_values; // bar -> delta
    std::optional<int> m_selected; // candidate layer
    QLabel *m_title;
    QCustomPlot *m_plot;
    QVector<QCPBars *> m_buckets;
    QCPBars *m_selectionBars = nullptr;
};

} // namespace hpx::ui
