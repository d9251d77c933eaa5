#include "device/wire/csvsplitter.h"

#include <QVarLengthArray>
#include <QtAlgorithms>

#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace hpx::device {

// Unquoted lines (every row the firmware writes) in one pass; false at the first quote, which needs the full CSV
// rules. Commas are found sixteen bytes at a time: a byte loop mispredicts a branch at every field end.
bool CsvSplitter::splitPlain(QByteArrayView line)
{
    const char *const base = line.data();
    const qsizetype n = line.size();
    qsizetype fieldStart = 0;
    auto takeCommas = [&](unsigned mask, qsizetype offset) {
        while (mask) {
            const qsizetype at = offset + qCountTrailingZeroBits(mask);
            m_fields.append(QByteArrayView(base + fieldStart, at - fieldStart));
            fieldStart = at + 1;
            mask &= mask - 1;
        }
    };
    qsizetype i = 0;
#if defined(__SSE2__)
    const __m128i comma = _mm_set1_epi8(',');
    const __m128i quote = _mm_set1_epi8('"');
    auto scan = [&](const char *bytes, qsizetype offset, unsigned valid) {
        const __m128i chunk = _mm_loadu_si128(reinterpret_cast<const __m128i *>(bytes));
        if (unsigned(_mm_movemask_epi8(_mm_cmpeq_epi8(chunk, quote))) & valid)
            return false;
        takeCommas(unsigned(_mm_movemask_epi8(_mm_cmpeq_epi8(chunk, comma))) & valid, offset);
        return true;
    };
    for (; i + 16 <= n; i += 16) {
        if (!scan(base + i, i, 0xffffu))
            return false;
    }
    if (i < n) {
        // The tail through a zeroed copy: reading past the line's end could leave the buffer.
        alignas(16) char tail[16] = {};
        std::memcpy(tail, base + i, size_t(n - i));
        if (!scan(tail, i, (1u << (n - i)) - 1))
            return false;
    }
#else
    for (; i < n; ++i) {
        if (base[i] == '"')
            return false;
        if (base[i] == ',')
            takeCommas(1u, i);
    }
#endif
    m_fields.append(QByteArrayView(base + fieldStart, n - fieldStart));
    return true;
}

bool CsvSplitter::split(QByteArrayView line)
{
    m_fields.clear();
    if (splitPlain(line))
        return true;
    m_fields.clear();
    // Python's csv module, excel dialect, non-strict: a field that starts with '"' is quoted, "" inside it is one
    // quote, text after the closing quote is kept; a '"' inside an unquoted field is literal; an unterminated quote
    // runs to the end of the line. Those last three are also reported (false): the firmware never writes them, so in
    // a row they mean damage.
    bool strict = true;
    m_unquoted.resize(0);
    m_unquoted.reserve(line.size());
    QVarLengthArray<QPair<qsizetype, qsizetype>, 16> spans;
    enum State { StartField, InField, InQuoted, QuoteInQuoted } st = StartField;
    qsizetype fieldStart = 0;
    for (const char c : line) {
        switch (st) {
        case StartField:
            if (c == '"') {
                st = InQuoted;
            } else if (c == ',') {
                spans.append({ fieldStart, 0 });
                fieldStart = m_unquoted.size();
            } else {
                m_unquoted.append(c);
                st = InField;
            }
            break;
        case InField:
            if (c == ',') {
                spans.append({ fieldStart, m_unquoted.size() - fieldStart });
                fieldStart = m_unquoted.size();
                st = StartField;
            } else {
                strict = strict && c != '"';
                m_unquoted.append(c);
            }
            break;
        case InQuoted:
            if (c == '"')
                st = QuoteInQuoted;
            else
                m_unquoted.append(c);
            break;
        case QuoteInQuoted:
            if (c == '"') {
                m_unquoted.append('"');
                st = InQuoted;
            } else if (c == ',') {
                spans.append({ fieldStart, m_unquoted.size() - fieldStart });
                fieldStart = m_unquoted.size();
                st = StartField;
            } else {
                strict = false;
                m_unquoted.append(c);
                st = InField;
            }
            break;
        }
    }
    if (st == InQuoted)
        strict = false;
    spans.append({ fieldStart, m_unquoted.size() - fieldStart });
    for (const auto &s : spans)
        m_fields.append(QByteArrayView(m_unquoted.constData() + s.first, s.second));
    return strict;
}

} // namespace hpx::device
