/* Reset and fault handling for the QEMU mps3-an547 example: no CMSIS, no C library start-up. */
#include <stdint.h>

extern uint32_t _data_start, _data_end, _data_load, _bss_start, _bss_end, _stack_top;
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
    CPACR |= 0xFu << 20; /* FPU and MVE (CP10, CP11): the compiler may vectorise the int8 work */
    __asm volatile("dsb\n isb");
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
