#include "ui/common/plotpalette.h"

#include "ui/common/qcustomplotinclude.h"

#include <QPalette>

namespace hpx::ui {

void applyPlotPalette(QCustomPlot *plot, const QPalette &palette, PlotGrid grid)
{
    plot->setBackground(palette.color(QPalette::Base));
    plot->axisRect()->setBackground(palette.color(QPalette::Base));
    const QColor text = palette.color(QPalette::Text);
    QColor faint = text;
    faint.setAlphaF(0.15);
    for (QCPAxis *axis : { plot->xAxis, plot->yAxis }) {
        axis->setBasePen(QPen(text, 1));
        axis->setTickPen(QPen(text, 1));
        axis->setSubTickPen(QPen(text, 1));
        axis->setTickLabelColor(text);
        axis->setLabelColor(text);
        switch (grid) {
        case PlotGrid::Kept:
            break;
        case PlotGrid::Mid:
            axis->grid()->setPen(QPen(palette.color(QPalette::Mid), 0, Qt::DotLine));
            break;
        case PlotGrid::FaintText:
            axis->grid()->setPen(QPen(faint, 1, Qt::DotLine));
            axis->grid()->setSubGridVisible(false);
            break;
        }
    }
}

} // namespace hpx::ui
