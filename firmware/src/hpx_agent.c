/* The session: preamble, host plan, metadata, passes, per-layer counting and the CSV rows (docs/compatibility.md
   §1, docs/protocol.md). One agent per firmware: its state is this file's static data. */
#include "hpx_internal.h"

#include <string.h>

#define ROW_FREE 0
#define ROW_OPEN 1
#define ROW_DONE 2
#define NOT_COUNTED 0xFFu

static struct {
    hpx_config_t cfg;
    hpx_hw_t hw;

    /* Host bytes: one line at a time into cfg.plan_buffer until an HPX_PLAN line is complete. */
    uint16_t rx_len;
    uint8_t rx_overlong, rx_plan;

    /* The active plan: the host's line (accepted) or cfg.builtin_passes. */
    const char *plan;
    const char *builtin_refused; /* why config.builtin_passes cannot run here, or NULL */
    uint16_t plan_len, passes;
    uint32_t iterations, warmup;

    /* Progress. */
    uint16_t pass;
    uint8_t started; /* --- HPX_START --- printed, END not yet */
    uint8_t pass_open, profiled, warned_capacity, warned_empty;
    uint8_t iter_printed; /* an HPX_ITER of the open pass went out (its header fixes the pass's columns) */
    uint32_t inference; /* in this pass, warmup included */
    hpx_pass_t cur;
    uint8_t column_pair[HPX_MAX_COLUMNS]; /* 0: cycles, 1 + k: event pair k, NOT_COUNTED: left out of the rows */

    /* The inference. */
    uint8_t in_inference, voided; /* voided: the counters changed under it; it does not count and runs again */
    uint16_t depth, recorded;
    uint16_t dropped; /* open layers not recorded (capacity, depth): always the innermost ones */
    uint32_t begun; /* hpx_layer_begin calls in this inference */
    int32_t last_index;
    uint16_t stack[HPX_MAX_DEPTH];
    uint8_t wrapped[HPX_MAX_DEPTH]; /* per open layer: columns whose source wrapped since it began */
    uint8_t lost[HPX_MAX_DEPTH]; /* per open layer: a column wrapped twice */
    uint32_t last_raw[HPX_MAX_COLUMNS]; /* for wrap detection between two reads */
    uint32_t hidden; /* cycles the agent spent in its hooks (sources it cannot freeze) */
    uint32_t infer_start, beat_start, clean_start, clean_count;
    uint32_t profiled_count, profiled_us, profiled_rem;

    /* Power windows (docs/power.md). */
    uint8_t power_phase; /* POWER_* below */
    uint8_t marker_level, gate_asserted, gate_lowered;
    uint32_t power_requested, power_completed, power_mark, power_us, power_rem;

} g;

static void check_privilege(void);

/* ---- time ---- */

static uint32_t now(void)
{
    check_privilege();
    return hpx_hw_cycles(&g.hw, g.cfg.cycles);
}

static uint32_t cycles_per_ms(void)
{
    const uint32_t c = g.cfg.clock_hz / 1000u;
    return c ? c : 1u;
}

/* Polls `poll` until it returns nonzero or ms pass. Without any cycle source, each poll counts as a microsecond. */
static int wait_ms(uint32_t ms, int (*poll)(void))
{
    const int timed = g.hw.source != HPX_COUNTERS_NONE;
    uint32_t last = now(), acc = 0, elapsed = 0;
    while (ms == 0 || elapsed < ms) {
        if (poll && poll())
            return 1;
        if (timed) {
            const uint32_t t = now();
            acc += t - last;
            last = t;
        } else {
            ++acc;
        }
        const uint32_t unit = timed ? cycles_per_ms() : 1000u;
        while (acc >= unit) {
            acc -= unit;
            ++elapsed;
        }
    }
    return 0;
}

/* ---- host bytes ---- */

#if HPX_HOST_PLAN
static int is_plan_line(const char *s, size_t n)
{
    return n >= 8 && memcmp(s, "HPX_PLAN", 8) == 0 && (n == 8 || s[8] == ' ' || s[8] == '\t' || s[8] == '\r');
}

