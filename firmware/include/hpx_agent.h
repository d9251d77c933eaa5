/*
 * hpx agent: a drop-in profiling agent for Cortex-M inference firmware (C99, no heap, only string.h).
 *
 * It prints hpx wire protocol v1 (docs/compatibility.md §1) through a write callback, takes the host's pass plan
 * (docs/protocol.md) through a non-blocking read callback, and counts per operator with the Armv8.1-M PMU
 * (Cortex-M55/M85), the DWT cycle counter (Cortex-M3/M4/M7/M33) or a cycle callback of yours. The porting guide is
 * docs/firmware.md.
 *
 * Typical loop:
 *   hpx_init(&config);
 *   hpx_session_begin();                 preamble, host plan, --- HPX_START ---, metadata
 *   while (hpx_session_next()) {         one call per inference; opens passes, counts warmup
 *       hpx_inference_begin();
 *       run_model();                     hpx_layer_begin(i, "CONV_2D") ... hpx_layer_end() around each operator
 *       hpx_inference_end();             prints --- HPX_ITER n --- and the rows of a profiled inference
 *   }
 *   hpx_session_end();                   --- HPX_END ---
 */
#ifndef HPX_AGENT_H
#define HPX_AGENT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Compile-time configuration (docs/firmware.md, "Footprint"): define it to 0 for the core alone, which runs only
   config.builtin_passes and never announces HPX_PLAN_SUPPORTED=1 (config.read then only serves hpx_wait_host(), and
   plan_buffer is unused). 1 (the default): the core and the host plan (docs/protocol.md). */
#ifndef HPX_HOST_PLAN
#define HPX_HOST_PLAN 1
#endif

/* Counters per pass besides ARM_PMU_CPU_CYCLES: the Cortex-M55/M85 PMU has 8 16-bit counters, chained in pairs. */
#define HPX_MAX_EVENTS 4
/* Columns of one row: the four events plus the cycle counter. */
#define HPX_MAX_COLUMNS (HPX_MAX_EVENTS + 1)
/* Nesting depth of layers (a WHILE operator's event encloses the events of its body's operators). */
#define HPX_MAX_DEPTH 8
/* Passes one plan may hold (docs/protocol.md). */
#define HPX_MAX_PASSES 64

/* How the board reaches the host; decides the HPX_READY preamble (docs/compatibility.md §1.3). */
typedef enum {
    HPX_TRANSPORT_UART = 0, /* 40 x HPX_READY, 20 ms apart */
    HPX_TRANSPORT_RTT = 1, /* 1 x HPX_READY */
    HPX_TRANSPORT_USB_CDC = 2 /* none: call after the host has asserted DTR */
} hpx_transport_t;

/* What counts cycles and events, found by hpx_init() at run time. */
typedef enum {
    HPX_COUNTERS_NONE = 0, /* nothing counts: rows carry no counter column (HPX_WARN=not_counted) */
    HPX_COUNTERS_CALLBACK = 1, /* cycles from config.cycles (SysTick, a timer, -icount under QEMU); no events */
    HPX_COUNTERS_DWT = 2, /* cycles from DWT_CYCCNT (only read, never written); no events */
    HPX_COUNTERS_PMU = 3 /* Armv8.1-M PMU: cycle counter + 4 chained 32-bit event counters */
} hpx_counters_t;

/* One operator's row. The application gives one per layer it wants recorded (config.rows). */
typedef struct {
    const char *op; /* tag as the engine names it (CONV_2D); printed as is */
    uint32_t value[HPX_MAX_COLUMNS]; /* start snapshot while the layer runs, then its counts */
    uint8_t state; /* internal */
    uint8_t overflow; /* a counter wrapped more than its 32 bits could hold */
    /* Where the operator is in the model (hpx_layer_begin_at), printed as HPX_LAYER_POSITIONS: subgraph
       HPX_NO_POSITION when the engine did not say. parent: the row of the layer whose event encloses it, or
       HPX_NO_POSITION. Internal: set by the agent. */
    uint16_t subgraph, op_index, parent;
} hpx_row_t;

#define HPX_NO_POSITION 0xFFFFu

