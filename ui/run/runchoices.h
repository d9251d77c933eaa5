#pragma once

namespace hpx::ui {

class AppSettings;
class BoardPanel;
class CounterPicker;

// The run choices the window keeps between starts (issue 11): port, baud, board, link, engine, simulator
// speed and the counter selection, which is saved as the user chose it, never reduced to what one board
// captures.
void restoreRunChoices(const AppSettings &settings, BoardPanel *board, CounterPicker *counters);
void saveRunChoices(AppSettings &settings, const BoardPanel *board, const CounterPicker *counters);

} // namespace hpx::ui
