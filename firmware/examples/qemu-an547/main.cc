// The virtual board's firmware: TensorFlow Lite Micro on QEMU's mps3-an547 (Cortex-M55 with MVE), profiled by
// hpx agent through its TFLM adapter over CMSDK UART0 (docs/virtual-board.md).
//
// The model is linked in (model.S, .incbin), the op resolver is generated from the operators of every subgraph
// (model_ops.cc, gen_model_ops.cmake), the kernels are TFLM's reference kernels or Arm's CMSIS-NN (HPX_KERNELS_NAME,
// one library per kernel set). Every inference is a real Invoke(): WHILE bodies loop as often as the model says, IF
// takes its branch, CALL_ONCE runs its init graph in the first Invoke() of a session, which is not profiled.
//
// QEMU emulates neither the PMU nor the DWT: the agent finds that out and counts with SysTick, which under
// `-icount shift=5` advances by one per instruction executed. The stream says so (HPX_CYCLE_SOURCE): these are
// emulated instructions, not cycles.
#include "hpx_agent.h"
#include "hpx_tflm_positions.h"
#include "hpx_tflm_profiler.h"
#include "inference_io.h"
#include "tensorflow/lite/micro/micro_allocator.h"
#include "tensorflow/lite/micro/micro_interpreter.h"
#include "tensorflow/lite/micro/micro_op_resolver.h"
#include "tensorflow/lite/micro/micro_resource_variable.h"
#include "tensorflow/lite/schema/schema_generated.h"

#include <new>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#ifndef HPX_KERNELS_NAME
#define HPX_KERNELS_NAME "reference"
#endif

// The model and the built-in iterations (model.S), the user's input (input.S: empty for the fixed input), its resolver
// (model_ops.cc) and TFLM's last log line (debug_log.cc).
extern "C" const unsigned char hpx_model_data[];
extern "C" const unsigned char hpx_model_data_end[];
extern "C" const unsigned char hpx_input_data[];
extern "C" const unsigned char hpx_input_data_end[];
extern "C" const uint32_t hpx_board_iterations, hpx_board_warmup;
const tflite::MicroOpResolver *hpx_model_op_resolver();
extern const bool hpx_model_has_call_once;
extern const unsigned hpx_model_resource_variables;
extern char hpx_tflm_last_log[160];

// The tensor arena: the DTCM left between .bss and the stack (linker.ld), so any model that fits the board runs
// without a rebuild; the stream reports how much of it TFLM used (HPX_ALLOCATED_ARENA).
extern "C" uint8_t __arena_start[], __arena_end[];

#define REG(a) (*(volatile uint32_t *)(a))

// CMSDK APB UART0 of the AN547 (non-secure alias; the core runs secure with the SAU off, which reaches it too).
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

#define CLOCK_HZ 32000000u // the AN547's system clock in QEMU; SysTick runs on it

#ifndef HPX_MAX_ROWS
#define HPX_MAX_ROWS 2048 // operator invocations per inference, WHILE iterations included
#endif