/* Reads what the host sent; keeps the first complete HPX_PLAN line. Returns 1 if any byte came. */
static int receive(void)
{
    if (!g.cfg.read || g.rx_plan)
        return 0;
    char chunk[16];
    const size_t n = g.cfg.read(chunk, sizeof chunk);
    for (size_t i = 0; i < n && !g.rx_plan; ++i) {
        const char c = chunk[i];
        if (c == '\n') {
            const size_t len = g.rx_len;
            if (g.rx_overlong || (len && is_plan_line(g.cfg.plan_buffer, len)))
                g.rx_plan = 1; /* answered (ACK or NAK) once the board listens */
            else
                g.rx_len = 0; /* other lines (the host's wake-up LF, HPX_GO) are not for the agent */
        } else if (g.rx_len + 1u < g.cfg.plan_buffer_size) {
            g.cfg.plan_buffer[g.rx_len++] = c;
        } else {
            g.rx_overlong = 1;
        }
    }
    return n > 0;
}

static int plan_line_ready(void)
{
    receive();
    return g.rx_plan;
}
#else
/* The core alone: host bytes only end hpx_wait_host(). */
static int receive(void)
{
    char chunk[16];
    return g.cfg.read && g.cfg.read(chunk, sizeof chunk) > 0;
}
#endif

int hpx_wait_host(uint32_t timeout_ms)
{
    if (!g.cfg.read)
        return 0;
    if (g.rx_plan || g.rx_len)
        return 1;
    return wait_ms(timeout_ms, receive);
}

/* ---- plan ---- */

static void use_builtin_plan(void)
{
    static const char cycles_only[] = "pass=cpu_0:ARM_PMU_CPU_CYCLES";
    hpx_plan_verdict_t v;
    g.plan = g.cfg.builtin_passes ? g.cfg.builtin_passes : cycles_only;
    g.plan_len = (uint16_t)strlen(g.plan);
    hpx_plan_check(g.plan, g.plan_len, g.hw.pmu_architecture, &v);
    g.builtin_refused = v.reason;
    if (v.reason) { /* a built-in plan this core cannot run: count cycles (said after START) */
        g.plan = cycles_only;
        g.plan_len = (uint16_t)strlen(cycles_only);
        hpx_plan_check(g.plan, g.plan_len, g.hw.pmu_architecture, &v);
    }
    g.passes = v.passes;
    g.iterations = g.cfg.iterations ? g.cfg.iterations : 1u;
    g.warmup = g.cfg.warmup;
}

#if HPX_HOST_PLAN
static void nak(const hpx_plan_verdict_t *v)
{
    hpx_outf("HPX_PLAN_NAK reason=%s", v->reason);
    if (v->pass)
        hpx_outf(" pass=%m", v->pass, (unsigned)v->pass_len);
    if (v->item_key)
        hpx_outf(" %s=%m", v->item_key, v->item, (unsigned)v->item_len);
    if (v->count)
        hpx_outf(" count=%u", v->count);
    if (v->max)
        hpx_outf(" max=%u", v->max);
    if (v->not_capturable)
        hpx_outf(" soc=%s", hpx_core_name());
    hpx_out_eol();
}

static void answer_plan(void)
{
    hpx_plan_verdict_t v;
    if (g.rx_overlong) {
        hpx_outf("HPX_PLAN_NAK reason=line_too_long max=%u\n", (unsigned)(g.cfg.plan_buffer_size - 1u));
        return;
    }
    hpx_plan_check(g.cfg.plan_buffer, g.rx_len, g.hw.pmu_architecture, &v);
    if (v.reason) {
        nak(&v);
        return;
    }
    g.plan = g.cfg.plan_buffer;
    g.plan_len = g.rx_len;
    g.passes = v.passes;
    if (v.given & 1u)
        g.iterations = v.iterations;
    if (v.given & 2u)
        g.warmup = v.warmup;
    hpx_outf("HPX_PLAN_ACK passes=%u\n", (unsigned)v.passes);
}
#endif

/* ---- set-up ---- */

const char *hpx_core_name(void)
{
    return hpx_hw_core_name(g.hw.part);
}

hpx_counters_t hpx_init(const hpx_config_t *config)
{
    memset(&g, 0, sizeof g);
    g.cfg = *config;
    hpx_out_init(config->write);
    hpx_hw_probe(&g.hw, g.cfg.cycles);
    return g.hw.source;
}

