#include "ui/common/comparedata.h"

#include "ui/common/resultviewdata.h"

#include <cmath>

namespace hpx::ui {

CompareData::CompareData(ComparisonPtr comparison)
    : m_cmp(std::move(comparison))
{
    if (!m_cmp)
        return;
    m_partner.fill(-1, m_cmp->candidate.result.layers.size());
    for (const model::LayerPair &p : m_cmp->pairs) {
        if (p.candidate >= 0 && p.candidate < m_partner.size())
            m_partner[p.candidate] = p.baseline;
    }
}

namespace {

std::optional<double> valueOf(
    const model::ProfileResult &result, int layer, const QString &counter, CompareData::Cost cost)
{
    return cost == CompareData::Cost::Own ? result.selfValue(layer, counter) : result.value(layer, counter);
}

} // namespace

std::optional<double> CompareData::baseline(int candidateLayer, const QString &counter, Cost cost) const
{
    const int b = baselineLayer(candidateLayer);
    if (!m_cmp || b < 0)
        return std::nullopt;
    return valueOf(m_cmp->baseline.result, b, counter, cost);
}

std::optional<double> CompareData::candidate(int candidateLayer, const QString &counter, Cost cost) const
{
    if (!m_cmp || candidateLayer < 0 || candidateLayer >= m_cmp->candidate.result.layers.size())
        return std::nullopt;
    return valueOf(m_cmp->candidate.result, candidateLayer, counter, cost);
}

std::optional<double> CompareData::delta(int candidateLayer, const QString &counter, Cost cost) const
{
    const auto b = baseline(candidateLayer, counter, cost);
    const auto c = b ? candidate(candidateLayer, counter, cost) : std::nullopt;
    return b && c ? std::optional<double>(*c - *b) : std::nullopt;
}

std::optional<double> CompareData::deltaPct(int candidateLayer, const QString &counter, Cost cost) const
{
    const auto b = baseline(candidateLayer, counter, cost);
    const auto d = delta(candidateLayer, counter, cost);
    return b && d && *b != 0 ? std::optional<double>(*d / *b * 100.0) : std::nullopt;
}

double CompareData::maxAbsDelta(const QString &counter, Cost cost) const
{
    double m = 0;
    for (int i = 0; i < m_partner.size(); ++i) {
        if (const auto d = delta(i, counter, cost))
            m = std::max(m, std::abs(*d));
    }
    return m;
}

bool CompareData::encloses(int candidateLayer) const
{
    if (!m_cmp)
        return false;
    const auto &candidates = m_cmp->candidate.result.layers;
    const auto &baselines = m_cmp->baseline.result.layers;
    const int b = baselineLayer(candidateLayer);
    return (candidateLayer >= 0 && candidateLayer < candidates.size() && candidates.at(candidateLayer).encloses())
        || (b >= 0 && b < baselines.size() && baselines.at(b).encloses());
}

QString CompareData::counterLabel(const QString &counter) const
{
    return ui::counterLabel(counter, m_cmp ? &m_cmp->candidate.result : nullptr);
}

} // namespace hpx::ui
