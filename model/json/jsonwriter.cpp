#include "model/json/jsonwriter.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>

namespace hpx::model {

namespace {

// Writes Python's repr(value) of a finite double into buf (>= 32 bytes); returns the length.
int formatPythonFloat(char *buf, double value)
{
    // Shortest round-trip digits from to_chars, then laid out with CPython's float_repr rules:
    // exponent notation when the decimal point position is <= -4 or > 16.
    char sci[40];
    const auto r = std::to_chars(sci, sci + sizeof(sci), value, std::chars_format::scientific);
    const char *p = sci;
    const char *end = r.ptr;
    char *o = buf;
    if (*p == '-') {
        *o++ = '-';
        ++p;
    }
    char digits[32];
    int ndigits = 0;
    while (p < end && *p != 'e') {
        if (*p != '.')
            digits[ndigits++] = *p;
        ++p;
    }
    int exponent = 0;
    if (p < end && *p == 'e') {
        ++p;
        bool negative = false;
        if (*p == '+' || *p == '-') {
            negative = (*p == '-');
            ++p;
        }
        std::from_chars(p, end, exponent);
        if (negative)
            exponent = -exponent;
    }
    // to_chars prints zero as "0e+00"; trailing zeros never appear in the shortest form otherwise.
    while (ndigits > 1 && digits[ndigits - 1] == '0')
        --ndigits;
    const int decpt = exponent + 1;

    if (decpt > -4 && decpt <= 16) {
        if (decpt <= 0) {
            *o++ = '0';
            *o++ = '.';
            for (int i = 0; i < -decpt; ++i)
                *o++ = '0';
            std::memcpy(o, digits, size_t(ndigits));
            o += ndigits;
        } else if (decpt >= ndigits) {
            std::memcpy(o, digits, size_t(ndigits));
            o += ndigits;
            for (int i = 0; i < decpt - ndigits; ++i)
                *o++ = '0';
            *o++ = '.';
            *o++ = '0';
        } else {
            std::memcpy(o, digits, size_t(decpt));
            o += decpt;
            *o++ = '.';
            std::memcpy(o, digits + decpt, size_t(ndigits - decpt));
            o += ndigits - decpt;
        }
        return int(o - buf);
    }
    *o++ = digits[0];
    if (ndigits > 1) {
        *o++ = '.';
        std::memcpy(o, digits + 1, size_t(ndigits - 1));
        o += ndigits - 1;
    }
    const int e = decpt - 1;
    *o++ = 'e';
    *o++ = e < 0 ? '-' : '+';
    const int absE = e < 0 ? -e : e;
    if (absE < 10)
        *o++ = '0';
    o = std::to_chars(o, o + 4, absE).ptr;
    return int(o - buf);
}

} // namespace

void appendPythonFloat(QByteArray &out, double value)
{
    if (std::isnan(value)) {
        out.append("nan", 3);
        return;
    }
    if (std::isinf(value)) {
        out.append(value > 0 ? "inf" : "-inf");
        return;
    }
    char buf[48];
    const qsizetype n = formatPythonFloat(buf, value);
    // resize + memcpy: QByteArray::append(const char *, qsizetype) goes through insert(), which costs more than the
    // formatting for the hundreds of thousands of numbers a layer_diff.csv or an overlay holds.
    const qsizetype at = out.size();
    out.resize(at + n);
    std::memcpy(out.data() + at, buf, size_t(n));
}

QByteArray pythonFloatRepr(double value)
{
    QByteArray out;
    appendPythonFloat(out, value);
    return out;
}

double pythonRound(double value, int ndigits)
{
    if (!std::isfinite(value))
        return value;
    // Fast path (the per-layer table sorts by rounded metrics, a call per comparison): away from a tie, the integer
    // nearest value × 10^n is certain even though the product is rounded (by at most 2^-53 of it), and dividing that
    // integer by the exact power of ten rounds once, to the double nearest the decimal n digits: the float that
    // parsing Python's digits gives. Near a tie, the exact digits below decide.
    static constexpr double kPow10[]
        = { 1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15 };
    if (ndigits >= 0 && ndigits <= 15) {
        const double scale = kPow10[ndigits];
        const double scaled = value * scale;
        if (std::fabs(scaled) < 1e15) {
            const double fraction = scaled - std::floor(scaled); // exact below 2^52
            if (std::fabs(fraction - 0.5) > 1e-15 * std::fabs(scaled) + 1e-300)
                return std::round(scaled) / scale;
        }
    }
    // to_chars with a precision is exact (Ryu printf) and rounds exact ties to even, which is
    // what CPython's round() does through _Py_dg_dtoa; parsing the text back gives the same float.
    char buf[400];
    const auto r = std::to_chars(buf, buf + sizeof(buf), value, std::chars_format::fixed, ndigits);
    if (r.ec != std::errc())
        return value;
    double out = value;
    std::from_chars(buf, r.ptr, out);
    return out;
}

void appendJsonString(QByteArray &out, const QString &text)
{
    static const char hex[] = "0123456789abcdef";
    out.append('"');
    const char16_t *u = reinterpret_cast<const char16_t *>(text.utf16());
    const qsizetype n = text.size();
    for (qsizetype i = 0; i < n; ++i) {
        const char16_t c = u[i];
        switch (c) {
        case u'"':
            out.append("\\\"", 2);
            continue;
        case u'\\':
            out.append("\\\\", 2);
            continue;
        case u'\n':
            out.append("\\n", 2);
            continue;
        case u'\r':
            out.append("\\r", 2);
            continue;
        case u'\t':
            out.append("\\t", 2);
            continue;
        case u'\b':
            out.append("\\b", 2);
            continue;
        case u'\f':
            out.append("\\f", 2);
            continue;
        default:
            break;
        }
        if (c >= 0x20 && c <= 0x7e) {
            out.append(char(c));
        } else {
            const char esc[6]
                = { '\\', 'u', hex[(c >> 12) & 0xf], hex[(c >> 8) & 0xf], hex[(c >> 4) & 0xf], hex[c & 0xf] };
            out.append(esc, 6);
        }
    }
    out.append('"');
}

namespace {

// Python sorts str keys by code point; UTF-16 code unit order differs only around surrogates.
int codePointOrderKey(char16_t u)
{
    if (u >= 0xD800 && u <= 0xDFFF)
        return u + 0x2000;
    if (u >= 0xE000)
        return u - 0x800;
    return u;
}

bool pythonKeyLess(const QString &a, const QString &b)
{
    const qsizetype n = std::min(a.size(), b.size());
    const char16_t *ua = reinterpret_cast<const char16_t *>(a.utf16());
    const char16_t *ub = reinterpret_cast<const char16_t *>(b.utf16());
    for (qsizetype i = 0; i < n; ++i) {
        if (ua[i] != ub[i])
            return codePointOrderKey(ua[i]) < codePointOrderKey(ub[i]);
    }
    return a.size() < b.size();
}

struct Style {
    int indent = 2; // < 0: compact (no newlines)
    bool sortKeys = false;
    const char *itemSeparator = ",";
    const char *keySeparator = ": ";
};

void appendNumber(QByteArray &out, const JsonValue &v)
{
    if (v.isInt()) {
        char buf[24];
        const auto r = std::to_chars(buf, buf + sizeof(buf), v.toInt());
        out.append(buf, r.ptr - buf);
        return;
    }
    const double d = v.toDouble();
    if (std::isnan(d))
        out.append("NaN");
    else if (std::isinf(d))
        out.append(d > 0 ? "Infinity" : "-Infinity");
    else
        appendPythonFloat(out, d);
}

void newline(QByteArray &out, const Style &style, int level)
{
    if (style.indent < 0)
        return;
    static const char spaces[] = "                                                                ";
    out.append('\n');
    qsizetype n = qsizetype(style.indent) * level;
    while (n > 0) {
        const qsizetype chunk = std::min<qsizetype>(n, sizeof(spaces) - 1);
        out.append(spaces, chunk);
        n -= chunk;
    }
}

void write(QByteArray &out, const JsonValue &v, const Style &style, int level)
{
    switch (v.type()) {
    case JsonValue::Type::Null:
        out.append("null", 4);
        return;
    case JsonValue::Type::Bool:
        if (v.toBool())
            out.append("true", 4);
        else
            out.append("false", 5);
        return;
    case JsonValue::Type::Int:
    case JsonValue::Type::Double:
        appendNumber(out, v);
        return;
    case JsonValue::Type::String:
        appendJsonString(out, v.toString());
        return;
    case JsonValue::Type::Array: {
        const auto &items = v.elements();
        if (items.empty()) {
            out.append("[]", 2);
            return;
        }
        out.append('[');
        bool first = true;
        for (const JsonValue &item : items) {
            if (!first)
                out.append(style.itemSeparator);
            first = false;
            newline(out, style, level + 1);
            write(out, item, style, level + 1);
        }
        newline(out, style, level);
        out.append(']');
        return;
    }
    case JsonValue::Type::Object: {
        const auto &members = v.members();
        if (members.empty()) {
            out.append("{}", 2);
            return;
        }
        std::vector<const JsonValue::Member *> order;
        order.reserve(members.size());
        for (const auto &m : members)
            order.push_back(&m);
        if (style.sortKeys) {
            std::stable_sort(order.begin(), order.end(), [](const JsonValue::Member *a, const JsonValue::Member *b) {
                return pythonKeyLess(a->first, b->first);
            });
        }
        out.append('{');
        bool first = true;
        for (const JsonValue::Member *m : order) {
            if (!first)
                out.append(style.itemSeparator);
            first = false;
            newline(out, style, level + 1);
            appendJsonString(out, m->first);
            out.append(style.keySeparator);
            write(out, m->second, style, level + 1);
        }
        newline(out, style, level);
        out.append('}');
        return;
    }
    }
}

} // namespace

QByteArray toPythonJson(const JsonValue &value, int indent)
{
    QByteArray out;
    Style style;
    style.indent = indent;
    if (indent < 0)
        style.itemSeparator = ", "; // json.dumps(value) without indent
    write(out, value, style, 0);
    return out;
}

QByteArray toManifestJson(const JsonValue &value)
{
    QByteArray out;
    Style style;
    style.sortKeys = true;
    write(out, value, style, 0);
    out.append('\n');
    return out;
}

QByteArray toCompactSortedJson(const JsonValue &value)
{
    QByteArray out;
    Style style;
    style.indent = -1;
    style.sortKeys = true;
    style.itemSeparator = ",";
    style.keySeparator = ":";
    write(out, value, style, 0);
    return out;
}

} // namespace hpx::model
