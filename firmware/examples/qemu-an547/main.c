/*
 * Example firmware for QEMU's mps3-an547 machine (Cortex-M55): it runs a model's operator sequence (model_ops.c,
 * generated from `hpx model-info --json`: int8 multiply-accumulates sized by each operator's MACs) through the hpx
 * agent, over CMSDK UART0. QEMU emulates neither the PMU nor the DWT; the agent finds that out and counts cycles
 * with SysTick, which under `-icount` advances with the instructions executed. See docs/firmware.md.
 */
#include "hpx_agent.h"
#include "model_ops.h"

#include <stdint.h>

#define REG(a) (*(volatile uint32_t *)(a))

/* CMSDK APB UART0 of the AN547 (non-secure alias; the core runs secure with the SAU off, which reaches it too). */
#define UART0 0x49303000u
#define UART_DATA REG(UART0 + 0x00u)
#define UART_STATE REG(UART0 + 0x04u)
#define UART_CTRL REG(UART0 + 0x08u)
#define UART_BAUDDIV REG(UART0 + 0x10u)
#define UART_STATE_TXFULL 1u
#define UART_STATE_RXFULL 2u

#define SYST_CSR REG(0xE000E010u)
#define SYST_RVR REG(0xE000E014u)
#define SYST_CVR REG(0xE000E018u)

#define CLOCK_HZ 32000000u /* the AN547's system clock in QEMU; SysTick runs on it */

#ifndef HPX_EXAMPLE_ITERATIONS
#define HPX_EXAMPLE_ITERATIONS 3
#endif
#ifndef HPX_EXAMPLE_WARMUP
#define HPX_EXAMPLE_WARMUP 1
#endif

static void uart_write(const char *bytes, size_t n)
{
    for (size_t i = 0; i < n; ++i) {
        while (UART_STATE & UART_STATE_TXFULL) { }
        UART_DATA = (uint8_t)bytes[i];
    }
}

static size_t uart_read(char *bytes, size_t max)
{
    size_t n = 0;
    while (n < max && (UART_STATE & UART_STATE_RXFULL))
        bytes[n++] = (char)UART_DATA;
    return n;
}

/* SysTick counts down 24 bits; its wrap interrupt extends it to 32. */
static volatile uint32_t systick_wraps;

void board_systick(void)
{
    ++systick_wraps;
}

static uint32_t systick_cycles(void)
{
    uint32_t high, low;
    do {
        high = systick_wraps;
        low = SYST_CVR;
    } while (high != systick_wraps);
    return (high << 24) + (0xFFFFFFu - low);
}

void board_fault(void)
{
    static const char text[] = "HPX_ERROR=hard_fault\n";
    uart_write(text, sizeof text - 1);
    for (;;) { }
}

/* The int8 work of one operator: a dot product over small buffers, repeated to the operator's MACs. */
static int8_t weights[256], activations[256];
static volatile int32_t sink;

static void run_operator(const hpx_model_op_t *op)
{
    uint32_t macs = op->macs / HPX_MODEL_MAC_DIVISOR;
    if (macs == 0)
        macs = 64; /* operators without MACs (reshape, softmax, ...) still touch their data */
    int32_t acc = 0;
    while (macs) {
        const uint32_t n = macs > 256u ? 256u : macs;
        for (uint32_t i = 0; i < n; ++i)
            acc += weights[i] * activations[i];
        macs -= n;
    }
    sink = acc;
}

static void run_model(void)
{
    for (uint16_t i = 0; i < HPX_MODEL_OP_COUNT; ++i) {
        hpx_layer_begin(i, hpx_model_ops[i].tag);
        run_operator(&hpx_model_ops[i]);
        hpx_layer_end();
    }
}

static hpx_row_t rows[HPX_MODEL_OP_COUNT];
static char plan_buffer[1024];

int main(void)
{
    UART_BAUDDIV = 16;
    UART_CTRL = 3u; /* TX and RX */
    SYST_RVR = 0xFFFFFFu;
    SYST_CVR = 0;
    SYST_CSR = 7u; /* processor clock, interrupt, enable */
    for (int i = 0; i < 256; ++i) {
        weights[i] = (int8_t)(i * 7 - 100);
        activations[i] = (int8_t)(i * 3 + 5);
    }

    const hpx_config_t config = {
        .write = uart_write,
        .read = uart_read,
        .cycles = systick_cycles,
        .cycles_name = "systick",
        .clock_hz = CLOCK_HZ,
        .transport = HPX_TRANSPORT_UART,
        .engine = "tflm",
        .model_size = HPX_MODEL_SIZE,
        .builtin_passes = "pass=cpu_0:ARM_PMU_CPU_CYCLES",
        .iterations = HPX_EXAMPLE_ITERATIONS,
        .warmup = HPX_EXAMPLE_WARMUP,
        .heartbeat_every_n_ops = 8,
        .heartbeat_every_ms = 2000,
        .rows = rows,
        .max_layers = HPX_MODEL_OP_COUNT,
        .plan_buffer = plan_buffer,
        .plan_buffer_size = sizeof plan_buffer,
    };
    hpx_init(&config);
    for (;;) {
        /* Nobody can press reset on an emulator: each host that connects sends an LF, and gets a fresh session. */
        hpx_wait_host(0);
        hpx_session_begin();
        hpx_clean_window_begin(2, 0);
        for (int i = 0; i < 2; ++i)
            run_model();
        hpx_clean_window_end();
        while (hpx_session_next()) {
            hpx_inference_begin();
            run_model();
            hpx_inference_end();
        }
        hpx_session_end();
    }
}
