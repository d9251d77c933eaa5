#include "ui/common/viewstate.h"

namespace hpx::ui {

ViewState::ViewState(QObject *parent)
    : QObject(parent)
{
}

void ViewState::setModel(ModelPtr model)
{
    m_model = std::move(model);
    m_selected.reset();
    Q_EMIT modelChanged();
}

void ViewState::setResult(ResultPtr result, const QString &bundleDirectory)
{
    m_result = std::move(result);
    m_resultBundle = bundleDirectory;
    Q_EMIT resultChanged();
}

void ViewState::setComparison(const CompareData &comparison)
{
    if (!comparison.isValid() && !m_comparison.isValid())
        return; // not comparing before or after: nothing for the views to undo
    m_comparison = comparison;
    Q_EMIT comparisonChanged();
}

void ViewState::setCurrentCounter(const QString &counter)
{
    if (counter.isEmpty() || counter == m_counter)
        return;
    m_counter = counter;
    Q_EMIT currentCounterChanged(counter);
}

void ViewState::selectOperator(int subgraph, int sourceIndex, const QObject *source)
{
    m_selected = qMakePair(subgraph, sourceIndex);
    Q_EMIT operatorSelected(subgraph, sourceIndex, source);
}

void ViewState::setModelMetric(const QString &name, const QString &label, const MetricValues &values)
{
    m_metricName = values.isEmpty() ? QString() : name;
    m_metricLabel = label;
    m_metric = values;
    Q_EMIT modelMetricChanged();
}

} // namespace hpx::ui
