#include "ui/common/elidingcombobox.h"

#include <QHelpEvent>
#include <QStyleOptionComboBox>
#include <QStylePainter>
#include <QToolTip>

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

QString ElidingComboBox::toolTipText() const
{
    if (shownText() == currentText())
        return toolTip();
    return toolTip().isEmpty() ? currentText() : currentText() + QStringLiteral("\n\n") + toolTip();
}

bool ElidingComboBox::event(QEvent *event)
{
    if (event->type() != QEvent::ToolTip)
        return QComboBox::event(event);
    const QString text = toolTipText();
    if (text.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(static_cast<QHelpEvent *>(event)->globalPos(), text, this);
    return true;
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
