#pragma once

#include <QFile>
#include <QTimer>
#include <QWidget>

class QCheckBox;
class QPlainTextEdit;

namespace hpx::ui {

// The raw-stream console for board bring-up, like a serial terminal. It follows the capture's raw-stream
// file as the session appends to it, so it shows exactly the bytes that were saved, and it never slows
// the capture thread down. The text can be saved for a bug report.
class ConsolePane : public QWidget {
    Q_OBJECT
public:
    explicit ConsolePane(QWidget *parent = nullptr);

    void follow(const QString &rawStreamPath); // starts tailing from the file's beginning
    void stopFollowing(); // reads what is left, then stops
    void appendText(const QString &text); // a host-side note, shown in brackets
    QString text() const;
    bool saveTo(const QString &path, QString *error) const;
    // The hint shown while empty: the whole sentence, a short one, or none, whichever fits the console's height whole
    // (at scale 2 the sentence wrapped past the three lines and its last line was cut through the letters).
    QString placeholderText() const;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

public slots:
    void clear();
    void saveDialog();

private:
    void poll();
    void fitPlaceholder();

    QPlainTextEdit *m_view;
    QCheckBox *m_autoScroll;
    QFile m_file;
    QTimer m_timer;
    QByteArray m_partial;
};

} // namespace hpx::ui
