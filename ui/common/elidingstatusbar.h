#pragma once

#include <QStatusBar>

namespace hpx::ui {

// A status bar whose message gives way in the middle when it is longer than the window is wide: a run's message
// ends in its bundle's path, and QStatusBar cuts it mid-letter at the right edge ("…-715-p"), losing the folder
// name a user looks for. The whole message is in the tooltip then.
class ElidingStatusBar : public QStatusBar {
    Q_OBJECT
public:
    explicit ElidingStatusBar(QWidget *parent = nullptr);
    // The message as drawn at the current width.
    QString shownMessage() const;

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    void updateToolTip();
    QRect messageRect() const;
};

} // namespace hpx::ui
