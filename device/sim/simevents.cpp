#include "device/sim/simevents.h"

namespace hpx::device {

const QVector<SimEvent> &simEvents()
{
    static const QVector<SimEvent> events = {
        // cpu
        { "SW_INCR", 0x0000, "cpu" },
        { "L1I_CACHE_REFILL", 0x0001, "cpu" },
        { "LD_RETIRED", 0x0006, "cpu" },
        { "ST_RETIRED", 0x0007, "cpu" },
        { "INST_RETIRED", 0x0008, "cpu" },
        { "EXC_TAKEN", 0x0009, "cpu" },
        { "EXC_RETURN", 0x000A, "cpu" },
        { "PC_WRITE_RETIRED", 0x000C, "cpu" },
        { "BR_IMMED_RETIRED", 0x000D, "cpu" },
        { "BR_RETURN_RETIRED", 0x000E, "cpu" },
        { "UNALIGNED_LDST_RETIRED", 0x000F, "cpu" },
        { "CPU_CYCLES", 0x0011, "cpu" },
        { "BR_RETIRED", 0x0021, "cpu" },
        { "BR_MIS_PRED_RETIRED", 0x0022, "cpu" },
        { "STALL_FRONTEND", 0x0023, "cpu" },
        { "STALL_BACKEND", 0x0024, "cpu" },
        { "STALL", 0x003C, "cpu" },
        { "LE_RETIRED", 0x0100, "cpu" },
        { "LE_CANCEL", 0x0108, "cpu" },
        { "SE_CALL_S", 0x0114, "cpu" },
        { "SE_CALL_NS", 0x0115, "cpu" },
        // memory
        { "L1D_CACHE_REFILL", 0x0003, "memory" },
        { "L1D_CACHE", 0x0004, "memory" },
        { "MEM_ACCESS", 0x0013, "memory" },
        { "L1I_CACHE", 0x0014, "memory" },
        { "L1D_CACHE_WB", 0x0015, "memory" },
        { "BUS_ACCESS", 0x0019, "memory" },
        { "MEMORY_ERROR", 0x001A, "memory" },
        { "BUS_CYCLES", 0x001D, "memory" },
        { "L1D_CACHE_ALLOCATE", 0x001F, "memory" },
        { "LL_CACHE_RD", 0x0036, "memory" },
        { "LL_CACHE_MISS_RD", 0x0037, "memory" },
        { "L1D_CACHE_MISS_RD", 0x0039, "memory" },
        { "L1D_CACHE_RD", 0x0040, "memory" },
        { "ITCM_ACCESS", 0x4007, "memory" },
        { "DTCM_ACCESS", 0x4008, "memory" },
        // mve
        { "MVE_INST_RETIRED", 0x0200, "mve" },
        { "MVE_FP_RETIRED", 0x0204, "mve" },
        { "MVE_FP_HP_RETIRED", 0x0208, "mve" },
        { "MVE_FP_SP_RETIRED", 0x020C, "mve" },
        { "MVE_FP_MAC_RETIRED", 0x0214, "mve" },
        { "MVE_INT_RETIRED", 0x0224, "mve" },
        { "MVE_INT_MAC_RETIRED", 0x0228, "mve" },
        { "MVE_LDST_RETIRED", 0x0238, "mve" },
        { "MVE_LD_RETIRED", 0x023C, "mve" },
        { "MVE_ST_RETIRED", 0x0240, "mve" },
        { "MVE_LDST_CONTIG_RETIRED", 0x0244, "mve" },
        { "MVE_LD_CONTIG_RETIRED", 0x0248, "mve" },
        { "MVE_ST_CONTIG_RETIRED", 0x024C, "mve" },
        { "MVE_LDST_NONCONTIG_RETIRED", 0x0250, "mve" },
        { "MVE_LD_NONCONTIG_RETIRED", 0x0254, "mve" },
        { "MVE_ST_NONCONTIG_RETIRED", 0x0258, "mve" },
        { "MVE_LDST_MULTI_RETIRED", 0x025C, "mve" },
        { "MVE_LD_MULTI_RETIRED", 0x0260, "mve" },
        { "MVE_ST_MULTI_RETIRED", 0x0264, "mve" },
        { "MVE_LDST_UNALIGNED_RETIRED", 0x028C, "mve" },
        { "MVE_LD_UNALIGNED_RETIRED", 0x0290, "mve" },
        { "MVE_ST_UNALIGNED_RETIRED", 0x0294, "mve" },
        { "MVE_LDST_UNALIGNED_NONCONTIG_RETIRED", 0x0298, "mve" },
        { "MVE_VREDUCE_RETIRED", 0x02A0, "mve" },
        { "MVE_VREDUCE_FP_RETIRED", 0x02A4, "mve" },
        { "MVE_VREDUCE_INT_RETIRED", 0x02A8, "mve" },
        { "MVE_PRED", 0x02B8, "mve" },
        { "MVE_STALL", 0x02CC, "mve" },
        { "MVE_STALL_RESOURCE", 0x02CD, "mve" },
        { "MVE_STALL_RESOURCE_MEM", 0x02CE, "mve" },
        { "MVE_STALL_RESOURCE_FP", 0x02CF, "mve" },
        { "MVE_STALL_RESOURCE_INT", 0x02D0, "mve" },
        { "MVE_STALL_BREAK", 0x02D3, "mve" },
        { "MVE_STALL_DEPENDENCY", 0x02D4, "mve" },
    };
    return events;
}

QString simEventName(const SimEvent &event)
{
    return QStringLiteral("ARM_PMU_") + QLatin1String(event.suffix);
}

const SimEvent *findSimEvent(quint16 number)
{
    for (const SimEvent &e : simEvents())
        if (e.number == number)
            return &e;
    return nullptr;
}

const SimEvent *findSimEvent(const QString &nameOrNumber)
{
    QString text = nameOrNumber.trimmed();
    if (text.startsWith(QLatin1String("0x"), Qt::CaseInsensitive)) {
        bool ok = false;
        const uint number = text.mid(2).toUInt(&ok, 16);
        if (!ok || number > 0xFFFF || text.size() < 3)
            return nullptr;
        return findSimEvent(quint16(number));
    }
    if (text.startsWith(QLatin1String("ARM_PMU_")))
        text = text.mid(8);
    for (const SimEvent &e : simEvents())
        if (text == QLatin1String(e.suffix))
            return &e;
    return nullptr;
}

} // namespace hpx::device
