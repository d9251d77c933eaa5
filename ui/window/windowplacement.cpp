#include "ui/window/windowplacement.h"

#include "ui/run/boardpanel.h"
#include "ui/run/counterpicker.h"
#include "ui/window/appsettings.h"

#include <QGuiApplication>
#include <QScreen>
#include <QWidget>

namespace hpx::ui {

QRect clampedGeometry(const QRect &geometry, const QRect &available)
{
    if (available.isEmpty())
        return geometry;
    QRect r = geometry;
    r.setWidth(qMin(r.width(), available.width()));
    r.setHeight(qMin(r.height(), available.height()));
    if (r.right() > available.right())
        r.moveRight(available.right());
    if (r.bottom() > available.bottom())
        r.moveBottom(available.bottom());
    if (r.left() < available.left())
        r.moveLeft(available.left());
    if (r.top() < available.top())
        r.moveTop(available.top());
    return r;
}

void clampToScreen(QWidget *window)
{
    QScreen *screen = window->screen() ? window->screen() : QGuiApplication::primaryScreen();
    if (!screen)
        return;
    if (window->isMaximized() || window->isFullScreen())
        return;
    const QRect available = screen->availableGeometry();
    // The frame adds a title bar and borders around geometry(); keep room for them once shown.
    const QMargins frame(window->geometry().left() - window->frameGeometry().left(),
        window->geometry().top() - window->frameGeometry().top(),
        window->frameGeometry().right() - window->geometry().right(),
        window->frameGeometry().bottom() - window->geometry().bottom());
    const QRect inner = clampedGeometry(window->geometry(), available.marginsRemoved(frame));
    if (inner != window->geometry())
        window->setGeometry(inner);
}

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
