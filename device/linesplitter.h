#pragma once

#include "device/transportkind.h"

#include <QByteArray>
#include <QByteArrayView>

#include <cstring>

namespace hpx::device {

// Bytes to protocol lines (hpx-compat.md §1.1). Bytes may arrive in any chunking; a line ends at LF, CR or CRLF
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

    explicit LineSplitter(TransportKind kind = TransportKind::None, qsizetype maxLineBytes = DefaultMaxLineBytes);

    // sink(int lineNumber, QByteArrayView line, bool overlong) for every line that survives trimming; lineNumber is
    // 1-based and counts every physical line, empty ones included. The view is valid only during the call.
    template<typename Sink> void feed(QByteArrayView bytes, Sink &&sink);
    // Hands on an unterminated last line (a file's last line without a line end).
    template<typename Sink> void finish(Sink &&sink);

    TransportKind kind() const { return m_kind; }
    int physicalLines() const { return m_lineNumber; }
    qint64 bytesSeen() const { return m_bytes; }

    // One raw line (without its terminator) to a transport line; false if the line is dropped. Exposed for tests.
    bool clean(QByteArrayView raw, QByteArrayView *out);

private:
    template<typename Sink> void emitLine(QByteArrayView raw, bool overlong, Sink &sink);
    void appendPartial(const char *begin, const char *end);

    TransportKind m_kind;
    bool m_glitchRule;
    qsizetype m_maxLineBytes;
    QByteArray m_partial; // bytes of a line split across feeds
    QByteArray m_scratch; // re-encoded non-ASCII line
    bool m_partialOverlong = false;
    bool m_skipLf = false; // the previous feed ended with CR: a leading LF completes that CRLF
    int m_lineNumber = 0;
    qint64 m_bytes = 0;
};

template<typename Sink> void LineSplitter::emitLine(QByteArrayView raw, bool overlong, Sink &sink)
{
    ++m_lineNumber;
    QByteArrayView line;
    if (clean(raw, &line))
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
        // Two SIMD scans beat one byte loop: the next LF, then any CR before it (CR-only line ends are rare).
        const char *q = static_cast<const char *>(std::memchr(p, '\n', size_t(end - p)));
        if (!q)
            q = end;
        if (const void *cr = std::memchr(p, '\r', size_t(q - p)))
            q = static_cast<const char *>(cr);
        if (q == end) {
            appendPartial(p, end);
            break;
        }
        if (m_partial.isEmpty() && !m_partialOverlong) {
            if (q - p > m_maxLineBytes)
                emitLine(QByteArrayView(p, m_maxLineBytes), true, sink);
            else
                emitLine(QByteArrayView(p, q - p), false, sink);
        } else {
            appendPartial(p, q);
            const bool overlong = m_partialOverlong;
            m_partialOverlong = false;
            emitLine(m_partial, overlong, sink);
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
        emitLine(m_partial, overlong, sink);
        m_partial.resize(0);
    }
    m_skipLf = false;
}

} // namespace hpx::device
