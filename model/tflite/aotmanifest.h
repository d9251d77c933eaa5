#pragma once

#include <QByteArray>
#include <QCoreApplication>
#include <QHash>
#include <QIODevice>
#include <QJsonArray>
#include <QString>
#include <QVector>

#include <optional>

namespace hpx::model {

// heliaPROFILER's aot_operator_manifest.json (docs/compatibility.md §5.7): an array in execution order of
// {idx (= CSV Layer), id (AIR operator id = the ":id" suffix = original TFLite operator index), op_type,
// name, inputs, outputs, local_tensors}. Malformed entries are skipped, never guessed.

struct AotManifestEntry {
    int idx = -1; // execution position (the CSV "Layer" value)
    std::optional<int> id; // original operator index, when the entry carries an integer one
    QString opType;
    QString name;
};

struct AotManifest {
    QVector<AotManifestEntry> entries;
    QJsonArray raw; // the array as read, for writing it back into a bundle verbatim
    int skippedEntries = 0; // entries without integer idx / id

    // Original operator index for an execution position; nullopt when the manifest does not name it.
    std::optional<int> sourceIndexFor(int idx) const;

    // Parses the JSON text; nullopt + translated error (naming `fileName` when given) on failure.
    static std::optional<AotManifest> parse(const QByteArray &json, QString *error, const QString &fileName = {});
    static std::optional<AotManifest> read(QIODevice *device, QString *error, const QString &fileName = {});
    static std::optional<AotManifest> readFile(const QString &path, QString *error);

private:
    QHash<int, int> m_sourceByIdx;

    Q_DECLARE_TR_FUNCTIONS(hpx::model::AotManifest)
};

} // namespace hpx::model
