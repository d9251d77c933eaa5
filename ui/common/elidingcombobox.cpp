#include "ui/common/elidingcombobox.h"

#include <QStyleOptionComboBox>
#include <QStylePainter>

namespace hpx::ui {

QString ElidingComboBox::elided(const QStyleOptionComboBox &option) const
{
    if (isEditable()) // the line edit shows and scrolls its own text
        return option.currentText;
    int room = style()->subControlRect(QStyle::CC_ComboBox, &option, QStyle::SC_ComboBoxEditField, this).width();
    if (!option.currentIcon.isNull())
        room -= option.iconSize.width() + 4;
    return fontMetrics().elidedText(option.currentText, Qt::ElideRight, std::max(0, room - 2));
}

QString ElidingComboBox::shownText() const
{
    QStyleOptionComboBox option;
    initStyleOption(&option);
    return elided(option);
}

void ElidingComboBox::paintEvent(QPaintEvent *)
{
    // QComboBox::paintEvent, with the label's text elided to the edit field.
    QStylePainter painter(this);
    painter.setPen(palette().color(QPalette::Text));
    QStyleOptionComboBox option;
    initStyleOption(&option);
    painter.drawComplexControl(QStyle::CC_ComboBox, option);
    option.currentText = elided(option);
    painter.drawControl(QStyle::CE_ComboBoxLabel, option);
}

} // namespace hpx::ui
