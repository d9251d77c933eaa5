#pragma once

#include <QColor>
#include <QGradientStops>
#include <QVector>

#include <optional>

namespace hpx::ui {

// The one colour function for "how hot is this operator", shared by the heat graph, the legend,
// the charts and anything else that paints a counter value. It reproduces what Model Explorer
// does with an hpx overlay file (docs/compatibility.md §0.1 and §6):
//   - three stops: 0 -> #22c55e (green), 0.5 -> #eab308 (yellow), 1 -> #ef4444 (red);
//   - linear interpolation of R, G and B between the two neighbouring stops;
//   - a value is placed on the gradient relative to the minimum and maximum of the counter over
//     the graph that is shown (one subgraph, as one overlay graph id holds one subgraph), so a
//     colour says nothing about absolute cost and cannot be compared across counters or runs.
// Equal values: when every value in the range is the same (min == max, including a graph with a
// single valued node), Model Explorer divides by zero and paints the nodes transparent. We paint
// every valued node with the middle stop (yellow) instead: the nodes stay distinguishable from
// nodes without a value, and neither "cheapest" green nor "hottest" red is claimed. The legend
// says "all equal" in that case.
class HeatGradient {
public:
    struct Stop {
        double position;
        QColor color;
    };

    // The overlay gradient (GRADIENT_COST): the same stops the bundle writer puts in every
    // me_overlay_<COUNTER>.json.
    static const QVector<Stop> &stops();
    static QGradientStops gradientStops(); // for QLinearGradient (legend)

    // Colour at a normalised position; t is clamped to [0, 1]; NaN maps to the middle stop.
    static QColor colorAt(double t);

    // Normalised position of value in [min, max]; 0.5 when min == max (see above).
    static double normalize(double value, double min, double max);
    static QColor colorFor(double value, double min, double max) { return colorAt(normalize(value, min, max)); }

    // Black or white, whichever contrasts more with background (WCAG relative luminance).
    static QColor textColorFor(const QColor &background);
};

// Min and max of a set of values; empty when there is none.
struct HeatRange {
    double min = 0;
    double max = 0;
    bool valid = false;

    void add(double value);
    bool allEqual() const { return valid && min == max; }
    QColor colorFor(double value) const { return HeatGradient::colorFor(value, min, max); }
    double normalize(double value) const { return HeatGradient::normalize(value, min, max); }
};

} // namespace hpx::ui
