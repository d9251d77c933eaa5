#pragma once

#include <QFrame>

class QLabel;
class QToolButton;

namespace hpx::ui {

// A dismissable strip above the views for the welcome text and for errors: unlike a modal box it never
// blocks the window, and the text stays readable (and selectable) while the user acts on it.
class MessageBanner : public QFrame {
    Q_OBJECT
public:
    enum class Kind { Information, Error };
    explicit MessageBanner(QWidget *parent = nullptr);

    // `text` is rich text (the caller escapes what it inserts).
    void showMessage(Kind kind, const QString &text);
    // Any text as it is (error messages, file names with < or &): escaped, line breaks kept.
    void showPlainText(Kind kind, const QString &text);
    QString text() const; // as given to the label (rich text)
    QString plainText() const; // what the user reads
    Kind kind() const { return m_kind; }

signals:
    void dismissed();

private:
    QLabel *m_label;
    QToolButton *m_close;
    Kind m_kind = Kind::Information;
};

} // namespace hpx::ui
