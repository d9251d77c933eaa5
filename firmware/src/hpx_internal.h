/* Shared by the agent's translation units; not part of the public API. */
#ifndef HPX_INTERNAL_H
#define HPX_INTERNAL_H

#include "hpx_agent.h"

#include <stddef.h>
#include <stdint.h>

/* Register access. On a board: volatile loads and stores. HPX_PORT_HOST (the host-side tests) routes them to a fake
   register file, so the same probing and counting code runs against a modelled PMU on the PC. */
#ifdef HPX_PORT_HOST
uint32_t hpx_port_read32(uint32_t address);
void hpx_port_write32(uint32_t address, uint32_t value);
int hpx_port_privileged(void);
#define HPX_RD(a) hpx_port_read32(a)
#define HPX_WR(a, v) hpx_port_write32((a), (v))
#define HPX_PRIVILEGED() hpx_port_privileged()
#else
#define HPX_RD(a) (*(volatile uint32_t *)(uintptr_t)(a))
#define HPX_WR(a, v) (*(volatile uint32_t *)(uintptr_t)(a) = (uint32_t)(v))
#if defined(__ARM_ARCH_PROFILE) && __ARM_ARCH_PROFILE == 'M'
/* Handler mode is always privileged; thread mode is unprivileged when CONTROL.nPRIV (bit 0) is set, as in an RTOS
   task under the MPU. Unprivileged code faults on the System Control Space, where CPUID, the DWT and the PMU are. */
static inline int hpx_privileged(void)
{
    uint32_t ipsr, control;
    __asm volatile("mrs %0, ipsr" : "=r"(ipsr));
    if (ipsr & 0x1FFu)
        return 1;
    __asm volatile("mrs %0, control" : "=r"(control));
    return !(control & 1u);
}
#define HPX_PRIVILEGED() hpx_privileged()
#else
#define HPX_PRIVILEGED() 1
#endif
#endif

#define HPX_EVENT_CPU_CYCLES 0x0011u
#define HPX_EVENT_CHAIN 0x001Eu

/* One pass of a plan; every text points into the plan line (host buffer or config.builtin_passes). */
typedef struct {
    const char *name;
    uint8_t name_len;
    uint8_t count; /* columns, ARM_PMU_CPU_CYCLES included */
    const char *event[HPX_MAX_COLUMNS];
    uint8_t event_len[HPX_MAX_COLUMNS];
    uint16_t number[HPX_MAX_COLUMNS];
} hpx_pass_t;

/* A plan line's verdict. On refusal, reason/detail name the documented NAK reason (docs/protocol.md). */
typedef struct {
    uint32_t iterations, warmup;
    uint8_t given; /* bit 0: iterations given, bit 1: warmup given (else the built-in values) */
    uint16_t passes;
    const char *reason; /* NULL: accepted */
    const char *pass; /* pass=<name> detail, or NULL */
    uint8_t pass_len;
    const char *item_key; /* a second detail: "token", "field", "event", "count" */
    const char *item;
    uint8_t item_len;
    uint32_t count, max; /* count= and max= details, when not 0 */
    uint8_t not_capturable; /* event_not_capturable: soc=<core> follows */
} hpx_plan_verdict_t;

/* hpx_output.c: one line buffer; hpx_out_eol() ends a line and writes it. */
void hpx_out_init(void (*write)(const char *bytes, size_t n));
void hpx_out_flush(void);
void hpx_out_mem(const char *s, size_t n);
void hpx_out_str(const char *s);
void hpx_out_char(char c);
void hpx_out_u32(uint32_t v);
void hpx_out_eol(void);
void hpx_out_line(const char *s);
void hpx_outf(const char *fmt, ...); /* %s, %u, %m (text, unsigned length); '\n' ends the line */

/* hpx_plan.c */
/* pmu_architecture: the core has an Armv8.1-M PMU (events other than cycles may be asked for). */
void hpx_plan_check(const char *line, size_t len, int pmu_architecture, hpx_plan_verdict_t *verdict);
/* Pass k (0-based) of a line that passed hpx_plan_check. Returns 0 if there is no such pass. */
int hpx_plan_pass(const char *line, size_t len, uint16_t k, hpx_pass_t *pass);
/* Event number for a catalogue name (with or without ARM_PMU_) or 0xNNNN text; -1 if unknown. */
int32_t hpx_event_number(const char *text, size_t len);

/* hpx_counters.c */
typedef struct {
    hpx_counters_t source;
    uint16_t part; /* CPUID PARTNO */
    uint8_t pmu_architecture; /* Armv8.1-M core: a PMU is architected, whether it counts or not */
    uint8_t event_pairs; /* chained 32-bit event counters available (0..4) */
    uint8_t unprivileged; /* the probe ran unprivileged: nothing of the System Control Space was touched */
    uint32_t events_enabled; /* PMU counters the running pass uses (CNTENSET bits) */
} hpx_hw_t;

void hpx_hw_probe(hpx_hw_t *hw, uint32_t (*callback)(void));
/* Programs the event counters for `numbers` (CPU cycles excluded) and starts them. */
void hpx_hw_program(hpx_hw_t *hw, const uint16_t *numbers, uint8_t count);
/* Stops / restarts the PMU's event counters so the agent's own work is not counted (the cycle counter runs on). */
void hpx_hw_freeze(const hpx_hw_t *hw);
void hpx_hw_resume(const hpx_hw_t *hw);
/* Raw 32-bit values: [0] cycles, [1 + k] event pair k. Returns the PMU event pairs' overflow flags since the last
   read in the same bit order (bit 0, the cycles, is never set, nor any bit for other sources: the caller compares
   with the previous read instead). */
uint8_t hpx_hw_read(const hpx_hw_t *hw, uint32_t (*callback)(void), uint32_t *raw, uint8_t pairs);
uint32_t hpx_hw_cycles(const hpx_hw_t *hw, uint32_t (*callback)(void));
const char *hpx_hw_core_name(uint16_t part); /* "cortex-m55", or "unknown" */

#endif /* HPX_INTERNAL_H */
