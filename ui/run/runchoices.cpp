#include "ui/run/runchoices.h"

#include "ui/common/appsettings.h"
#include "ui/run/boardpanel.h"
#include "ui/run/counterpicker.h"

#include <QSpinBox>

namespace hpx::ui {

void restoreRunChoices(const AppSettings &settings, const RunChoiceWidgets &widgets)
{
    BoardPanel *board = widgets.board;
    CounterPicker *counters = widgets.counters;
    board->setTargetPort(settings.lastPort());
    board->setBaud(settings.baud());
    if (!settings.board().isEmpty())
        board->setBoard(settings.board());
    board->setFirmwareTransport(settings.link());
    if (!settings.engine().isEmpty())
        board->setEngine(settings.engine());
    board->setTimeScale(settings.simulatorTimeScale());
    if (!settings.counters().isEmpty())
        counters->setSelectedCounters(settings.counters());
    widgets.iterations->setValue(settings.iterations());
    widgets.warmup->setValue(settings.warmup());
}

void saveRunChoices(AppSettings &settings, const RunChoiceWidgets &widgets)
{
    const BoardPanel *board = widgets.board;
    const CounterPicker *counters = widgets.counters;
    const BoardTarget target = board->target();
    settings.setLastPort(target.port);
    settings.setBaud(target.baud);
    settings.setBoard(target.board);
    settings.setLink(board->firmwareTransportChoice());
    settings.setEngine(board->engineChoice());
    settings.setSimulatorTimeScale(target.timeScale);
    settings.setCounters(counters->selectedCounters());
    settings.setIterations(widgets.iterations->value());
    settings.setWarmup(widgets.warmup->value());
}

} // namespace hpx::ui
