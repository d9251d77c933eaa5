#include "ui/window/apptranslator.h"

#include <QCoreApplication>
#include <QDir>
#include <QLibraryInfo>

namespace hpx::ui {

bool AppTranslator::load(const QLocale &locale)
{
    return QTranslator::load(locale, QStringLiteral("hpx"), QStringLiteral("_"), QStringLiteral(":/i18n"));
}

QStringList AppTranslator::availableLanguages()
{
    QStringList codes;
    const QStringList files = QDir(QStringLiteral(":/i18n")).entryList({ QStringLiteral("hpx_*.qm") }, QDir::Files);
    for (const QString &file : files)
        codes << file.mid(4, file.size() - 7); // hpx_<code>.qm
    codes.sort();
    return codes;
}

void AppTranslator::installForApplication(QCoreApplication *app, const QString &language)
{
    const QLocale locale = language.isEmpty() ? QLocale::system() : QLocale(language);
    // Numbers and sizes follow the chosen language too ("0 Byte", not "0 bytes" in a German window).
    if (!language.isEmpty())
        QLocale::setDefault(locale);
    auto *ours = new AppTranslator(app);
    // English is the source language; its catalogue adds the plural forms ("1 counter", "2 counters").
    if (ours->load(locale) || ours->load(QLocale(QLocale::English)))
        QCoreApplication::installTranslator(ours);
    else
        delete ours;
    auto *qt = new QTranslator(app);
    if (qt->load(
            locale, QStringLiteral("qtbase"), QStringLiteral("_"), QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(qt);
    else
        delete qt;
}

} // namespace hpx::ui
