#include "ui/window/apptranslator.h"

#include <QCoreApplication>
#include <QDir>
#include <QLibraryInfo>
#include <QLoggingCategory>

#include <cstring>

namespace hpx::ui {

namespace {
Q_LOGGING_CATEGORY(lcTranslations, "hpx.ui.translations")
} // namespace

bool AppTranslator::load(const QLocale &locale)
{
    if (!QTranslator::load(locale, QStringLiteral("hpx"), QStringLiteral("_"), QStringLiteral(":/i18n")))
        return false;
    if (!m_anyContext.load(locale, QStringLiteral("hpx"), QStringLiteral("_"), QStringLiteral(":/i18n-flat")))
        qCWarning(lcTranslations) << "no context-free catalogue for" << locale.name();
    return true;
}

bool AppTranslator::isEmpty() const
{
    return QTranslator::isEmpty() && m_anyContext.isEmpty();
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

QString AppTranslator::translate(const char *context, const char *sourceText, const char *disambiguation, int n) const
{
    QString text = QTranslator::translate(context, sourceText, disambiguation, n);
    if (!text.isEmpty() || !context)
        return text;
    if (const char *colon = std::strrchr(context, ':')) {
        text = QTranslator::translate(colon + 1, sourceText, disambiguation, n);
        if (text.isEmpty() && colon - context > 1) {
            const QByteArray enclosing(context, int(colon - context - 1)); // "hpx::run" of "hpx::run::RunRequest"
            text = QTranslator::translate(enclosing.constData(), sourceText, disambiguation, n);
        }
    }
    if (text.isEmpty())
        text = m_anyContext.translate("hpx", sourceText, disambiguation, n);
    return text;
}

} // namespace hpx::ui
