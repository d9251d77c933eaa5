/* Reset and fault handling for the virtual board (QEMU mps3-an547): no CMSIS, no C library start-up. */
#include <stdint.h>

extern uint32_t _data_start, _data_end, _data_load, _bss_start, _bss_end, _stack_top;
extern void (*__init_array_start[])(void);
extern void (*__init_array_end[])(void);
extern int main(void);
extern void board_systick(void);
extern void board_fault(void);

#define CPACR (*(volatile uint32_t *)0xE000ED88u)

void reset_handler(void)
{
    uint32_t *src = &_data_load;
    for (uint32_t *dst = &_data_start; dst < &_data_end;)
        *dst++ = *src++;
    for (uint32_t *dst = &_bss_start; dst < &_bss_end;)
        *dst++ = 0;
    CPACR |= 0xFu << 20; /* FPU and MVE (CP10, CP11): TFLM's float kernels and CMSIS-NN's Helium code use them */
    __asm volatile("dsb\n isb");
    /* C++ constructors of namespace-scope objects (TFLM has a few constant tables built at start-up). */
    for (void (**f)(void) = __init_array_start; f < __init_array_end; ++f)
        (*f)();
    main();
    for (;;) { }
}

static void default_handler(void)
{
    board_fault();
}

__attribute__((section(".vectors"), used)) static void (*const vectors[16])(void) = {
    (void (*)(void))(uintptr_t)&_stack_top,
    reset_handler,
    default_handler, /* NMI */
    default_handler, /* HardFault */
    default_handler, /* MemManage */
    default_handler, /* BusFault */
    default_handler, /* UsageFault */
    default_handler, /* SecureFault */
    0,
    0,
    0,
    default_handler, /* SVCall */
    default_handler, /* DebugMonitor */
    0,
    default_handler, /* PendSV */
    board_systick,
};

/* No heap: TFLM allocates from its arena. The C library's malloc (linked only through stubs nothing calls in
   practice) gets no memory. */
void *_sbrk(int increment)
{
    (void)increment;
    return (void *)-1;
}
