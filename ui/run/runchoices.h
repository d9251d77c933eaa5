#pragma once

class QSpinBox;

namespace hpx::ui {

class AppSettings;
class BoardPanel;
class CounterPicker;

// The widgets that hold the run choices the window keeps between starts.
struct RunChoiceWidgets {
    BoardPanel *board = nullptr;
    CounterPicker *counters = nullptr;
    QSpinBox *iterations = nullptr;
    QSpinBox *warmup = nullptr;
};

// The run choices the window keeps between starts (issue 11): port, baud, board, link, engine, simulator
// speed, iterations and warmup, and the counter selection, which is saved as the user chose it, never reduced
// to what one board captures (the preset label follows from it).
void restoreRunChoices(const AppSettings &settings, const RunChoiceWidgets &widgets);
void saveRunChoices(AppSettings &settings, const RunChoiceWidgets &widgets);

} // namespace hpx::ui
