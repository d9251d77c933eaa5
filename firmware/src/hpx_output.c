/* Output: lines to the host through the application's write callback, at most OUT_SIZE bytes a write. */
#include "hpx_internal.h"

#include <stdarg.h>

#define OUT_SIZE 128

static struct {
    void (*write)(const char *bytes, size_t n);
    char buf[OUT_SIZE];
    uint16_t len;
} out;

void hpx_out_init(void (*write)(const char *bytes, size_t n))
{
    out.write = write;
    out.len = 0;
}

void hpx_out_flush(void)
{
    if (out.len) {
        out.write(out.buf, out.len);
        out.len = 0;
    }
}

void hpx_out_char(char c)
{
    if (out.len == OUT_SIZE)
        hpx_out_flush();
    out.buf[out.len++] = c;
}

void hpx_out_mem(const char *s, size_t n)
{
    while (n--)
        hpx_out_char(*s++);
}

void hpx_out_str(const char *s)
{
    while (*s)
        hpx_out_char(*s++);
}

/* Digits into a small buffer, without 64-bit division (no libgcc helper is pulled in). */
void hpx_out_u32(uint32_t v)
{
    char digits[10];
    int n = 0;
    do {
        digits[n++] = (char)('0' + v % 10u);
        v /= 10u;
    } while (v);
    while (n)
        hpx_out_char(digits[--n]);
}

/* One formatter for every protocol line, so each line is one call with one constant text (the flash goes to the
   text, not to call sequences): %s text, %u unsigned (uint32_t or narrower), %m text and its unsigned length; a '\n'
   ends the line and writes it. */
void hpx_outf(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    for (; *fmt; ++fmt) {
        if (*fmt == '%') {
            const char spec = *++fmt;
            if (spec == 's') {
                hpx_out_str(va_arg(ap, const char *));
            } else if (spec == 'u') {
                hpx_out_u32(va_arg(ap, unsigned));
            } else {
                const char *s = va_arg(ap, const char *);
                hpx_out_mem(s, va_arg(ap, unsigned));
            }
        } else if (*fmt == '\n') {
            hpx_out_eol();
        } else {
            hpx_out_char(*fmt);
        }
    }
    va_end(ap);
}

void hpx_out_eol(void)
{
    hpx_out_char('\n');
    hpx_out_flush();
}

void hpx_out_line(const char *s)
{
    hpx_out_str(s);
    hpx_out_eol();
}

void hpx_meta_u32(const char *key, uint32_t value)
{
    hpx_outf("HPX_%s=%u\n", key, value);
}

void hpx_meta_str(const char *key, const char *value)
{
    hpx_outf("HPX_%s=%s\n", key, value);
}

void hpx_heartbeat(const char *phase, const char *fields)
{
    hpx_out_str("HPX_HEARTBEAT phase=");
    hpx_out_str(phase);
    if (fields && *fields) {
        hpx_out_char(' ');
        hpx_out_str(fields);
    }
    hpx_out_eol();
}

void hpx_error(const char *payload)
{
    hpx_outf("HPX_ERROR=%s\n", payload);
}

void hpx_warn(const char *payload)
{
    hpx_outf("HPX_WARN=%s\n", payload);
}
