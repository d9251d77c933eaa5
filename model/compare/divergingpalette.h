#pragma once

#include <QByteArray>
#include <QString>

#include <optional>

namespace hpx::model {

// The colours of a comparison: a diverging scale centred on zero, shared by the heat graph (ui/) and the
// Model Explorer delta overlays so both paint the same node the same colour. Negative deltas (the
// candidate is faster / smaller) are blue, positive (slower / larger) red, no change a light neutral;
// |delta| is measured against the symmetric range [-maxAbs, +maxAbs] (ColorBrewer RdBu end points).
struct Rgb {
    int r = 0;
    int g = 0;
    int b = 0;
    QString hex() const; // "#rrggbb"
    QByteArray hexBytes() const; // the same, as bytes (for files)
    bool operator==(const Rgb &o) const { return r == o.r && g == o.g && b == o.b; }
};

struct DivergingPalette {
    static Rgb faster() { return { 0x21, 0x66, 0xac }; } // delta = -maxAbs
    static Rgb unchanged() { return { 0xf7, 0xf7, 0xf7 }; } // delta = 0
    static Rgb slower() { return { 0xb2, 0x18, 0x2b }; } // delta = +maxAbs

    // Position on the scale: -1 (fastest) .. 0 .. +1 (slowest); 0 when maxAbs is 0.
    static double position(double delta, double maxAbs);
    // Linear interpolation unchanged -> faster/slower by |position|.
    static Rgb color(double delta, double maxAbs);
};

} // namespace hpx::model
