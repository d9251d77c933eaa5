#pragma once

#include <QLocale>
#include <QStringList>
#include <QTranslator>

class QCoreApplication;

namespace hpx::ui {

// Loads hpx Studio's catalogue (:/i18n/hpx_<lang>.qm). Every tr() is a class's own (a QObject's, or
// Q_DECLARE_TR_FUNCTIONS for the others and for the structs that hold free functions' messages), so the context the
// code asks with is the one lupdate files the string under, and a plain lookup by context finds it
// (tests/translations checks it).
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
};

} // namespace hpx::ui
