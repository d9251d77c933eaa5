#pragma once

#include <QLocale>
#include <QStringList>
#include <QTranslator>

class QCoreApplication;

namespace hpx::ui {

// Loads hpx Studio's catalogue (:/i18n/hpx_<lang>.qm). tr() asks with the context the code names (the qualified
// class, "hpx::ui::MainWindow", or a file's own tr() helper's, "hpx::model::Config"), but Qt 6.4's lupdate files a
// string under the scope of the call: the bare class name when it cannot see the class's header, the class whose
// member function makes the call ("hpx::model::ConfigParser"), or the enclosing namespace ("hpx::model::planner").
// So a miss is looked up again under the bare name, then the namespace, and last in the same catalogue with every
// message under one context (:/i18n-flat, built by translations/CMakeLists.txt). tests/translations checks it.
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
    bool isEmpty() const override;

private:
    QTranslator m_anyContext; // :/i18n-flat: every message under the context "hpx"
};

} // namespace hpx::ui
