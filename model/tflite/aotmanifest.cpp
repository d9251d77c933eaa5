#include "model/tflite/aotmanifest.h"

#include "model/json/boundedfile.h"

#include <QCoreApplication>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>

#include <cmath>

namespace hpx::model {

namespace {

// A JSON integer (not a bool, not a fraction); QJsonValue stores every number as double.
std::optional<int> jsonInt(const QJsonValue &value)
{
    if (!value.isDouble())
        return std::nullopt;
    const double number = value.toDouble();
    if (std::floor(number) != number || number < -2147483648.0 || number > 2147483647.0)
        return std::nullopt;
    return int(number);
}

QString prefixed(const QString &fileName, const QString &message)
{
    return fileName.isEmpty() ? message : fileName + QStringLiteral(": ") + message;
}

} // namespace

std::optional<int> AotManifest::sourceIndexFor(int idx) const
{
    const auto it = m_sourceByIdx.constFind(idx);
    if (it == m_sourceByIdx.constEnd())
        return std::nullopt;
    return it.value();
}

std::optional<AotManifest> AotManifest::parse(const QByteArray &json, QString *error, const QString &fileName)
{
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        if (error)
            *error = prefixed(
                fileName, tr("not valid JSON at offset %1: %2").arg(parseError.offset).arg(parseError.errorString()));
        return std::nullopt;
    }
    if (!document.isArray()) {
        if (error)
            *error = prefixed(fileName, tr("an AOT operator manifest must be a JSON array of operators"));
        return std::nullopt;
    }
    AotManifest manifest;
    manifest.raw = document.array();
    for (const QJsonValue &value : std::as_const(manifest.raw)) {
        if (!value.isObject()) {
            ++manifest.skippedEntries;
            continue;
        }
        const QJsonObject object = value.toObject();
        const std::optional<int> idx = jsonInt(object.value(QStringLiteral("idx")));
        if (!idx) {
            ++manifest.skippedEntries;
            continue;
        }
        AotManifestEntry entry;
        entry.idx = *idx;
        entry.id = jsonInt(object.value(QStringLiteral("id")));
        entry.opType = object.value(QStringLiteral("op_type")).toString();
        entry.name = object.value(QStringLiteral("name")).toString();
        if (entry.id) {
            if (!manifest.m_sourceByIdx.contains(entry.idx))
                manifest.m_sourceByIdx.insert(entry.idx, *entry.id);
        } else {
            ++manifest.skippedEntries;
        }
        manifest.entries.append(entry);
    }
    return manifest;
}

std::optional<AotManifest> AotManifest::read(QIODevice *device, QString *error, const QString &fileName)
{
    QByteArray bytes;
    char buffer[65536];
    for (;;) {
        const qint64 n = device->read(buffer, sizeof buffer);
        if (n < 0) {
            if (error)
                *error = prefixed(fileName, tr("cannot read the AOT operator manifest: %1").arg(device->errorString()));
            return std::nullopt;
        }
        if (n == 0)
            break;
        bytes.append(buffer, int(n));
    }
    return parse(bytes, error, fileName);
}

std::optional<AotManifest> AotManifest::readFile(const QString &path, QString *error)
{
    QString readError;
    const std::optional<QByteArray> bytes = BoundedFile::read(path, BoundedFile::kDefaultMaxBytes, &readError);
    if (!bytes) {
        if (error)
            *error = prefixed(path, tr("cannot open the AOT operator manifest: %1").arg(readError));
        return std::nullopt;
    }
    return parse(*bytes, error, path);
}

} // namespace hpx::model
