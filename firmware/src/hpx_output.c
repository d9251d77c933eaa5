/* Output: lines to the host through the application's write callback, at most OUT_SIZE bytes a write. */
#include "hpx_internal.h"

#include <string.h>

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

void hpx_out_mem(const char *s, size_t n)
{
    while (n) {
        size_t room = OUT_SIZE - out.len;
        if (room == 0) {
            hpx_out_flush();
            room = OUT_SIZE;
        }
        const size_t k = n < room ? n : room;
        memcpy(out.buf + out.len, s, k);
        out.len = (uint16_t)(out.len + k);
        s += k;
        n -= k;
    }
}

void hpx_out_str(const char *s)
{
    hpx_out_mem(s, strlen(s));
}

void hpx_out_char(char c)
{
    hpx_out_mem(&c, 1);
}

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

void hpx_out_meta(const char *key)
{
    hpx_out_str("HPX_");
    hpx_out_str(key);
    hpx_out_char('=');
}

void hpx_meta_u32(const char *key, uint32_t value)
{
    hpx_out_meta(key);
    hpx_out_u32(value);
    hpx_out_eol();
}

void hpx_meta_str(const char *key, const char *value)
{
    hpx_out_meta(key);
    hpx_out_line(value);
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
    hpx_out_str("HPX_ERROR=");
    hpx_out_line(payload);
}

void hpx_warn(const char *payload)
{
    hpx_out_str("HPX_WARN=");
    hpx_out_line(payload);
}
