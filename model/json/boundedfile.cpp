#include "model/json/boundedfile.h"

#include <QFile>
#include <QFileInfo>
#include <QLocale>

namespace hpx::model {

std::optional<QByteArray> BoundedFile::read(
    const QString &path, qint64 maxBytes, QString *error, const QString &displayName)
{
    const QString name = displayName.isEmpty() ? path : displayName;
    const auto fail = [&](const QString &message) {
        if (error)
            *error = message;
        return std::nullopt;
    };
    const QFileInfo info(path);
    const QString notRegular
        = tr("%1 is not a regular file (a folder, FIFO, device or socket); it is not read.").arg(name);
    if (info.exists() && !info.isFile())
        return fail(notRegular); // checked before open(): opening a FIFO blocks until a writer comes
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return fail(tr("Cannot read %1: %2").arg(name, file.errorString()));
    if (file.isSequential())
        return fail(notRegular); // swapped for one since
    if (file.size() > maxBytes)
        return fail(
            tr("%1 is too large: %2 bytes, at most %3 are read.")
                .arg(name, QLocale::c().toString(quint64(file.size())), QLocale::c().toString(quint64(maxBytes))));
    QByteArray data = file.read(maxBytes + 1);
    if (data.size() > maxBytes)
        return fail(tr("%1 is too large: more than %2 bytes.").arg(name, QLocale::c().toString(quint64(maxBytes))));
    return data;
}

} // namespace hpx::model
