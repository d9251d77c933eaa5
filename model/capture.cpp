#include "model/capture.h"

namespace hpx::model {

QVariant Capture::meta(const QString &key) const
{
    // The parser keeps one entry per key (updated in place), but a hand-built Capture may repeat keys: last wins.
    for (auto it = metadata.crbegin(); it != metadata.crend(); ++it) {
        if (it->first == key)
            return it->second;
    }
    return {};
}

bool Capture::hasMeta(const QString &key) const
{
    for (const auto &kv : metadata) {
        if (kv.first == key)
            return true;
    }
    return false;
}

QVariant Capture::cleanInferCount() const
{
    const QVariant v = meta(QStringLiteral("clean_infer_count"));
    if (v.isValid())
        return v;
    if (announcedCleanIters)
        return QVariant::fromValue<qlonglong>(*announcedCleanIters);
    return {};
}

} // namespace hpx::model
