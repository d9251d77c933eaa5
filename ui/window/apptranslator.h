#pragma once

#include <QLocale>
#include <QStringList>
#include <QTranslator>

class QCoreApplication;

namespace hpx::ui {

// Loads hpx Studio's catalogue (:/i18n/hpx_<lang>.qm). tr() asks with the qualified class name
// ("hpx::ui::MainWindow"), but Qt 6.4's lupdate does not always file a string there: it uses the bare class name
// when it cannot see the class's header, and the enclosing namespace ("hpx::run") for a file's own tr() helper
// that forwards to QCoreApplication::translate("hpx::run::RunRequest", ...). This translator falls back to the
// bare name and then to the namespace, so every catalogue entry is found (tests/translations checks both).
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
