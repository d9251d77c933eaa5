#pragma once

#include <QByteArrayView>
#include <QtGlobal>

#include <cstring>
#include <optional>

namespace hpx::device::wire {

// The number rules hpx's parser applies to stream text (Python int() and float() on the stripped cell), on ASCII
// bytes. Kept apart so they can be tested on their own.
//
// Every counter cell of every row goes through these, so the common case (a plain unsigned decimal without
// surrounding whitespace) is inline and parses eight digits at a time; anything else takes the full rules in
// wirenumbers.cpp.

namespace detail {

QByteArrayView stripAsciiSlow(QByteArrayView s);
std::optional<qint64> parseIntSlow(QByteArrayView stripped);
std::optional<double> parseNumberSlow(QByteArrayView stripped);

// Eight ASCII digits, the first in the lowest byte (SWAR: simdjson's check and Lemire's conversion).
inline bool isEightDigits(quint64 v)
{
    return ((v & 0xF0F0F0F0F0F0F0F0ull) | (((v + 0x0606060606060606ull) & 0xF0F0F0F0F0F0F0F0ull) >> 4))
        == 0x3333333333333333ull;
}

inline quint64 eightDigitsValue(quint64 v)
{
    v -= 0x3030303030303030ull;
    v = v * 10 + (v >> 8);
    return (((v & 0x000000FF000000FFull) * (100 + (1000000ull << 32)))
               + (((v >> 16) & 0x000000FF000000FFull) * (1 + (10000ull << 32))))
        >> 32;
}

// 1 to 18 ASCII digits (no sign, no '_') to their value, which cannot overflow; false on any other byte.
inline bool parseShortDigits(const char *p, qsizetype n, quint64 *out)
{
    quint64 v = 0;
    while (n >= 8) {
        quint64 word;
        std::memcpy(&word, p, 8);
        if (!isEightDigits(word))
            return false;
        v = v * 100000000u + eightDigitsValue(word);
        p += 8;
        n -= 8;
    }
    for (; n > 0; --n, ++p) {
        const unsigned d = unsigned(static_cast<unsigned char>(*p)) - '0';
        if (d > 9)
            return false;
        v = v * 10 + d;
    }
    *out = v;
    return true;
}

} // namespace detail

// Surrounding whitespace as Python's str.strip() sees it in ASCII (\t \n \v \f \r, 0x1c-0x1f, space). All of it is at
// or below 0x20, so a cell whose ends are above that is returned as it is.
inline QByteArrayView stripAscii(QByteArrayView s)
{
    if (s.isEmpty() || (static_cast<unsigned char>(s.front()) > 0x20 && static_cast<unsigned char>(s.back()) > 0x20))
        return s;
    return detail::stripAsciiSlow(s);
}

// Python int(): optional sign, decimal digits with single '_' between digits, surrounding whitespace allowed.
// Values outside qint64 give nullopt.
inline std::optional<qint64> parseInt(QByteArrayView text)
{
    const QByteArrayView s = stripAscii(text);
    quint64 v = 0;
    if (s.size() > 0 && s.size() <= 18 && detail::parseShortDigits(s.data(), s.size(), &v))
        return qint64(v);
    return detail::parseIntSlow(s);
}

// Python int() else float(), for counter cells: 12, +3, 1_000, 1.5, .5, 5., 1e3. nan and inf are refused (a counter
// cannot be either; hpx would accept them and poison the aggregate).
inline std::optional<double> parseNumber(QByteArrayView text)
{
    const QByteArrayView s = stripAscii(text);
    quint64 v = 0;
    if (s.size() > 0 && s.size() <= 18 && detail::parseShortDigits(s.data(), s.size(), &v))
        return double(v);
    return detail::parseNumberSlow(s);
}

// The same rules with the result through a pointer: the row loop's form, because a std::optional<double> returned
// by value is stored in two parts and read back as one, which stalls store forwarding on every counter cell.
inline bool parseNumber(QByteArrayView text, double *out)
{
    const QByteArrayView s = stripAscii(text);
    quint64 v = 0;
    if (s.size() > 0 && s.size() <= 18 && detail::parseShortDigits(s.data(), s.size(), &v)) {
        *out = double(v);
        return true;
    }
    const std::optional<double> slow = detail::parseNumberSlow(s);
    if (slow)
        *out = *slow;
    return slow.has_value();
}

inline bool parseInt(QByteArrayView text, qint64 *out)
{
    const QByteArrayView s = stripAscii(text);
    quint64 v = 0;
    if (s.size() > 0 && s.size() <= 18 && detail::parseShortDigits(s.data(), s.size(), &v)) {
        *out = qint64(v);
        return true;
    }
    const std::optional<qint64> slow = detail::parseIntSlow(s);
    if (slow)
        *out = *slow;
    return slow.has_value();
}

} // namespace hpx::device::wire
