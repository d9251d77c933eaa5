#include "ui/common/resultviewdata.h"

#include <QCoreApplication>
#include <QLocale>

#include <cmath>

namespace hpx::ui {

// The words of the labels below are every view's and no class's (free functions the table, the graph, the charts, the
// Memory view and the exports share): they ask with one literal context, "hpx::ui::ResultViews".

QString shortCounterName(const QString &counter)
{
    static const QString prefix = QStringLiteral("ARM_PMU_");
    return counter.startsWith(prefix) ? counter.mid(prefix.size()) : counter;
}

QString counterLabel(const QString &counter, const model::ProfileResult *result)
{
    if (result && counter == kCyclesCounter && result->cyclesAreEmulatedInstructions())
        return QCoreApplication::translate("hpx::ui::ResultViews", "Instructions (emulated)");
    return shortCounterName(counter);
}

std::optional<double> layerValue(const model::LayerResult &layer, int counterIndex)
{
    if (counterIndex < 0 || counterIndex >= layer.values.size())
        return std::nullopt;
    return layer.values.at(counterIndex);
}

QString compactNumber(double value)
{
    const double a = std::fabs(value);
    struct Unit {
        double scale;
        const char *suffix;
    };
    static const Unit units[] = { { 1e12, "T" }, { 1e9, "G" }, { 1e6, "M" }, { 1e3, "k" } };
    for (const Unit &u : units) {
        if (a >= u.scale) {
            const double v = value / u.scale;
            const int decimals = std::fabs(v) >= 100 ? 0 : (std::fabs(v) >= 10 ? 1 : 2);
            return QLocale().toString(v, 'f', decimals) + QLatin1String(u.suffix);
        }
    }
    if (value == std::floor(value))
        return QLocale().toString(qint64(value));
    return QLocale().toString(value, 'f', a >= 10 ? 1 : 2);
}

QString formatNumber(double value, int decimals)
{
    if (value == std::floor(value) && std::fabs(value) < 9.0e15)
        return QLocale().toString(qint64(value));
    return QLocale().toString(value, 'f', decimals);
}

QHash<int, int> layersOfSubgraph(const model::ProfileResult &result, int subgraph)
{
    QHash<int, int> out;
    for (int i = 0; i < result.layers.size(); ++i) {
        const auto &layer = result.layers.at(i);
        if (layer.subgraph == subgraph && layer.sourceIndex >= 0)
            out.insert(layer.sourceIndex, i);
    }
    return out;
}

QString subgraphLabel(const model::ModelInfo *model, int subgraph)
{
    if (model && subgraph >= 0 && subgraph < model->subgraphs.size()) {
        const QString id = model->subgraphs.at(subgraph).graphId;
        if (!id.isEmpty())
            return id;
    }
    if (subgraph < 0)
        return QCoreApplication::translate("hpx::ui::ResultViews", "unresolved");
    return QCoreApplication::translate("hpx::ui::ResultViews", "subgraph %1").arg(subgraph);
}

QString operatorNumber(const model::ModelInfo *model, int subgraph, int index)
{
    if (index < 0)
        return subgraphLabel(model, subgraph);
    return QCoreApplication::translate("hpx::ui::ResultViews", "%1 #%2").arg(subgraphLabel(model, subgraph)).arg(index);
}

QString operatorName(const QString &op, const model::ModelInfo *model, int subgraph, int index)
{
    return QCoreApplication::translate("hpx::ui::ResultViews", "%1 (%2)")
        .arg(op, operatorNumber(model, subgraph, index));
}

} // namespace hpx::ui
