/* Finding and reading what counts: the Armv8.1-M PMU, the DWT cycle counter or the application's callback. */
#include "hpx_internal.h"

#define SCB_CPUID 0xE000ED00u
#define DEMCR 0xE000EDFCu
#define DEMCR_TRCENA (1u << 24)

#define DWT_CTRL 0xE0001000u
#define DWT_CYCCNT 0xE0001004u
#define DWT_LAR 0xE0001FB0u
#define DWT_CTRL_NOCYCCNT (1u << 25)

#define PMU_EVCNTR(n) (0xE0003000u + 4u * (n))
#define PMU_CCNTR 0xE000307Cu
#define PMU_EVTYPER(n) (0xE0003400u + 4u * (n))
#define PMU_CNTENSET 0xE0003C00u
#define PMU_CNTENCLR 0xE0003C20u
#define PMU_OVSCLR 0xE0003C80u
#define PMU_OVSSET 0xE0003CC0u
#define PMU_TYPE 0xE0003E00u
#define PMU_CTRL 0xE0003E04u
#define PMU_CTRL_E 1u
#define PMU_CNT_C (1u << 31)

/* CPUID part numbers (Arm TRMs). */
#define PART_M3 0xC23u
#define PART_M4 0xC24u
#define PART_M7 0xC27u
#define PART_M33 0xD21u
#define PART_M35P 0xD31u
#define PART_M55 0xD22u
#define PART_M85 0xD23u
#define PART_M52 0xD24u

/* A counter that works moves while the core runs a few instructions; one read as zero (an emulator's RAZ space,
   or a PMU held off by debug authentication) does not. */
static int advances(uint32_t address)
{
    const uint32_t before = HPX_RD(address);
    for (volatile int i = 0; i < 64; ++i) { }
    return HPX_RD(address) != before;
}

void hpx_hw_probe(hpx_hw_t *hw, uint32_t (*callback)(void))
{
    hw->event_pairs = 0;
    hw->source = callback ? HPX_COUNTERS_CALLBACK : HPX_COUNTERS_NONE;
    /* Unprivileged code faults on any access to the System Control Space (CPUID, DWT, PMU): touch none of it. */
    hw->unprivileged = (uint8_t)!HPX_PRIVILEGED();
    if (hw->unprivileged) {
        hw->part = 0;
        hw->pmu_architecture = 0;
        return;
    }
    /* CPUID is architected on every Cortex-M; the PMU and DWT are only touched on cores that define them, so a
       core without them never sees an access to unimplemented debug space (which may fault). */
    const uint32_t cpuid = HPX_RD(SCB_CPUID);
    hw->part = (uint16_t)((cpuid >> 4) & 0xFFFu);
    hw->pmu_architecture = hw->part == PART_M55 || hw->part == PART_M85 || hw->part == PART_M52;
    const int has_dwt = hw->pmu_architecture || hw->part == PART_M3 || hw->part == PART_M4 || hw->part == PART_M7
        || hw->part == PART_M33 || hw->part == PART_M35P;
    if (has_dwt)
        HPX_WR(DEMCR, HPX_RD(DEMCR) | DEMCR_TRCENA);
    if (hw->pmu_architecture) {
        const uint32_t type = HPX_RD(PMU_TYPE);
        /* N (bits 7:0) is 8 on Cortex-M55/M85; read as "minus one" elsewhere, so round up to whole pairs. */
        const uint32_t counters = type & 0xFFu;
        if (counters >= 1) {
            /* Enabled, never reset: the cycle counter is the DWT's CYCCNT, which an RTOS may be using as its
               clock, so every value the agent reports is a difference of two reads (docs/firmware.md). */
            const uint32_t ctrl = HPX_RD(PMU_CTRL);
            HPX_WR(PMU_CTRL, ctrl | PMU_CTRL_E);
            HPX_WR(PMU_CNTENSET, PMU_CNT_C);
            if (advances(PMU_CCNTR)) {
                hw->source = HPX_COUNTERS_PMU;
                hw->event_pairs = (uint8_t)((counters + 1) / 2 > HPX_MAX_EVENTS ? HPX_MAX_EVENTS : (counters + 1) / 2);
                return;
            }
            HPX_WR(PMU_CTRL, ctrl); /* as it was: a PMU that does not count is left to its owner */
        }
    }
    if (has_dwt) {
        if (hw->part == PART_M7)
            HPX_WR(DWT_LAR, 0xC5ACCE55u); /* the Cortex-M7 DWT is locked after reset */
        if (!(HPX_RD(DWT_CTRL) & DWT_CTRL_NOCYCCNT)) {
            /* Enabled if it was not, never written: deltas only, so an RTOS keeping time with CYCCNT is not
               disturbed. */
            HPX_WR(DWT_CTRL, HPX_RD(DWT_CTRL) | 1u);
            if (advances(DWT_CYCCNT))
                hw->source = HPX_COUNTERS_DWT;
        }
    }
}

