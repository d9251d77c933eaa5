#pragma once

#include <QRect>

class QWidget;

namespace hpx::ui {

class AppSettings;
class BoardPanel;
class CounterPicker;

// A saved window geometry fitted into the screen's available area: a window saved on a larger screen or
// at another QT_SCALE_FACTOR comes back no larger than the screen and with its title bar on it.
QRect clampedGeometry(const QRect &geometry, const QRect &available);
// Applies clampedGeometry() to a top-level window on the screen it is on (or the primary one).
void clampToScreen(QWidget *window);

// The run choices the window keeps between starts (issue 11): port, baud, board, link, engine, simulator
// speed and the counter selection, which is saved as the user chose it, never reduced to what one board
// captures.
void restoreRunChoices(const AppSettings &settings, BoardPanel *board, CounterPicker *counters);
void saveRunChoices(AppSettings &settings, const BoardPanel *board, const CounterPicker *counters);

} // namespace hpx::ui
