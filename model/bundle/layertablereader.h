#pragma once

#include "model/bundle/bundle.h"

#include <QCoreApplication>

namespace hpx::model {

// The per-layer files of a bundle read back into its ProfileResult: the counterpart of layertables.h
// (docs/compatibility.md §5.3, §5.4, §5.7). BundleReader::read() calls these once the manifest is verified, with `read`
// checking each file against the manifest; each fills its part of `bundle` and reports the file at fault.
class LayerTableReader {
    Q_DECLARE_TR_FUNCTIONS(hpx::model::LayerTableReader)
public:
    // profile_results.json (with its presets) or profile_results.csv, then the detailed/profile_<pass|group>.csv
    // tables, checked always and kept with `detailed`: the passes the results file did not hold, and the groups.
    static bool readTables(
        const ArtifactReader &read, Bundle &bundle, bool detailed, QString *error, QString *errorFile);
    // hpx_studio_layers.csv: each layer's subgraph, source index, invocations and per-pass cycles, so the layers
    // map onto the graph exactly as the run did; without it, heliaPROFILER's rule from the layer ids.
    static bool readIdentities(const ArtifactReader &read, Bundle &bundle, QString *error, QString *errorFile);
    // aot_memory_layers.csv, when declared.
    static bool readAotMemory(const ArtifactReader &read, Bundle &bundle, QString *error, QString *errorFile);

    // One §5.3 table: the columns that are not identity columns are counters. Its schema must hold: named, distinct
    // columns; every row as wide as the header; counters and the other number columns finite numbers or empty (not
    // measured), never `nan`, `inf` or text; `overflow` True, False or empty; macs and ops whole numbers or empty.
    // nullopt with `error` naming the line and column otherwise. fileName is used in messages only.
    static std::optional<QVector<LayerResult>> parseLayersCsv(
        const QByteArray &data, const QString &fileName, QStringList *counters, QString *error);
};

} // namespace hpx::model