hpx_counters_t hpx_counters(void)
{
    return g.hw.source;
}

static const char *source_name(void)
{
    switch (g.hw.source) {
    case HPX_COUNTERS_PMU:
        return "pmu";
    case HPX_COUNTERS_DWT:
        return "dwt";
    case HPX_COUNTERS_CALLBACK:
        return g.cfg.cycles_name ? g.cfg.cycles_name : "callback";
    default:
        return "none";
    }
}

/* What each column of pass p reads: 0 the cycle source, 1 + k event pair k, NOT_COUNTED when nothing here counts
   it. Fills the events to program; returns how many. */
static uint8_t map_columns(const hpx_pass_t *p, uint8_t *column, uint16_t *events)
{
    uint8_t pairs = 0;
    for (uint8_t i = 0; i < p->count; ++i) {
        if (p->number[i] == HPX_EVENT_CPU_CYCLES) {
            column[i] = g.hw.source != HPX_COUNTERS_NONE ? 0u : NOT_COUNTED;
        } else if (g.hw.source == HPX_COUNTERS_PMU && pairs < g.hw.event_pairs) {
            events[pairs] = p->number[i];
            column[i] = ++pairs;
        } else {
            column[i] = NOT_COUNTED;
        }
    }
    return pairs;
}

static void put_column_name(const hpx_pass_t *p, uint8_t i, int quoted);

/* A column nothing on this board counts (PMU events on a core whose PMU does not count, such as QEMU's; cycles
   without any cycle source) is left out of the pass's header and rows, never printed as 0: hpx's DWT-only firmware
   does the same with the events it cannot count (docs/compatibility.md §1.5). The stream names each one. */
static void warn_uncounted(void)
{
    uint8_t said = 0;
    for (uint16_t k = 0; k < g.passes; ++k) {
        hpx_pass_t p;
        uint8_t column[HPX_MAX_COLUMNS];
        uint16_t events[HPX_MAX_EVENTS];
        hpx_plan_pass(g.plan, g.plan_len, k, &p);
        map_columns(&p, column, events);
        const char *sep = " counters=";
        for (uint8_t i = 0; i < p.count; ++i) {
            if (column[i] != NOT_COUNTED)
                continue;
            if (!said && g.hw.pmu_architecture && g.hw.source != HPX_COUNTERS_PMU)
                hpx_outf(
                    "HPX_WARN=pmu_unavailable core=%s cycles=%s event_counters=0\n", hpx_core_name(), source_name());
            said = 1;
            if (*sep == ' ')
                hpx_outf("HPX_WARN=not_counted pass=%m", p.name, (unsigned)p.name_len);
            hpx_out_str(sep);
            put_column_name(&p, i, 0);
            sep = ",";
        }
        if (*sep == ',')
            hpx_out_eol();
    }
}

