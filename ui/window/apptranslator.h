#pragma once

#include <QLocale>
#include <QStringList>
#include <QTranslator>

class QCoreApplication;

namespace hpx::ui {

// Loads hpx Studio's catalogue (:/i18n/hpx_<lang>.qm). Qt 6.4's lupdate does not understand C++17
// nested namespace definitions ("namespace hpx::ui {"), so it files tr() strings under the bare class
// name ("MainWindow") while tr() asks with the qualified one ("hpx::ui::MainWindow"). This translator
// falls back to the bare name, so every catalogue entry is found.
class AppTranslator : public QTranslator {
    Q_OBJECT
public:
    using QTranslator::QTranslator;

    bool load(const QLocale &locale); // false when there is no catalogue for that language
    // Language codes with a compiled catalogue ("de"), sorted; English is the source and needs none.
    static QStringList availableLanguages();
    // The one start-up path of every hpx Studio executable (hpx-studio, hpx-screenshots): our catalogue for
    // `language` ("" follows the system locale), else the English one, which adds the plural forms ("1 counter",
    // "2 counters"), plus Qt's own for standard dialogs. A named language also sets the default QLocale, so
    // numbers and sizes follow it. The translators are children of `app`.
    static void installForApplication(QCoreApplication *app, const QString &language);
    QString translate(
        const char *context, const char *sourceText, const char *disambiguation = nullptr, int n = -1) const override;
};

} // namespace hpx::ui
