// The bundle reader on arbitrary folders. A bundle is a directory, so an input is a small text archive of its files
// (docs/fuzzing.md):
//
//   ==> result_manifest.json <==
//   {...the file's bytes...}
//   ==> model_explorer/me_overlay_ARM_PMU_CPU_CYCLES.json <==
//   ...
//
// A header line is "==> PATH <==" at the start of a line; a file's bytes end before the newline that precedes the
// next header (scripts/fuzz.sh packs folders this way). Paths are kept inside the folder. Each input is read twice:
// as it is, and "resealed" (every artifact the manifest declares gets its real size and SHA-256), so mutations also
// reach the readers behind the digest check.
#include "fuzz/fuzzsupport.h"
#include "model/bundle/bundlereader.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>

namespace hpx::fuzz {

namespace {

struct ArchiveFile {
    QString path;
    QByteArray data;
};

bool safePath(const QString &path)
{
    static const QRegularExpression allowed(QStringLiteral("^[A-Za-z0-9_.-]+(/[A-Za-z0-9_.-]+){0,2}$"));
    if (!allowed.match(path).hasMatch())
        return false;
    const QStringList parts = path.split(QLatin1Char('/'));
    for (const QString &p : parts) {
        if (p == QLatin1String(".") || p == QLatin1String(".."))
            return false;
    }
    return true;
}

QVector<ArchiveFile> unpack(const QByteArray &archive)
{
    QVector<ArchiveFile> files;
    const QByteArray open = QByteArrayLiteral("==> ");
    const QByteArray close = QByteArrayLiteral(" <==");
    qsizetype pos = 0;
    ArchiveFile *current = nullptr;
    qsizetype contentStart = 0;
    const auto endCurrent = [&](qsizetype end) {
        if (!current)
            return;
        qsizetype e = end;
        if (e > contentStart && archive.at(e - 1) == '\n')
            --e; // the newline before the next header belongs to the separator
        current->data = archive.mid(contentStart, qMax<qsizetype>(0, e - contentStart));
    };
    while (pos <= archive.size()) {
        qsizetype eol = archive.indexOf('\n', pos);
        if (eol < 0)
            eol = archive.size();
        const QByteArray line = archive.mid(pos, eol - pos);
        if (line.startsWith(open) && line.endsWith(close) && line.size() > open.size() + close.size()) {
            endCurrent(pos);
            const QString path = QString::fromUtf8(line.mid(open.size(), line.size() - open.size() - close.size()));
            if (files.size() >= 64) {
                current = nullptr;
                break;
            }
            if (safePath(path)) {
                files.append({ path, {} });
                current = &files.last();
            } else {
                current = nullptr;
            }
            contentStart = eol + 1;
        }
        pos = eol + 1;
    }
    if (current)
        endCurrent(archive.size());
    return files;
}

void writeTree(const QString &root, const QVector<ArchiveFile> &files)
{
    QDir dir(root);
    for (const ArchiveFile &f : files) {
        const QString full = dir.filePath(f.path);
        const QString parent = QFileInfo(full).path();
        if (!QDir().mkpath(parent))
            continue; // a file already holds that name: a folder cannot be made there
        QFile out(full);
        if (!out.open(QIODevice::WriteOnly | QIODevice::Truncate))
            continue; // a folder already holds that name
        out.write(f.data);
    }
}

// Gives every declared artifact that exists its real size and digest; false when there is no manifest to reseal.
bool reseal(const QString &root)
{
    QFile file(QDir(root).filePath(QStringLiteral("result_manifest.json")));
    if (!file.open(QIODevice::ReadOnly))
        return false;
    QJsonDocument doc = QJsonDocument::fromJson(file.readAll());
    file.close();
    if (!doc.isObject())
        return false;
    QJsonObject manifest = doc.object();
    QJsonArray artifacts = manifest.value(QStringLiteral("artifacts")).toArray();
    for (int i = 0; i < artifacts.size(); ++i) {
        QJsonObject a = artifacts.at(i).toObject();
        const QString path = a.value(QStringLiteral("path")).toString();
        if (!safePath(path))
            continue;
        QFile f(QDir(root).filePath(path));
        if (!f.open(QIODevice::ReadOnly))
            continue;
        const QByteArray bytes = f.readAll();
        a.insert(QStringLiteral("size_bytes"), qint64(bytes.size()));
        a.insert(QStringLiteral("sha256"),
            QString::fromLatin1(QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex()));
        artifacts.replace(i, a);
    }
    manifest.insert(QStringLiteral("artifacts"), artifacts);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return false;
    file.write(QJsonDocument(manifest).toJson());
    return true;
}

void readOnce(const QString &root, const QByteArray &input)
{
    const model::BundleReadResult r = model::BundleReader::read(root);
    if (r.bundle.has_value() == !r.error.isEmpty())
        fail("BundleReader::read: exactly one of bundle and error must be set", input.left(300));
    if (r.bundle && r.bundle->hasManifest && !r.bundle->verified && r.bundle->validity == QLatin1String("valid"))
        fail("a bundle whose manifest does not verify was called valid", input.left(300));
}

} // namespace

QVector<QPair<QString, QByteArray>> unpackBundleArchive(const QByteArray &archive)
{
    QVector<QPair<QString, QByteArray>> out;
    for (const ArchiveFile &f : unpack(archive))
        out.append({ f.path, f.data });
    return out;
}

int bundleOneInput(const uint8_t *data, size_t size)
{
    const QByteArray archive(reinterpret_cast<const char *>(data), qsizetype(size));
    const QVector<ArchiveFile> files = unpack(archive);
    if (files.isEmpty())
        return 0;
    QTemporaryDir tmp;
    if (!tmp.isValid())
        return 0;
    writeTree(tmp.path(), files);
    readOnce(tmp.path(), archive);
    if (reseal(tmp.path()))
        readOnce(tmp.path(), archive);
    return 0;
}

} // namespace hpx::fuzz

HPX_FUZZ_TARGET(hpx::fuzz::bundleOneInput)
