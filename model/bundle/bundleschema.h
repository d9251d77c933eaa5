#pragma once

#include "model/json/jsonvalue.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QString>

#include <optional>

namespace hpx::model {

// The types and values a bundle's documents must hold (docs/output-files.md, docs/compatibility.md §5), checked
// after the digests: consistent digests say the files are the ones the manifest declares, not that what they say
// makes sense. One verification for every reader (hpx show, hpx compare, the window, the fuzzers): a document that
// breaks its schema makes the bundle refused, with the file and the reason named.
//
// A counter a board did not measure is "not measured": absent, JSON null, or an empty CSV cell, never 0 and never
// `nan`. Numbers are finite; NaN and Infinity (which Python's json writes) are refused.
class BundleSchema {
    Q_DECLARE_TR_FUNCTIONS(hpx::model::BundleSchema)
public:
    // Each returns "" when `doc` holds its schema, else a translated sentence naming `fileName` and the field.
    static QString checkManifest(const JsonValue &doc, const QString &fileName);
    static QString checkSummary(const JsonValue &doc, const QString &fileName);
    static QString checkRunMetadata(const JsonValue &doc, const QString &fileName);
    static QString checkProfileResultsJson(const JsonValue &doc, const QString &fileName);
    // A manifest's size_bytes: a whole number of bytes, 0 .. 2^53 (JSON numbers past that are not exact).
    static std::optional<quint64> sizeOf(const JsonValue &value);

    // Reads a bundle document (BoundedFile): only a regular file (a FIFO, a device or a socket is refused: reading
    // one can block or never end), at most `maxBytes` (more is refused without reading it). nullopt with `error` set.
    static std::optional<QByteArray> readDocument(
        const QString &path, const QString &fileName, qint64 maxBytes, QString *error);
};

} // namespace hpx::model
