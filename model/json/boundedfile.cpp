#include "model/json/boundedfile.h"

#include <QFile>
#include <QFileInfo>
#include <QLocale>

#include <algorithm>

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
    // Read what the file holds, not the cap: QIODevice::read(n) allocates n bytes first, and a cap of gigabytes
    // (a legacy bundle's files have no declared size) cost seconds under AddressSanitizer. One byte more than the
    // size says whether the file grew since; it is then read on in pieces up to the cap.
    QByteArray data = file.read(std::min(maxBytes, file.size()) + 1);
    while (data.size() <= maxBytes && !file.atEnd()) {
        const QByteArray more = file.read(std::min<qint64>(maxBytes - data.size(), 1 << 20) + 1);
        if (more.isEmpty())
            break;
        data += more;
    }
    if (data.size() > maxBytes)
        return fail(tr("%1 is too large: more than %2 bytes.").arg(name, QLocale::c().toString(quint64(maxBytes))));
    return data;
}

} // namespace hpx::model
