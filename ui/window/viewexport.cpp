#include "ui/window/viewexport.h"

#include "ui/charts/layerchart.h"
#include "ui/charts/opsharechart.h"
#include "ui/common/qcustomplotinclude.h"
#include "ui/graph/heatgraphview.h"
#include "ui/memory/memoryview.h"

#include <QBuffer>
#include <QChart>
#include <QChartView>
#include <QCoreApplication>
#include <QFileInfo>
#include <QGraphicsScene>
#include <QImage>
#include <QLayout>
#include <QPainter>
#include <QSaveFile>
#include <QSvgGenerator>

#include <algorithm>
#include <cmath>
#include <functional>

namespace hpx::ui {

namespace {

// Logical size of what is exported and how to paint it into a target rect (LayerChart has its own
// QCustomPlot paths in savePng/saveSvg).
struct Source {
    QSizeF size;
    std::function<void(QPainter *, const QRectF &)> paint;
};

// The charts drawn with QCustomPlot export their plot as vectors (the Memory view: its plot, not its tables).
QCustomPlot *customPlotOf(QWidget *view)
{
    if (auto *chart = qobject_cast<LayerChart *>(view))
        return chart->plot();
    if (auto *memory = qobject_cast<MemoryView *>(view))
        return memory->plot();
    return nullptr;
}

Source sourceFor(QWidget *view)
{
    // Pending layout requests and queued chart updates would otherwise be missing from the image.
    QCoreApplication::sendPostedEvents();
    // A view that was never shown has not laid out its children yet.
    if (!view->isVisible() && view->layout()) {
        view->ensurePolished();
        view->layout()->activate();
    }
    if (auto *graph = qobject_cast<HeatGraphView *>(view)) {
        return { graph->exportRect().size(), [graph](QPainter *p, const QRectF &r) { graph->renderForExport(p, r); } };
    }
    if (auto *share = qobject_cast<OpShareChart *>(view)) {
        // The chart (a QGraphicsWidget) is laid out at the export size for the image and put back after.
        QChart *chart = share->chartView()->chart();
        return { QSizeF(ViewExport::chartExportSize(share->chartView()->size())),
            [chart](QPainter *p, const QRectF &r) {
                const QRectF before = chart->geometry();
                const QSizeF size = QSizeF(ViewExport::chartExportSize(before.size().toSize()));
                chart->setGeometry(QRectF(QPointF(0, 0), size));
                chart->scene()->render(p, r, chart->mapRectToScene(QRectF(QPointF(0, 0), size)));
                chart->setGeometry(before);
            } };
    }
    QWidget *w = view;
    return { QSizeF(w->size()), [w](QPainter *p, const QRectF &r) {
                p->save();
                p->translate(r.topLeft());
                p->scale(r.width() / w->width(), r.height() / w->height());
                w->render(p, QPoint(), QRegion(), QWidget::DrawChildren);
                p->restore();
            } };
}

bool commit(QSaveFile &file, QString *error)
{
    if (!file.commit()) {
        if (error)
            *error = ViewExport::tr("Could not write %1: %2")
                         .arg(QFileInfo(file.fileName()).fileName(), file.errorString());
        return false;
    }
    return true;
}

bool open(QSaveFile &file, QString *error)
{
    if (!file.open(QIODevice::WriteOnly)) {
        if (error)
            *error = ViewExport::tr("Could not write %1: %2").arg(file.fileName(), file.errorString());
        return false;
    }
    return true;
}

} // namespace

QSize ViewExport::chartExportSize(const QSize &onScreen)
{
    return onScreen.expandedTo(QSize(kMinChartWidth, kMinChartHeight));
}

bool ViewExport::formatForPath(const QString &path, Format *format)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("png"))
        *format = Format::Png;
    else if (suffix == QLatin1String("svg"))
        *format = Format::Svg;
    else
        return false;
    return true;
}

bool ViewExport::save(QWidget *view, const QString &path, QString *error)
{
    Format f;
    if (!formatForPath(path, &f)) {
        if (error)
            *error = ViewExport::tr("Unknown image format for %1: use .png or .svg").arg(QFileInfo(path).fileName());
        return false;
    }
    return f == Format::Png ? savePng(view, path, error) : saveSvg(view, path, error);
}

bool ViewExport::savePng(QWidget *view, const QString &path, QString *error, double scale)
{
    if (!view) {
        if (error)
            *error = ViewExport::tr("Nothing to export.");
        return false;
    }
    QImage image;
    if (QCustomPlot *plot = customPlotOf(view)) {
        const QSize size = chartExportSize(plot->size());
        image = plot->toPixmap(size.width(), size.height(), scale).toImage();
    } else {
        const Source src = sourceFor(view);
        if (src.size.isEmpty()) {
            if (error)
                *error = ViewExport::tr("Nothing to export.");
            return false;
        }
        const double k = std::min(scale, double(kMaxPngSide) / std::max(src.size.width(), src.size.height()));
        const QSize px(
            std::max(1, int(std::ceil(src.size.width() * k))), std::max(1, int(std::ceil(src.size.height() * k))));
        image = QImage(px, QImage::Format_ARGB32_Premultiplied);
        if (image.isNull()) {
            if (error)
                *error = ViewExport::tr("Not enough memory for a %1 × %2 image.").arg(px.width()).arg(px.height());
            return false;
        }
        image.fill(view->palette().color(QPalette::Base));
        QPainter p(&image);
        p.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing | QPainter::SmoothPixmapTransform);
        src.paint(&p, QRectF(QPointF(0, 0), QSizeF(px)));
    }
    QSaveFile file(path);
    if (!open(file, error))
        return false;
    if (!image.save(&file, "PNG")) {
        file.cancelWriting();
        if (error)
            *error = ViewExport::tr("Could not encode %1 as PNG.").arg(QFileInfo(path).fileName());
        return false;
    }
    return commit(file, error);
}

bool ViewExport::saveSvg(QWidget *view, const QString &path, QString *error)
{
    if (!view) {
        if (error)
            *error = ViewExport::tr("Nothing to export.");
        return false;
    }
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator svg;
    svg.setOutputDevice(&buffer);
    svg.setTitle(ViewExport::tr("hpx Studio"));
    svg.setDescription(view->windowTitle());
    svg.setResolution(96);
    if (QCustomPlot *plot = customPlotOf(view)) {
        const QSize size = chartExportSize(plot->size());
        svg.setSize(size);
        svg.setViewBox(QRect(QPoint(0, 0), size));
        QCPPainter painter(&svg);
        plot->toPainter(&painter, size.width(), size.height()); // vector bars and text
        painter.end();
    } else {
        const Source src = sourceFor(view);
        const QSize size = src.size.toSize().expandedTo(QSize(1, 1));
        svg.setSize(size);
        svg.setViewBox(QRect(QPoint(0, 0), size));
        QPainter painter(&svg);
        painter.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
        src.paint(&painter, QRectF(QPointF(0, 0), QSizeF(size)));
        painter.end();
    }
    QSaveFile file(path);
    if (!open(file, error))
        return false;
    if (file.write(buffer.data()) != buffer.size()) {
        file.cancelWriting();
        if (error)
            *error = ViewExport::tr("Could not write %1: %2").arg(QFileInfo(path).fileName(), file.errorString());
        return false;
    }
    return commit(file, error);
}

} // namespace hpx::ui
