#pragma once

#include <QScrollArea>

namespace hpx::ui {

// A dock's content in a scroll area that scrolls only up and down: a dock may get less height than its content
// asks for (a small screen, QT_SCALE_FACTOR=2 on 1440x900), but never less width than the content's minimum beside
// the vertical scroll bar, so nothing in it (a board box, a value) is cut at its right edge or needs sideways
// scrolling. The width follows the content: text a run adds (what the board said) asks again.
class DockScrollArea : public QScrollArea {
    Q_OBJECT
public:
    explicit DockScrollArea(QWidget *parent = nullptr);
    QSize minimumSizeHint() const override;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
};

} // namespace hpx::ui
