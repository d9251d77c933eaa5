#include "ui/window/languagemenu.h"

#include "ui/common/appsettings.h"
#include "ui/window/apptranslator.h"

#include <QActionGroup>
#include <QLocale>

namespace hpx::ui {

LanguageMenu::LanguageMenu(QWidget *parent)
    : QMenu(tr("&Language"), parent)
{
    auto *group = new QActionGroup(this);
    const QString current = AppSettings().language();
    auto add = [this, group, &current](const QString &code, const QString &name) {
        QAction *action = addAction(name);
        action->setCheckable(true);
        action->setChecked(code == current);
        group->addAction(action);
        connect(action, &QAction::triggered, this, [this, code, name] {
            if (AppSettings().language() == code)
                return;
            AppSettings().setLanguage(code);
            emit languageChosen(code, name);
        });
    };
    add(QString(), tr("System default (%1)").arg(QLocale::system().nativeLanguageName()));
    addSeparator();
    add(QStringLiteral("en"), QStringLiteral("English"));
    const QStringList codes = AppTranslator::availableLanguages();
    for (const QString &code : codes) {
        if (code == QLatin1String("en"))
            continue; // listed above; its catalogue only holds plural forms
        QString name = QLocale(code).nativeLanguageName();
        if (!name.isEmpty())
            name[0] = name.at(0).toUpper();
        add(code, name.isEmpty() ? code : name);
    }
}

} // namespace hpx::ui