void hpx_session_begin(void)
{
    const uint32_t readies = g.cfg.transport == HPX_TRANSPORT_UART ? 40u
        : g.cfg.transport == HPX_TRANSPORT_RTT                     ? 1u
                                                                   : 0u;
    for (uint32_t i = 0; i < readies; ++i) {
        hpx_out_line("HPX_READY");
        if (g.cfg.transport == HPX_TRANSPORT_UART)
            wait_ms(20, receive);
    }
    g.plan = NULL;
    use_builtin_plan();
#if HPX_HOST_PLAN
    if (g.cfg.read && g.cfg.plan_buffer && g.cfg.plan_buffer_size > 1) {
        hpx_out_line("HPX_PLAN_SUPPORTED=1");
        if (wait_ms(g.cfg.plan_wait_ms ? g.cfg.plan_wait_ms : 3000u, plan_line_ready) || g.rx_plan)
            answer_plan();
    }
#endif
    /* Whole runs of metadata lines in one text each: the keys cost their bytes and no call sequence. */
    hpx_outf("\n--- HPX_START ---\nHPX_VERSION=1\nHPX_ENGINE=%s\nHPX_EXTREME_MODE=0\n",
        g.cfg.engine ? g.cfg.engine : "tflm");
    if (g.cfg.model_size)
        hpx_meta_u32("MODEL_SIZE", g.cfg.model_size);
    if (g.cfg.arena_size)
        hpx_meta_u32("ARENA_SIZE", g.cfg.arena_size);
    hpx_outf("HPX_ITERATIONS=%u\nHPX_WARMUP=%u\nHPX_NUM_PRESETS=%u\nHPX_PRESETS=", (unsigned)g.iterations,
        (unsigned)g.warmup, (unsigned)g.passes);
    for (uint16_t k = 0; k < g.passes; ++k) {
        hpx_pass_t p;
        hpx_plan_pass(g.plan, g.plan_len, k, &p);
        if (k)
            hpx_out_char(',');
        hpx_out_mem(p.name, p.name_len);
    }
    hpx_outf("\nHPX_POWER_SYNC=none\nHPX_HEARTBEAT_ENABLED=%u\n", g.cfg.heartbeat_every_n_ops ? 1u : 0u);
    if (g.cfg.heartbeat_every_n_ops)
        hpx_outf("HPX_HEARTBEAT_EVERY_N_OPS=%u\nHPX_HEARTBEAT_EVERY_MS=%u\nHPX_HEARTBEAT phase=init t=0\n",
            (unsigned)g.cfg.heartbeat_every_n_ops, (unsigned)g.cfg.heartbeat_every_ms);
    /* What this agent found (extension keys: hpx stores and ignores them, docs/firmware.md). */
    hpx_outf("HPX_AGENT=hpx-agent-1\nHPX_CORE=%s\nHPX_CYCLE_SOURCE=%s\nHPX_EVENT_COUNTERS=%u\nHPX_PLAN_SOURCE=%s\n",
        hpx_core_name(), source_name(), (unsigned)g.hw.event_pairs, g.plan == g.cfg.plan_buffer ? "host" : "built-in");
    g.started = 1;
    g.warned_empty = 0;
    if (g.hw.unprivileged)
        hpx_outf("HPX_WARN=unprivileged cycles=%s\n", source_name());
    if (g.builtin_refused) {
        hpx_outf("HPX_WARN=builtin_passes_refused reason=%s\n", g.builtin_refused);
    }
    warn_uncounted();
    if (g.cfg.clock_hz)
        hpx_meta_u32("SYSTEM_CLOCK_HZ", g.cfg.clock_hz);
    g.pass = 0;
    g.pass_open = 0;
    g.profiled_count = g.profiled_us = g.profiled_rem = 0;
}

void hpx_clean_window_begin(uint32_t inferences, uint32_t est_ms)
{
    if (g.cfg.heartbeat_every_n_ops) {
        hpx_outf("HPX_HEARTBEAT phase=clean_window_begin iters=%u est_ms=%u\n", (unsigned)inferences, (unsigned)est_ms);
    }
    g.clean_count = inferences;
    g.clean_start = now();
}

void hpx_clean_window_end(void)
{
    const uint32_t total = now() - g.clean_start;
    const uint32_t n = g.clean_count ? g.clean_count : 1u;
    const uint32_t per_us = g.cfg.clock_hz / 1000000u;
    hpx_outf("HPX_CLEAN_INFER_COUNT=%u\nHPX_CLEAN_INFER_TOTAL_CYCLES=%u\nHPX_CLEAN_INFER_AVG_CYCLES=%u\n"
             "HPX_CLEAN_INFER_AVG_US=%u\n",
        (unsigned)g.clean_count, (unsigned)total, (unsigned)(total / n), (unsigned)(per_us ? total / n / per_us : 0u));
}

/* ---- passes ---- */

/* Starts (or, after the counters changed under it, restarts) the pass g.cur: its columns, the PRESET line, the
   PMU's events. */
static void start_pass(void)
{
    uint16_t events[HPX_MAX_EVENTS];
    const uint8_t pairs = map_columns(&g.cur, g.column_pair, events);
    hpx_outf("\n--- HPX_PRESET %m ---\n", g.cur.name, (unsigned)g.cur.name_len);
    hpx_hw_program(&g.hw, events, pairs);
    g.inference = 0;
    g.iter_printed = 0;
}

static void open_pass(void)
{
    check_privilege();
    hpx_plan_pass(g.plan, g.plan_len, g.pass, &g.cur);
    start_pass();
    g.pass_open = 1;
}

