#include "ui/common/dockscrollarea.h"

#include <QEvent>
#include <QScrollBar>

namespace hpx::ui {

DockScrollArea::DockScrollArea(QWidget *parent)
    : QScrollArea(parent)
{
    setFrameShape(QFrame::NoFrame);
    setWidgetResizable(true);
}

QSize DockScrollArea::minimumSizeHint() const
{
    QSize size = QScrollArea::minimumSizeHint();
    if (widget())
        size.setWidth(widget()->minimumSizeHint().width() + verticalScrollBar()->sizeHint().width() + 2 * frameWidth());
    return size;
}

bool DockScrollArea::eventFilter(QObject *watched, QEvent *event)
{
    // The content's layout changed (a label got longer): the dock asks for the width again.
    if (watched == widget() && event->type() == QEvent::LayoutRequest)
        updateGeometry();
    return QScrollArea::eventFilter(watched, event);
}

} // namespace hpx::ui
