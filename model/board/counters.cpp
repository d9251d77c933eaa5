#include "model/board/counters.h"

#include <QCoreApplication>
#include <QHash>

#include <algorithm>

namespace hpx::model {

namespace {

struct RawEvent {
    const char *shortName;
    quint16 number;
    CounterGroup group;
    int defaultRank; // 0, or the place in the group's "default" selection
    const char *description;
};

// model/board/pmuevents.def, in its (ascending event) order, which is also each group's "all" order.
#define HPX_PMU_EVENT(name, number, group, rank, text)                                                                 \
    RawEvent { #name, number, CounterGroup::group, rank, QT_TRANSLATE_NOOP("hpx::model::Counters", text) },
const RawEvent kEvents[] = {
#include "model/board/pmuevents.def"
};
#undef HPX_PMU_EVENT

const QString kPrefix = QStringLiteral("ARM_PMU_");

struct Catalogue {
    QVector<CounterInfo> events;
    QHash<QString, int> byName;
    QHash<quint16, int> byNumber;

    Catalogue()
    {
        events.reserve(int(std::size(kEvents)));
        for (const RawEvent &raw : kEvents) {
            CounterInfo info;
            info.shortName = QLatin1String(raw.shortName);
            info.name = kPrefix + info.shortName;
            info.number = raw.number;
            info.group = raw.group;
            info.isDefault = raw.defaultRank > 0;
            info.descriptionSource = raw.description;
            byName.insert(info.name, int(events.size()));
            byNumber.insert(info.number, int(events.size()));
            events.append(info);
        }
    }
};

const Catalogue &catalogueData()
{
    static const Catalogue data;
    return data;
}

} // namespace

QString counterGroupName(CounterGroup group)
{
    switch (group) {
    case CounterGroup::Cpu:
        return QStringLiteral("cpu");
    case CounterGroup::Memory:
        return QStringLiteral("memory");
    case CounterGroup::Mve:
        return QStringLiteral("mve");
    }
    return {};
}

std::optional<CounterGroup> counterGroupFromName(const QString &name)
{
    for (CounterGroup group : allCounterGroups()) {
        if (counterGroupName(group) == name)
            return group;
    }
    return std::nullopt;
}

QVector<CounterGroup> allCounterGroups()
{
    return { CounterGroup::Cpu, CounterGroup::Memory, CounterGroup::Mve };
}

QString CounterInfo::description() const
{
    // A literal context: pmuevents.def's X-macro marks the descriptions with QT_TRANSLATE_NOOP under it.
    return descriptionSource ? QCoreApplication::translate("hpx::model::Counters", descriptionSource) : QString();
}

QString CounterInfo::numberHex() const
{
    return QStringLiteral("0x%1").arg(number, 4, 16, QLatin1Char('0'));
}

namespace counters {

const QVector<CounterInfo> &catalogue()
{
    return catalogueData().events;
}

const CounterInfo *byName(const QString &name)
{
    const Catalogue &data = catalogueData();
    const auto it = data.byName.constFind(name);
    return it == data.byName.constEnd() ? nullptr : &data.events.at(it.value());
}

const CounterInfo *byNumber(quint16 number)
{
    const Catalogue &data = catalogueData();
    const auto it = data.byNumber.constFind(number);
    return it == data.byNumber.constEnd() ? nullptr : &data.events.at(it.value());
}

const CounterInfo *byNameOrNumber(const QString &nameOrHex)
{
    if (const CounterInfo *info = byName(nameOrHex))
        return info;
    if (nameOrHex.size() == 6 && nameOrHex.startsWith(QStringLiteral("0x"), Qt::CaseInsensitive)) {
        bool ok = false;
        const uint number = QStringView(nameOrHex).mid(2).toUInt(&ok, 16);
        if (ok)
            return byNumber(quint16(number));
    }
    return nullptr;
}

QStringList all(CounterGroup group)
{
    QStringList names;
    for (const CounterInfo &info : catalogue()) {
        if (info.group == group)
            names.append(info.name);
    }
    return names;
}

QStringList defaults(CounterGroup group)
{
    QStringList names;
    for (int rank = 1;; ++rank) {
        const auto it = std::find_if(std::begin(kEvents), std::end(kEvents),
            [&](const RawEvent &raw) { return raw.group == group && raw.defaultRank == rank; });
        if (it == std::end(kEvents))
            return names;
        names.append(kPrefix + QLatin1String(it->shortName));
    }
}

std::optional<CounterGroup> groupOf(const QString &name)
{
    if (const CounterInfo *info = byName(name))
        return info->group;
    return std::nullopt;
}

} // namespace counters

} // namespace hpx::model
