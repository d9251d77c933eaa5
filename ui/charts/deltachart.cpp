#include "ui/charts/deltachart.h"

#include "model/compare/divergingpalette.h"
#include "ui/charts/chartaxes.h"
#include "ui/common/plotpalette.h"
#include "ui/common/qcustomplotinclude.h"
#include "ui/common/resultviewdata.h"
#include "ui/common/viewstate.h"

#include <QEvent>
#include <QLabel>
#include <QLocale>
#include <QMouseEvent>
#include <QToolTip>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace hpx::ui {

namespace {
constexpr int kBuckets = 21; // colour steps over [-maxAbs, +maxAbs]; odd, so zero has its own
}

DeltaChart::DeltaChart(QWidget *parent)
    : QWidget(parent)
    , m_title(new QLabel(this))
    , m_plot(new QCustomPlot(this))
{
    // The heading wraps: on one line its minimum width (German, scale 2: 790 px) made the Charts dock, and with it
    // the window, wider than a 720 px screen as soon as compare mode added this chart.
    m_title->setWordWrap(true);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_title);
    layout->addWidget(m_plot, 1);
    m_plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    m_plot->axisRect()->setRangeDrag(Qt::Horizontal);
    m_plot->axisRect()->setRangeZoom(Qt::Horizontal);
    m_plot->setMouseTracking(true);
    for (int i = 0; i < kBuckets; ++i) {
        auto *bars = new QCPBars(m_plot->xAxis, m_plot->yAxis);
        const model::Rgb rgb = model::DivergingPalette::color(2.0 * i / (kBuckets - 1) - 1.0, 1.0);
        const QColor c(rgb.r, rgb.g, rgb.b);
        bars->setBrush(c);
        bars->setPen(QPen(c.darker(140), 0));
        bars->setWidthType(QCPBars::wtPlotCoords);
        bars->setWidth(0.8);
        m_buckets.append(bars);
    }
    m_selectionBars = new QCPBars(m_plot->xAxis, m_plot->yAxis);
    m_selectionBars->setWidthType(QCPBars::wtPlotCoords);
    m_selectionBars->setWidth(0.8);
    m_plot->xAxis->setLabel(tr("Layers, largest change first"));
    useLayerTicks(m_plot->xAxis);
    m_plot->xAxis->setSubTicks(false);
    useCompactValueLabels(m_plot->yAxis);
    connect(m_plot, &QCustomPlot::mousePress, this, &DeltaChart::onMousePress);
    connect(m_plot, &QCustomPlot::mouseMove, this, &DeltaChart::onMouseMove);
    applyPalette();
    replot();
}

DeltaChart::~DeltaChart() = default;

void DeltaChart::setCompareData(const CompareData &data)
{
    m_data = data;
    m_selected.reset();
    replot();
}

void DeltaChart::bind(ViewState *state)
{
    connect(state, &ViewState::comparisonChanged, this, [this, state] { setCompareData(state->comparison()); });
    connect(state, &ViewState::modelChanged, this, [this, state] { m_model = state->model(); });
    m_model = state->model();
    connect(state, &ViewState::currentCounterChanged, this, &DeltaChart::setCurrentCounter);
    state->bindSelection(this);
}

void DeltaChart::setCurrentCounter(const QString &counter)
{
    if (counter == m_counter)
        return;
    m_counter = counter;
    replot();
}