void hpx_hw_program(hpx_hw_t *hw, const uint16_t *numbers, uint8_t count)
{
    if (hw->source != HPX_COUNTERS_PMU)
        return;
    uint32_t enable = 0;
    HPX_WR(PMU_CNTENCLR, 0xFFu);
    for (uint8_t k = 0; k < count && k < hw->event_pairs; ++k) {
        /* 16-bit counters: the odd one counts the even one's overflows, giving one 32-bit event. Not reset: a
           value is the difference of two reads. */
        HPX_WR(PMU_EVTYPER(2u * k), numbers[k]);
        HPX_WR(PMU_EVTYPER(2u * k + 1u), HPX_EVENT_CHAIN);
        enable |= 3u << (2u * k);
    }
    HPX_WR(PMU_OVSCLR, enable);
    hw->events_enabled = enable;
    HPX_WR(PMU_CNTENSET, enable);
}

/* Only the event counters stop: the cycle counter (CYCCNT) keeps running for whoever else reads it, and the agent
   subtracts its hooks' cycles instead, as with the DWT. */
void hpx_hw_freeze(const hpx_hw_t *hw)
{
    if (hw->source == HPX_COUNTERS_PMU && hw->events_enabled)
        HPX_WR(PMU_CNTENCLR, hw->events_enabled);
}

void hpx_hw_resume(const hpx_hw_t *hw)
{
    if (hw->source == HPX_COUNTERS_PMU && hw->events_enabled)
        HPX_WR(PMU_CNTENSET, hw->events_enabled);
}

uint32_t hpx_hw_cycles(const hpx_hw_t *hw, uint32_t (*callback)(void))
{
    switch (hw->source) {
    case HPX_COUNTERS_PMU:
        return HPX_RD(PMU_CCNTR);
    case HPX_COUNTERS_DWT:
        return HPX_RD(DWT_CYCCNT);
    case HPX_COUNTERS_CALLBACK:
        return callback();
    default:
        return 0;
    }
}

uint8_t hpx_hw_read(const hpx_hw_t *hw, uint32_t (*callback)(void), uint32_t *raw, uint8_t pairs)
{
    raw[0] = hpx_hw_cycles(hw, callback);
    if (hw->source != HPX_COUNTERS_PMU) {
        for (uint8_t k = 0; k < pairs; ++k)
            raw[1 + k] = 0;
        return 0;
    }
    /* Read while frozen (hpx_hw_freeze), so the two halves of a pair belong together. */
    for (uint8_t k = 0; k < pairs; ++k)
        raw[1 + k] = (HPX_RD(PMU_EVCNTR(2u * k + 1u)) << 16) | (HPX_RD(PMU_EVCNTR(2u * k)) & 0xFFFFu);
    /* Overflow flags since the last read: each pair's upper half (odd bits). Only the agent's event counters: the
       cycle counter's flag belongs to whoever else uses CYCCNT. */
    const uint32_t flags = HPX_RD(PMU_OVSSET) & hw->events_enabled;
    HPX_WR(PMU_OVSCLR, flags);
    uint8_t wrapped = 0;
    for (uint8_t k = 0; k < pairs; ++k)
        wrapped |= (uint8_t)(((flags >> (2u * k + 1u)) & 1u) << (1u + k));
    return wrapped;
}

const char *hpx_hw_core_name(uint16_t part)
{
    static const uint16_t parts[] = { PART_M3, PART_M4, PART_M7, PART_M33, PART_M35P, PART_M55, PART_M85, PART_M52 };
    static const char names[][12] = { "cortex-m3", "cortex-m4", "cortex-m7", "cortex-m33", "cortex-m35p", "cortex-m55",
        "cortex-m85", "cortex-m52" };
    for (size_t i = 0; i < sizeof parts / sizeof parts[0]; ++i)
        if (parts[i] == part)
            return names[i];
    return "unknown";
}
