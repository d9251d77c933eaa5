#include "model/results/capture.h"

#include <QCoreApplication>

namespace hpx::model {

QVariant Capture::meta(const QString &key) const
{
    // The parser keeps one entry per key (updated in place), but a hand-built Capture may repeat keys: last wins.
    for (auto it = metadata.crbegin(); it != metadata.crend(); ++it) {
        if (it->first == key)
            return it->second;
    }
    return {};
}

bool Capture::hasMeta(const QString &key) const
{
    for (const auto &kv : metadata) {
        if (kv.first == key)
            return true;
    }
    return false;
}

QVariant Capture::cleanInferCount() const
{
    const QVariant v = meta(QStringLiteral("clean_infer_count"));
    if (v.isValid())
        return v;
    if (announcedCleanIters)
        return QVariant::fromValue<qlonglong>(*announcedCleanIters);
    return {};
}

QString FirmwareError::details() const
{
    QString rest = payload.mid(code.size()).trimmed();
    if (rest.startsWith(QLatin1Char(':')))
        rest.remove(0, 1);
    QStringList parts;
    const QStringList tokens = rest.split(QLatin1Char(' '), Qt::SkipEmptyParts);
    for (const QString &token : tokens) {
        const QStringList pieces = token.split(QLatin1Char(':'), Qt::SkipEmptyParts);
        for (QString piece : pieces) {
            const qsizetype eq = piece.indexOf(QLatin1Char('='));
            if (eq > 0)
                piece[eq] = QLatin1Char(' ');
            parts.append(piece);
        }
    }
    return parts.join(QStringLiteral(", "));
}

QString FirmwareError::headline() const
{
    const QString detail = details();
    const QString text = message.isEmpty() ? payload : message;
    if (detail.isEmpty())
        return tr("board error %1: %2").arg(code, text);
    return tr("board error %1 (%2): %3").arg(code, detail, text);
}

} // namespace hpx::model
