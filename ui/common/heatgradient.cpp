#include "ui/common/heatgradient.h"

#include <algorithm>
#include <cmath>

namespace hpx::ui {

const QVector<HeatGradient::Stop> &HeatGradient::stops()
{
    static const QVector<Stop> s = {
        { 0.0, QColor(0x22, 0xc5, 0x5e) },
        { 0.5, QColor(0xea, 0xb3, 0x08) },
        { 1.0, QColor(0xef, 0x44, 0x44) },
    };
    return s;
}

QGradientStops HeatGradient::gradientStops()
{
    QGradientStops out;
    for (const Stop &s : stops())
        out.append({ s.position, s.color });
    return out;
}

QColor HeatGradient::colorAt(double t)
{
    if (std::isnan(t))
        t = 0.5;
    t = std::clamp(t, 0.0, 1.0);
    const auto &s = stops();
    for (int i = 1; i < s.size(); ++i) {
        if (t <= s[i].position) {
            const Stop &a = s[i - 1];
            const Stop &b = s[i];
            const double f = (t - a.position) / (b.position - a.position);
            // Interpolate in integer RGB like a browser does for CSS colours, rounding to nearest.
            auto mix = [f](int x, int y) { return int(std::lround(x + (y - x) * f)); };
            return QColor(mix(a.color.red(), b.color.red()), mix(a.color.green(), b.color.green()),
                mix(a.color.blue(), b.color.blue()));
        }
    }
    return s.last().color;
}

double HeatGradient::normalize(double value, double min, double max)
{
    if (!(max > min))
        return 0.5;
    return std::clamp((value - min) / (max - min), 0.0, 1.0);
}

QColor HeatGradient::textColorFor(const QColor &background)
{
    auto channel = [](double c) { return c <= 0.03928 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4); };
    const double l = 0.2126 * channel(background.redF()) + 0.7152 * channel(background.greenF())
        + 0.0722 * channel(background.blueF());
    // Contrast against black is (l + 0.05) / 0.05, against white 1.05 / (l + 0.05): equal at l ~= 0.179.
    return l > 0.179 ? QColor(Qt::black) : QColor(Qt::white);
}

const QVector<HeatScale> &allHeatScales()
{
    static const QVector<HeatScale> scales { HeatScale::Linear, HeatScale::Logarithmic, HeatScale::Rank };
    return scales;
}

QString heatScaleKey(HeatScale scale)
{
    switch (scale) {
    case HeatScale::Logarithmic:
        return QStringLiteral("log");
    case HeatScale::Rank:
        return QStringLiteral("rank");
    case HeatScale::Linear:
        break;
    }
    return QStringLiteral("linear");
}

HeatScale heatScaleFromKey(const QString &key)
{
    for (HeatScale scale : allHeatScales())
        if (heatScaleKey(scale) == key)
            return scale;
    return HeatScale::Linear;
}

double HeatRange::normalize(double value) const
{
    if (std::isnan(value) || !(max > min))
        return HeatGradient::normalize(value, min, max);
    switch (scale) {
    case HeatScale::Linear:
        break;
    case HeatScale::Logarithmic: {
        const double v = std::clamp(value, min, max);
        if (min > 0)
            return std::log(v / min) / std::log(max / min);
        return std::log1p(v - min) / std::log1p(max - min);
    }
    case HeatScale::Rank: {
        if (m_sorted.size() < 2)
            break;
        const auto lower = std::lower_bound(m_sorted.cbegin(), m_sorted.cend(), value);
        const auto upper = std::upper_bound(lower, m_sorted.cend(), value);
        // A value between two shown ones (not itself shown) sits between their ranks.
        const double rank = lower == upper
            ? double(lower - m_sorted.cbegin()) - 0.5
            : (double(lower - m_sorted.cbegin()) + double(upper - m_sorted.cbegin()) - 1) / 2;
        return std::clamp(rank / double(m_sorted.size() - 1), 0.0, 1.0);
    }
    }
    return HeatGradient::normalize(value, min, max);
}

void HeatRange::finish()
{
    std::sort(m_sorted.begin(), m_sorted.end());
}

void HeatRange::add(double value)
{
    if (std::isnan(value))
        return;
    if (scale == HeatScale::Rank)
        m_sorted.append(value);
    if (!valid) {
        min = max = value;
        valid = true;
        return;
    }
    min = std::min(min, value);
    max = std::max(max, value);
}

} // namespace hpx::ui
