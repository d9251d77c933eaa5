/* The host plan (docs/protocol.md): checking an HPX_PLAN line and walking its passes, without storing them. */
#include "hpx_internal.h"

#include <string.h>

/* The Armv8.1-M PMU events hpx knows (docs/compatibility.md §4.2). A name is matched by the 32-bit FNV-1a hash of
   its text without ARM_PMU_, which takes a third of the flash the names would; the host-side tests check every
   catalogue name against this table (tests/firmware). The header prints the name as the host sent it. */
static const uint32_t event_hashes[] = {
    0x5ED82142u, /* 0x0000 SW_INCR */
    0xC1D4EED5u, /* 0x0001 L1I_CACHE_REFILL */
    0xE9AE3A9Bu, /* 0x0006 LD_RETIRED */
    0x8D3C69CCu, /* 0x0007 ST_RETIRED */
    0x0EF7544Fu, /* 0x0008 INST_RETIRED */
    0x3E34DF5Du, /* 0x0009 EXC_TAKEN */
    0x5C6E98E4u, /* 0x000A EXC_RETURN */
    0xA6345506u, /* 0x000C PC_WRITE_RETIRED */
    0xA1872730u, /* 0x000D BR_IMMED_RETIRED */
    0x6E824716u, /* 0x000E BR_RETURN_RETIRED */
    0xC312D116u, /* 0x000F UNALIGNED_LDST_RETIRED */
    0x7FEC743Du, /* 0x0011 CPU_CYCLES */
    0x5A9817F3u, /* 0x0021 BR_RETIRED */
    0x9570EC3Bu, /* 0x0022 BR_MIS_PRED_RETIRED */
    0xD5AF4C1Au, /* 0x0023 STALL_FRONTEND */
    0xB0AB2DF6u, /* 0x0024 STALL_BACKEND */
    0x09AE37D9u, /* 0x003C STALL */
    0xEC44AB74u, /* 0x0100 LE_RETIRED */
    0x69561769u, /* 0x0108 LE_CANCEL */
    0x191AFB0Cu, /* 0x0114 SE_CALL_S */
    0xDCAD8558u, /* 0x0115 SE_CALL_NS */
    0x7CC61ECCu, /* 0x0003 L1D_CACHE_REFILL */
    0x3CFD5707u, /* 0x0004 L1D_CACHE */
    0x1EADE309u, /* 0x0013 MEM_ACCESS */
    0x03CA0D8Cu, /* 0x0014 L1I_CACHE */
    0xF833205Du, /* 0x0015 L1D_CACHE_WB */
    0x593680F4u, /* 0x0019 BUS_ACCESS */
    0x3A4DC26Bu, /* 0x001A MEMORY_ERROR */
    0x9FEC986Du, /* 0x001D BUS_CYCLES */
    0x854EE1DFu, /* 0x001F L1D_CACHE_ALLOCATE */
    0xDC691FBFu, /* 0x0036 LL_CACHE_RD */
    0x300D4560u, /* 0x0037 LL_CACHE_MISS_RD */
    0x666B8BDBu, /* 0x0039 L1D_CACHE_MISS_RD */
    0x3426B2DEu, /* 0x0040 L1D_CACHE_RD */
    0x01DA9617u, /* 0x4007 ITCM_ACCESS */
    0x2F3BAFF0u, /* 0x4008 DTCM_ACCESS */
    0xAA240DC0u, /* 0x0200 MVE_INST_RETIRED */
    0x3289E96Eu, /* 0x0204 MVE_FP_RETIRED */
    0x1808CFEBu, /* 0x0208 MVE_FP_HP_RETIRED */
    0x84BCD6A0u, /* 0x020C MVE_FP_SP_RETIRED */
    0x39212BFEu, /* 0x0214 MVE_FP_MAC_RETIRED */
    0x736C3511u, /* 0x0224 MVE_INT_RETIRED */
    0xE409331Du, /* 0x0228 MVE_INT_MAC_RETIRED */
    0xF812DA5Fu, /* 0x0238 MVE_LDST_RETIRED */
    0xB0FA2320u, /* 0x023C MVE_LD_RETIRED */
    0x53CDA8D7u, /* 0x0240 MVE_ST_RETIRED */
    0xAB150498u, /* 0x0244 MVE_LDST_CONTIG_RETIRED */
    0xBD3DFC01u, /* 0x0248 MVE_LD_CONTIG_RETIRED */
    0x7B982EE0u, /* 0x024C MVE_ST_CONTIG_RETIRED */
    0xD2D6159Fu, /* 0x0250 MVE_LDST_NONCONTIG_RETIRED */
    0xBC42FF28u, /* 0x0254 MVE_LD_NONCONTIG_RETIRED */
    0x79D95EA7u, /* 0x0258 MVE_ST_NONCONTIG_RETIRED */
    0x4260E785u, /* 0x025C MVE_LDST_MULTI_RETIRED */
    0xFB218F8Au, /* 0x0260 MVE_LD_MULTI_RETIRED */
    0x0AAC14BDu, /* 0x0264 MVE_ST_MULTI_RETIRED */
    0xDD07DFCDu, /* 0x028C MVE_LDST_UNALIGNED_RETIRED */
    0x273CF786u, /* 0x0290 MVE_LD_UNALIGNED_RETIRED */
    0x3041DA15u, /* 0x0294 MVE_ST_UNALIGNED_RETIRED */
    0x428A7165u, /* 0x0298 MVE_LDST_UNALIGNED_NONCONTIG_RETIRED */
    0x86B976D0u, /* 0x02A0 MVE_VREDUCE_RETIRED */
    0x335470ABu, /* 0x02A4 MVE_VREDUCE_FP_RETIRED */
    0xFBD1B102u, /* 0x02A8 MVE_VREDUCE_INT_RETIRED */
    0x8F78C8B1u, /* 0x02B8 MVE_PRED */
    0x39C3B498u, /* 0x02CC MVE_STALL */
    0x10C1A075u, /* 0x02CD MVE_STALL_RESOURCE */
    0xA7E78D6Bu, /* 0x02CE MVE_STALL_RESOURCE_MEM */
    0x4A038408u, /* 0x02CF MVE_STALL_RESOURCE_FP */
    0xA34BE36Fu, /* 0x02D0 MVE_STALL_RESOURCE_INT */
    0x75F5D6D8u, /* 0x02D3 MVE_STALL_BREAK */
    0x658158D4u, /* 0x02D4 MVE_STALL_DEPENDENCY */
};

