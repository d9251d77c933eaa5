#include "ui/graph/heatgraphexport.h"

#include "ui/graph/heatgraphitems.h"
#include "ui/graph/heatgraphscene.h"
#include "ui/graph/heatlegend.h"

#include <QPainter>

#include <algorithm>

namespace hpx::ui {

namespace {
int legendExportWidth(double imageWidth)
{
    return int(std::max(1.0, std::min(imageWidth - 16, 640.0)));
}
} // namespace

QRectF heatGraphExportRect(const HeatGraphScene &scene, const HeatLegend &legend)
{
    const QRectF s = scene.sceneRect();
    return QRectF(0, 0, s.width(), s.height() + legend.heightForWidth(legendExportWidth(s.width())) + 8);
}

void renderHeatGraph(
    HeatGraphScene &scene, const HeatLegend &legend, const QPalette &palette, QPainter *painter, const QRectF &target)
{
    const QRectF s = scene.sceneRect();
    const QRectF e = heatGraphExportRect(scene, legend);
    const double k = std::min(target.width() / e.width(), target.height() / e.height());
    painter->save();
    painter->fillRect(target, palette.color(QPalette::Base));
    painter->translate(target.topLeft());
    painter->scale(k, k);
    // Paint items directly (not from their device caches) so SVG keeps vector shapes and text.
    const QVector<OperatorNodeItem *> nodes = scene.allNodes();
    QVector<QGraphicsItem::CacheMode> modes;
    modes.reserve(nodes.size());
    for (OperatorNodeItem *n : nodes) {
        modes.append(n->cacheMode());
        n->setCacheMode(QGraphicsItem::NoCache);
    }
    scene.render(painter, QRectF(0, 0, s.width(), s.height()), s);
    for (int i = 0; i < nodes.size(); ++i)
        nodes.at(i)->setCacheMode(modes.at(i));
    const int legendW = legendExportWidth(e.width());
    legend.paintLegend(painter, QRect(8, int(s.height()) + 4, legendW, legend.heightForWidth(legendW)), palette);
    painter->restore();
}

} // namespace hpx::ui