namespace {

void uart_write(const char *bytes, size_t n)
{
    for (size_t i = 0; i < n; ++i) {
        while (UART_STATE & UART_STATE_TXFULL) { }
        UART_DATA = static_cast<uint8_t>(bytes[i]);
    }
}

size_t uart_read(char *bytes, size_t max)
{
    size_t n = 0;
    while (n < max && (UART_STATE & UART_STATE_RXFULL))
        bytes[n++] = static_cast<char>(UART_DATA);
    return n;
}

// SysTick counts down 24 bits; its wrap interrupt extends it to 32.
volatile uint32_t systick_wraps;

// The board port's GPIO hook for the power windows (hpx_port_gpio_write, docs/power.md). A no-op here, on purpose:
// QEMU's mps3-an547 has no pin a power meter could watch and an emulator draws no supply current, so power cannot be
// measured on the virtual board and this example runs no power window. A real board's port drives its pins here.
void hpx_port_gpio_write(uint8_t pin, uint8_t level)
{
    (void)pin;
    (void)level;
}

uint32_t systick_cycles()
{
    uint32_t high, low;
    do {
        high = systick_wraps;
        low = SYST_CVR;
    } while (high != systick_wraps);
    return (high << 24) + (0xFFFFFFu - low);
}

hpx_row_t rows[HPX_MAX_ROWS];
char plan_buffer[1024];
HpxTflmProfiler profiler;
alignas(tflite::MicroInterpreter) unsigned char interpreter_storage[sizeof(tflite::MicroInterpreter)];

// An HPX_ERROR payload: the reason, then TFLM's last message with its spaces made '_' (one token).
void report_error(const char *reason, uint32_t status)
{
    char line[100 + sizeof hpx_tflm_last_log];
    snprintf(line, sizeof line, "%s status=%lu arena=%lu", reason, static_cast<unsigned long>(status),
        static_cast<unsigned long>(__arena_end - __arena_start));
    size_t n = strlen(line);
    if (hpx_tflm_last_log[0] && n + 8 < sizeof line) {
        memcpy(line + n, " detail=", 8);
        n += 8;
        for (size_t i = 0; hpx_tflm_last_log[i] && n + 1 < sizeof line; ++i) {
            const char c = hpx_tflm_last_log[i];
            line[n++] = (c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == ',') ? '_' : c;
        }
        line[n] = 0;
    }
    hpx_error(line);
}

// "0x" and 8 hex digits: never read back as a decimal number.
void hex32(char *out, uint32_t v)
{
    static const char digits[] = "0123456789abcdef";
    out[0] = '0';
    out[1] = 'x';
    for (int i = 9; i >= 2; --i) {
        out[i] = digits[v & 15u];
        v >>= 4;
    }
    out[10] = 0;
}

// Every inference's input: the user's, linked in, when there is one (checked against the tensors once per session),
// else the fixed input.
void feed_inputs(tflite::MicroInterpreter &interpreter)
{
    const size_t size = static_cast<size_t>(hpx_input_data_end - hpx_input_data);
    if (size == 0 || !hpx_board::loadInputs(interpreter, hpx_input_data, size))
        hpx_board::fillInputs(interpreter);
}

// One session: a fresh interpreter (so CALL_ONCE's init graph runs again, in the first, unprofiled Invoke()), the
// output digest of that first inference, a clean window, then the passes the host planned.
void run_session(const tflite::Model *model, const tflite::MicroOpResolver &resolver)
{
    hpx_session_begin();
    hpx_meta_str("KERNELS", HPX_KERNELS_NAME);
    hpx_meta_str("BOARD", "qemu_mps3_an547");
    hpx_heartbeat("allocate", nullptr);
    hpx_tflm_last_log[0] = 0;
    const size_t arena_size = static_cast<size_t>(__arena_end - __arena_start);
    tflite::MicroInterpreter *interpreter = nullptr;
    if (hpx_model_resource_variables > 0) {
        // VAR_HANDLE needs resource variables, which live in the arena next to the interpreter's allocations.
        tflite::MicroAllocator *allocator = tflite::MicroAllocator::Create(__arena_start, arena_size);
        tflite::MicroResourceVariables *variables = allocator
            ? tflite::MicroResourceVariables::Create(allocator, static_cast<int>(hpx_model_resource_variables))
            : nullptr;
        if (!variables) {
            report_error("resource_variables_failed", 1);
            return;
        }
        interpreter
            = new (interpreter_storage) tflite::MicroInterpreter(model, resolver, allocator, variables, &profiler);
    } else {
        interpreter = new (interpreter_storage)
            tflite::MicroInterpreter(model, resolver, __arena_start, arena_size, nullptr, &profiler);
    }
    hpx_tflm_attach_positions(profiler, *interpreter); // rows carry (subgraph, operator): HPX_LAYER_POSITIONS
    if (interpreter->AllocateTensors() != kTfLiteOk) {
        report_error("alloc_tensors_failed", 1);
        interpreter->~MicroInterpreter();
        return;
    }
    hpx_heartbeat("allocated", nullptr);
    hpx_meta_u32("ALLOCATED_ARENA", static_cast<uint32_t>(interpreter->arena_used_bytes()));
    hpx_meta_u32("NUM_INPUTS", static_cast<uint32_t>(interpreter->inputs_size()));
    hpx_meta_u32("NUM_OUTPUTS", static_cast<uint32_t>(interpreter->outputs_size()));
    if (interpreter->inputs_size() > 0 && interpreter->input(0))
        hpx_meta_u32("INPUT_SIZE", static_cast<uint32_t>(interpreter->input(0)->bytes));
    if (interpreter->outputs_size() > 0 && interpreter->output(0))
        hpx_meta_u32("OUTPUT_SIZE", static_cast<uint32_t>(interpreter->output(0)->bytes));
    // Which input the inferences read, and its digest, so the host can tell the input it chose is the one that ran.
    const size_t input_size = static_cast<size_t>(hpx_input_data_end - hpx_input_data);
    if (input_size > 0) {
        if (input_size != hpx_board::inputBytes(*interpreter)) {
            report_error("input_size_mismatch", static_cast<uint32_t>(input_size));
            interpreter->~MicroInterpreter();
            return;
        }
        char input_hex[11];
        hex32(input_hex, hpx_board::fnv1a32(hpx_input_data, input_size));
        hpx_meta_str("INPUT", "linked");
        hpx_meta_str("INPUT_FNV1A32", input_hex);
        hpx_meta_u32("INPUT_BYTES", static_cast<uint32_t>(input_size));
    } else {
        hpx_meta_str("INPUT", "fixed");
    }

    // The first Invoke() (CALL_ONCE's init graph runs here, and only here) on the inferences' input: its output
    // digest is what tests compare with TFLM on the host and with the other kernel set.
    feed_inputs(*interpreter);
    const TfLiteStatus first = interpreter->Invoke();
    if (first != kTfLiteOk) {
        report_error("invoke_failed", static_cast<uint32_t>(first));
        interpreter->~MicroInterpreter();
        return;
    }
    const hpx_board::OutputDigest digest = hpx_board::digestOutputs(*interpreter);
    char hex[11];
    hex32(hex, digest.fnv1a32);
    hpx_meta_str("OUTPUT_FNV1A32", hex);
    hpx_meta_u32("OUTPUT_BYTES", digest.bytes);
    hpx_meta_str("FIRST_INVOKE", hpx_model_has_call_once ? "unprofiled_call_once_init" : "unprofiled");

    hpx_clean_window_begin(2, 0);
    for (int i = 0; i < 2; ++i) {
        feed_inputs(*interpreter);
        interpreter->Invoke();
    }
    hpx_clean_window_end();
    while (hpx_session_next()) {
        feed_inputs(*interpreter);
        profiler.BeginInference();
        const TfLiteStatus status = interpreter->Invoke();
        profiler.EndInference();
        if (status != kTfLiteOk) {
            report_error("invoke_failed", static_cast<uint32_t>(status));
            interpreter->~MicroInterpreter();
            return;
        }
    }
    hpx_session_end();
    interpreter->~MicroInterpreter();
}

} // namespace

