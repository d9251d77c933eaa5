#pragma once

#include <QPalette>
#include <QRectF>

class QPainter;

namespace hpx::ui {

class HeatGraphScene;
class HeatLegend;

// The whole heat graph for export (PNG, SVG): every node, not just the visible ones, with the legend
// below. The rectangle an export needs, in scene units (1 unit = 1 pixel at 100 %):
QRectF heatGraphExportRect(const HeatGraphScene &scene, const HeatLegend &legend);
// Draws it scaled into target; the nodes' device caches are bypassed so SVG keeps vector shapes and
// text, and restored afterwards.
void renderHeatGraph(
    HeatGraphScene &scene, const HeatLegend &legend, const QPalette &palette, QPainter *painter, const QRectF &target);

} // namespace hpx::ui
