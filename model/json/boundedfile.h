#pragma once

#include <QByteArray>
#include <QCoreApplication>
#include <QString>

#include <optional>

namespace hpx::model {

// Reading a document a user or another program handed us, bounded: only a regular file is read (a FIFO can block
// forever, /dev/zero never ends, a device or socket is no document), and at most `maxBytes` (a larger file is refused
// before anything is read, so a 200 MB "manifest" costs nothing). Bundle documents, hpx.yml, comparison profiles and
// AOT operator manifests all come through here.
class BoundedFile {
    Q_DECLARE_TR_FUNCTIONS(hpx::model::BoundedFile)
public:
    static constexpr qint64 kDefaultMaxBytes = 16 * 1024 * 1024;
    // The file's bytes, or nullopt with a translated `error` naming `displayName` (the path when empty).
    static std::optional<QByteArray> read(
        const QString &path, qint64 maxBytes, QString *error, const QString &displayName = QString());
};

} // namespace hpx::model
