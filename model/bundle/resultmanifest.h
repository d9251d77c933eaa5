#pragma once

#include "model/bundle/runcontext.h"
#include "model/json/jsonvalue.h"
#include "model/results/profileresult.h"

#include <QByteArray>
#include <QString>
#include <QVector>

namespace hpx::model::bundle {

struct Artifact {
    QString path; // relative POSIX path
    qint64 sizeBytes = 0;
    QString sha256;
};
// The artifact entry (path, media_type, size_bytes, sha256, role, name, schema, ...), §5.8 table.
JsonValue artifactJson(const Artifact &artifact);
JsonValue manifestJson(const ProfileResult &result, const RunContext &ctx, const QVector<Artifact> &artifacts);
// SHA-256 hex of the config snapshot as compact sorted JSON (provenance.config_sha256).
QString configSha256(const JsonValue &config);

} // namespace hpx::model::bundle
