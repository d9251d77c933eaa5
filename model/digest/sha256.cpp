#include "model/digest/sha256.h"

#include <QFile>

// GNU Nettle's SHA-256, which runs the CPU's SHA extensions where there are any (its "fat" build, Debian's). Not
// OpenSSL's libcrypto, which did the same at the same speed: loading it (21,000 relocations) and its first EVP digest
// (openssl.cnf, a provider fetch) cost every hpx run about 6 ms, Nettle about 0.1 ms (bench/import).
#include <nettle/sha2.h>

namespace hpx::model {

struct Sha256::Context {
    sha256_ctx sha;
};

Sha256::Sha256()
    : m_ctx(std::make_unique<Context>())
{
    sha256_init(&m_ctx->sha);
}

Sha256::~Sha256() = default;

void Sha256::addData(QByteArrayView bytes)
{
    if (!bytes.isEmpty())
        sha256_update(&m_ctx->sha, size_t(bytes.size()), reinterpret_cast<const uint8_t *>(bytes.data()));
}

QString Sha256::hexResult()
{
    uint8_t digest[SHA256_DIGEST_SIZE];
    sha256_digest(&m_ctx->sha, sizeof digest, digest); // also starts the context over
    return QString::fromLatin1(QByteArray(reinterpret_cast<const char *>(digest), int(sizeof digest)).toHex());
}

QString Sha256::hex(QByteArrayView bytes)
{
    Sha256 hash;
    hash.addData(bytes);
    return hash.hexResult();
}

QString Sha256::hexOfDevice(QIODevice *device)
{
    Sha256 hash;
    QByteArray buffer(1 << 20, Qt::Uninitialized);
    for (;;) {
        const qint64 n = device->read(buffer.data(), buffer.size());
        if (n < 0)
            return {};
        if (n == 0)
            break;
        hash.addData(QByteArrayView(buffer.constData(), n));
    }
    return hash.hexResult();
}

QString Sha256::hexOfFile(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    // A mapped file is hashed in place; a pipe or special file is read in blocks.
    if (const qint64 size = file.size(); size > 0) {
        if (uchar *mapped = file.map(0, size)) {
            const QString out = hex(QByteArrayView(reinterpret_cast<const char *>(mapped), size));
            file.unmap(mapped);
            return out;
        }
    }
    return hexOfDevice(&file);
}

} // namespace hpx::model