void DeltaChart::replot()
{
    m_layers.clear();
    m_values.clear();
    const model::Comparison *cmp = m_data.comparison();
    const int layers = cmp ? int(cmp->candidate.result.layers.size()) : 0;
    for (int l = 0; l < layers; ++l) {
        // Own costs: a WHILE's bar is its own change, its body's operators have theirs (docs/merging.md).
        if (const auto d = m_data.delta(l, m_counter, CompareData::Cost::Own)) {
            m_layers.append(l);
            m_values.append(*d);
        }
    }
    QVector<int> order(m_layers.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(),
        [this](int a, int b) { return std::abs(m_values.at(a)) > std::abs(m_values.at(b)); });
    QVector<int> layersSorted;
    QVector<double> valuesSorted;
    for (int i : std::as_const(order)) {
        layersSorted.append(m_layers.at(i));
        valuesSorted.append(m_values.at(i));
    }
    m_layers = layersSorted;
    m_values = valuesSorted;

    double maxAbs = 0;
    for (double v : std::as_const(m_values))
        maxAbs = std::max(maxAbs, std::abs(v));
    QVector<QVector<double>> keys(kBuckets), vals(kBuckets);
    for (int k = 0; k < m_values.size(); ++k) {
        const double t = model::DivergingPalette::position(m_values.at(k), maxAbs);
        const int bucket = std::clamp(int(std::lround((t + 1.0) / 2.0 * (kBuckets - 1))), 0, kBuckets - 1);
        keys[bucket].append(k);
        vals[bucket].append(m_values.at(k));
    }
    for (int b = 0; b < kBuckets; ++b)
        m_buckets[b]->setData(keys.at(b), vals.at(b), true);
    QVector<double> sk, sv;
    const int selectedBar = m_selected ? int(m_layers.indexOf(*m_selected)) : -1;
    if (selectedBar >= 0) {
        sk.append(selectedBar);
        sv.append(m_values.at(selectedBar));
    }
    m_selectionBars->setData(sk, sv, true);
    m_plot->xAxis->setRange(-0.5, std::max(10.0, double(m_values.size())) - 0.5);
    m_plot->yAxis->setRange(maxAbs > 0 ? -maxAbs * 1.08 : -1, maxAbs > 0 ? maxAbs * 1.08 : 1);
    // The heading above says what the sign means; the rotated title has only the plot's height.
    m_plot->yAxis->setLabel(stackedAxisTitle(tr("Δ %1").arg(m_data.counterLabel(m_counter))));
    fitValueTicks(m_plot->yAxis, m_plot->height(), fontMetrics().height());
    m_title->setText(m_values.isEmpty()
            ? tr("No per-layer deltas for %1").arg(m_data.counterLabel(m_counter))
            : tr("%n matched layer(s) by absolute change of %1 (candidate − baseline); blue faster, red slower",
                nullptr, int(m_values.size()))
                  .arg(m_data.counterLabel(m_counter)));
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

bool DeltaChart::selectOperator(int subgraph, int sourceIndex)
{
    const model::Comparison *cmp = m_data.comparison();
    if (!cmp)
        return false;
    const auto &layers = cmp->candidate.result.layers;
    for (int l = 0; l < layers.size(); ++l) {
        if (layers.at(l).subgraph == subgraph && layers.at(l).sourceIndex == sourceIndex) {
            m_selected = l;
            replot();
            return m_layers.contains(l);
        }
    }
    return false;
}

int DeltaChart::barAt(const QPoint &pos) const
{
    const int key = int(std::lround(m_plot->xAxis->pixelToCoord(pos.x())));
    return key >= 0 && key < m_layers.size() ? key : -1;
}

void DeltaChart::onMousePress(QMouseEvent *event)
{
    const int bar = barAt(event->pos());
    const model::Comparison *cmp = m_data.comparison();
    if (bar < 0 || !cmp)
        return;
    const model::LayerResult &l = cmp->candidate.result.layers.at(m_layers.at(bar));
    m_selected = m_layers.at(bar);
    replot();
    if (l.sourceIndex >= 0)
        Q_EMIT operatorSelected(l.subgraph, l.sourceIndex);
}

void DeltaChart::onMouseMove(QMouseEvent *event)
{
    const int bar = barAt(event->pos());
    const model::Comparison *cmp = m_data.comparison();
    if (bar < 0 || !cmp) {
        QToolTip::hideText();
        return;
    }
    const int layer = m_layers.at(bar);
    const model::LayerResult &l = cmp->candidate.result.layers.at(layer);
    const auto pct = m_data.deltaPct(layer, m_counter, CompareData::Cost::Own);
    QString text
        = tr("%1\n%2: %3 → %4\nΔ %5%6")
              .arg(operatorName(l.opType.isEmpty() ? l.op : l.opType, m_model.get(), l.subgraph, l.sourceIndex),
                  m_data.counterLabel(m_counter),
                  formatNumber(m_data.baseline(layer, m_counter, CompareData::Cost::Own).value_or(0)),
                  formatNumber(m_data.candidate(layer, m_counter, CompareData::Cost::Own).value_or(0)),
                  (m_values.at(bar) > 0 ? QStringLiteral("+") : QString()) + formatNumber(m_values.at(bar)),
                  pct ? QStringLiteral(" (") + QLocale().toString(*pct, 'f', 1) + QStringLiteral(" %)") : QString());
    if (m_data.encloses(layer)) {
        const auto inclusive = m_data.delta(layer, m_counter, CompareData::Cost::Inclusive);
        text += QLatin1Char('\n')
            + tr("Its own cost; Δ with the subgraphs it calls (inclusive): %1")
                  .arg(inclusive ? (*inclusive > 0 ? QStringLiteral("+") : QString()) + formatNumber(*inclusive)
                                 : tr("no value"));
    }
    QToolTip::showText(event->globalPosition().toPoint(), text, m_plot);
}

void DeltaChart::applyPalette()
{
    const QPalette pal = palette();
    applyPlotPalette(m_plot, pal, PlotGrid::Kept);
    const QColor highlight = pal.color(QPalette::Highlight);
    m_selectionBars->setBrush(Qt::NoBrush);
    m_selectionBars->setPen(QPen(highlight, 2));
}

void DeltaChart::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    fitValueTicks(m_plot->yAxis, m_plot->height(), fontMetrics().height());
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void DeltaChart::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange) {
        applyPalette();
        m_plot->replot(QCustomPlot::rpQueuedReplot);
    }
}

} // namespace hpx::ui