/* Hooks that run unprivileged (an RTOS task under the MPU: CONTROL.nPRIV) fault on the DWT and PMU registers.
   Before touching them, the agent checks; if they are out of reach it falls back to the cycle callback (or to
   nothing) for good, says so, and restarts the open pass: an inference under way does not count, and a pass whose
   rows were already printed with other columns starts again (hpx keeps a repeated pass's last attempt). */
static void check_privilege(void)
{
    if (g.hw.source < HPX_COUNTERS_DWT || HPX_PRIVILEGED())
        return;
    g.hw.source = g.cfg.cycles ? HPX_COUNTERS_CALLBACK : HPX_COUNTERS_NONE;
    g.hw.event_pairs = 0;
    g.hw.events_enabled = 0;
    g.hw.unprivileged = 1;
    g.voided = g.in_inference;
    if (g.started) {
        hpx_outf("HPX_WARN=unprivileged cycles=%s\n", source_name());
        warn_uncounted();
    }
    if (g.pass_open) {
        uint16_t events[HPX_MAX_EVENTS];
        if (g.iter_printed)
            start_pass();
        else
            map_columns(&g.cur, g.column_pair, events);
        g.inference = 0;
    }
}

static void beat_pass(const char *phase, int with_iter)
{
    if (!g.cfg.heartbeat_every_n_ops)
        return;
    hpx_outf("HPX_HEARTBEAT phase=%s pass=%u", phase, (unsigned)g.pass);
    if (with_iter)
        hpx_outf(" iter=%u layer=%u", (unsigned)(g.inference > g.warmup ? g.inference - g.warmup : 0u),
            (unsigned)g.recorded);
    hpx_out_eol();
}

int hpx_session_next(void)
{
    for (;;) {
        if (!g.pass_open) {
            if (g.pass >= g.passes)
                return 0;
            open_pass();
            if (g.warmup == 0)
                beat_pass("warmup_done", 0);
        }
        if (g.inference < g.warmup + g.iterations)
            return 1;
        g.pass_open = 0;
        ++g.pass;
    }
}

void hpx_session_end(void)
{
    hpx_outf("HPX_PROFILED_INFER_COUNT=%u\nHPX_PROFILED_INFER_TOTAL_US=%u\nHPX_PROFILED_INFER_AVG_US=%u\n\n"
             "--- HPX_END ---\n",
        (unsigned)g.profiled_count, (unsigned)g.profiled_us,
        (unsigned)(g.profiled_count ? g.profiled_us / g.profiled_count : 0u));
    g.started = 0;
    /* The next session listens for a new plan. */
    g.rx_len = 0;
    g.rx_overlong = g.rx_plan = 0;
}

/* ---- layers ---- */

/* Reads every column's source; a wrap since the previous read is noted by every open layer. */
static void sample(uint32_t *raw)
{
    uint32_t values[1 + HPX_MAX_EVENTS];
    const uint8_t flags = hpx_hw_read(&g.hw, g.cfg.cycles, values, g.hw.event_pairs);
    values[0] -= g.hidden;
    for (uint8_t i = 0; i < g.cur.count; ++i) {
        const uint8_t src = g.column_pair[i];
        const uint8_t bit = (uint8_t)(1u << i);
        raw[i] = src == NOT_COUNTED ? 0u : values[src];
        /* The PMU flags an event counter's wrap even when the count went all the way round. The cycle count has the
           hooks' cycles subtracted, so its wrap is where that difference goes back, not where the counter's flag
           says. */
        const int wrapped = src == 0 || g.hw.source != HPX_COUNTERS_PMU ? raw[i] < g.last_raw[i]
                                                                        : src != NOT_COUNTED && ((flags >> src) & 1u);
        if (wrapped)
            for (uint16_t d = 0; d < g.depth; ++d) {
                g.lost[d] |= (uint8_t)(g.wrapped[d] & bit);
                g.wrapped[d] |= bit;
            }
        g.last_raw[i] = raw[i];
    }
}

/* Hooks: the PMU's event counters are frozen; the cycle count (which keeps running, for an RTOS that reads it too)
   has the hook's own cycles subtracted. */
static uint32_t hook_enter(void)
{
    check_privilege(); /* before any counter register is touched */
    hpx_hw_freeze(&g.hw);
    return hpx_hw_cycles(&g.hw, g.cfg.cycles);
}

