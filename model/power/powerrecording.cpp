// Opening a power recording by its content (docs/power.md "Recordings").
#include "model/power/csvpowersource.h"
#include "model/power/jlspowersource.h"
#include "model/power/powersource.h"

#include <QFile>

namespace hpx::model::power {

bool PowerRecording::jlsSupported()
{
#if HPX_HAVE_JLS
    return true;
#else
    return false;
#endif
}

std::unique_ptr<PowerSource> PowerRecording::open(const QString &path, QString *error)
{
    QFile probe(path);
    if (!probe.open(QIODevice::ReadOnly)) {
        *error = tr("Cannot read the recording %1: %2.").arg(path, probe.errorString());
        return nullptr;
    }
    const QByteArray head = probe.read(6);
    probe.close();
    if (head == QByteArrayLiteral("jlsfmt")) {
#if HPX_HAVE_JLS
        auto jls = std::make_unique<JlsPowerSource>();
        if (!jls->open(path)) {
            *error = jls->error();
            return nullptr;
        }
        return jls;
#else
        *error = tr("%1 is a Joulescope JLS recording, and this build has no JLS reader (it was built without "
                    "Jetperch's jls library: set HPX_JLS_DIR).")
                     .arg(path);
        return nullptr;
#endif
    }
    auto csv = std::make_unique<CsvPowerSource>();
    if (!csv->open(path)) {
        *error = csv->error();
        return nullptr;
    }
    return csv;
}

} // namespace hpx::model::power
