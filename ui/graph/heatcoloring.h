#pragma once

#include "ui/common/comparedata.h"
#include "ui/common/heatgradient.h"
#include "ui/common/resultviewdata.h"

#include <QCoreApplication>
#include <QHash>
#include <QPalette>

#include <functional>
#include <optional>

namespace hpx::ui {

class HeatLegend;

// How one operator node is drawn: its fill and the colours that go with it, the value on its label
// and its tooltip.
struct NodeLook {
    QColor fill;
    QColor text;
    QColor border;
    QColor selection;
    bool hasValue = false;
    QString valueText;
    QString toolTip;
};

// The heat graph's colours: the current counter's values of the shown subgraph and of the bodies drawn
// in place, on one range so a body's operators compare with their caller's graph, turned into node
// looks (the heat gradient, or a caller's colour function), the legend and the hottest list. Compare
// mode shows candidate − baseline instead, on model::DivergingPalette centred on zero over ±max |delta|
// (the delta overlays' colours). Operators without a value are a grey clearly apart from the
// background, so an unprofiled graph is visible at every zoom.
class HeatColoring {
    Q_DECLARE_TR_FUNCTIONS(hpx::ui::HeatColoring)
public:
    // The one place that turns a node's value into its fill; empty = the heat gradient over range.
    using ColorFunction = std::function<QColor(double value, const HeatRange &range)>;

    void setModel(ModelPtr model) { m_model = std::move(model); }
    const model::ModelInfo *model() const { return m_model.get(); }
    void setResult(ResultPtr result) { m_result = std::move(result); }
    void setCounter(const QString &counter) { m_counter = counter; }
    QString counter() const { return m_counter; }
    // The counter as the views name it (counterLabel()): the virtual board's cycles are emulated instructions.
    QString counterLabel() const;
    void setCompareData(const CompareData &data) { m_compare = data; }
    bool isCompareMode() const { return m_compare.isValid(); }
    void setColorFunction(ColorFunction function) { m_colorFunction = std::move(function); }
    // Values per operator that come from the model, not a run (the memory plan's live bytes, ui/memory/), shown when
    // the counter is `name`; by subgraph, by source index.
    void setModelMetric(const QString &name, const QString &label, QHash<int, QVector<std::optional<double>>> values)
    {
        m_metricName = name;
        m_metricLabel = label;
        m_metricValues = std::move(values);
    }
    // How values map onto the gradient (not in compare mode, which is centred on zero).
    void setScale(HeatScale scale) { m_scale = scale; }
    HeatScale scale() const { return m_scale; }

    // Recomputes values and range for the shown subgraph and the bodies drawn in place. drawn: the
    // scene holds their nodes (false while a layout is pending: no hottest list, nothing missing yet).
    void update(int shown, const QVector<int> &bodies, bool drawn, const QPalette &palette);
    // op: the node's label (op type or custom code), for the tooltip.
    NodeLook look(int subgraph, int index, const QString &op) const;
    // The frame of a body drawn in place.
    QColor groupFill() const;
    QColor groupBorder() const { return m_neutralBorder; }
    void updateLegend(HeatLegend *legend) const;

    HeatRange range() const { return m_range; }
    // Source indices of the shown subgraph's valued operators, hottest first (ties by index).
    const QVector<int> &hottest() const { return m_hottest; }
    std::optional<double> value(int index) const { return valueOf(m_shown, index); }
    double shownTotal() const { return m_totals.value(m_shown); }

private:
    QColor fillFor(double value) const;
    std::optional<double> valueOf(int subgraph, int index) const;
    NodeLook deltaLook(int subgraph, int index, const QString &op) const;
    // "baseline → candidate (±delta, ±pct %)" of one layer's cost, as the tooltips say it.
    QString change(int layer, CompareData::Cost cost) const;
    int layerOf(int subgraph, int index) const;

    ModelPtr m_model;
    ResultPtr m_result;
    QString m_counter;
    CompareData m_compare;
    ColorFunction m_colorFunction;
    QString m_metricName;
    QString m_metricLabel; // the legend's title for it
    QHash<int, QVector<std::optional<double>>> m_metricValues;
    HeatScale m_scale = HeatScale::Linear;
    int m_shown = 0;
    QHash<int, QVector<std::optional<double>>> m_values; // by subgraph, by source index (heat mode)
    QHash<int, double> m_totals; // by subgraph
    QHash<int, QHash<int, int>> m_layers; // by subgraph: source index -> layer row
    HeatRange m_range;
    double m_maxAbs = 0; // compare mode
    QVector<int> m_hottest;
    bool m_someMissing = false;
    QVector<bool> m_runOnce; // per subgraph: runs only once at start (ModelInfo::runOnceAtStart), never profiled
    // Operators that did not run in the profiled inferences (ProfileResult::notRun): (subgraph << 32 | index) -> how.
    QHash<qint64, model::LayerResult::Execution> m_notRun;
    QPalette m_palette;
    QColor m_selection;
    QColor m_neutralFill;
    QColor m_neutralBorder;
};

} // namespace hpx::ui