static const uint16_t event_numbers[] = { 0x0000, 0x0001, 0x0006, 0x0007, 0x0008, 0x0009, 0x000A, 0x000C, 0x000D,
    0x000E, 0x000F, 0x0011, 0x0021, 0x0022, 0x0023, 0x0024, 0x003C, 0x0100, 0x0108, 0x0114, 0x0115, 0x0003, 0x0004,
    0x0013, 0x0014, 0x0015, 0x0019, 0x001A, 0x001D, 0x001F, 0x0036, 0x0037, 0x0039, 0x0040, 0x4007, 0x4008, 0x0200,
    0x0204, 0x0208, 0x020C, 0x0214, 0x0224, 0x0228, 0x0238, 0x023C, 0x0240, 0x0244, 0x0248, 0x024C, 0x0250, 0x0254,
    0x0258, 0x025C, 0x0260, 0x0264, 0x028C, 0x0290, 0x0294, 0x0298, 0x02A0, 0x02A4, 0x02A8, 0x02B8, 0x02CC, 0x02CD,
    0x02CE, 0x02CF, 0x02D0, 0x02D3, 0x02D4 };

#define EVENT_COUNT (sizeof(event_numbers) / sizeof(event_numbers[0]))

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
        for (size_t i = 0; i < EVENT_COUNT; ++i)
            if (event_numbers[i] == value)
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
    for (size_t i = 0; i < EVENT_COUNT; ++i)
        if (event_hashes[i] == hash)
            return event_numbers[i];
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
