#include "ui/window/windowplacement.h"

#include <QDockWidget>
#include <QEvent>
#include <QGuiApplication>
#include <QMainWindow>
#include <QScreen>
#include <QTimer>
#include <QWidget>

#include <cstdlib>
#include <memory>

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

namespace {

class FramedClamp : public QObject {
public:
    explicit FramedClamp(QWidget *window)
        : QObject(window)
        , m_window(window)
    {
        window->installEventFilter(this);
        QTimer::singleShot(5000, this, [this] { deleteLater(); });
    }

    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (watched == m_window && !m_done
            && (event->type() == QEvent::Move || event->type() == QEvent::Resize || event->type() == QEvent::Show)
            && m_window->isVisible() && m_window->frameGeometry() != m_window->geometry()) {
            m_done = true;
            // After the event: the move or resize that carried the frame must be done before the clamp.
            QTimer::singleShot(0, m_window, [window = m_window] { clampToScreen(window); });
            deleteLater();
        }
        return false;
    }

private:
    QWidget *m_window;
    bool m_done = false;
};

} // namespace

void clampToScreenOnceFramed(QWidget *window)
{
    new FramedClamp(window);
}

void placeDefaultDocks(QMainWindow *window, const DefaultDocks &docks)
{
    const QScreen *screen = window->screen() ? window->screen() : QGuiApplication::primaryScreen();
    const QSize available = screen ? screen->availableGeometry().size() : QSize(1440, 900);
    const bool small = available.height() < SmallScreenHeight;
    if (small) {
        window->tabifyDockWidget(docks.counters, docks.model);
        docks.board->raise();
    }
    window->resizeDocks({ docks.run }, { qMin(210, available.height() / 4) }, Qt::Vertical);
    window->resizeDocks({ docks.board },
        { qMin(400, qMax(available.width() * 3 / 10, docks.board->widget()->minimumSizeHint().width())) },
        Qt::Horizontal);
    // The Model dock shows its summary and five or more operator types; Board and Counters the rest.
    if (!small)
        window->resizeDocks({ docks.model, docks.board }, { 260, 570 }, Qt::Vertical);
}

int readableChartsHeight(const QMainWindow *window, const QDockWidget *charts)
{
    // Tabs, the chart's toolbar or the Memory view's summary, a plot with its axes: at 16 lines the Memory view's plot
    // was about 130 px at 1440x900 (issue 37).
    const int lines = charts->fontMetrics().height() * 20;
    return std::min(lines, window->height() / 2); // the graph and the table keep the other half
}

void keepChartsReadable(QMainWindow *window, QDockWidget *charts, QDockWidget *run)
{
    struct Grown {
        int before = 0; // Run's height before Charts grew the area, 0: it did not
        int shortfall = 0; // what resizeDocks() leaves out under tabbed docks (the tab bar)
    };
    auto grown = std::make_shared<Grown>();
    QObject::connect(charts, &QDockWidget::visibilityChanged, window, [=](bool visible) {
        if (!visible || charts->isFloating() || !window->isVisible())
            return;
        const int wanted = readableChartsHeight(window, charts);
        if (charts->height() >= wanted)
            return;
        grown->before = run->height(); // the tab behind keeps the height it had
        window->resizeDocks({ charts }, { wanted }, Qt::Vertical);
        // The main window lays the docks out later; once the shortfall is known, ask again with it added.
        QTimer::singleShot(0, charts, [=] {
            const int shortfall = wanted - charts->height();
            if (shortfall <= 0 || shortfall > wanted / 2)
                return;
            grown->shortfall = shortfall;
            window->resizeDocks({ charts }, { wanted + shortfall }, Qt::Vertical);
        });
    });
    QObject::connect(run, &QDockWidget::visibilityChanged, window, [=](bool visible) {
        if (!visible || grown->before == 0)
            return;
        const int before = grown->before;
        *grown = Grown();
        if (run->isFloating())
            return;
        // Run gets the height it had back, whatever part of the area resizeDocks() leaves out (a tab bar) and whatever
        // the central view's minimum kept Charts from taking: asked for, then corrected by what is still missing.
        window->resizeDocks({ run }, { before }, Qt::Vertical);
        QTimer::singleShot(0, run, [=] {
            const int missing = before - run->height();
            if (missing != 0 && std::abs(missing) < before / 2)
                window->resizeDocks({ run }, { before + missing }, Qt::Vertical);
        });
    });
}

} // namespace hpx::ui
