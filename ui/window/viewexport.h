#pragma once

#include <QSize>
#include <QString>

class QWidget;

namespace hpx::ui {

// PNG and SVG export of the result views. The heat graph exports the whole graph (not only the
// visible part) with its legend; the layer chart is drawn as vectors through QCustomPlot; the
// op-share chart and any other widget are rendered as they look on screen. Files are written
// atomically (QSaveFile): a failed export leaves an existing file untouched.
namespace ViewExport {

enum class Format { Png, Svg };

// Format from the file suffix (.png / .svg, case-insensitive); nullopt-like false when unknown.
bool formatForPath(const QString &path, Format *format);

// Exports `view` (a HeatGraphView, LayerChart, OpShareChart or any widget) to path in the format
// its suffix names. On failure returns false and sets *error to a translated, one-line message.
bool save(QWidget *view, const QString &path, QString *error);
bool savePng(QWidget *view, const QString &path, QString *error, double scale = 2.0);
bool saveSvg(QWidget *view, const QString &path, QString *error);

// Largest side of an exported PNG; big graphs are scaled down to fit.
constexpr int kMaxPngSide = 16000;
// A chart is laid out again for its image at least this large (logical pixels; PNG at twice that), whatever
// the size of its dock: a chart squeezed into a small dock would otherwise export its squeezed axes and legend.
constexpr int kMinChartWidth = 1200;
constexpr int kMinChartHeight = 700;
QSize chartExportSize(const QSize &onScreen);

} // namespace ViewExport

} // namespace hpx::ui
