#pragma once

#include <QMenu>

namespace hpx::ui {

// View > Language: the system's language, English, or any language with a catalogue. The choice is kept
// in the settings and applies from the next start; the menu says so when it changes.
class LanguageMenu : public QMenu {
    Q_OBJECT
public:
    explicit LanguageMenu(QWidget *parent = nullptr);

signals:
    // The user picked another language; `name` is its display name for a message.
    void languageChosen(const QString &code, const QString &name);
};

} // namespace hpx::ui