typedef struct {
    /* Required: writes n bytes to the host (UART, USB CDC, RTT, ...). May block. Lines are at most 128 bytes a
       write. */
    void (*write)(const char *bytes, size_t n);
    /* Optional: reads up to max bytes the host sent, without blocking; returns how many. NULL: no host plan. */
    size_t (*read)(char *bytes, size_t max);
    /* Optional: a free-running 32-bit cycle counter, used when neither the PMU nor the DWT counts. */
    uint32_t (*cycles)(void);
    const char *cycles_name; /* printed as HPX_CYCLE_SOURCE when cycles is used ("systick"); NULL: "callback" */
    uint32_t clock_hz; /* core clock, for HPX_SYSTEM_CLOCK_HZ and all waits */

    hpx_transport_t transport;
    const char *engine; /* HPX_ENGINE: tflm, helia_rt, ... (NULL: tflm) */
    uint32_t model_size, arena_size; /* HPX_MODEL_SIZE / HPX_ARENA_SIZE when not 0 */

    /* Built-in passes when the host sends no plan, in the plan's syntax:
       "pass=cpu_0:ARM_PMU_CPU_CYCLES,ARM_PMU_INST_RETIRED pass=mve_0:0x0200". NULL: one pass of cycles. */
    const char *builtin_passes;
    uint32_t iterations, warmup; /* built-in values; the plan may replace them (0 iterations: 1) */
    uint32_t heartbeat_every_n_ops; /* 0: no heartbeats */
    uint32_t heartbeat_every_ms;
    uint32_t plan_wait_ms; /* how long to listen for a plan after HPX_PLAN_SUPPORTED=1 (0: 3000) */

    /* Storage the agent uses; it allocates nothing. */
    hpx_row_t *rows;
    uint16_t max_layers; /* rows beyond it are not recorded (HPX_WARN=layers_exceed_capacity) */
    char *plan_buffer; /* holds the host's plan line for the whole session; about 110 bytes per pass of 4 names */
    uint16_t plan_buffer_size; /* 0: the host plan is not offered */

    /* Power windows (docs/power.md): the board port's GPIO hook, hpx_port_gpio_write(pin, level), and the pins wired
       to the power meter's digital inputs. NULL: the windows still run and time themselves, no pin moves. */
    void (*gpio_write)(uint8_t pin, uint8_t level);
    uint8_t power_gate_pin; /* high for exactly each power window (HPX_POWER_GATE_PIN in docs/power.md) */
    uint8_t power_marker_pin; /* toggled at the end of every operator event in the marker window */
} hpx_config_t;

/* Probes the counters (never faults on a core without them) and keeps the configuration. Returns what counts. */
hpx_counters_t hpx_init(const hpx_config_t *config);
hpx_counters_t hpx_counters(void);
/* The core found in CPUID, e.g. "cortex-m55" ("unknown" for others). */
const char *hpx_core_name(void);

/* Waits until the host sends any byte (kept for the plan) or timeout_ms passes (0: forever). Returns 1 if a byte
   came (0 at once without a read callback). Use it where the host cannot reset the board (TCP bridge, emulator):
   the host sends an LF when it opens. */
int hpx_wait_host(uint32_t timeout_ms);

/* Preamble, plan exchange, --- HPX_START --- and the session's metadata. */
void hpx_session_begin(void);
/* Before each inference: 1 while one remains (warmup included), 0 when every pass is done. */
int hpx_session_next(void);
void hpx_inference_begin(void);
void hpx_inference_end(void);
/* Summary and --- HPX_END ---. A new session starts with hpx_session_begin(). */
void hpx_session_end(void);

/* Operators: index = position in this inference (0, 1, ...), op = the engine's tag. Layers nest. Every begin needs
   its end, also for a layer that is not recorded (index >= max_layers, or deeper than HPX_MAX_DEPTH): that end ends
   it, not the layer around it. */
void hpx_layer_begin(uint16_t index, const char *op);
/* The same, for an engine that knows which operator of its model this is (TFLM: the subgraph and the operator's index
   in it). After the rows of a profiled inference the agent then prints HPX_LAYER_POSITIONS=..., one metadata line
   that heliaPROFILER's parser keeps and ignores, by which hpx Studio attributes each row to its operator exactly,
   through any nesting of control flow (docs/compatibility.md §0.2). */
void hpx_layer_begin_at(uint16_t index, const char *op, uint16_t subgraph, uint16_t op_index);
void hpx_layer_end(void);

/* The clean timing window: n inferences without layer hooks; prints HPX_CLEAN_INFER_*. Between begin and the
   first hpx_session_next(). */
void hpx_clean_window_begin(uint32_t inferences, uint32_t est_ms);
void hpx_clean_window_end(void);

/* Power windows (docs/power.md), after the passes (hpx_session_next() returned 0) and before hpx_session_end(), as
   heliaPROFILER's power firmware runs them, for a power meter on the board's supply:
     hpx_power_window_begin(n);  n uninstrumented inferences, each followed by hpx_power_inference_done();
     hpx_power_window_end();     the clean window: the gate pin is high for exactly it, nothing is printed
     hpx_marker_window_begin(n); n more, run with the layer hooks (profiler.BeginInference() ...), each followed by
     hpx_marker_window_end();    hpx_power_inference_done(): hpx_layer_end() only toggles the marker pin (no PMU
                                 reads, no output), so the recording carries each operator event's end
     hpx_power_terminal(0, "complete");  the power terminal record in heliaPROFILER's format (its nine keys) */
void hpx_power_window_begin(uint32_t inferences);
void hpx_power_inference_done(void);
void hpx_power_window_end(void);
void hpx_marker_window_begin(uint32_t inferences);
void hpx_marker_window_end(void);
/* HPX_POWER_STATUS=error when error_code is not 0; final_phase names where the windows stopped (not empty). */
void hpx_power_terminal(uint32_t error_code, const char *final_phase);

/* Extra lines inside the session: HPX_<key>=<value>, HPX_HEARTBEAT phase=<phase> [fields], HPX_ERROR=<payload>
   (fatal: stop calling the agent afterwards) and HPX_WARN=<payload>. */
void hpx_meta_u32(const char *key, uint32_t value);
void hpx_meta_str(const char *key, const char *value);
void hpx_heartbeat(const char *phase, const char *fields);
void hpx_error(const char *payload);
void hpx_warn(const char *payload);

#ifdef __cplusplus
}
#endif

#endif /* HPX_AGENT_H */
