#include "ui/apptranslator.h"

#include <QDir>

#include <cstring>

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

QString AppTranslator::translate(const char *context, const char *sourceText, const char *disambiguation, int n) const
{
    QString text = QTranslator::translate(context, sourceText, disambiguation, n);
    if (text.isEmpty() && context) {
        if (const char *colon = std::strrchr(context, ':'))
            text = QTranslator::translate(colon + 1, sourceText, disambiguation, n);
    }
    return text;
}

} // namespace hpx::ui
