#pragma once

#include <QRect>

class QDockWidget;
class QMainWindow;
class QWidget;

namespace hpx::ui {

// A saved window geometry fitted into the screen's available area: a window saved on a larger screen or
// at another QT_SCALE_FACTOR comes back no larger than the screen and with its title bar on it.
QRect clampedGeometry(const QRect &geometry, const QRect &available);
// Applies clampedGeometry() to a top-level window on the screen it is on (or the primary one).
void clampToScreen(QWidget *window);

// Where the docks go on a first start or after View > Reset Layout. At 1440x900 the Counters tab shows at least ten
// events with their names, the Model dock its operator types, the table beside the graph its counter columns. A
// smaller screen (or QT_SCALE_FACTOR=2 on that one: 720x450) keeps the graph and the table the larger share, and
// stacks the Model dock with Board and Counters rather than above them.
struct DefaultDocks {
    QDockWidget *model;
    QDockWidget *board;
    QDockWidget *counters; // tabbed with board
    QDockWidget *run;
};
// Below this available height (device-independent pixels) the docks start out stacked, not side by side.
constexpr int SmallScreenHeight = 700;
void placeDefaultDocks(QMainWindow *window, const DefaultDocks &docks);

} // namespace hpx::ui
