// Compare mode of the heat graph (HeatGraphView::setCompareData) and of its legend: a diverging palette
// centred on zero instead of the heat gradient. Kept apart from heatgraphview.cpp so the two modes stay
// easy to read side by side.
#include "model/compare/divergingpalette.h"
#include "ui/graph/heatgraphitems.h"
#include "ui/graph/heatgraphview.h"
#include "ui/graph/heatlegend.h"

#include <QLocale>

namespace hpx::ui {

namespace {

QColor toColor(const model::Rgb &c)
{
    return QColor(c.r, c.g, c.b);
}

QString signedNumber(double v)
{
    return (v > 0 ? QStringLiteral("+") : QString()) + formatNumber(v);
}

} // namespace

void HeatGraphView::setCompareData(const CompareData &data)
{
    m_compare = data;
    recolor();
}

void HeatGraphView::recolorDeltas()
{
    m_range = {};
    QHash<int, QHash<int, int>> rowsBySubgraph; // the shown subgraph and the bodies drawn in place
    auto rowsOf = [&](int subgraph) -> const QHash<int, int> & {
        auto it = rowsBySubgraph.find(subgraph);
        if (it == rowsBySubgraph.end())
            it = rowsBySubgraph.insert(subgraph, m_result ? layersOfSubgraph(*m_result, subgraph) : QHash<int, int>());
        return it.value();
    };
    const double maxAbs = m_compare.maxAbsDelta(m_counter);
    const QPalette pal = palette();
    QColor selection = pal.color(QPalette::Highlight);
    if (pal.color(QPalette::Base).lightness() < 128 && selection.lightness() < 140)
        selection = selection.lighter(190);
    bool someMissing = false;
    for (OperatorNodeItem *item : m_nodes + m_bodyNodes) {
        const int layer = rowsOf(item->subgraph()).value(item->sourceIndex(), -1);
        const auto delta = layer >= 0 ? m_compare.delta(layer, m_counter) : std::nullopt;
        const QString op = item->op();
        if (delta) {
            m_range.add(*delta);
            const QColor fill = toColor(model::DivergingPalette::color(*delta, maxAbs));
            const auto pct = m_compare.deltaPct(layer, m_counter);
            item->setAppearance(fill, HeatGradient::textColorFor(fill), fill.darker(160), selection, true,
                (*delta > 0 ? QStringLiteral("+") : QString()) + compactNumber(*delta));
            item->setToolTip(
                tr("%1 #%2\n%3: %4 → %5 (%6%7)")
                    .arg(op)
                    .arg(item->sourceIndex())
                    .arg(shortCounterName(m_counter), formatNumber(m_compare.baseline(layer, m_counter).value_or(0)),
                        formatNumber(m_compare.candidate(layer, m_counter).value_or(0)), signedNumber(*delta),
                        pct ? QStringLiteral(", ") + (*pct > 0 ? QStringLiteral("+") : QString())
                                + QLocale().toString(*pct, 'f', 1) + QStringLiteral(" %")
                            : QString()));
        } else {
            someMissing = true;
            item->setAppearance(pal.color(QPalette::Base), pal.color(QPalette::Text), pal.color(QPalette::Mid),
                selection, false, QString());
            item->setToolTip(layer >= 0 && m_compare.baselineLayer(layer) < 0
                    ? tr("%1 #%2\nNew: no matching layer in the baseline").arg(op).arg(item->sourceIndex())
                    : tr("%1 #%2\nNo %3 delta for this operator")
                          .arg(op)
                          .arg(item->sourceIndex())
                          .arg(shortCounterName(m_counter)));
        }
    }
    m_legend->setDiverging(m_counter, maxAbs, someMissing && m_result);
}

void HeatLegend::setDiverging(const QString &counter, double maxAbs, bool someMissing)
{
    m_title = tr("Δ %1").arg(shortCounterName(counter));
    m_valid = true;
    m_someMissing = someMissing;
    m_minText = formatNumber(-maxAbs);
    m_maxText = QStringLiteral("+") + formatNumber(maxAbs);
    m_note = maxAbs > 0 ? tr("blue faster · red slower") : tr("no change");
    const auto stop = [](const model::Rgb &c) { return QColor(c.r, c.g, c.b); };
    m_stops = { { 0, stop(model::DivergingPalette::faster()) }, { 0.5, stop(model::DivergingPalette::unchanged()) },
        { 1, stop(model::DivergingPalette::slower()) } };
    setToolTip(tr("%1, candidate − baseline: blue = faster (down to %2), white = unchanged, red = slower (up to %3); "
                  "centred on zero")
                   .arg(counter, m_minText, m_maxText));
    updateGeometry();
    update();
}

} // namespace hpx::ui
