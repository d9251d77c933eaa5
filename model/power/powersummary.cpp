// The bundle's power figures (docs/output-files.md "power").
#include "model/power/powersummary.h"

#include "model/bundle/bundledocuments.h"
#include "model/bundle/csvwriter.h"

#include <cmath>

namespace hpx::model::power {

namespace {

JsonValue opt(const std::optional<double> &v)
{
    return v ? JsonValue(*v) : JsonValue();
}

} // namespace

JsonValue powerSummaryJson(const PowerMeasurement &m, const RecordingFile &file)
{
    const RecordingScan &s = m.scan;
    JsonValue p = JsonValue::object();
    p.appendMember(QStringLiteral("measurement_scope"), JsonValue(QStringLiteral("gpio_gated_clean_window")));
    p.appendMember(QStringLiteral("avg_current_a"), opt(m.avgCurrentA));
    p.appendMember(QStringLiteral("avg_power_w"), opt(m.avgPowerW));
    p.appendMember(QStringLiteral("median_current_a"), opt(m.medianA));
    p.appendMember(QStringLiteral("p95_current_a"), opt(m.p95A));
    p.appendMember(QStringLiteral("p99_current_a"), opt(m.p99A));
    p.appendMember(QStringLiteral("energy_per_inference_j"), opt(m.energyPerInferenceJ));
    p.appendMember(QStringLiteral("inferences_per_joule"), opt(m.inferencesPerJoule));
    p.appendMember(QStringLiteral("gated_window_count"), JsonValue(m.cleanWindows));
    p.appendMember(QStringLiteral("gated_window_duration_ratio"), opt(m.durationRatio));
    p.appendMember(
        QStringLiteral("gated_vs_whole_current_ok"), m.gatedAboveWhole ? JsonValue(*m.gatedAboveWhole) : JsonValue());
    if (m.durationSuspect)
        p.appendMember(QStringLiteral("gated_window_duration_suspect"), JsonValue(true));
    p.appendMember(QStringLiteral("power_firmware"), JsonValue(m.powerFirmware));
    // What hpx compare compares.
    p.appendMember(QStringLiteral("energy_j"), m.cleanWindows > 0 ? JsonValue(m.cleanEnergyJ) : JsonValue());
    p.appendMember(QStringLiteral("peak_current_a"), m.cleanWindows > 0 ? JsonValue(m.cleanPeakA) : JsonValue());
    p.appendMember(QStringLiteral("duration_s"), m.cleanWindows > 0 ? JsonValue(m.cleanDurationS) : JsonValue());
    p.appendMember(QStringLiteral("integrity"), JsonValue(m.integrity()));
    // hpx Studio's.
    p.appendMember(QStringLiteral("measurement_source"),
        JsonValue(s.simulated ? QStringLiteral("simulated") : QStringLiteral("recording")));
    p.appendMember(QStringLiteral("simulated"), JsonValue(s.simulated));
    p.appendMember(QStringLiteral("inference_count"), m.inferences ? JsonValue(*m.inferences) : JsonValue());
    p.appendMember(QStringLiteral("inference_count_source"),
        m.inferenceSource.isEmpty() ? JsonValue() : JsonValue(m.inferenceSource));
    p.appendMember(QStringLiteral("expected_duration_s"), opt(m.expectedDurationS));
    p.appendMember(QStringLiteral("voltage_source"),
        JsonValue(s.voltageRecorded ? QStringLiteral("recording") : QStringLiteral("supply_voltage_option")));
    if (!s.voltageRecorded)
        p.appendMember(QStringLiteral("supply_voltage_v"), JsonValue(s.supplyVoltageV));
    p.appendMember(QStringLiteral("gate_channel"), JsonValue(s.gateChannel));
    p.appendMember(
        QStringLiteral("marker_channel"), s.markerChannel.isEmpty() ? JsonValue() : JsonValue(s.markerChannel));
    p.appendMember(QStringLiteral("marker_window_count"), JsonValue(m.markerWindows));
    p.appendMember(
        QStringLiteral("marker_inference_count"), m.markerInferences ? JsonValue(*m.markerInferences) : JsonValue());
    p.appendMember(QStringLiteral("energy_per_layer"), JsonValue(m.hasLayerEnergy()));
    p.appendMember(QStringLiteral("recording_duration_s"), JsonValue(s.durationS));
    p.appendMember(
        QStringLiteral("recording_avg_current_a"), s.durationS > 0 ? JsonValue(s.chargeC / s.durationS) : JsonValue());
    JsonValue rec = JsonValue::object();
    rec.appendMember(QStringLiteral("name"), JsonValue(file.name));
    rec.appendMember(QStringLiteral("sha256"), JsonValue(file.sha256));
    rec.appendMember(QStringLiteral("size_bytes"), JsonValue(file.sizeBytes));
    rec.appendMember(QStringLiteral("format"), JsonValue(s.format));
    rec.appendMember(QStringLiteral("instrument"), s.instrument.isEmpty() ? JsonValue() : JsonValue(s.instrument));
    p.appendMember(QStringLiteral("recording"), std::move(rec));
    p.appendMember(QStringLiteral("issues"), bundle::issuesJson(m.issues));
    return p;
}

QByteArray powerSummaryCsv(const JsonValue &powerSection)
{
    CsvWriter csv;
    csv.writeHeader({ QStringLiteral("metric"), QStringLiteral("value") });
    for (const auto &member : powerSection.members()) {
        if (member.second.isObject()) {
            for (const auto &inner : member.second.members()) {
                if (!inner.second.isObject() && !inner.second.isArray())
                    csv.writeRow({ JsonValue(member.first + QLatin1Char('.') + inner.first), inner.second });
            }
        } else if (!member.second.isArray()) {
            csv.writeRow({ JsonValue(member.first), member.second });
        }
    }
    return csv.takeData();
}

QString siValue(double value, const QString &unit)
{
    static const struct {
        double scale;
        const char *prefix;
    } prefixes[] = { { 1.0, "" }, { 1e-3, "m" }, { 1e-6, "\xc2\xb5" }, { 1e-9, "n" }, { 1e-12, "p" } };
    for (const auto &p : prefixes) {
        if (std::fabs(value) >= p.scale || p.scale == 1e-12)
            return QStringLiteral("%1 %2%3").arg(value / p.scale, 0, 'g', 4).arg(QString::fromUtf8(p.prefix), unit);
    }
    return QString::number(value);
}

} // namespace hpx::model::power
