#pragma once

#include "model/json/jsonvalue.h"
#include "model/power/poweranalysis.h"

#include <QByteArray>
#include <QString>

namespace hpx::model::power {

// The recording a measurement came from, as the bundle records it.
struct RecordingFile {
    QString name; // file name only
    QString sha256;
    qint64 sizeBytes = 0;
};

// summary.json's `power` section: heliaPROFILER's keys in its order (docs/compatibility.md "Power"), the keys
// hpx compare compares (energy_j, peak_current_a, duration_s, integrity), then hpx Studio's own
// (docs/output-files.md "power").
JsonValue powerSummaryJson(const PowerMeasurement &m, const RecordingFile &file);
// detailed/power_summary.csv: one `metric,value` row per scalar of the section, in its order.
QByteArray powerSummaryCsv(const JsonValue &powerSection);

// A power figure as `hpx power` and the Power view write it: "12.35 µJ", "4.561 mW" (four significant digits with
// an SI prefix down to pico).
QString siValue(double value, const QString &unit);

// The layer-table columns and the overlay of per-layer energy (docs/output-files.md).
inline QString energyColumn()
{
    return QStringLiteral("energy_j");
}
inline QString powerColumn()
{
    return QStringLiteral("avg_power_w");
}
inline QString powerSummaryPath()
{
    return QStringLiteral("detailed/power_summary.csv");
}

} // namespace hpx::model::power
