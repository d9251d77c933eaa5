#include "model/board/counters.h"

#include <QCoreApplication>
#include <QHash>

namespace hpx::model {

namespace {

struct RawEvent {
    const char *shortName;
    quint16 number;
    CounterGroup group;
    bool isDefault;
    const char *description;
};

#define HPX_EVT(name, number, group, def, text)                                                                        \
    RawEvent                                                                                                           \
    {                                                                                                                  \
        name, number, CounterGroup::group, def, QT_TRANSLATE_NOOP("hpx::model::Counters", text)                        \
    }

// docs/compatibility.md §4.2, in the listed (ascending event) order, which is also each group's "all" order.
const RawEvent kEvents[] = {
    // cpu (21)
    HPX_EVT("SW_INCR", 0x0000, Cpu, false, "Software-increment register writes"),
    HPX_EVT("L1I_CACHE_REFILL", 0x0001, Cpu, false, "L1 instruction-cache refills"),
    HPX_EVT("LD_RETIRED", 0x0006, Cpu, false, "Load instructions executed"),
    HPX_EVT("ST_RETIRED", 0x0007, Cpu, false, "Store instructions executed"),
    HPX_EVT("INST_RETIRED", 0x0008, Cpu, true, "Instructions executed"),
    HPX_EVT("EXC_TAKEN", 0x0009, Cpu, false, "Exceptions taken"),
    HPX_EVT("EXC_RETURN", 0x000A, Cpu, false, "Exception returns executed"),
    HPX_EVT("PC_WRITE_RETIRED", 0x000C, Cpu, false, "Software changes of the program counter"),
    HPX_EVT("BR_IMMED_RETIRED", 0x000D, Cpu, false, "Immediate branches executed"),
    HPX_EVT("BR_RETURN_RETIRED", 0x000E, Cpu, false, "Function returns executed"),
    HPX_EVT("UNALIGNED_LDST_RETIRED", 0x000F, Cpu, false, "Unaligned loads and stores executed"),
    HPX_EVT("CPU_CYCLES", 0x0011, Cpu, true, "Core clock cycles"),
    HPX_EVT("BR_RETIRED", 0x0021, Cpu, false, "Branches executed"),
    HPX_EVT("BR_MIS_PRED_RETIRED", 0x0022, Cpu, false, "Mispredicted branches executed"),
    HPX_EVT("STALL_FRONTEND", 0x0023, Cpu, true, "Cycles with no issue because the frontend had nothing ready"),
    HPX_EVT("STALL_BACKEND", 0x0024, Cpu, true, "Cycles with no issue because the backend could not accept"),
    HPX_EVT("STALL", 0x003C, Cpu, false, "Cycles with no instruction issued"),
    HPX_EVT("LE_RETIRED", 0x0100, Cpu, false, "Loop-end instructions executed"),
    HPX_EVT("LE_CANCEL", 0x0108, Cpu, false, "Loop-end instructions whose branch was not taken"),
    HPX_EVT("SE_CALL_S", 0x0114, Cpu, false, "Calls from Non-secure into Secure state"),
    HPX_EVT("SE_CALL_NS", 0x0115, Cpu, false, "Calls from Secure into Non-secure state"),
    // memory (15)
    HPX_EVT("L1D_CACHE_REFILL", 0x0003, Memory, true, "L1 data-cache refills"),
    HPX_EVT("L1D_CACHE", 0x0004, Memory, false, "L1 data-cache accesses"),
    HPX_EVT("MEM_ACCESS", 0x0013, Memory, true, "Data memory accesses"),
    HPX_EVT("L1I_CACHE", 0x0014, Memory, false, "L1 instruction-cache accesses"),
    HPX_EVT("L1D_CACHE_WB", 0x0015, Memory, false, "L1 data-cache write-backs"),
    HPX_EVT("BUS_ACCESS", 0x0019, Memory, true, "Bus accesses"),
    HPX_EVT("MEMORY_ERROR", 0x001A, Memory, false, "Local memory errors"),
    HPX_EVT("BUS_CYCLES", 0x001D, Memory, true, "Bus cycles"),
    HPX_EVT("L1D_CACHE_ALLOCATE", 0x001F, Memory, false, "L1 data-cache allocations without a refill"),
    HPX_EVT("LL_CACHE_RD", 0x0036, Memory, false, "Last-level cache reads"),
    HPX_EVT("LL_CACHE_MISS_RD", 0x0037, Memory, false, "Last-level cache read misses"),
    HPX_EVT("L1D_CACHE_MISS_RD", 0x0039, Memory, false, "L1 data-cache read misses"),
    HPX_EVT("L1D_CACHE_RD", 0x0040, Memory, false, "L1 data-cache reads"),
    HPX_EVT("ITCM_ACCESS", 0x4007, Memory, false, "Instruction TCM accesses"),
    HPX_EVT("DTCM_ACCESS", 0x4008, Memory, false, "Data TCM accesses"),
    // mve (34)
    HPX_EVT("MVE_INST_RETIRED", 0x0200, Mve, true, "MVE instructions executed"),
    HPX_EVT("MVE_FP_RETIRED", 0x0204, Mve, false, "MVE floating-point instructions executed"),
    HPX_EVT("MVE_FP_HP_RETIRED", 0x0208, Mve, false, "MVE half-precision floating-point instructions executed"),
    HPX_EVT("MVE_FP_SP_RETIRED", 0x020C, Mve, false, "MVE single-precision floating-point instructions executed"),
    HPX_EVT("MVE_FP_MAC_RETIRED", 0x0214, Mve, false, "MVE floating-point multiply and MAC instructions executed"),
    HPX_EVT("MVE_INT_RETIRED", 0x0224, Mve, false, "MVE integer instructions executed"),
    HPX_EVT("MVE_INT_MAC_RETIRED", 0x0228, Mve, true, "MVE integer multiply and MAC instructions executed"),
    HPX_EVT("MVE_LDST_RETIRED", 0x0238, Mve, true, "MVE loads and stores executed"),
    HPX_EVT("MVE_LD_RETIRED", 0x023C, Mve, false, "MVE loads executed"),
    HPX_EVT("MVE_ST_RETIRED", 0x0240, Mve, false, "MVE stores executed"),
    HPX_EVT("MVE_LDST_CONTIG_RETIRED", 0x0244, Mve, false, "MVE contiguous loads and stores executed"),
    HPX_EVT("MVE_LD_CONTIG_RETIRED", 0x0248, Mve, false, "MVE contiguous loads executed"),
    HPX_EVT("MVE_ST_CONTIG_RETIRED", 0x024C, Mve, false, "MVE contiguous stores executed"),
    HPX_EVT("MVE_LDST_NONCONTIG_RETIRED", 0x0250, Mve, false, "MVE non-contiguous loads and stores executed"),
    HPX_EVT("MVE_LD_NONCONTIG_RETIRED", 0x0254, Mve, false, "MVE non-contiguous loads executed"),
    HPX_EVT("MVE_ST_NONCONTIG_RETIRED", 0x0258, Mve, false, "MVE non-contiguous stores executed"),
    HPX_EVT("MVE_LDST_MULTI_RETIRED", 0x025C, Mve, false, "MVE multi-register loads and stores executed"),
    HPX_EVT("MVE_LD_MULTI_RETIRED", 0x0260, Mve, false, "MVE multi-register loads executed"),
    HPX_EVT("MVE_ST_MULTI_RETIRED", 0x0264, Mve, false, "MVE multi-register stores executed"),
    HPX_EVT("MVE_LDST_UNALIGNED_RETIRED", 0x028C, Mve, false, "MVE unaligned loads and stores executed"),
    HPX_EVT("MVE_LD_UNALIGNED_RETIRED", 0x0290, Mve, false, "MVE unaligned loads executed"),
    HPX_EVT("MVE_ST_UNALIGNED_RETIRED", 0x0294, Mve, false, "MVE unaligned stores executed"),
    HPX_EVT("MVE_LDST_UNALIGNED_NONCONTIG_RETIRED", 0x0298, Mve, false,
        "MVE unaligned non-contiguous loads and stores executed"),
    HPX_EVT("MVE_VREDUCE_RETIRED", 0x02A0, Mve, false, "MVE vector reductions executed"),
    HPX_EVT("MVE_VREDUCE_FP_RETIRED", 0x02A4, Mve, false, "MVE floating-point vector reductions executed"),
    HPX_EVT("MVE_VREDUCE_INT_RETIRED", 0x02A8, Mve, false, "MVE integer vector reductions executed"),
    HPX_EVT("MVE_PRED", 0x02B8, Mve, false, "Cycles in which MVE beats were predicated"),
    HPX_EVT("MVE_STALL", 0x02CC, Mve, true, "MVE stall cycles"),
    HPX_EVT("MVE_STALL_RESOURCE", 0x02CD, Mve, false, "MVE stalls on a resource conflict"),
    HPX_EVT("MVE_STALL_RESOURCE_MEM", 0x02CE, Mve, false, "MVE stalls on a memory resource"),
    HPX_EVT("MVE_STALL_RESOURCE_FP", 0x02CF, Mve, false, "MVE stalls on a floating-point resource"),
    HPX_EVT("MVE_STALL_RESOURCE_INT", 0x02D0, Mve, false, "MVE stalls on an integer resource"),
    HPX_EVT("MVE_STALL_BREAK", 0x02D3, Mve, false, "MVE stalls from a chain break"),
    HPX_EVT("MVE_STALL_DEPENDENCY", 0x02D4, Mve, false, "MVE stalls on a register dependency"),
};
#undef HPX_EVT

// §4.3 lists each group's default set in this order (not event order).
const char *const kCpuDefaults[] = { "CPU_CYCLES", "INST_RETIRED", "STALL_FRONTEND", "STALL_BACKEND" };
const char *const kMemoryDefaults[] = { "MEM_ACCESS", "L1D_CACHE_REFILL", "BUS_ACCESS", "BUS_CYCLES" };
const char *const kMveDefaults[] = { "MVE_INST_RETIRED", "MVE_INT_MAC_RETIRED", "MVE_LDST_RETIRED", "MVE_STALL" };

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
            info.isDefault = raw.isDefault;
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
    auto add = [&](const auto &list) {
        for (const char *shortName : list)
            names.append(kPrefix + QLatin1String(shortName));
    };
    switch (group) {
    case CounterGroup::Cpu:
        add(kCpuDefaults);
        break;
    case CounterGroup::Memory:
        add(kMemoryDefaults);
        break;
    case CounterGroup::Mve:
        add(kMveDefaults);
        break;
    }
    return names;
}

std::optional<CounterGroup> groupOf(const QString &name)
{
    if (const CounterInfo *info = byName(name))
        return info->group;
    return std::nullopt;
}

} // namespace counters

} // namespace hpx::model
