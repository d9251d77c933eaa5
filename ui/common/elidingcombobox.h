#pragma once

#include <QComboBox>

namespace hpx::ui {

// A combo box whose current text is elided ("Live memory (b…") when the box is narrower than the text, instead of
// being cut off mid-word: at QT_SCALE_FACTOR=2 on a 1440x900 screen the docks and the graph's tool row give the
// combos less room than their names ask for. The popup shows the whole name, and so does the tooltip while the name
// is elided (above the box's own tooltip, if it has one).
class ElidingComboBox : public QComboBox {
    Q_OBJECT
public:
    using QComboBox::QComboBox;

    // The text as drawn now (elided or whole), for tests.
    QString shownText() const;
    // What hovering shows: the whole name when it is elided, then the box's own tooltip.
    QString toolTipText() const;

protected:
    void paintEvent(QPaintEvent *event) override;
    bool event(QEvent *event) override;

private:
    QString elided(const QStyleOptionComboBox &option) const;
};

} // namespace hpx::ui
