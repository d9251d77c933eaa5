#pragma once

#include <QLabel>

namespace hpx::ui {

// A one-line label that gives way when its row is narrow: it needs only the width of its first part (a count that
// must stay whole) and elides the rest with "…"; the whole text is then in its tooltip, beside any tooltip set.
class ElidingLabel : public QLabel {
    Q_OBJECT
public:
    explicit ElidingLabel(QWidget *parent = nullptr);
    // `whole` is always shown; `more` follows it when there is room (elided otherwise).
    void setParts(const QString &whole, const QString &more = QString());
    void setExplanation(const QString &tooltip); // the tooltip, with the whole text added when it is elided
    QString fullText() const { return m_whole + m_more; }
    QString shownText() const { return text(); }
    QSize minimumSizeHint() const override;
    QSize sizeHint() const override;

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    void updateShown();
    QString m_whole;
    QString m_more;
    QString m_explanation;
};

} // namespace hpx::ui
