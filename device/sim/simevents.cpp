#include "device/sim/simevents.h"

namespace hpx::device {

const QVector<model::CounterInfo> &simEvents()
{
    return model::counters::catalogue();
}

const model::CounterInfo *findSimEvent(quint16 number)
{
    return model::counters::byNumber(number);
}

const model::CounterInfo *findSimEvent(const QString &nameOrNumber)
{
    QString text = nameOrNumber.trimmed();
    if (text.startsWith(QLatin1String("0x"), Qt::CaseInsensitive)) {
        bool ok = false;
        const uint number = text.mid(2).toUInt(&ok, 16);
        if (!ok || number > 0xFFFF || text.size() < 3)
            return nullptr;
        return findSimEvent(quint16(number));
    }
    if (!text.startsWith(QLatin1String("ARM_PMU_")))
        text.prepend(QLatin1String("ARM_PMU_"));
    return model::counters::byName(text);
}

} // namespace hpx::device
