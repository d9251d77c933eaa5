#include "ui/graph/heatcoloring.h"

#include "model/compare/divergingpalette.h"
#include "ui/graph/heatlegend.h"

#include <QLocale>

#include <algorithm>

namespace hpx::ui {

namespace {

constexpr CompareData::Cost Own = CompareData::Cost::Own;

QColor mix(const QColor &a, const QColor &b, double t)
{
    return QColor::fromRgbF(float(a.redF() + (b.redF() - a.redF()) * t),
        float(a.greenF() + (b.greenF() - a.greenF()) * t), float(a.blueF() + (b.blueF() - a.blueF()) * t));
}

QString signedNumber(double v)
{
    return (v > 0 ? QStringLiteral("+") : QString()) + formatNumber(v);
}

} // namespace

QColor HeatColoring::fillFor(double value) const
{
    return m_colorFunction ? m_colorFunction(value, m_range) : m_range.colorFor(value);
}

std::optional<double> HeatColoring::valueOf(int subgraph, int index) const
{
    const auto it = m_values.constFind(subgraph);
    if (it == m_values.constEnd() || index < 0 || index >= it->size())
        return std::nullopt;
    return it->at(index);
}

int HeatColoring::layerOf(int subgraph, int index) const
{
    return m_layers.value(subgraph).value(index, -1);
}

void HeatColoring::update(int shown, const QVector<int> &bodies, bool drawn, const QPalette &palette)
{
    m_shown = shown;
    m_palette = palette;
    m_range = {};
    m_range.scale = m_compare.isValid() ? HeatScale::Linear : m_scale;
    m_values.clear();
    m_totals.clear();
    m_layers.clear();
    m_hottest.clear();
    m_someMissing = false;
    m_maxAbs = 0;
    m_runOnce = m_model ? m_model->runOnceAtStart() : QVector<bool>();
    m_notRun.clear();
    if (m_result) {
        for (const model::LayerResult &op : m_result->notRun)
            m_notRun.insert((qint64(op.subgraph) << 32) | quint32(op.sourceIndex), op.execution);
    }
    // Dark palettes often have a dim highlight: brighten it so the selected outline stands out.
    m_selection = palette.color(QPalette::Highlight);
    if (palette.color(QPalette::Base).lightness() < 128 && m_selection.lightness() < 140)
        m_selection = m_selection.lighter(190);
    m_neutralFill = mix(palette.color(QPalette::Base), palette.color(QPalette::Text), 0.13);
    m_neutralBorder = mix(palette.color(QPalette::Base), palette.color(QPalette::Text), 0.55);

    QVector<int> subgraphs { shown };
    for (int s : bodies)
        if (!subgraphs.contains(s))
            subgraphs.append(s);
    const int counterIndex = m_result && !m_counter.isEmpty() ? int(m_result->counters.indexOf(m_counter)) : -1;
    for (int s : std::as_const(subgraphs)) {
        const int count = m_model ? int(m_model->subgraphs.value(s).operators.size()) : 0;
        const QHash<int, int> rows = m_result ? layersOfSubgraph(*m_result, s) : QHash<int, int>();
        m_layers.insert(s, rows);
        if (m_compare.isValid()) {
            // The range of the deltas drawn; the colours span ±max |delta| of the whole comparison. Own costs, as
            // outside compare mode: a WHILE's change is not drawn again over its body's operators.
            for (int i = 0; drawn && i < count; ++i) {
                const int layer = rows.value(i, -1);
                const auto delta = layer >= 0 ? m_compare.delta(layer, m_counter, Own) : std::nullopt;
                if (delta)
                    m_range.add(*delta);
                else
                    m_someMissing = true;
            }
        }
        QVector<std::optional<double>> values(count);
        double total = 0;
        const bool metric = !m_metricName.isEmpty() && m_counter == m_metricName;
        if (metric) {
            const QVector<std::optional<double>> own = m_metricValues.value(s);
            for (int i = 0; i < count && i < own.size(); ++i) {
                values[i] = own.at(i);
                if (values[i]) {
                    m_range.add(*values[i]);
                    total += *values[i];
                }
            }
        } else if (counterIndex >= 0) {
            for (auto r = rows.constBegin(); r != rows.constEnd(); ++r) {
                if (r.key() < 0 || r.key() >= count)
                    continue;
                // An operator's own cost: a WHILE/IF/CALL_ONCE is measured around the subgraphs it calls, whose
                // operators have their own colours; the tooltip gives its inclusive value (docs/merging.md).
                values[r.key()] = m_result->layers.at(r.value()).selfAt(counterIndex);
                if (values[r.key()]) {
                    if (!m_compare.isValid())
                        m_range.add(*values[r.key()]);
                    total += *values[r.key()];
                }
            }
        }
        for (int i = 0; drawn && !m_compare.isValid() && i < count; ++i)
            m_someMissing = m_someMissing || !values.at(i);
        m_values.insert(s, values);
        m_totals.insert(s, total);
    }
    m_range.finish();
    m_someMissing = m_someMissing && (m_result || (!m_metricName.isEmpty() && m_counter == m_metricName));
    if (m_compare.isValid())
        m_maxAbs = m_compare.maxAbsDelta(m_counter, Own);
    // By the counter's value also in compare mode: the candidate's hottest operators.
    const QVector<std::optional<double>> &values = m_values[shown];
    for (int i = 0; drawn && i < values.size(); ++i)
        if (values.at(i))
            m_hottest.append(i);
    std::stable_sort(m_hottest.begin(), m_hottest.end(), [&values](int a, int b) { return *values[a] > *values[b]; });
}

NodeLook HeatColoring::look(int subgraph, int index, const QString &op) const
{
    if (m_compare.isValid())
        return deltaLook(subgraph, index, op);
    NodeLook look;
    look.selection = m_selection;
    const auto v = valueOf(subgraph, index);
    // Named as every view names an operator: its graph and its index there (issue 37).
    const QString name = operatorName(op, m_model.get(), subgraph, index);
    if (v) {
        look.fill = fillFor(*v);
        look.text = HeatGradient::textColorFor(look.fill);
        look.border = look.fill.darker(160);
        look.hasValue = true;
        look.valueText = compactNumber(*v);
        const double total = m_totals.value(subgraph);
        if (!m_metricName.isEmpty() && m_counter == m_metricName) {
            look.toolTip = tr("%1\nLive memory: %2 bytes").arg(name, formatNumber(*v));
        } else {
            look.toolTip = tr("%1\n%2: %3 (%4 % of this subgraph)")
                               .arg(name, counterLabel(), formatNumber(*v),
                                   QLocale().toString(total > 0 ? *v / total * 100 : 0.0, 'f', 1));
            const int layer = layerOf(subgraph, index);
            if (layer >= 0 && m_result && m_result->layers.at(layer).encloses()) {
                const std::optional<double> inclusive
                    = m_result->layers.at(layer).valueAt(int(m_result->counters.indexOf(m_counter)));
                if (inclusive)
                    look.toolTip += QLatin1Char('\n')
                        + tr("Its own cost; %1 with the subgraphs it calls (inclusive)").arg(formatNumber(*inclusive));
            }
        }
    } else if (const auto how = m_notRun.constFind((qint64(subgraph) << 32) | quint32(index));
               m_result && how != m_notRun.constEnd() && *how == model::LayerResult::Execution::NotRun) {
        // Did not run on this input: greyed further than "no value" (the background's fill, dim text), and said.
        look.fill = m_palette.color(QPalette::Base);
        look.text = m_palette.color(QPalette::Disabled, QPalette::Text);
        look.border = m_neutralBorder;
        look.valueText = tr("not run");
        look.toolTip = tr("%1\nNot run: this operator did not run in the profiled inferences (a loop not entered, an "
                          "IF branch not taken, or a subgraph nothing called, on the board's input): no value, not 0")
                           .arg(name);
    } else {
        look.fill = m_neutralFill;
        look.text = m_palette.color(QPalette::Text);
        look.border = m_neutralBorder;
        look.toolTip = !m_result ? name
            : m_runOnce.value(subgraph) || m_notRun.contains((qint64(subgraph) << 32) | quint32(index))
            ? tr("%1\nNot profiled: runs once at start (a CALL_ONCE's init subgraph runs in "
                 "the first inference, which the board spends as warm-up)")
                  .arg(name)
            : tr("%1\nNo %2 value for this operator").arg(name, counterLabel());
    }
    return look;
}

QString HeatColoring::change(int layer, CompareData::Cost cost) const
{
    const auto delta = m_compare.delta(layer, m_counter, cost);
    if (!delta)
        return tr("no value");
    const auto pct = m_compare.deltaPct(layer, m_counter, cost);
    return tr("%1 → %2 (%3%4)")
        .arg(formatNumber(m_compare.baseline(layer, m_counter, cost).value_or(0)),
            formatNumber(m_compare.candidate(layer, m_counter, cost).value_or(0)), signedNumber(*delta),
            pct ? QStringLiteral(", ") + (*pct > 0 ? QStringLiteral("+") : QString()) + QLocale().toString(*pct, 'f', 1)
                    + QStringLiteral(" %")
                : QString());
}

NodeLook HeatColoring::deltaLook(int subgraph, int index, const QString &op) const
{
    NodeLook look;
    look.selection = m_selection;
    const int layer = layerOf(subgraph, index);
    const auto delta = layer >= 0 ? m_compare.delta(layer, m_counter, Own) : std::nullopt;
    if (delta) {
        const model::Rgb c = model::DivergingPalette::color(*delta, m_maxAbs);
        look.fill = QColor(c.r, c.g, c.b);
        look.text = HeatGradient::textColorFor(look.fill);
        look.border = look.fill.darker(160);
        look.hasValue = true;
        look.valueText = (*delta > 0 ? QStringLiteral("+") : QString()) + compactNumber(*delta);
        look.toolTip = tr("%1\n%2: %3")
                           .arg(operatorName(op, m_model.get(), subgraph, index), counterLabel(), change(layer, Own));
        if (m_compare.encloses(layer))
            look.toolTip += QLatin1Char('\n')
                + tr("Its own cost; with the subgraphs it calls (inclusive): %1")
                      .arg(change(layer, CompareData::Cost::Inclusive));
    } else {
        look.fill = m_palette.color(QPalette::Base);
        look.text = m_palette.color(QPalette::Text);
        look.border = m_palette.color(QPalette::Mid);
        look.toolTip = layer >= 0 && m_compare.baselineLayer(layer) < 0
            ? tr("%1\nNew: no matching layer in the baseline").arg(operatorName(op, m_model.get(), subgraph, index))
            : tr("%1\nNo %2 delta for this operator")
                  .arg(operatorName(op, m_model.get(), subgraph, index), counterLabel());
    }
    return look;
}

QString HeatColoring::counterLabel() const
{
    return ui::counterLabel(m_counter, m_result.get());
}

QColor HeatColoring::groupFill() const
{
    QColor fill = m_neutralFill;
    fill.setAlphaF(0.35);
    return fill;
}

void HeatColoring::updateLegend(HeatLegend *legend) const
{
    if (m_compare.isValid())
        legend->setDiverging(counterLabel(), m_maxAbs, m_someMissing);
    else
        legend->setRange(!m_metricName.isEmpty() && m_counter == m_metricName ? m_metricLabel : counterLabel(), m_range,
            m_someMissing);
}

} // namespace hpx::ui
