#pragma once

#include "model/power/poweranalysis.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include <atomic>
#include <functional>
#include <optional>

namespace hpx::model {
struct Bundle;
}

namespace hpx::model::power {

// Adds a power measurement to a result bundle (hpx power, File → Add Power Recording…): summary.json's `power`
// section, detailed/power_summary.csv, per-layer energy as columns of the layer table and hpx_studio_layers.csv's
// self values, the energy overlay, and the manifest with the recording's name and SHA-256, republished atomically
// (BundlePublisher) so a failure leaves the bundle as it was.
class PowerBundle {
    Q_DECLARE_TR_FUNCTIONS(hpx::model::power::PowerBundle)
public:
    struct Result {
        bool ok = false;
        QString error; // translated
        QStringList written; // relative paths
        QStringList notes; // translated
        std::optional<PowerMeasurement> measurement;
    };
    static Result attach(const QString &bundleDirectory, const QString &recordingPath, const PowerOptions &options,
        const PowerScanner::Progress &progress = {}, const std::atomic_bool *cancel = nullptr);

    // The stream's last complete power terminal record (heliaPROFILER's envelope rule), read line by line from a raw
    // capture file; nullopt when it has none (`error` says why a complete one was rejected).
    static std::optional<PowerTerminalRecord> terminalRecordFromFile(const QString &path, QString *error);
    // The overlay file name of per-layer energy: model_explorer/me_overlay_energy_j.json.
    static QString overlayPath();
};

} // namespace hpx::model::power