extern "C" void board_systick(void)
{
    systick_wraps = systick_wraps + 1;
}

extern "C" void board_fault(void)
{
    static const char text[] = "HPX_ERROR=hard_fault\n";
    uart_write(text, sizeof text - 1);
    for (;;) { }
}

extern "C" int main(void)
{
    UART_BAUDDIV = 16;
    UART_CTRL = 3u; // TX and RX
    SYST_RVR = 0xFFFFFFu;
    SYST_CVR = 0;
    SYST_CSR = 7u; // processor clock, interrupt, enable

    const uint32_t model_size = static_cast<uint32_t>(hpx_model_data_end - hpx_model_data);
    hpx_config_t config = {};
    config.write = uart_write;
    config.read = uart_read;
    config.cycles = systick_cycles;
    // What SysTick counts under QEMU -icount: instructions the emulator executed, not the core's cycles.
    config.cycles_name = "qemu_icount_instructions";
    config.clock_hz = CLOCK_HZ;
    config.transport = HPX_TRANSPORT_UART;
    config.engine = "tflm";
    config.model_size = model_size;
    config.arena_size = static_cast<uint32_t>(__arena_end - __arena_start);
    config.builtin_passes = "pass=cpu_0:ARM_PMU_CPU_CYCLES";
    config.gpio_write = hpx_port_gpio_write; // a no-op: nothing to measure on an emulator (see above)
    config.iterations = hpx_board_iterations;
    config.warmup = hpx_board_warmup;
    config.heartbeat_every_n_ops = 64;
    config.heartbeat_every_ms = 2000;
    config.rows = rows;
    config.max_layers = HPX_MAX_ROWS;
    config.plan_buffer = plan_buffer;
    config.plan_buffer_size = sizeof plan_buffer;
    hpx_init(&config);

    const tflite::Model *model = tflite::GetModel(hpx_model_data);
    const tflite::MicroOpResolver *resolver = hpx_model_op_resolver();
    for (;;) {
        // Nobody can press reset on an emulator: each host that connects sends an LF, and gets a fresh session.
        hpx_wait_host(0);
        if (model->version() != TFLITE_SCHEMA_VERSION || !resolver) {
            hpx_session_begin();
            report_error(!resolver ? "op_resolver_failed" : "model_schema_mismatch", model->version());
            continue;
        }
        run_session(model, *resolver);
    }
}
