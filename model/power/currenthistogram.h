#pragma once

#include <QVector>

#include <optional>

namespace hpx::model::power {

// Current percentiles in bounded memory (recordings are far larger than memory): a histogram of log-spaced bins,
// 10 000 per decade from 1 pA to 100 A on each side of zero, so a percentile is exact to ±0.012 % of its value
// (the bin's geometric centre is reported). Counts samples, as heliaPROFILER's percentiles of the gated samples do.
class CurrentHistogram {
public:
    CurrentHistogram();
    void add(double amperes);
    void merge(const CurrentHistogram &other); // adds other's counts
    void clear(); // only the bins touched since the last clear
    qint64 count() const { return m_count; }
    // Percentile as numpy.percentile computes it by default (linear between the two nearest ranks), p in [0, 100];
    // nullopt when empty.
    std::optional<double> percentile(double p) const;

private:
    static constexpr int kBinsPerDecade = 10000;
    static constexpr int kDecades = 14; // 1e-12 .. 1e2 A
    static constexpr int kSide = kBinsPerDecade * kDecades;
    int binOf(double amperes) const; // 0 .. 2 * kSide: negative side mirrored below kSide, zero at kSide
    double valueOf(int bin) const;
    double valueAtRank(qint64 rank) const; // the value of the sorted sample at 0-based rank

    QVector<qint64> m_bins;
    qint64 m_count = 0;
    int m_lowest;
    int m_highest;
};

} // namespace hpx::model::power
