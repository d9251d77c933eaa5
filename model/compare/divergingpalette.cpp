#include "model/compare/divergingpalette.h"

#include <algorithm>
#include <cmath>

namespace hpx::model {

QByteArray Rgb::hexBytes() const
{
    static const char digits[] = "0123456789abcdef";
    const char text[7] = { '#', digits[(r >> 4) & 15], digits[r & 15], digits[(g >> 4) & 15], digits[g & 15],
        digits[(b >> 4) & 15], digits[b & 15] };
    return QByteArray(text, 7);
}

QString Rgb::hex() const
{
    return QString::fromLatin1(hexBytes());
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
