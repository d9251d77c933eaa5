#include "fakecore.h"

#include <cstring>

namespace hpx::firmwaretest {

namespace {
constexpr uint32_t Cpuid = 0xE000ED00u, Demcr = 0xE000EDFCu;
constexpr uint32_t DwtCtrl = 0xE0001000u, DwtCyccnt = 0xE0001004u, DwtLar = 0xE0001FB0u;
constexpr uint32_t PmuBase = 0xE0003000u, PmuEnd = 0xE0004000u;
constexpr uint32_t Ccntr = 0xE000307Cu, Evtyper0 = 0xE0003400u, CntEnSet = 0xE0003C00u, CntEnClr = 0xE0003C20u;
constexpr uint32_t OvsClr = 0xE0003C80u, OvsSet = 0xE0003CC0u, Type = 0xE0003E00u, Ctrl = 0xE0003E04u;
constexpr uint16_t ChainEvent = 0x001E, CyclesEvent = 0x0011;

QString hex(uint32_t v)
{
    return QStringLiteral("0x%1").arg(v, 8, 16, QLatin1Char('0'));
}

bool pmuArchitecture(CoreKind kind)
{
    return kind == CoreKind::M55 || kind == CoreKind::M55Qemu;
}
} // namespace

FakeCore &FakeCore::instance()
{
    static FakeCore core;
    return core;
}

void FakeCore::reset(CoreKind kind, uint32_t clockHz)
{
    *this = FakeCore();
    m_kind = kind;
    m_clockHz = clockHz;
}

uint32_t FakeCore::read32(uint32_t a)
{
    if (!privileged && a >= 0xE0000000u && a < 0xE0100000u) // the Private Peripheral Bus: SCS, DWT, PMU
        faults.append(QStringLiteral("unprivileged read ") + hex(a));
    if (a == Cpuid) {
        switch (m_kind) {
        case CoreKind::M55:
        case CoreKind::M55Qemu:
            return 0x411FD220u;
        case CoreKind::M4:
            return 0x410FC241u;
        case CoreKind::M0:
            return 0x410CC200u;
        }
    }
    if (a == Demcr)
        return m_demcr;
    const bool dwt = a >= 0xE0001000u && a < 0xE0002000u;
    const bool pmu = a >= PmuBase && a < PmuEnd;
    if ((dwt && m_kind == CoreKind::M0) || (pmu && !pmuArchitecture(m_kind))) {
        faults.append(QStringLiteral("read ") + hex(a));
        return 0;
    }
    if (m_kind == CoreKind::M55Qemu && (dwt || pmu))
        return 0; // RAZ/WI
    if (a == DwtCtrl)
        return m_dwtCtrl;
    if (a == DwtCyccnt) {
        if (probing && (m_demcr & (1u << 24)) && (m_dwtCtrl & 1u))
            m_cyccnt += 10;
        return m_cyccnt;
    }
    if (a == Ccntr) {
        if (probing && (m_pmuCtrl & 1u) && (m_cntEn & (1u << 31)))
            m_ccntr += 10;
        return m_ccntr;
    }
    if (a >= PmuBase && a < PmuBase + 32)
        return m_evcntr[(a - PmuBase) / 4] & 0xFFFFu;
    if (a >= Evtyper0 && a < Evtyper0 + 32)
        return m_evtyper[(a - Evtyper0) / 4];
    if (a == CntEnSet || a == CntEnClr)
        return m_cntEn;
    if (a == OvsSet || a == OvsClr)
        return m_ovs;
    if (a == Type)
        return 0x00001F08u; // 8 counters of 16 bits (SIZE = 15)
    if (a == Ctrl)
        return m_pmuCtrl;
    faults.append(QStringLiteral("read of an unmodelled register ") + hex(a));
    return 0;
}

void FakeCore::write32(uint32_t a, uint32_t v)
{
    if (!privileged && a >= 0xE0000000u && a < 0xE0100000u)
        faults.append(QStringLiteral("unprivileged write ") + hex(a));
    if (a == DwtCyccnt || a == Ccntr)
        clobbers.append(QStringLiteral("write ") + hex(a));
    else if (a == Ctrl && (v & 4u))
        clobbers.append(QStringLiteral("PMU_CTRL.C reset"));
    else if (a == Ctrl && !(v & 1u) && (m_pmuCtrl & 1u))
        clobbers.append(QStringLiteral("PMU_CTRL.E cleared"));
    else if (a == CntEnClr && (v & (1u << 31)) && (m_cntEn & (1u << 31)))
        clobbers.append(QStringLiteral("cycle counter disabled"));
    else if (a == DwtCtrl && !(v & 1u) && (m_dwtCtrl & 1u))
        clobbers.append(QStringLiteral("CYCCNTENA cleared"));
    if (a == Demcr) {
        m_demcr = v;
        return;
    }
    const bool dwt = a >= 0xE0001000u && a < 0xE0002000u;
    const bool pmu = a >= PmuBase && a < PmuEnd;
    if ((dwt && m_kind == CoreKind::M0) || (pmu && !pmuArchitecture(m_kind))) {
        faults.append(QStringLiteral("write ") + hex(a));
        return;
    }
    if (m_kind == CoreKind::M55Qemu && (dwt || pmu))
        return;
    if (a == DwtCtrl)
        m_dwtCtrl = v;
    else if (a == DwtCyccnt)
        m_cyccnt = v;
    else if (a == DwtLar)
        ;
    else if (a == Ccntr)
        m_ccntr = v;
    else if (a >= PmuBase && a < PmuBase + 32)
        m_evcntr[(a - PmuBase) / 4] = v & 0xFFFFu;
    else if (a >= Evtyper0 && a < Evtyper0 + 32)
        m_evtyper[(a - Evtyper0) / 4] = v;
    else if (a == CntEnSet)
        m_cntEn |= v;
    else if (a == CntEnClr)
        m_cntEn &= ~v;
    else if (a == OvsClr)
        m_ovs &= ~v;
    else if (a == OvsSet)
        m_ovs |= v;
    else if (a == Ctrl) {
        m_pmuCtrl = v & 1u;
        if (v & 2u)
            std::memset(m_evcntr, 0, sizeof m_evcntr);
        if (v & 4u)
            m_ccntr = 0;
    } else
        faults.append(QStringLiteral("write of an unmodelled register ") + hex(a));
}

void FakeCore::run(quint64 cycles, const QHash<uint16_t, quint64> &events)
{
    callbackCycles += cycles;
    if (m_kind == CoreKind::M55Qemu)
        return;
    if ((m_demcr & (1u << 24)) && (m_dwtCtrl & 1u))
        m_cyccnt = uint32_t(m_cyccnt + cycles);
    if (!pmuArchitecture(m_kind) || !(m_pmuCtrl & 1u))
        return;
    if (m_cntEn & (1u << 31)) {
        const uint64_t total = uint64_t(m_ccntr) + cycles;
        if (total >> 32)
            m_ovs |= 1u << 31;
        m_ccntr = uint32_t(total);
    }
    for (int k = 0; k < 4; ++k) {
        const int even = 2 * k, odd = even + 1;
        if (!(m_cntEn & (1u << even)))
            continue;
        const uint16_t event = uint16_t(m_evtyper[even]);
        const uint64_t amount = event == CyclesEvent ? cycles : events.value(event, 0);
        const uint64_t low = uint64_t(m_evcntr[even]) + amount;
        m_evcntr[even] = uint32_t(low & 0xFFFFu);
        const uint64_t carries = low >> 16;
        if (!carries)
            continue;
        m_ovs |= 1u << even;
        if ((m_cntEn & (1u << odd)) && m_evtyper[odd] == ChainEvent) {
            const uint64_t high = uint64_t(m_evcntr[odd]) + carries;
            m_evcntr[odd] = uint32_t(high & 0xFFFFu);
            if (high >> 16)
                m_ovs |= 1u << odd;
        }
    }
}

void FakeCore::presetCycleCounter(uint32_t value)
{
    m_cyccnt = value;
    m_ccntr = value;
}

void FakeCore::presetEventCount(uint16_t event, uint32_t value)
{
    for (int k = 0; k < 4; ++k)
        if (m_evtyper[2 * k] == event) {
            m_evcntr[2 * k] = value & 0xFFFFu;
            m_evcntr[2 * k + 1] = value >> 16;
        }
    if (event == CyclesEvent)
        m_ccntr = value;
}

void FakeCore::write(const char *bytes, size_t n)
{
    instance().fromBoard.append(bytes, qsizetype(n));
}

size_t FakeCore::read(char *bytes, size_t max)
{
    FakeCore &core = instance();
    core.run(core.m_clockHz / 1000); // a millisecond passes per poll of the link
    const size_t n = std::min(max, size_t(core.toBoard.size()));
    std::memcpy(bytes, core.toBoard.constData(), n);
    core.toBoard.remove(0, qsizetype(n));
    return n;
}

uint32_t FakeCore::cycles()
{
    return uint32_t(instance().callbackCycles);
}

} // namespace hpx::firmwaretest

extern "C" uint32_t hpx_port_read32(uint32_t address)
{
    return hpx::firmwaretest::FakeCore::instance().read32(address);
}

extern "C" int hpx_port_privileged(void)
{
    return hpx::firmwaretest::FakeCore::instance().privileged ? 1 : 0;
}

extern "C" void hpx_port_write32(uint32_t address, uint32_t value)
{
    hpx::firmwaretest::FakeCore::instance().write32(address, value);
}