static void hook_leave(uint32_t entered)
{
    g.hidden += hpx_hw_cycles(&g.hw, g.cfg.cycles) - entered;
    hpx_hw_resume(&g.hw);
}

void hpx_inference_begin(void)
{
    g.in_inference = 1;
    g.voided = 0;
    const uint32_t t = hook_enter();
    uint32_t raw[HPX_MAX_COLUMNS];
    g.profiled = g.pass_open && g.inference >= g.warmup;
    g.depth = 0;
    g.dropped = 0;
    g.begun = 0;
    g.recorded = 0;
    g.last_index = -1;
    sample(raw);
    g.beat_start = g.infer_start = now();
    hook_leave(t);
}

void hpx_layer_begin(uint16_t index, const char *op)
{
    hpx_layer_begin_at(index, op, HPX_NO_POSITION, 0);
}

void hpx_layer_begin_at(uint16_t index, const char *op, uint16_t subgraph, uint16_t op_index)
{
    if (!g.pass_open)
        return;
    const uint32_t t = hook_enter();
    ++g.begun;
    if (g.dropped || index >= g.cfg.max_layers || g.depth >= HPX_MAX_DEPTH) {
        /* Not recorded, but still open: its hpx_layer_end must not close the layer around it. Layers nested in it
           are not recorded either, so the unrecorded ones are always the innermost. */
        ++g.dropped;
        if (!g.warned_capacity) {
            g.warned_capacity = 1;
            hpx_outf("HPX_WARN=layers_exceed_capacity capacity=%u\n", (unsigned)g.cfg.max_layers);
        }
    } else {
        hpx_row_t *r = &g.cfg.rows[index];
        while (g.last_index < (int32_t)index) /* rows never begun in this inference stay out of it */
            g.cfg.rows[++g.last_index].state = ROW_FREE;
        sample(r->value); /* a wrap seen here happened before this layer began */
        r->op = op;
        r->state = ROW_OPEN;
        r->subgraph = subgraph;
        r->op_index = op_index;
        r->parent = g.depth ? g.stack[g.depth - 1] : HPX_NO_POSITION;
        g.stack[g.depth] = index;
        g.wrapped[g.depth] = 0;
        g.lost[g.depth] = 0;
        ++g.depth;
    }
    hook_leave(t);
}

static void marker_edge(void);
enum { POWER_IDLE = 0, POWER_CLEAN = 1, POWER_MARKER = 2 };

void hpx_layer_end(void)
{
    if (g.power_phase == POWER_MARKER) {
        marker_edge();
        return;
    }
    if (!g.pass_open || (g.depth == 0 && g.dropped == 0))
        return;
    const uint32_t t = hook_enter();
    if (g.dropped) {
        --g.dropped;
        hook_leave(t);
        return;
    }
    uint32_t raw[HPX_MAX_COLUMNS];
    sample(raw);
    --g.depth;
    hpx_row_t *r = &g.cfg.rows[g.stack[g.depth]];
    uint8_t lost = g.lost[g.depth];
    for (uint8_t i = 0; i < g.cur.count; ++i) {
        /* One wrap during the layer is harmless unless the count went past its start value again. */
        if ((g.wrapped[g.depth] & (1u << i)) && raw[i] >= r->value[i])
            lost = 1;
        r->value[i] = raw[i] - r->value[i];
    }
    r->overflow = lost ? 1u : 0u;
    r->state = ROW_DONE;
    ++g.recorded;
    if (g.cfg.heartbeat_every_n_ops) {
        const uint32_t elapsed = now() - g.beat_start;
        const int by_time = g.cfg.heartbeat_every_ms && elapsed / cycles_per_ms() >= g.cfg.heartbeat_every_ms;
        if (g.recorded % g.cfg.heartbeat_every_n_ops == 0 || by_time) {
            beat_pass("infer", 1);
            g.beat_start = now();
        }
    }
    hook_leave(t);
}

