#include "model/power/currenthistogram.h"

#include <algorithm>
#include <cmath>

namespace hpx::model::power {

CurrentHistogram::CurrentHistogram()
    : m_bins(2 * kSide + 1, 0)
    , m_lowest(2 * kSide + 1)
    , m_highest(-1)
{
}

int CurrentHistogram::binOf(double a) const
{
    const double m = std::fabs(a);
    if (m < 1e-12 || !std::isfinite(a))
        return kSide;
    const int k = std::clamp(int(std::floor((std::log10(m) + 12.0) * kBinsPerDecade)), 0, kSide - 1);
    return a > 0 ? kSide + 1 + k : kSide - 1 - k;
}

double CurrentHistogram::valueOf(int bin) const
{
    if (bin == kSide)
        return 0.0;
    const int k = bin > kSide ? bin - kSide - 1 : kSide - 1 - bin;
    const double centre = std::pow(10.0, (k + 0.5) / kBinsPerDecade - 12.0);
    return bin > kSide ? centre : -centre;
}

void CurrentHistogram::add(double amperes)
{
    const int b = binOf(amperes);
    ++m_bins[b];
    ++m_count;
    m_lowest = std::min(m_lowest, b);
    m_highest = std::max(m_highest, b);
}

void CurrentHistogram::merge(const CurrentHistogram &other)
{
    for (int b = other.m_lowest; b <= other.m_highest; ++b)
        m_bins[b] += other.m_bins.at(b);
    m_count += other.m_count;
    m_lowest = std::min(m_lowest, other.m_lowest);
    m_highest = std::max(m_highest, other.m_highest);
}

void CurrentHistogram::clear()
{
    for (int b = m_lowest; b <= m_highest; ++b)
        m_bins[b] = 0;
    m_count = 0;
    m_lowest = 2 * kSide + 1;
    m_highest = -1;
}

double CurrentHistogram::valueAtRank(qint64 rank) const
{
    qint64 seen = 0;
    for (int b = m_lowest; b <= m_highest; ++b) {
        seen += m_bins.at(b);
        if (seen > rank)
            return valueOf(b);
    }
    return valueOf(m_highest);
}

std::optional<double> CurrentHistogram::percentile(double p) const
{
    if (m_count == 0)
        return std::nullopt;
    // numpy.percentile's default (linear): between the sorted samples at floor(pos) and floor(pos) + 1.
    const double pos = std::clamp(p, 0.0, 100.0) / 100.0 * double(m_count - 1);
    const qint64 lower = qint64(std::floor(pos));
    const double fraction = pos - double(lower);
    const double a = valueAtRank(lower);
    if (fraction == 0.0 || lower + 1 >= m_count)
        return a;
    return a + fraction * (valueAtRank(lower + 1) - a);
}

} // namespace hpx::model::power
