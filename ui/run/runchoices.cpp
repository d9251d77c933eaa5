#include "ui/run/runchoices.h"

#include "ui/run/boardpanel.h"
#include "ui/run/counterpicker.h"
#include "ui/window/appsettings.h"

namespace hpx::ui {

void restoreRunChoices(const AppSettings &settings, BoardPanel *board, CounterPicker *counters)
{
    board->setTargetPort(settings.lastPort());
    board->setBaud(settings.baud());
    if (!settings.board().isEmpty())
        board->setBoard(settings.board());
    board->setLink(settings.link());
    if (!settings.engine().isEmpty())
        board->setEngine(settings.engine());
    board->setTimeScale(settings.simulatorTimeScale());
    if (!settings.counters().isEmpty())
        counters->setSelectedCounters(settings.counters());
}

void saveRunChoices(AppSettings &settings, const BoardPanel *board, const CounterPicker *counters)
{
    const BoardTarget target = board->target();
    settings.setLastPort(target.port);
    settings.setBaud(target.baud);
    settings.setBoard(target.board);
    settings.setLink(board->linkChoice());
    settings.setEngine(board->engineChoice());
    settings.setSimulatorTimeScale(target.timeScale);
    settings.setCounters(counters->selectedCounters());
}

} // namespace hpx::ui
