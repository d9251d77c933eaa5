#include "device/wire/wirenumbers.h"

#include <charconv>
#include <cmath>
#include <limits>

namespace hpx::device::wire {

namespace {

inline bool isSpace(char c)
{
    return c == ' ' || (c >= 0x09 && c <= 0x0d) || (c >= 0x1c && c <= 0x1f);
}

inline bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

// Digits with single underscores between them, starting at p; returns the end, or nullptr if the run is malformed
// (leading/trailing/double underscore). An empty run returns p.
const char *scanDigits(const char *p, const char *end, int *count)
{
    *count = 0;
    bool lastUnderscore = false;
    while (p < end) {
        if (isDigit(*p)) {
            ++*count;
            lastUnderscore = false;
        } else if (*p == '_') {
            if (*count == 0 || lastUnderscore)
                return nullptr;
            lastUnderscore = true;
        } else {
            break;
        }
        ++p;
    }
    return lastUnderscore ? nullptr : p;
}

} // namespace

namespace detail {

QByteArrayView stripAsciiSlow(QByteArrayView s)
{
    const char *b = s.data();
    const char *e = b + s.size();
    while (b < e && isSpace(*b))
        ++b;
    while (e > b && isSpace(e[-1]))
        --e;
    return QByteArrayView(b, e - b);
}

std::optional<qint64> parseIntSlow(QByteArrayView s)
{
    const char *p = s.data();
    const char *const end = p + s.size();
    if (p == end)
        return std::nullopt;
    bool negative = false;
    if (*p == '+' || *p == '-') {
        negative = *p == '-';
        ++p;
    }
    if (p == end || !isDigit(*p))
        return std::nullopt;
    quint64 v = 0;
    bool lastUnderscore = false;
    for (; p < end; ++p) {
        const char c = *p;
        if (isDigit(c)) {
            if (v > (std::numeric_limits<quint64>::max() - 9) / 10)
                return std::nullopt;
            v = v * 10 + quint64(c - '0');
            lastUnderscore = false;
        } else if (c == '_' && !lastUnderscore) {
            lastUnderscore = true;
        } else {
            return std::nullopt;
        }
    }
    if (lastUnderscore)
        return std::nullopt;
    if (negative) {
        if (v > quint64(std::numeric_limits<qint64>::max()) + 1)
            return std::nullopt;
        return qint64(0 - v);
    }
    if (v > quint64(std::numeric_limits<qint64>::max()))
        return std::nullopt;
    return qint64(v);
}

std::optional<double> parseNumberSlow(QByteArrayView s)
{
    const char *p = s.data();
    const char *const end = p + s.size();
    if (p == end)
        return std::nullopt;

    // General path: Python's float grammar without nan/inf; underscores are removed after validation.
    const char *q = p;
    if (*q == '+' || *q == '-')
        ++q;
    int intDigits = 0;
    const char *afterInt = scanDigits(q, end, &intDigits);
    if (!afterInt)
        return std::nullopt;
    q = afterInt;
    int fracDigits = 0;
    if (q < end && *q == '.') {
        const char *afterFrac = scanDigits(q + 1, end, &fracDigits);
        if (!afterFrac || (fracDigits == 0 && q + 1 < end && *(q + 1) == '_'))
            return std::nullopt;
        q = afterFrac;
    }
    if (intDigits == 0 && fracDigits == 0)
        return std::nullopt;
    if (q < end && (*q == 'e' || *q == 'E')) {
        const char *r = q + 1;
        if (r < end && (*r == '+' || *r == '-'))
            ++r;
        int expDigits = 0;
        const char *afterExp = scanDigits(r, end, &expDigits);
        if (!afterExp || expDigits == 0)
            return std::nullopt;
        q = afterExp;
    }
    if (q != end)
        return std::nullopt;

    char buf[128];
    qsizetype n = 0;
    bool negative = false;
    const char *r = p;
    if (*r == '+' || *r == '-') {
        negative = *r == '-';
        ++r;
    }
    for (; r < end; ++r) {
        if (*r == '_')
            continue;
        if (n >= qsizetype(sizeof(buf)) - 1)
            return std::nullopt; // no counter needs 127 characters
        buf[n++] = *r;
    }
    double value = 0;
    const auto [ptr, ec] = std::from_chars(buf, buf + n, value, std::chars_format::general);
    if (ptr != buf + n)
        return std::nullopt;
    if (ec == std::errc::result_out_of_range) {
        // Python gives inf (or 0) here; a counter this large is corruption either way.
        return std::nullopt;
    }
    if (ec != std::errc() || !std::isfinite(value))
        return std::nullopt;
    return negative ? -value : value;
}

} // namespace detail

} // namespace hpx::device::wire