static void put_column_name(const hpx_pass_t *p, uint8_t i, int quoted)
{
    static const char hex[] = "0123456789abcdef";
    const char *e = p->event[i];
    if (quoted)
        hpx_out_char('"');
    if (p->event_len[i] > 1 && e[0] == '0' && (e[1] == 'x' || e[1] == 'X')) {
        /* a number prints as "0x%04x": the firmware has no name for it (docs/compatibility.md §1.5) */
        const uint16_t n = p->number[i];
        const char text[6] = { '0', 'x', hex[(n >> 12) & 15u], hex[(n >> 8) & 15u], hex[(n >> 4) & 15u], hex[n & 15u] };
        hpx_out_mem(text, sizeof text);
    } else {
        if (p->event_len[i] < 8 || memcmp(e, "ARM_PMU_", 8) != 0)
            hpx_out_str("ARM_PMU_");
        hpx_out_mem(e, p->event_len[i]);
    }
    if (quoted)
        hpx_out_char('"');
}

static void put_op(const char *op)
{
    if (!op || !*op) {
        hpx_out_char('?');
        return;
    }
    for (; *op; ++op) /* a cell is never quoted: keep separators and line ends out of it */
        hpx_out_char(*op == ',' || *op == '"' || *op == '\n' || *op == '\r' ? '_' : *op);
}

/* HPX_LAYER_POSITIONS=<entry>,... (docs/compatibility.md §0.2): entry k is Layer k, "<subgraph>.<operator>", or "-"
   for a row not printed or without a position; "^<row>" names the enclosing layer's row; consecutive rows of one
   subgraph, consecutive operators and one parent shorten to "<subgraph>.<first>-<last>[^<row>]". Printed only when
   the engine gave positions (hpx_layer_begin_at). */
static int positioned(const hpx_row_t *r)
{
    return r->state == ROW_DONE && r->subgraph != HPX_NO_POSITION;
}

static void put_positions(void)
{
    int32_t l;
    for (l = 0; l <= g.last_index && !positioned(&g.cfg.rows[l]); ++l) { }
    if (l > g.last_index)
        return;
    hpx_out_str("HPX_LAYER_POSITIONS=");
    for (l = 0; l <= g.last_index; ++l) {
        const hpx_row_t *r = &g.cfg.rows[l];
        if (l)
            hpx_out_char(',');
        if (!positioned(r)) {
            hpx_out_char('-');
            continue;
        }
        int32_t last = l;
        while (last < g.last_index) {
            const hpx_row_t *n = &g.cfg.rows[last + 1];
            const hpx_row_t *p = &g.cfg.rows[last];
            if (!positioned(n) || n->subgraph != r->subgraph || n->parent != r->parent
                || n->op_index != (uint16_t)(p->op_index + 1u))
                break;
            ++last;
        }
        hpx_out_u32(r->subgraph);
        hpx_out_char('.');
        hpx_out_u32(r->op_index);
        if (last > l) {
            hpx_out_char('-');
            hpx_out_u32(g.cfg.rows[last].op_index);
        }
        if (r->parent != HPX_NO_POSITION) {
            hpx_out_char('^');
            hpx_out_u32(r->parent);
        }
        l = last;
    }
    hpx_out_eol();
}

void hpx_inference_end(void)
{
    const uint32_t t = hook_enter();
    const uint32_t cycles = now() - g.infer_start;
    g.in_inference = 0;
    if (!g.pass_open || g.voided) {
        hook_leave(t);
        return;
    }
    if (g.begun == 0 && !g.warned_empty) {
        /* Nothing called hpx_layer_begin: a TFLM built with TF_LITE_STRIP_ERROR_STRINGS compiles its profiler
           calls out (docs/firmware.md). */
        g.warned_empty = 1;
        hpx_outf("HPX_WARN=no_layers_recorded pass=%m\n", g.cur.name, (unsigned)g.cur.name_len);
    }
    ++g.inference;
    if (!g.profiled) {
        if (g.inference == g.warmup)
            beat_pass("warmup_done", 0);
        hook_leave(t);
        return;
    }
    /* Whole microseconds of the profiled inferences, without 64-bit division. */
    const uint32_t per_us = g.cfg.clock_hz >= 1000000u ? g.cfg.clock_hz / 1000000u : 1u;
    g.profiled_rem += cycles % per_us;
    g.profiled_us += cycles / per_us + g.profiled_rem / per_us;
    g.profiled_rem %= per_us;
    ++g.profiled_count;

    hpx_outf("\n--- HPX_ITER %u ---\n\"Layer\",\"Op\"", (unsigned)(g.inference - g.warmup - 1u));
    g.iter_printed = 1;
    for (uint8_t i = 0; i < g.cur.count; ++i) {
        if (g.column_pair[i] == NOT_COUNTED)
            continue;
        hpx_out_char(',');
        put_column_name(&g.cur, i, 1);
    }
    hpx_out_line(",\"overflow\"");
    for (int32_t l = 0; l <= g.last_index; ++l) {
        const hpx_row_t *r = &g.cfg.rows[l];
        if (r->state != ROW_DONE)
            continue;
        hpx_out_u32((uint32_t)l);
        hpx_out_char(',');
        put_op(r->op);
        for (uint8_t i = 0; i < g.cur.count; ++i) {
            if (g.column_pair[i] == NOT_COUNTED)
                continue;
            hpx_out_char(',');
            hpx_out_u32(r->value[i]);
        }
        hpx_out_char(',');
        hpx_out_char(r->overflow ? '1' : '0');
        hpx_out_eol();
    }
    put_positions();
    hook_leave(t);
}

