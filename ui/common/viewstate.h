#pragma once

#include "ui/common/comparedata.h"
#include "ui/common/resultviewdata.h"

#include <QHash>
#include <QObject>
#include <QPair>
#include <QString>
#include <QVector>

#include <optional>

namespace hpx::ui {

// What the window's views show together: the model, the result (and the bundle it was read from or written to), the
// comparison of compare mode, the current counter, the selected operator, and a per-operator metric of the model
// (the Memory view's live bytes). The views bind to it (each view's bind()) instead of to each other, so a view is
// added or taken away without rewiring the others. Lives in the UI thread; what it holds is immutable and shared.
class ViewState : public QObject {
    Q_OBJECT
public:
    using MetricValues = QHash<int, QVector<std::optional<double>>>; // subgraph -> value per operator

    explicit ViewState(QObject *parent = nullptr);

    ModelPtr model() const { return m_model; }
    ResultPtr result() const { return m_result; }
    QString resultBundle() const { return m_resultBundle; } // "" when the result has no bundle
    const CompareData &comparison() const { return m_comparison; }
    QString currentCounter() const { return m_counter; }
    std::optional<QPair<int, int>> selectedOperator() const { return m_selected; }
    QString modelMetricName() const { return m_metricName; }
    QString modelMetricLabel() const { return m_metricLabel; }
    const MetricValues &modelMetric() const { return m_metric; }

    // A new model forgets the selection: its operators are other ones.
    void setModel(ModelPtr model);
    void setResult(ResultPtr result, const QString &bundleDirectory = QString());
    void setComparison(const CompareData &comparison); // an invalid one ends compare mode
    // Emits currentCounterChanged() only when the counter changes; "" is ignored (a view without counters).
    void setCurrentCounter(const QString &counter);
    // Emits operatorSelected() every time, with the view the selection came from (nullptr: none), which does not
    // follow its own selection: a view that is clicked stays where it is.
    void selectOperator(int subgraph, int sourceIndex, const QObject *source = nullptr);
    // Empty values remove the metric.
    void setModelMetric(const QString &name, const QString &label, const MetricValues &values);

    // The selection round-trip of every view that shows operators (its bind()): another view's selection reaches
    // view->selectOperator(), and the view's operatorSelected(subgraph, index) reaches the state as the view's own, so
    // the view does not follow itself.
    template<typename View> void bindSelection(View *view)
    {
        connect(this, &ViewState::operatorSelected, view, [view](int subgraph, int index, const QObject *source) {
            if (source != view)
                view->selectOperator(subgraph, index);
        });
        connect(view, &View::operatorSelected, this,
            [this, view](int subgraph, int index) { selectOperator(subgraph, index, view); });
    }

Q_SIGNALS:
    void modelChanged();
    void resultChanged();
    void comparisonChanged();
    void currentCounterChanged(const QString &counter);
    void operatorSelected(int subgraph, int sourceIndex, const QObject *source);
    void modelMetricChanged();

private:
    ModelPtr m_model;
    ResultPtr m_result;
    QString m_resultBundle;
    CompareData m_comparison;
    QString m_counter;
    std::optional<QPair<int, int>> m_selected;
    QString m_metricName;
    QString m_metricLabel;
    MetricValues m_metric;
};

} // namespace hpx::ui
