#include "ui/compare/comparecolumns.h"

#include "model/compare/divergingpalette.h"
#include "ui/common/heatgradient.h"
#include "ui/common/resultviewdata.h"
#include "ui/table/layertablemodel.h"

#include <QColor>
#include <QLocale>

namespace hpx::ui {

CompareColumns::CompareColumns(CompareData data, QString counter)
    : m_data(std::move(data))
    , m_counter(std::move(counter))
    , m_maxAbs(m_data.maxAbsDelta(m_counter))
{
}

void CompareColumns::setCounter(const QString &counter)
{
    m_counter = counter;
    m_maxAbs = m_data.maxAbsDelta(m_counter);
}

QString CompareColumns::columnId(int column) const
{
    switch (column) {
    case Candidate:
        return QStringLiteral("compare:candidate");
    case Baseline:
        return QStringLiteral("compare:baseline");
    case Delta:
        return QStringLiteral("compare:delta");
    case DeltaPct:
        return QStringLiteral("compare:delta_pct");
    }
    return {};
}

QVariant CompareColumns::headerData(int column, int role) const
{
    const QString name = m_data.counterLabel(m_counter);
    switch (role) {
    case Qt::DisplayRole:
        return column == Candidate ? tr("Candidate %1").arg(name)
            : column == Baseline   ? tr("Baseline %1").arg(name)
            : column == Delta      ? tr("Δ %1").arg(name)
                                   : tr("Δ %");
    case Qt::ToolTipRole:
        return column == Candidate ? tr("%1 of this layer in the candidate run, the one shown").arg(m_counter)
            : column == Baseline   ? tr("%1 of the matched layer in the baseline run").arg(m_counter)
            : column == Delta      ? tr("Candidate − baseline %1: negative is faster/smaller").arg(m_counter)
                                   : tr("(Candidate − baseline) / baseline × 100 for %1").arg(m_counter);
    case Qt::TextAlignmentRole:
        return QVariant::fromValue(Qt::Alignment(Qt::AlignRight | Qt::AlignVCenter));
    default:
        return {};
    }
}

std::optional<double> CompareColumns::value(int layerIndex, int column) const
{
    switch (column) {
    case Candidate:
        return m_data.candidate(layerIndex, m_counter);
    case Baseline:
        return m_data.baseline(layerIndex, m_counter);
    case Delta:
        return m_data.delta(layerIndex, m_counter);
    case DeltaPct:
        return m_data.deltaPct(layerIndex, m_counter);
    }
    return std::nullopt;
}

QVariant CompareColumns::data(int layerIndex, int column, int role) const
{
    const std::optional<double> v = value(layerIndex, column);
    switch (role) {
    case Qt::DisplayRole:
        if (!v)
            return m_data.baselineLayer(layerIndex) < 0 && column != Candidate ? tr("new") : QString();
        if (column == Baseline || column == Candidate)
            return formatNumber(*v);
        return QString((*v > 0 ? QStringLiteral("+") : QString())
            + (column == DeltaPct ? QString(QLocale().toString(*v, 'f', 1) + QStringLiteral(" %")) : formatNumber(*v)));
    case LayerTableModel::SortRole:
    case LayerTableModel::RawValueRole:
        return v ? QVariant(*v) : QVariant();
    case Qt::ToolTipRole: {
        if (m_data.baselineLayer(layerIndex) < 0 && column != Candidate)
            return tr("No matching layer in the baseline run");
        // These columns are inclusive like the counter column beside them; a control-flow layer's own change is
        // what the heat graph and the Δ chart show.
        const auto own = m_data.delta(layerIndex, m_counter, CompareData::Cost::Own);
        if (column != Baseline && column != Candidate && m_data.encloses(layerIndex) && own)
            return tr("Inclusive: with the subgraphs it calls. Its own change: %1")
                .arg((*own > 0 ? QStringLiteral("+") : QString()) + formatNumber(*own));
        return {};
    }
    case Qt::TextAlignmentRole:
        return QVariant::fromValue(Qt::Alignment(Qt::AlignRight | Qt::AlignVCenter));
    case Qt::BackgroundRole:
        if (v && column == Delta) {
            const model::Rgb c = model::DivergingPalette::color(*v, m_maxAbs);
            return QColor(c.r, c.g, c.b);
        }
        return {};
    case Qt::ForegroundRole:
        if (v && column == Delta) {
            const model::Rgb c = model::DivergingPalette::color(*v, m_maxAbs);
            return HeatGradient::textColorFor(QColor(c.r, c.g, c.b));
        }
        return {};
    default:
        return {};
    }
}

} // namespace hpx::ui
