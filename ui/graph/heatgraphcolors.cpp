// HeatGraphView, the part that colours the nodes: the current counter's values (of the shown
// subgraph and of the bodies expanded in place), their heat colours on one range, tooltips, the
// legend and the hottest list.
#include "ui/graph/heatgraphcanvas.h"
#include "ui/graph/heatgraphitems.h"
#include "ui/graph/heatgraphview.h"
#include "ui/graph/heatminimap.h"

#include <QGraphicsScene>
#include <QLocale>
#include <QToolButton>

namespace hpx::ui {

QColor HeatGraphView::fillFor(double value) const
{
    return m_colorFunction ? m_colorFunction(value, m_range) : m_range.colorFor(value);
}

void HeatGraphView::setColorFunction(ColorFunction function)
{
    m_colorFunction = std::move(function);
    recolor();
}

void HeatGraphView::recolor()
{
    if (m_compare.isValid()) {
        recolorDeltas();
        return;
    }
    m_range = {};
    int counterIndex = -1;
    if (m_result && !m_counter.isEmpty())
        counterIndex = m_result->counters.indexOf(m_counter);
    // Values by subgraph and source index: the shown one and every body drawn in place, on one range so
    // a body's operators compare with their caller's graph.
    QHash<int, QVector<std::optional<double>>> bySubgraph;
    QHash<int, double> totals;
    auto valuesOf = [&](int subgraph) -> const QVector<std::optional<double>> & {
        auto it = bySubgraph.find(subgraph);
        if (it != bySubgraph.end())
            return it.value();
        QVector<std::optional<double>> values(m_model ? m_model->subgraphs.value(subgraph).operators.size() : 0);
        double total = 0;
        if (counterIndex >= 0) {
            const QHash<int, int> rows = layersOfSubgraph(*m_result, subgraph);
            for (auto r = rows.constBegin(); r != rows.constEnd(); ++r) {
                if (r.key() >= 0 && r.key() < values.size()) {
                    values[r.key()] = layerValue(m_result->layers.at(r.value()), counterIndex);
                    if (values[r.key()]) {
                        m_range.add(*values[r.key()]);
                        total += *values[r.key()];
                    }
                }
            }
        }
        totals.insert(subgraph, total);
        return bySubgraph.insert(subgraph, values).value();
    };
    QVector<std::optional<double>> values = valuesOf(m_subgraph);
    values.resize(m_nodes.size());
    for (const OperatorNodeItem *n : std::as_const(m_bodyNodes))
        valuesOf(n->subgraph());
    m_hottest.clear();
    for (int i = 0; i < values.size(); ++i)
        if (values.at(i))
            m_hottest.append(i);
    std::stable_sort(m_hottest.begin(), m_hottest.end(), [&values](int a, int b) { return *values[a] > *values[b]; });
    m_values = values;
    const QPalette pal = palette();
    // Dark palettes often have a dim highlight: brighten it so the selected outline stands out.
    QColor selection = pal.color(QPalette::Highlight);
    if (pal.color(QPalette::Base).lightness() < 128 && selection.lightness() < 140)
        selection = selection.lighter(190);
    // Nodes without a value: a grey clearly apart from the background, with a solid outline, so an
    // unprofiled graph is visible at every zoom.
    auto mix = [](const QColor &a, const QColor &b, double t) {
        return QColor::fromRgbF(float(a.redF() + (b.redF() - a.redF()) * t),
            float(a.greenF() + (b.greenF() - a.greenF()) * t), float(a.blueF() + (b.blueF() - a.blueF()) * t));
    };
    const QColor neutralFill = mix(pal.color(QPalette::Base), pal.color(QPalette::Text), 0.13);
    const QColor neutralBorder = mix(pal.color(QPalette::Base), pal.color(QPalette::Text), 0.55);
    bool someMissing = false;
    auto paint = [&](OperatorNodeItem *item) {
        const int s = item->subgraph();
        const auto v = bySubgraph.value(s).value(item->sourceIndex());
        const QString op = item->op();
        // Operators of a body drawn in place say where they are.
        const QString name = s == m_subgraph
            ? tr("%1 #%2").arg(op).arg(item->sourceIndex())
            : tr("%1 #%2 in %3").arg(op).arg(item->sourceIndex()).arg(subgraphLabel(m_model.get(), s));
        if (v) {
            const QColor fill = fillFor(*v);
            const double total = totals.value(s);
            item->setAppearance(
                fill, HeatGradient::textColorFor(fill), fill.darker(160), selection, true, compactNumber(*v));
            item->setToolTip(tr("%1\n%2: %3 (%4 % of this subgraph)")
                                 .arg(name, shortCounterName(m_counter), formatNumber(*v),
                                     QLocale().toString(total > 0 ? *v / total * 100 : 0.0, 'f', 1)));
        } else {
            someMissing = true;
            item->setAppearance(neutralFill, pal.color(QPalette::Text), neutralBorder, selection, false, QString());
            item->setToolTip(
                m_result ? tr("%1\nNo %2 value for this operator").arg(name, shortCounterName(m_counter)) : name);
        }
    };
    for (OperatorNodeItem *item : std::as_const(m_nodes))
        paint(item);
    for (OperatorNodeItem *item : std::as_const(m_bodyNodes))
        paint(item);
    recolorGroups(neutralFill, neutralBorder);
    m_legend->setRange(m_counter, m_range, someMissing && m_result);
    QVector<OperatorNodeItem *> hot;
    for (int i : std::as_const(m_hottest))
        hot.append(m_nodes.at(i));
    m_view->setHotNodes(hot);
    m_hotButton->setEnabled(!m_hottest.isEmpty());
    minimap()->rebuild(m_nodes + m_bodyNodes, m_scene->sceneRect());
}

void HeatGraphView::applyPalette()
{
    // Opaque (the text colour over the background) rather than translucent: Qt's raster engine spreads
    // a translucent fill of more than ~96 spans over its thread pool and waits for it, which made the
    // edges most of a pan or zoom frame on a large graph (bench_uiviews BM_PanZoomFrame); an opaque
    // colour is written in place.
    const QColor base = palette().color(QPalette::Base), text = palette().color(QPalette::Text);
    const QColor edge = QColor::fromRgbF(float(base.redF() + (text.redF() - base.redF()) * 0.55),
        float(base.greenF() + (text.greenF() - base.greenF()) * 0.55),
        float(base.blueF() + (text.blueF() - base.blueF()) * 0.55));
    for (EdgeBundleItem *e : std::as_const(m_edgeItems))
        e->setColor(edge);
    m_view->setBackgroundBrush(palette().color(QPalette::Base));
}

} // namespace hpx::ui
