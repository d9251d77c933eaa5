#include "ui/run/consolepane.h"

#include <QCheckBox>
#include <QEvent>
#include <QFileDialog>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSaveFile>
#include <QScrollBar>
#include <QTextDocument>
#include <QVBoxLayout>

#include <cmath>

namespace hpx::ui {

namespace {
constexpr int MaxLines = 50000;
constexpr qint64 MaxReadPerPoll = 1 << 20;
} // namespace

ConsolePane::ConsolePane(QWidget *parent)
    : QWidget(parent)
    , m_view(new QPlainTextEdit(this))
    , m_autoScroll(new QCheckBox(tr("Follow &output"), this))
{
    m_view->setReadOnly(true);
    m_view->setMaximumBlockCount(MaxLines);
    m_view->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_view->setLineWrapMode(QPlainTextEdit::NoWrap);
    // The console takes whatever height is left and asks for none: the Run dock's word-wrapped status makes its
    // scroll area size the content by preferred heights, and the console's 192 px preference pushed the Run
    // button and progress out of view in the default window. Three lines at the least.
    m_view->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Ignored);
    m_view->setMinimumHeight(m_view->fontMetrics().lineSpacing() * 3 + 2 * m_view->frameWidth()
        + 2 * int(std::ceil(m_view->document()->documentMargin())));
    m_view->viewport()->installEventFilter(this);
    fitPlaceholder();
    m_autoScroll->setChecked(true);
    auto *save = new QPushButton(tr("&Save…"), this);
    auto *clearButton = new QPushButton(tr("C&lear"), this);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_autoScroll);
    buttons->addStretch(1);
    buttons->addWidget(clearButton);
    buttons->addWidget(save);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view, 1);
    layout->addLayout(buttons);
    connect(save, &QPushButton::clicked, this, &ConsolePane::saveDialog);
    connect(clearButton, &QPushButton::clicked, this, &ConsolePane::clear);
    m_timer.setInterval(100);
    connect(&m_timer, &QTimer::timeout, this, &ConsolePane::poll);
}

QString ConsolePane::placeholderText() const
{
    return m_view->placeholderText();
}

void ConsolePane::fitPlaceholder()
{
    // QPlainTextEdit draws the placeholder word-wrapped from the top of the viewport, inside the document margin.
    // Only the part in view counts: at scale 2 the Run dock scrolls and shows the console's top line or two.
    const int margin = int(std::ceil(m_view->document()->documentMargin()));
    QRect shown = m_view->viewport()->rect();
    if (m_view->viewport()->isVisible())
        shown = shown.intersected(m_view->viewport()->visibleRegion().boundingRect());
    const QRect room = QRect(m_view->viewport()->rect().topLeft(), QSize(shown.width(), shown.bottom() + 1))
                           .adjusted(margin, margin, -margin, -margin);
    const QFontMetrics fm(m_view->font());
    QString fitting;
    for (const QString &text :
        { tr("The board's raw output appears here during a run, or after Connect in the Board panel."),
            tr("The board's raw output appears here.") }) {
        const QRect needed
            = fm.boundingRect(QRect(room.topLeft(), QSize(std::max(1, room.width()), 100000)), Qt::TextWordWrap, text);
        if (needed.height() <= room.height() && needed.width() <= room.width()) {
            fitting = text;
            break;
        }
    }
    if (fitting != m_view->placeholderText())
        m_view->setPlaceholderText(fitting);
}

bool ConsolePane::eventFilter(QObject *watched, QEvent *event)
{
    // A paint too: the dock's scroll area moves and cuts the console without resizing it.
    if (watched == m_view->viewport() && (event->type() == QEvent::Resize || event->type() == QEvent::Paint)
        && m_view->document()->isEmpty())
        fitPlaceholder();
    return QWidget::eventFilter(watched, event);
}

void ConsolePane::follow(const QString &rawStreamPath)
{
    stopFollowing();
    m_file.setFileName(rawStreamPath);
    m_partial.clear();
    m_timer.start();
}

void ConsolePane::stopFollowing()
{
    if (!m_timer.isActive())
        return;
    poll();
    if (!m_partial.isEmpty()) {
        m_view->appendPlainText(QString::fromUtf8(m_partial));
        m_partial.clear();
    }
    m_timer.stop();
    m_file.close();
}

void ConsolePane::poll()
{
    if (!m_file.isOpen() && !m_file.open(QIODevice::ReadOnly))
        return; // the session creates the file when its link opens
    const QByteArray chunk = m_file.read(MaxReadPerPoll);
    if (chunk.isEmpty())
        return;
    m_partial += chunk;
    const int lastNewline = m_partial.lastIndexOf('\n');
    if (lastNewline < 0)
        return;
    QByteArray complete = m_partial.left(lastNewline);
    m_partial.remove(0, lastNewline + 1);
    complete.replace('\r', "");
    m_view->appendPlainText(QString::fromUtf8(complete));
    if (m_autoScroll->isChecked())
        m_view->verticalScrollBar()->setValue(m_view->verticalScrollBar()->maximum());
}

void ConsolePane::appendText(const QString &text)
{
    m_view->appendPlainText(QStringLiteral("[") + text + QStringLiteral("]"));
}

QString ConsolePane::text() const
{
    return m_view->toPlainText();
}

void ConsolePane::clear()
{
    m_view->clear();
}

bool ConsolePane::saveTo(const QString &path, QString *error) const
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(text().toUtf8() + '\n') < 0 || !file.commit()) {
        if (error)
            *error = tr("Could not save the console to %1: %2").arg(path, file.errorString());
        return false;
    }
    return true;
}

void ConsolePane::saveDialog()
{
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Save Console"), QStringLiteral("hpx-console.log"), tr("Log files (*.log *.txt);;All files (*)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!saveTo(path, &error))
        QMessageBox::warning(this, tr("Save Console"), error);
}

} // namespace hpx::ui
