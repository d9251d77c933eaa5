#include "ui/common/messagebanner.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QStyle>
#include <QTextDocument>
#include <QToolButton>

namespace hpx::ui {

MessageBanner::MessageBanner(QWidget *parent)
    : QFrame(parent)
    , m_label(new QLabel(this))
    , m_close(new QToolButton(this))
{
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);
    m_label->setWordWrap(true);
    // Always rich text: with Qt's AutoText guess an escaped message without tags would show its entities.
    m_label->setTextFormat(Qt::RichText);
    m_label->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::LinksAccessibleByMouse);
    m_close->setAutoRaise(true);
    m_close->setIcon(style()->standardIcon(QStyle::SP_TitleBarCloseButton));
    m_close->setToolTip(tr("Dismiss"));
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(10, 6, 6, 6);
    layout->addWidget(m_label, 1);
    layout->addWidget(m_close, 0, Qt::AlignTop);
    connect(m_close, &QToolButton::clicked, this, [this] {
        hide();
        emit dismissed();
    });
    hide();
}

void MessageBanner::showMessage(Kind kind, const QString &text)
{
    m_kind = kind;
    m_label->setText(text);
    // Tint from the current palette so light and dark themes both stay legible.
    QPalette pal = palette();
    const QColor base = QPalette().color(QPalette::Window);
    const QColor tint = kind == Kind::Error ? QColor(0xef, 0x44, 0x44) : QPalette().color(QPalette::Highlight);
    QColor mixed;
    mixed.setRgbF(base.redF() * 0.8 + tint.redF() * 0.2, base.greenF() * 0.8 + tint.greenF() * 0.2,
        base.blueF() * 0.8 + tint.blueF() * 0.2);
    pal.setColor(QPalette::Window, mixed);
    setPalette(pal);
    show();
}

void MessageBanner::showPlainText(Kind kind, const QString &text)
{
    showMessage(kind, text.toHtmlEscaped().replace(QLatin1Char('\n'), QStringLiteral("<br>")));
}

QString MessageBanner::text() const
{
    return m_label->text();
}

QString MessageBanner::plainText() const
{
    QTextDocument document;
    document.setHtml(m_label->text());
    return document.toPlainText();
}

} // namespace hpx::ui
