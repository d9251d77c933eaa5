#include "ui/charts/layerchart.h"

#include "ui/charts/chartaxes.h"
#include "ui/common/countercombo.h"
#include "ui/common/heatgradient.h"
#include "ui/common/plotpalette.h"
#include "ui/common/qcustomplotinclude.h"
#include "ui/common/resultviewdata.h"
#include "ui/common/viewstate.h"

#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QToolTip>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace hpx::ui {

namespace {
constexpr int kBuckets = 24; // heat colour steps: finer than the eye can tell apart on thin bars

// Value labels as the heat graph writes them ("600k", "1.2M"): "600000" takes six digits of a narrow plot's width
// and, without group separators, reads as 60,000 as easily as 600,000.
template<class Ticker> class CompactTicker : public Ticker {
protected:
    QString getTickLabel(double tick, const QLocale &, QChar, int) override { return compactNumber(tick); }
};
} // namespace

LayerChart::LayerChart(QWidget *parent)
    : QWidget(parent)
    , m_counterCombo(new CounterCombo(this))
    , m_orderCombo(new QComboBox(this))
    , m_logCheck(new QCheckBox(tr("Log scale"), this))
    , m_plot(new QCustomPlot(this))
{
    m_counterCombo->setToolTip(tr("Counter to plot"));
    m_orderCombo->addItem(tr("Execution order"), int(Order::Execution));
    m_orderCombo->addItem(tr("Sorted, highest first"), int(Order::Sorted));
    m_logCheck->setToolTip(tr("Logarithmic value axis (layers with a value of 0 are not drawn)"));

    auto *bar = new QHBoxLayout;
    bar->setContentsMargins(0, 0, 0, 0);
    bar->addWidget(new QLabel(tr("Counter:"), this));
    bar->addWidget(m_counterCombo);
    bar->addWidget(m_orderCombo);
    bar->addWidget(m_logCheck);
    bar->addStretch(1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(bar);
    layout->addWidget(m_plot, 1);

    m_plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    m_plot->axisRect()->setRangeDrag(Qt::Horizontal);
    m_plot->axisRect()->setRangeZoom(Qt::Horizontal);
    m_plot->setMouseTracking(true);
    m_plot->setNoAntialiasingOnDrag(true);
    for (int i = 0; i < kBuckets; ++i) {
        auto *bars = new QCPBars(m_plot->xAxis, m_plot->yAxis);
        const QColor c = HeatGradient::colorAt((i + 0.5) / kBuckets);
        bars->setBrush(c);
        bars->setPen(QPen(c.darker(130), 0));
        bars->setWidthType(QCPBars::wtPlotCoords);
        bars->setWidth(0.8);
        m_buckets.append(bars);
    }
    useLayerTicks(m_plot->xAxis);
    m_plot->xAxis->setSubTicks(false);
    m_selectionBars = new QCPBars(m_plot->xAxis, m_plot->yAxis);
    m_selectionBars->setWidthType(QCPBars::wtPlotCoords);
    m_selectionBars->setWidth(0.8);
    m_hint = new QCPItemText(m_plot);
    m_hint->position->setType(QCPItemPosition::ptAxisRectRatio);
    m_hint->position->setCoords(0.5, 0.5);
    m_hint->setPositionAlignment(Qt::AlignCenter);
    m_hint->setTextAlignment(Qt::AlignCenter);
    m_hint->setClipToAxisRect(true);

    connect(m_counterCombo, &CounterCombo::counterChanged, this, [this](const QString &c) {
        if (c == m_counter)
            return;
        m_counter = c;
        replot();
        Q_EMIT currentCounterChanged(c);
    });
    connect(m_orderCombo, &QComboBox::currentIndexChanged, this,
        [this] { setOrder(Order(m_orderCombo->currentData().toInt())); });
    connect(m_logCheck, &QCheckBox::toggled, this, &LayerChart::setLogScale);
    connect(m_plot, &QCustomPlot::mouseMove, this, &LayerChart::onMouseMove);
    connect(m_plot, &QCustomPlot::mousePress, this, &LayerChart::onMousePress);
    applyPalette();
    replot();
}

LayerChart::~LayerChart() = default;

void LayerChart::setModel(const model::ModelInfo &model)
{
    setModel(std::make_shared<const model::ModelInfo>(model));
}
void LayerChart::setResult(const model::ProfileResult &result)
{
    setResult(std::make_shared<const model::ProfileResult>(result));
}

void LayerChart::setModel(ModelPtr model)
{
    m_model = std::move(model);
    replot();
}

void LayerChart::setResult(ResultPtr result)
{
    m_result = std::move(result);
    m_selected.reset();
    rebuildCounterCombo();
    replot();
}

void LayerChart::rebuildCounterCombo()
{
    m_counter = m_counterCombo->setCountersOf(m_result.get(), m_counter);
}

void LayerChart::bind(ViewState *state)
{
    connect(state, &ViewState::modelChanged, this, [this, state] { setModel(state->model()); });
    connect(state, &ViewState::resultChanged, this, [this, state] { setResult(state->result()); });
    connect(state, &ViewState::currentCounterChanged, this, &LayerChart::setCurrentCounter);
    state->bindSelection(this);
}

void LayerChart::setCurrentCounter(const QString &counter)
{
    m_counterCombo->selectCounter(counter);
}

void LayerChart::setOrder(Order order)
{
    if (order == m_order)
        return;
    m_order = order;
    QSignalBlocker block(m_orderCombo);
    m_orderCombo->setCurrentIndex(m_orderCombo->findData(int(order)));
    replot();
}

void LayerChart::setLogScale(bool on)
{
    if (on == m_log)
        return;
    m_log = on;
    QSignalBlocker block(m_logCheck);
    m_logCheck->setChecked(on);
    replot();
}

double LayerChart::barValue(int key) const
{
    return key >= 0 && key < m_values.size() ? m_values.at(key) : std::nan("");
}

void LayerChart::replot()
{
    m_barLayers.clear();
    m_values.clear();
    for (QCPBars *b : std::as_const(m_buckets))
        b->data()->clear();
    m_selectionBars->data()->clear();
    const int counter = m_result ? m_result->counters.indexOf(m_counter) : -1;
    if (counter >= 0) {
        const int n = m_result->layers.size();
        m_barLayers.resize(n);
        std::iota(m_barLayers.begin(), m_barLayers.end(), 0);
        QVector<double> v(n);
        for (int i = 0; i < n; ++i)
            v[i] = m_result->layers.at(i).selfAt(counter).value_or(std::nan("")); // own cost: no cycle twice
        if (m_order == Order::Sorted) {
            std::stable_sort(m_barLayers.begin(), m_barLayers.end(), [&v](int a, int b) {
                const bool an = std::isnan(v[a]), bn = std::isnan(v[b]);
                if (an != bn)
                    return bn; // missing values last
                return !an && v[a] > v[b];
            });
        }
        HeatRange range;
        for (double x : std::as_const(v))
            range.add(x);
        double minPositive = INFINITY;
        for (int key = 0; key < n; ++key) {
            const double value = v[m_barLayers[key]];
            m_values.append(value);
            if (std::isnan(value))
                continue;
            if (value > 0)
                minPositive = std::min(minPositive, value);
            if (m_log && value <= 0)
                continue;
            const int bucket = std::clamp(int(range.normalize(value) * kBuckets), 0, kBuckets - 1);
            m_buckets[bucket]->addData(key, value);
            if (m_selected && m_barLayers[key] == *m_selected)
                m_selectionBars->addData(key, value);
        }
        const double base = m_log && std::isfinite(minPositive) ? minPositive / 2 : 0.0;
        for (QCPBars *b : std::as_const(m_buckets))
            b->setBaseValue(base);
        m_selectionBars->setBaseValue(base);
        m_plot->xAxis->setRange(-0.7, std::max(1, n) - 0.3);
        m_plot->yAxis->setScaleType(m_log ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
        useCompactValueLabels(m_plot->yAxis, m_log);
        fitValueTicks();
        bool found = false;
        QCPRange yr;
        for (QCPBars *b : std::as_const(m_buckets)) {
            bool ok = false;
            const QCPRange r = b->getValueRange(ok, QCP::sdBoth);
            if (ok) {
                yr = found ? QCPRange(std::min(yr.lower, r.lower), std::max(yr.upper, r.upper)) : r;
                found = true;
            }
        }
        if (found)
            m_plot->yAxis->setRange(m_log ? base : 0.0, m_log ? yr.upper * 1.6 : yr.upper * 1.05);
    } else {
        // No values (a new model, no result yet): empty axes, not the last result's ranges, and no 0-1 scale that
        // reads as a measurement; the plot says what would fill it.
        m_plot->xAxis->setRange(-0.7, 9.7);
        m_plot->yAxis->setScaleType(QCPAxis::stLinear);
        m_plot->yAxis->setTicker(QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
        m_plot->yAxis->setRange(0, 1);
    }
    m_hint->setText(emptyHint());
    m_hint->setVisible(counter < 0);
    for (QCPAxis *axis : { m_plot->xAxis, m_plot->yAxis })
        axis->setTickLabels(counter >= 0);
    m_plot->xAxis->setLabel(m_order == Order::Sorted ? tr("Layers, highest first") : tr("Layer (execution order)"));
    // A qualifier in brackets goes on a line of its own ("Instructions\n(emulated)"): the rotated label has only the
    // plot's height, which is small at the default layout.
    m_plot->yAxis->setLabel(
        m_counter.isEmpty() ? QString() : stackedAxisTitle(counterLabel(m_counter, m_result.get())));
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

QString LayerChart::emptyHint() const
{
    if (m_result && m_result->counters.contains(m_counter))
        return QString();
    if (m_result && !m_result->layers.isEmpty())
        return tr("No counter of this run to plot.");
    return tr("Each layer's counter is plotted here after a run.\nPress Run (F5) or open a bundle.");
}

void LayerChart::applyPalette()
{
    const QPalette pal = palette();
    applyPlotPalette(m_plot, pal, PlotGrid::FaintText);
    const QColor text = pal.color(QPalette::Text);
    m_hint->setColor(pal.color(QPalette::PlaceholderText));
    m_plot->xAxis->grid()->setVisible(false);
    m_selectionBars->setBrush(Qt::NoBrush);
    // Dark palettes often have a highlight close to the background; fall back to the text colour so the
    // selected bar's outline stays visible.
    QColor outline = pal.color(QPalette::Highlight);
    if (std::abs(outline.lightness() - pal.color(QPalette::Base).lightness()) < 90)
        outline = text;
    m_selectionBars->setPen(QPen(outline, 2.5));
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void LayerChart::fitValueTicks()
{
    if (!m_log)
        ui::fitValueTicks(m_plot->yAxis, m_plot->height(), fontMetrics().height());
}

void LayerChart::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    fitValueTicks();
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void LayerChart::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        applyPalette();
}

int LayerChart::keyAt(const QPoint &pos) const
{
    if (!m_plot->axisRect()->rect().contains(pos))
        return -1;
    const int key = int(std::lround(m_plot->xAxis->pixelToCoord(pos.x())));
    if (key < 0 || key >= m_values.size() || std::isnan(m_values.at(key)))
        return -1;
    const double y = m_plot->yAxis->pixelToCoord(pos.y());
    return y <= m_values.at(key) * (m_log ? 1.2 : 1.0) + (m_plot->yAxis->range().size() * 0.02) ? key : -1;
}

QString LayerChart::toolTipForBar(int key) const
{
    const int layer = layerAt(key);
    if (layer < 0 || !m_result)
        return {};
    const auto &l = m_result->layers.at(layer);
    double total = 0;
    for (double v : m_values)
        if (!std::isnan(v))
            total += v;
    const double v = m_values.at(key);
    QString where = l.sourceIndex >= 0 ? operatorName(l.opType, m_model.get(), l.subgraph, l.sourceIndex)
                                       : tr("%1 (layer %2, unresolved)").arg(l.op).arg(l.position);
    QString text = tr("%1\n%2: %3 (%4 % of all layers)")
                       .arg(where, counterLabel(m_counter, m_result.get()), formatNumber(v),
                           QLocale().toString(total > 0 ? v / total * 100 : 0, 'f', 1));
    if (l.encloses()) {
        if (const auto inclusive = l.valueAt(int(m_result->counters.indexOf(m_counter))))
            text += QLatin1Char('\n')
                + tr("Its own cost; %1 with the subgraphs it calls (inclusive)").arg(formatNumber(*inclusive));
    }
    return text;
}

void LayerChart::onMouseMove(QMouseEvent *event)
{
    const int key = keyAt(event->pos());
    if (key < 0) {
        QToolTip::hideText();
        return;
    }
    QToolTip::showText(event->globalPosition().toPoint(), toolTipForBar(key), m_plot);
}

void LayerChart::onMousePress(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton)
        return;
    const int key = keyAt(event->pos());
    if (key < 0)
        return;
    const int layer = layerAt(key);
    m_selected = layer;
    replot();
    Q_EMIT layerSelected(layer);
    const auto &l = m_result->layers.at(layer);
    if (l.sourceIndex >= 0)
        Q_EMIT operatorSelected(l.subgraph, l.sourceIndex);
}

bool LayerChart::selectOperator(int subgraph, int sourceIndex)
{
    if (!m_result)
        return false;
    int found = -1;
    for (int i = 0; i < m_result->layers.size(); ++i) {
        const auto &l = m_result->layers.at(i);
        if (l.subgraph == subgraph && l.sourceIndex == sourceIndex)
            found = i;
    }
    if (found < 0)
        return false;
    m_selected = found;
    replot();
    // Scroll the bar into view if the user has zoomed in.
    const int key = int(m_barLayers.indexOf(found));
    const QCPRange r = m_plot->xAxis->range();
    if (key >= 0 && (key < r.lower || key > r.upper))
        m_plot->xAxis->setRange(key - r.size() / 2, key + r.size() / 2);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
    return true;
}

} // namespace hpx::ui
