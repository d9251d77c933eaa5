// The text archive of a bundle folder the bundle and compare fuzz targets take (docs/fuzzing.md, fuzz/fuzz_bundle.cpp).
#include "fuzz/fuzzsupport.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

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

} // namespace

QVector<QPair<QString, QByteArray>> unpackBundleArchive(const QByteArray &archive)
{
    QVector<QPair<QString, QByteArray>> out;
    for (const ArchiveFile &f : unpack(archive))
        out.append({ f.path, f.data });
    return out;
}

void writeArchiveTree(const QString &root, const QVector<QPair<QString, QByteArray>> &files)
{
    QVector<ArchiveFile> tree;
    for (const auto &f : files)
        tree.append({ f.first, f.second });
    writeTree(root, tree);
}

bool resealBundle(const QString &root)
{
    return reseal(root);
}

} // namespace hpx::fuzz
