#pragma once

// An independent reading of a Model Explorer overlay file (docs/compatibility.md §6 shape): the colour
// Model Explorer gives each node key, from the file's own gradient stops spread over the min..max
// of the file's values. Tests compare the heat graph against this, not against HeatGradient.

#include <QColor>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <cmath>

namespace hpx::test {

struct OverlayStop {
    double stop;
    QColor color;
};

// node key -> colour for one graph id of an overlay document; empty on a malformed file.
inline QHash<QString, QColor> overlayColors(const QJsonObject &overlay, const QString &graphId)
{
    const QJsonObject graph = overlay.value(graphId).toObject();
    const QJsonObject results = graph.value(QStringLiteral("results")).toObject();
    QVector<OverlayStop> stops;
    for (const QJsonValue &s : graph.value(QStringLiteral("gradient")).toArray())
        stops.append({ s.toObject().value(QStringLiteral("stop")).toDouble(),
            QColor(s.toObject().value(QStringLiteral("bgColor")).toString()) });
    std::sort(stops.begin(), stops.end(), [](const OverlayStop &a, const OverlayStop &b) { return a.stop < b.stop; });
    QHash<QString, QColor> out;
    if (stops.size() < 2 || results.isEmpty())
        return out;
    double lo = INFINITY, hi = -INFINITY;
    for (auto it = results.begin(); it != results.end(); ++it) {
        const double v = it.value().toObject().value(QStringLiteral("value")).toDouble();
        lo = std::min(lo, v);
        hi = std::max(hi, v);
    }
    for (auto it = results.begin(); it != results.end(); ++it) {
        const double v = it.value().toObject().value(QStringLiteral("value")).toDouble();
        const double t = hi > lo ? (v - lo) / (hi - lo) : 0.5; // equal values: our documented choice
        int k = 1;
        while (k < stops.size() - 1 && t > stops[k].stop)
            ++k;
        const OverlayStop &a = stops[k - 1], &b = stops[k];
        const double f = (t - a.stop) / (b.stop - a.stop);
        auto mix = [f](int x, int y) { return int(std::lround(x + (y - x) * f)); };
        out.insert(it.key(),
            QColor(mix(a.color.red(), b.color.red()), mix(a.color.green(), b.color.green()),
                mix(a.color.blue(), b.color.blue())));
    }
    return out;
}

} // namespace hpx::test
