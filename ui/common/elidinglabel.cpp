#include "ui/common/elidinglabel.h"

namespace hpx::ui {

ElidingLabel::ElidingLabel(QWidget *parent)
    : QLabel(parent)
{
    setTextFormat(Qt::PlainText);
    setWordWrap(false);
}

void ElidingLabel::setParts(const QString &whole, const QString &more)
{
    m_whole = whole;
    m_more = more;
    updateGeometry();
    updateShown();
}

void ElidingLabel::setExplanation(const QString &tooltip)
{
    m_explanation = tooltip;
    updateShown();
}

QSize ElidingLabel::minimumSizeHint() const
{
    const QMargins m = contentsMargins();
    return { fontMetrics().horizontalAdvance(m_whole) + m.left() + m.right() + 2 * margin() + 1,
        QLabel::minimumSizeHint().height() };
}

QSize ElidingLabel::sizeHint() const
{
    const QMargins m = contentsMargins();
    return { fontMetrics().horizontalAdvance(fullText()) + m.left() + m.right() + 2 * margin() + 1,
        QLabel::sizeHint().height() };
}

void ElidingLabel::resizeEvent(QResizeEvent *event)
{
    QLabel::resizeEvent(event);
    updateShown();
}

void ElidingLabel::updateShown()
{
    const QString full = fullText();
    const int room = contentsRect().width() - 2 * margin();
    QString shown = full;
    if (fontMetrics().horizontalAdvance(full) > room) {
        const int rest = room - fontMetrics().horizontalAdvance(m_whole);
        const QString elided = fontMetrics().elidedText(m_more, Qt::ElideRight, std::max(0, rest));
        shown = m_whole + (elided.size() > 1 ? elided : QString());
    }
    setText(shown);
    QString tip = m_explanation;
    if (shown != full)
        tip = tip.isEmpty() ? full : full + QStringLiteral("\n\n") + tip;
    setToolTip(tip);
}

} // namespace hpx::ui
