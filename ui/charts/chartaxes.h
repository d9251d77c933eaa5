#pragma once

class QCPAxis;
class QString;

namespace hpx::ui {

// The axes of the bar charts (per layer, Δ compare), drawn one way: layers are whole numbers (never a tick at 2.5),
// values are written as the heat graph writes them ("600k", "-4k"; "600000" took six digits of a narrow plot and,
// without separators, read as 60,000 as easily), and value labels stay a line and a half apart (five of them
// overlapped in a plot of 120 px at scale 2).
void useLayerTicks(QCPAxis *axis);
void useCompactValueLabels(QCPAxis *axis, bool logarithmic = false);
// For a linear value axis in a plot plotHeight high, lineHeight its font's line.
void fitValueTicks(QCPAxis *axis, int plotHeight, int lineHeight);
// An axis title with its qualifier in brackets on a line of its own ("Instructions\n(emulated)"): a rotated title has
// only the plot's height, which is small at the default layout.
QString stackedAxisTitle(const QString &title);

} // namespace hpx::ui
