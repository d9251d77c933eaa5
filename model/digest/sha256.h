#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QString>

#include <memory>

class QIODevice;

namespace hpx::model {

// SHA-256 through GNU Nettle (linked privately by hpx_model), which uses the CPU's SHA extensions where there are
// any: several times faster than QCryptographicHash here, and the digest of every bundle artifact and
// raw capture is on the path of every run and import (docs/output-files.md).
class Sha256 {
public:
    Sha256();
    ~Sha256();
    Sha256(const Sha256 &) = delete;
    Sha256 &operator=(const Sha256 &) = delete;

    void addData(QByteArrayView bytes);
    // Lower-case hex; the object is reset for a new digest afterwards.
    QString hexResult();

    static QString hex(QByteArrayView bytes);
    // Reads the device to its end; empty when a read fails.
    static QString hexOfDevice(QIODevice *device);
    // Empty when the file cannot be read.
    static QString hexOfFile(const QString &path);

private:
    struct Context;
    std::unique_ptr<Context> m_ctx;
};

} // namespace hpx::model
