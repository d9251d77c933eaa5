#pragma once

#include <QColor>
#include <QGradientStops>
#include <QString>
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

// Where a value sits on the gradient between the lowest and the highest value shown. Linear is what Model
// Explorer does with an overlay (and what the overlays keep); one very hot operator then paints every other one
// green, so the heat graph also offers:
//   - Logarithmic: log(value / min) / log(max / min) when every value is positive, otherwise
//     log(1 + value - min) / log(1 + max - min): equal colour steps are equal factors, not equal differences;
//   - Rank: the value's percentile among the values shown (ties share their middle rank), so the colours
//     spread evenly over the operators whatever the distribution: the hottest quarter is red-ish.
enum class HeatScale { Linear, Logarithmic, Rank };
const QVector<HeatScale> &allHeatScales();
QString heatScaleKey(HeatScale scale); // "linear", "log", "rank": settings and hpx.yml spelling
HeatScale heatScaleFromKey(const QString &key); // unknown -> Linear

// Min and max of a set of values, and where a value sits between them on a scale; empty when there is none.
// For HeatScale::Rank, set the scale before adding values and call finish() after the last one.
struct HeatRange {
    double min = 0;
    double max = 0;
    bool valid = false;
    HeatScale scale = HeatScale::Linear;

    void add(double value);
    void finish(); // sorts the values a rank scale keeps
    bool allEqual() const { return valid && min == max; }
    QColor colorFor(double value) const { return HeatGradient::colorAt(normalize(value)); }
    double normalize(double value) const;

private:
    QVector<double> m_sorted; // Rank only
};

} // namespace hpx::ui
