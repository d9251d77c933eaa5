/* The host plan (docs/protocol.md): checking an HPX_PLAN line and walking its passes, without storing them. */
#include "hpx_internal.h"

#include <string.h>

/* The Armv8.1-M PMU events hpx knows (docs/compatibility.md §4.2), generated at build time from the host's catalogue,
   model/board/pmuevents.def (cmake/HpxPmuEvents.cmake). A name is matched by the 32-bit FNV-1a hash of its text
   without ARM_PMU_, which takes a third of the flash the names would; tests/firmware checks the table against the
   catalogue. The header prints the name as the host sent it. */
#include "hpx_pmu_events.h"

static int same(const char *a, size_t n, const char *literal)
{
    return strlen(literal) == n && memcmp(a, literal, n) == 0;
}

static int hex_digit(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

int32_t hpx_event_number(const char *text, size_t len)
{
    if (len >= 3 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) {
        uint32_t value = 0;
        for (size_t i = 2; i < len; ++i) {
            const int d = hex_digit(text[i]);
            if (d < 0 || value > 0xFFFu)
                return -1;
            value = value * 16u + (uint32_t)d;
        }
        for (size_t i = 0; i < HPX_PMU_EVENT_COUNT; ++i)
            if (hpx_pmu_event_numbers[i] == value)
                return (int32_t)value;
        return -1;
    }
    if (len > 8 && memcmp(text, "ARM_PMU_", 8) == 0) {
        text += 8;
        len -= 8;
    }
    uint32_t hash = 2166136261u;
    for (size_t i = 0; i < len; ++i)
        hash = (hash ^ (uint8_t)text[i]) * 16777619u;
    for (size_t i = 0; i < HPX_PMU_EVENT_COUNT; ++i)
        if (hpx_pmu_event_hashes[i] == hash)
            return hpx_pmu_event_numbers[i];
    return -1;
}

/* Fields of a plan line: space- or tab-separated, an optional leading HPX_PLAN, CR tolerated. */
typedef struct {
    const char *p, *end;
} cursor_t;

static int next_field(cursor_t *c, const char **field, size_t *len)
{
    while (c->p < c->end && (*c->p == ' ' || *c->p == '\t' || *c->p == '\r'))
        ++c->p;
    if (c->p >= c->end)
        return 0;
    *field = c->p;
    while (c->p < c->end && *c->p != ' ' && *c->p != '\t' && *c->p != '\r')
        ++c->p;
    *len = (size_t)(c->p - *field);
    return 1;
}

static void open_cursor(cursor_t *c, const char *line, size_t len)
{
    const char *field;
    size_t n;
    c->p = line;
    c->end = line + len;
    cursor_t probe = *c;
    if (next_field(&probe, &field, &n) && same(field, n, "HPX_PLAN"))
        *c = probe;
}

#if HPX_HOST_PLAN
static int parse_count(const char *s, size_t n, uint32_t min, uint32_t max, uint32_t *out)
{
    uint32_t v = 0;
    if (n == 0 || n > 6)
        return 0;
    for (size_t i = 0; i < n; ++i) {
        if (s[i] < '0' || s[i] > '9')
            return 0;
        v = v * 10u + (uint32_t)(s[i] - '0');
    }
    if (v < min || v > max)
        return 0;
    *out = v;
    return 1;
}

static int name_char_ok(char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-'
        || c == '.';
}
#endif

/* Splits pass=<name>:<events> (value = after "pass="); fills names and event texts, numbers left -1 if unknown.
   Returns 0 when the value has no ':' (or nothing before it). */
static int split_pass(const char *value, size_t n, hpx_pass_t *pass, uint8_t *total)
{
    size_t colon = 0;
    while (colon < n && value[colon] != ':')
        ++colon;
    if (colon == 0 || colon >= n)
        return 0;
    pass->name = value;
    pass->name_len = (uint8_t)(colon > 255 ? 255 : colon);
    pass->count = 0;
    *total = 0;
    size_t i = colon + 1;
    while (i <= n) {
        size_t j = i;
        while (j < n && value[j] != ',')
            ++j;
        if (j > i) { /* empty items (a,,b) are skipped, as the simulated board does */
            if (pass->count < HPX_MAX_COLUMNS) {
                pass->event[pass->count] = value + i;
                pass->event_len[pass->count] = (uint8_t)(j - i > 255 ? 255 : j - i);
                const int32_t number = hpx_event_number(value + i, j - i);
                pass->number[pass->count] = (uint16_t)(number < 0 ? 0xFFFFu : (uint32_t)number);
                ++pass->count;
            }
            if (*total < 255)
                ++*total;
        }
        i = j + 1;
    }
    return 1;
}

static int find_pass(const char *line, size_t len, uint16_t k, hpx_pass_t *pass, uint8_t *total)
{
    cursor_t c;
    const char *field;
    size_t n;
    uint16_t seen = 0;
    uint8_t items;
    open_cursor(&c, line, len);
    while (next_field(&c, &field, &n)) {
        if (n > 5 && memcmp(field, "pass=", 5) == 0) {
            if (seen == k)
                return split_pass(field + 5, n - 5, pass, total ? total : &items);
            ++seen;
        }
    }
    return 0;
}

#if HPX_HOST_PLAN
static void refuse(hpx_plan_verdict_t *v, const char *reason, const hpx_pass_t *pass)
{
    v->reason = reason;
    if (pass) {
        v->pass = pass->name;
        v->pass_len = pass->name_len;
    }
}

static void refuse_item(hpx_plan_verdict_t *v, const char *key, const char *item, size_t len)
{
    v->item_key = key;
    v->item = item;
    v->item_len = (uint8_t)(len > 255 ? 255 : len);
}

/* Checks one pass against the rules of docs/protocol.md, in the simulated board's order. */
static int check_pass(const hpx_pass_t *pass, uint8_t total, int pmu_architecture, hpx_plan_verdict_t *v)
{
    for (uint8_t i = 0; i < pass->name_len; ++i)
        if (!name_char_ok(pass->name[i])) {
            refuse(v, "bad_pass_name", pass);
            return 0;
        }
    if (total == 0) {
        refuse(v, "empty_pass", pass);
        return 0;
    }
    uint8_t pmu_events = 0;
    for (uint8_t i = 0; i < pass->count; ++i)
        pmu_events = (uint8_t)(pmu_events + (pass->number[i] != HPX_EVENT_CPU_CYCLES));
    pmu_events = (uint8_t)(pmu_events + total - pass->count); /* items beyond the stored columns are events too */
    if (pmu_architecture && pmu_events > HPX_MAX_EVENTS) {
        refuse(v, "too_many_events", pass);
        v->count = pmu_events;
        v->max = HPX_MAX_EVENTS;
        return 0;
    }
    /* On a DWT-only core a pass longer than a row's columns always holds an event refused below. */
    for (uint8_t i = 0; i < pass->count; ++i) {
        if (pass->number[i] == 0xFFFFu) {
            refuse(v, "unknown_event", pass);
            refuse_item(v, "event", pass->event[i], pass->event_len[i]);
            return 0;
        }
        for (uint8_t j = 0; j < i; ++j)
            if (pass->number[j] == pass->number[i]) {
                refuse(v, "duplicate_event", pass);
                refuse_item(v, "event", pass->event[i], pass->event_len[i]);
                return 0;
            }
        if (!pmu_architecture && pass->number[i] != HPX_EVENT_CPU_CYCLES) {
            refuse(v, "event_not_capturable", pass);
            refuse_item(v, "event", pass->event[i], pass->event_len[i]);
            v->not_capturable = 1;
            return 0;
        }
    }
    return 1;
}

void hpx_plan_check(const char *line, size_t len, int pmu_architecture, hpx_plan_verdict_t *v)
{
    memset(v, 0, sizeof *v);
    cursor_t c;
    const char *field;
    size_t n;
    open_cursor(&c, line, len);
    /* First the fields, as the simulated board reads them. */
    while (next_field(&c, &field, &n)) {
        size_t eq = 0;
        while (eq < n && field[eq] != '=')
            ++eq;
        if (eq == 0 || eq >= n) {
            refuse(v, "malformed", NULL);
            refuse_item(v, "token", field, n);
            return;
        }
        const char *value = field + eq + 1;
        const size_t value_len = n - eq - 1;
        if (same(field, eq, "iterations") || same(field, eq, "warmup")) {
            const int iterations = field[0] == 'i';
            if (!parse_count(value, value_len, iterations ? 1u : 0u, iterations ? 100000u : 10000u,
                    iterations ? &v->iterations : &v->warmup)) {
                refuse(v, "bad_number", NULL);
                refuse_item(v, "field", field, eq);
                return;
            }
            v->given |= iterations ? 1u : 2u;
        } else if (same(field, eq, "pass")) {
            hpx_pass_t pass;
            uint8_t total;
            if (!split_pass(value, value_len, &pass, &total)) {
                refuse(v, "malformed_pass", NULL);
                refuse_item(v, "pass", value, value_len);
                return;
            }
            if (v->passes < 0xFFFFu)
                ++v->passes;
        } else {
            refuse(v, "unknown_field", NULL);
            refuse_item(v, "field", field, eq);
            return;
        }
    }
    /* Then the passes. */
    if (v->passes == 0) {
        refuse(v, "no_passes", NULL);
        return;
    }
    if (v->passes > HPX_MAX_PASSES) {
        refuse(v, "too_many_passes", NULL);
        v->max = HPX_MAX_PASSES;
        return;
    }
    for (uint16_t k = 0; k < v->passes; ++k) {
        hpx_pass_t pass, earlier;
        uint8_t total;
        find_pass(line, len, k, &pass, &total);
        for (uint16_t j = 0; j < k; ++j) {
            find_pass(line, len, j, &earlier, NULL);
            if (earlier.name_len == pass.name_len && memcmp(earlier.name, pass.name, pass.name_len) == 0) {
                refuse(v, "duplicate_pass", &pass);
                return;
            }
        }
        if (!check_pass(&pass, total, pmu_architecture, v))
            return;
    }
}
#else /* !HPX_HOST_PLAN */

/* The core alone checks only its built-in passes, which the firmware's author wrote: every event known, counted on
   this core, at most HPX_MAX_EVENTS besides cycles per pass. */
void hpx_plan_check(const char *line, size_t len, int pmu_architecture, hpx_plan_verdict_t *v)
{
    hpx_pass_t pass;
    uint8_t total;
    memset(v, 0, sizeof *v);
    while (v->passes < HPX_MAX_PASSES && find_pass(line, len, v->passes, &pass, &total)) {
        uint8_t events = (uint8_t)(total - pass.count);
        for (uint8_t i = 0; i < pass.count; ++i) {
            if (pass.number[i] == 0xFFFFu)
                v->reason = "unknown_event";
            else if (pass.number[i] != HPX_EVENT_CPU_CYCLES && !pmu_architecture)
                v->reason = "event_not_capturable";
            events = (uint8_t)(events + (pass.number[i] != HPX_EVENT_CPU_CYCLES));
        }
        if (events > HPX_MAX_EVENTS || total == 0)
            v->reason = "too_many_events";
        ++v->passes;
    }
    if (!v->passes)
        v->reason = "no_passes";
}

#endif

int hpx_plan_pass(const char *line, size_t len, uint16_t k, hpx_pass_t *pass)
{
    return find_pass(line, len, k, pass, NULL);
}
