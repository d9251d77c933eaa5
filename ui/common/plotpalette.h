#pragma once

class QCustomPlot;
class QPalette;

namespace hpx::ui {

// How a plot's grid lines follow the palette.
enum class PlotGrid {
    Kept, // QCustomPlot's own light grey grid (the delta chart)
    Mid, // QPalette::Mid, dotted (the Memory view)
    FaintText, // the text colour at 15 % opacity, dotted, without sub-grid (the layer chart)
};

// The one way a QCustomPlot takes the widget palette's colours, at construction and again on QEvent::PaletteChange (a
// light/dark switch): the background and the axis rect Base; the axes, their ticks and their labels Text; the grid as
// `grid` says. It does not replot.
void applyPlotPalette(QCustomPlot *plot, const QPalette &palette, PlotGrid grid);

} // namespace hpx::ui
