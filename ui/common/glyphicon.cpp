#include "ui/common/glyphicon.h"

#include <QPainter>
#include <QPainterPath>
#include <QPixmap>

namespace hpx::ui {

namespace {

QPixmap draw(Glyph glyph, int size)
{
    QPixmap pixmap(size, size);
    pixmap.fill(Qt::transparent);
    QPainter p(&pixmap);
    p.setRenderHint(QPainter::Antialiasing);
    p.setPen(Qt::NoPen);
    const double m = size * 0.18; // margin, as the style's icons leave
    if (glyph == Glyph::Run) {
        QPainterPath triangle;
        triangle.moveTo(m + size * 0.04, m);
        triangle.lineTo(size - m, size / 2.0);
        triangle.lineTo(m + size * 0.04, size - m);
        triangle.closeSubpath();
        p.setBrush(QColor(0x22, 0xc5, 0x5e)); // the heat gradient's green
        p.drawPath(triangle);
    } else {
        p.setBrush(QColor(0xef, 0x44, 0x44)); // the heat gradient's red
        p.drawRoundedRect(QRectF(m, m, size - 2 * m, size - 2 * m), size * 0.08, size * 0.08);
    }
    return pixmap;
}

} // namespace

QIcon glyphIcon(Glyph glyph)
{
    QIcon icon;
    for (int size : { 16, 22, 24, 32, 48, 64 })
        icon.addPixmap(draw(glyph, size));
    return icon;
}

} // namespace hpx::ui
