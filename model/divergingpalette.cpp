#include "model/divergingpalette.h"

#include <algorithm>
#include <cmath>

namespace hpx::model {

QString Rgb::hex() const
{
    return QStringLiteral("#%1%2%3")
        .arg(r, 2, 16, QLatin1Char('0'))
        .arg(g, 2, 16, QLatin1Char('0'))
        .arg(b, 2, 16, QLatin1Char('0'));
}

double DivergingPalette::position(double delta, double maxAbs)
{
    if (!(maxAbs > 0) || !std::isfinite(delta))
        return 0.0;
    return std::clamp(delta / maxAbs, -1.0, 1.0);
}

Rgb DivergingPalette::color(double delta, double maxAbs)
{
    const double t = position(delta, maxAbs);
    const Rgb from = unchanged();
    const Rgb to = t < 0 ? faster() : slower();
    const double a = std::abs(t);
    const auto mix = [a](int x, int y) { return int(std::lround(x + (y - x) * a)); };
    return { mix(from.r, to.r), mix(from.g, to.g), mix(from.b, to.b) };
}

} // namespace hpx::model
