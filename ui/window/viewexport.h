#pragma once

#include <QCoreApplication>
#include <QSize>
#include <QString>

class QWidget;

namespace hpx::ui {

// PNG and SVG export of the result views. The heat graph exports the whole graph (not only the
// visible part) with its legend; the layer chart is drawn as vectors through QCustomPlot; the
// op-share chart and any other widget are rendered as they look on screen. Files are written
// atomically (QSaveFile): a failed export leaves an existing file untouched.
// Its messages (why an export failed) are its own.
class ViewExport {
    Q_DECLARE_TR_FUNCTIONS(hpx::ui::ViewExport)
public:
    enum class Format { Png, Svg };

    // Format from the file suffix (.png / .svg, case-insensitive); nullopt-like false when unknown.
    static bool formatForPath(const QString &path, Format *format);

    // Exports `view` (a HeatGraphView, LayerChart, OpShareChart or any widget) to path in the format
    // its suffix names. On failure returns false and sets *error to a translated, one-line message.
    static bool save(QWidget *view, const QString &path, QString *error);
    static bool savePng(QWidget *view, const QString &path, QString *error, double scale = 2.0);
    static bool saveSvg(QWidget *view, const QString &path, QString *error);

    // Largest side of an exported PNG; big graphs are scaled down to fit.
    static constexpr int kMaxPngSide = 16000;
    // A chart is laid out again for its image at least this large (logical pixels; PNG at twice that), whatever
    // the size of its dock: a chart squeezed into a small dock would otherwise export its squeezed axes and legend.
    static constexpr int kMinChartWidth = 1200;
    static constexpr int kMinChartHeight = 700;
    static QSize chartExportSize(const QSize &onScreen);
};

} // namespace hpx::ui
