#pragma once

#include "device/wire/streamorigin.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QtAlgorithms>

#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace hpx::device {

// Bytes to protocol lines (docs/compatibility.md §1.1). Bytes may arrive in any chunking; a line ends at LF, CR or CRLF
// (also when the CR and LF arrive in different chunks). Each line is decoded as UTF-8 (invalid bytes become
// U+FFFD), trimmed of surrounding whitespace as hpx does (Python str.strip()), dropped when empty, and — on
// transports that need it — passed through the glitch rule. What comes out is the "transport lines" view, re-encoded
// as UTF-8 so that the parser can work on bytes.
//
// A line longer than maxLineBytes (binary garbage without a line end) is not buffered without bound: it is handed
// on with overlong = true and only its first maxLineBytes bytes, and the parser reports it.
class LineSplitter {
public:
    static constexpr qsizetype DefaultMaxLineBytes = 64 * 1024;

    explicit LineSplitter(StreamOrigin kind = std::nullopt, qsizetype maxLineBytes = DefaultMaxLineBytes);

    // sink(int lineNumber, QByteArrayView line, bool overlong) for every line that survives trimming; lineNumber is
    // 1-based and counts every physical line, empty ones included. The view is valid only during the call.
    template<typename Sink> void feed(QByteArrayView bytes, Sink &&sink);
    // Hands on an unterminated last line (a file's last line without a line end).
    template<typename Sink> void finish(Sink &&sink);

    StreamOrigin kind() const { return m_kind; }
    int physicalLines() const { return m_lineNumber; }
    qint64 bytesSeen() const { return m_bytes; }

    // One raw line (without its terminator) to a transport line; false if the line is dropped. Exposed for tests.
    bool clean(QByteArrayView raw, QByteArrayView *out);

private:
    // ascii: the caller already knows the line has no byte above 0x7f, so it needs trimming only.
    template<typename Sink> void emitLine(QByteArrayView raw, bool overlong, bool ascii, Sink &sink);
    static bool trimAscii(QByteArrayView raw, QByteArrayView *out)
    {
        // Python's str.isspace() in ASCII: \t \n \v \f \r, 0x1c-0x1f and space.
        auto isSpace = [](char c) { return c == ' ' || (c >= 0x09 && c <= 0x0d) || (c >= 0x1c && c <= 0x1f); };
        const char *b = raw.data();
        const char *e = b + raw.size();
        while (b < e && isSpace(*b))
            ++b;
        while (e > b && isSpace(e[-1]))
            --e;
        if (b == e)
            return false;
        *out = QByteArrayView(b, e - b);
        return true;
    }
    void appendPartial(const char *begin, const char *end);

    StreamOrigin m_kind;
    bool m_glitchRule;
    qsizetype m_maxLineBytes;
    QByteArray m_partial; // bytes of a line split across feeds
    QByteArray m_scratch; // re-encoded non-ASCII line
    bool m_partialOverlong = false;
    bool m_skipLf = false; // the previous feed ended with CR: a leading LF completes that CRLF
    int m_lineNumber = 0;
    qint64 m_bytes = 0;
};

template<typename Sink> void LineSplitter::emitLine(QByteArrayView raw, bool overlong, bool ascii, Sink &sink)
{
    ++m_lineNumber;
    QByteArrayView line;
    if (ascii ? trimAscii(raw, &line) : clean(raw, &line))
        sink(m_lineNumber, line, overlong);
}

template<typename Sink> void LineSplitter::feed(QByteArrayView bytes, Sink &&sink)
{
    const char *p = bytes.data();
    const char *const end = p + bytes.size();
    m_bytes += bytes.size();
    if (m_skipLf && p < end) {
        if (*p == '\n')
            ++p;
        m_skipLf = false;
    }
    while (p < end) {
        // One scan finds the line end (LF or CR) and notes whether the line has non-ASCII bytes, which need UTF-8
        // decoding in clean(); SSE2 takes sixteen bytes per step.
        const char *q = p;
        unsigned high = 0;
        bool found = false;
#if defined(__SSE2__)
        const __m128i lf = _mm_set1_epi8('\n');
        const __m128i cr = _mm_set1_epi8('\r');
        while (end - q >= 16) {
            const __m128i chunk = _mm_loadu_si128(reinterpret_cast<const __m128i *>(q));
            const unsigned stops
                = unsigned(_mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(chunk, lf), _mm_cmpeq_epi8(chunk, cr))));
            const unsigned highBits = unsigned(_mm_movemask_epi8(chunk));
            if (stops) {
                const unsigned at = unsigned(qCountTrailingZeroBits(stops));
                high |= highBits & ((1u << at) - 1);
                q += at;
                found = true;
                break;
            }
            high |= highBits;
            q += 16;
        }
#endif
        if (!found) {
            while (q < end && *q != '\n' && *q != '\r') {
                high |= static_cast<unsigned char>(*q) & 0x80u;
                ++q;
            }
        }
        if (q == end) {
            appendPartial(p, end);
            break;
        }
        if (m_partial.isEmpty() && !m_partialOverlong) {
            if (q - p > m_maxLineBytes)
                emitLine(QByteArrayView(p, m_maxLineBytes), true, false, sink);
            else
                emitLine(QByteArrayView(p, q - p), false, high == 0, sink);
        } else {
            appendPartial(p, q);
            const bool overlong = m_partialOverlong;
            m_partialOverlong = false;
            emitLine(m_partial, overlong, false, sink);
            m_partial.resize(0); // keeps the capacity for the next split line
        }
        if (*q == '\r') {
            if (q + 1 < end) {
                if (q[1] == '\n')
                    ++q;
            } else {
                m_skipLf = true;
            }
        }
        p = q + 1;
    }
}

template<typename Sink> void LineSplitter::finish(Sink &&sink)
{
    if (!m_partial.isEmpty() || m_partialOverlong) {
        const bool overlong = m_partialOverlong;
        m_partialOverlong = false;
        emitLine(m_partial, overlong, false, sink);
        m_partial.resize(0);
    }
    m_skipLf = false;
}

} // namespace hpx::device
