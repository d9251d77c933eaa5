#include "device/wire/wireevent.h"

namespace hpx::device {

QString HeartbeatInfo::field(const QString &key) const
{
    for (const auto &kv : fields) {
        if (kv.first == key)
            return kv.second;
    }
    return {};
}

} // namespace hpx::device
