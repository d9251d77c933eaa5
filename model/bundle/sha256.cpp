#include "model/bundle/sha256.h"

#include <QFile>

#include <openssl/evp.h>

namespace hpx::model {

struct Sha256::Context {
    EVP_MD_CTX *md = EVP_MD_CTX_new();
    ~Context() { EVP_MD_CTX_free(md); }
};

Sha256::Sha256()
    : m_ctx(std::make_unique<Context>())
{
    EVP_DigestInit_ex(m_ctx->md, EVP_sha256(), nullptr);
}

Sha256::~Sha256() = default;

void Sha256::addData(QByteArrayView bytes)
{
    if (!bytes.isEmpty())
        EVP_DigestUpdate(m_ctx->md, bytes.data(), size_t(bytes.size()));
}

QString Sha256::hexResult()
{
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int length = 0;
    EVP_DigestFinal_ex(m_ctx->md, digest, &length);
    EVP_DigestInit_ex(m_ctx->md, EVP_sha256(), nullptr);
    return QString::fromLatin1(QByteArray(reinterpret_cast<const char *>(digest), int(length)).toHex());
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