/* ---- power windows (docs/power.md) ---- */

static void gpio(uint8_t pin, uint8_t level)
{
    if (g.cfg.gpio_write)
        g.cfg.gpio_write(pin, level);
}

/* The end of an operator event in the marker window: one edge, nothing else (no PMU read, no output). */
static void marker_edge(void)
{
    g.marker_level = (uint8_t)(g.marker_level ^ 1u);
    gpio(g.cfg.power_marker_pin, g.marker_level);
}

void hpx_power_window_begin(uint32_t inferences)
{
    g.power_requested = inferences;
    g.power_completed = 0;
    g.power_us = g.power_rem = 0;
    g.power_phase = POWER_CLEAN;
    gpio(g.cfg.power_gate_pin, 1);
    g.gate_asserted = 1;
    g.power_mark = now();
}

/* Whole microseconds of the clean window, summed per inference so a long window never wraps the 32-bit counter. */
void hpx_power_inference_done(void)
{
    if (g.power_phase != POWER_CLEAN)
        return;
    const uint32_t t = now();
    const uint32_t cycles = t - g.power_mark;
    g.power_mark = t;
    const uint32_t per_us = g.cfg.clock_hz >= 1000000u ? g.cfg.clock_hz / 1000000u : 1u;
    g.power_rem += cycles % per_us;
    g.power_us += cycles / per_us + g.power_rem / per_us;
    g.power_rem %= per_us;
    ++g.power_completed;
}

void hpx_power_window_end(void)
{
    gpio(g.cfg.power_gate_pin, 0);
    g.gate_lowered = 1;
    g.power_phase = POWER_IDLE;
}

void hpx_marker_window_begin(uint32_t inferences)
{
    (void)inferences; /* the same N as the clean window (docs/power.md); kept for the caller's symmetry */
    g.marker_level = 0;
    gpio(g.cfg.power_marker_pin, 0);
    gpio(g.cfg.power_gate_pin, 1);
    g.power_phase = POWER_MARKER;
}

void hpx_marker_window_end(void)
{
    g.power_phase = POWER_IDLE;
    gpio(g.cfg.power_gate_pin, 0);
}

void hpx_power_terminal(uint32_t error_code, const char *final_phase)
{
    hpx_outf("--- HPX_POWER_TERMINAL_START ---\nHPX_POWER_TERMINAL_VERSION=1\nHPX_POWER_STATUS=%s\n"
             "HPX_POWER_REQUESTED_COUNT=%u\nHPX_POWER_COMPLETED_COUNT=%u\nHPX_POWER_ELAPSED_US=%u\n",
        error_code ? "error" : "ok", (unsigned)g.power_requested, (unsigned)g.power_completed, (unsigned)g.power_us);
    hpx_outf("HPX_POWER_FINAL_PHASE=%s\nHPX_POWER_ERROR_CODE=%u\nHPX_POWER_GATE_ASSERTED=%u\n"
             "HPX_POWER_GATE_LOWERED=%u\n--- HPX_POWER_TERMINAL_END ---\n",
        final_phase && final_phase[0] ? final_phase : "unknown", (unsigned)error_code, (unsigned)g.gate_asserted,
        (unsigned)g.gate_lowered);
}
