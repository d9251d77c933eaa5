#include "ui/apptranslator.h"

#include <cstring>

namespace hpx::ui {

bool AppTranslator::load(const QLocale &locale)
{
    return QTranslator::load(locale, QStringLiteral("hpx"), QStringLiteral("_"), QStringLiteral(":/i18n"));
}

QString AppTranslator::translate(const char *context, const char *sourceText, const char *disambiguation,
                                 int n) const
{
    QString text = QTranslator::translate(context, sourceText, disambiguation, n);
    if (text.isEmpty() && context) {
        if (const char *colon = std::strrchr(context, ':'))
            text = QTranslator::translate(colon + 1, sourceText, disambiguation, n);
    }
    return text;
}

} // namespace hpx::ui
