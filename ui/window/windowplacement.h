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
// A window manager adds its frame (title bar, borders) only after the window is mapped, so a window fitted before
// that can still reach past the screen's bottom, status bar and all. This clamps window again once, as soon as it
// has a frame, and then lets go (also after a few seconds without one, as under no window manager).
void clampToScreenOnceFramed(QWidget *window);

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

// The Charts dock shares its place with the Run dock, which is kept low (a quarter of the screen at most: 112 px
// at scale 2 on 1440x900), where a chart is its toolbar and no plot. Raising Charts in a dock lower than a chart
// needs (its toolbar and a plot of about a dozen text lines, at most half the window) makes it that tall, and
// raising Run again gives back the height it had.
void keepChartsReadable(QMainWindow *window, QDockWidget *charts, QDockWidget *run);
// The height keepChartsReadable() gives the Charts dock in window.
int readableChartsHeight(const QMainWindow *window, const QDockWidget *charts);

} // namespace hpx::ui
