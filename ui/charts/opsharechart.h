#pragma once

#include "ui/common/resultviewdata.h"

#include <QWidget>

class QComboBox;

QT_BEGIN_NAMESPACE
class QChart;
class QChartView;
QT_END_NAMESPACE

namespace hpx::ui {

class CounterCombo;
class ViewState;

// Share of the selected counter by op type (Qt Charts): a pie or horizontal bars, the largest
// kOpTypeLimit - 1 op types plus "Other". Clicking a slice or bar emits opTypeActivated() (the
// table can filter by it).
class OpShareChart : public QWidget {
    Q_OBJECT
public:
    enum class Style { Pie, Bars };
    static constexpr int kOpTypeLimit = 8;

    struct Share {
        QString opType; // "Other" groups the rest (see otherLabel())
        double value = 0; // sum of the counter over the layers of that op type
        double fraction = 0; // of the total over all layers with a value
        int layers = 0;
    };

    explicit OpShareChart(QWidget *parent = nullptr);
    ~OpShareChart() override;

    void setResult(ResultPtr result);
    void setResult(const model::ProfileResult &result);
    // Shows the ViewState's result and counter; the counter chosen here only changes what this chart shows.
    void bind(ViewState *state);

    QString currentCounter() const { return m_counter; }
    void setCurrentCounter(const QString &counter);
    Style style() const { return m_style; }
    void setStyle(Style style);

    // What the chart shows, largest first ("Other" last).
    QVector<Share> shares() const { return m_shares; }
    static QVector<Share> computeShares(const model::ProfileResult &result, const QString &counter, int limit);
    static QString otherLabel();

    QChartView *chartView() const { return m_view; }

Q_SIGNALS:
    void opTypeActivated(const QString &opType);
    void currentCounterChanged(const QString &counter);

protected:
    void changeEvent(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void showEvent(QShowEvent *event) override;

private:
    void fitToHeight();
    void rebuildCounterCombo();
    void rebuild();
    void applyTheme();

    ResultPtr m_result;
    QString m_counter;
    Style m_style = Style::Pie;
    QVector<Share> m_shares;
    CounterCombo *m_counterCombo;
    QComboBox *m_styleCombo;
    QChartView *m_view;
    QString m_title; // shown above the chart when it is tall enough (fitToHeight)
    QMargins m_chartMargins; // QChart's own, for a chart tall enough
};

} // namespace hpx::ui
