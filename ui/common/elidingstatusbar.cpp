#include "ui/common/elidingstatusbar.h"

#include <QPainter>
#include <QSizeGrip>
#include <QStyleOption>

namespace hpx::ui {

ElidingStatusBar::ElidingStatusBar(QWidget *parent)
    : QStatusBar(parent)
{
    connect(this, &QStatusBar::messageChanged, this, &ElidingStatusBar::updateToolTip);
}

void ElidingStatusBar::updateToolTip()
{
    setToolTip(shownMessage() == currentMessage() ? QString() : currentMessage());
}

void ElidingStatusBar::resizeEvent(QResizeEvent *event)
{
    QStatusBar::resizeEvent(event);
    updateToolTip();
}

QRect ElidingStatusBar::messageRect() const
{
    // Where QStatusBar draws it (and repaints when it changes): 6 px in, short of the size grip.
    const bool rtl = layoutDirection() == Qt::RightToLeft;
    int left = 6;
    int right = width() - 12;
    if (const auto *grip = findChild<QSizeGrip *>(); grip && grip->isVisible()) {
        if (rtl)
            left = grip->x() + grip->width();
        else
            right = grip->x();
    }
    return QRect(left, 0, right - left, height());
}

QString ElidingStatusBar::shownMessage() const
{
    return fontMetrics().elidedText(currentMessage(), Qt::ElideMiddle, messageRect().width());
}

void ElidingStatusBar::paintEvent(QPaintEvent *event)
{
    if (currentMessage().isEmpty()) {
        QStatusBar::paintEvent(event);
        return;
    }
    // No widgets are added to this status bar, so while a message shows there is only the panel and the text.
    QPainter p(this);
    QStyleOption opt;
    opt.initFrom(this);
    style()->drawPrimitive(QStyle::PE_PanelStatusBar, &opt, &p, this);
    p.setPen(palette().windowText().color());
    p.drawText(messageRect(), Qt::AlignLeading | Qt::AlignVCenter | Qt::TextSingleLine, shownMessage());
}

} // namespace hpx::ui
