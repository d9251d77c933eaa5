#include "device/wire/linesplitter.h"

#include <QList>
#include <QString>

namespace hpx::device {

namespace {

// Python's str.isspace() for the characters hpx's strip() removes (bidi WS/B/S or category Zs).
bool isPySpace(char32_t c)
{
    switch (c) {
    case 0x09:
    case 0x0a:
    case 0x0b:
    case 0x0c:
    case 0x0d:
    case 0x1c:
    case 0x1d:
    case 0x1e:
    case 0x1f:
    case 0x20:
    case 0x85:
    case 0xa0:
    case 0x1680:
    case 0x2028:
    case 0x2029:
    case 0x202f:
    case 0x205f:
    case 0x3000:
        return true;
    default:
        return c >= 0x2000 && c <= 0x200a;
    }
}

} // namespace

LineSplitter::LineSplitter(StreamOrigin kind, qsizetype maxLineBytes)
    : m_kind(kind)
    , m_glitchRule(appliesGlitchRule(kind))
    , m_maxLineBytes(maxLineBytes > 0 ? maxLineBytes : DefaultMaxLineBytes)
{
}

void LineSplitter::appendPartial(const char *begin, const char *end)
{
    const qsizetype room = m_maxLineBytes - m_partial.size();
    if (end - begin > room) {
        if (room > 0)
            m_partial.append(begin, room);
        m_partialOverlong = true;
    } else {
        m_partial.append(begin, end - begin);
    }
}

bool LineSplitter::clean(QByteArrayView raw, QByteArrayView *out)
{
    const char *b = raw.data();
    const char *e = b + raw.size();
    unsigned char high = 0;
    for (const char *p = b; p < e; ++p)
        high |= static_cast<unsigned char>(*p);
    if (!(high & 0x80)) {
        // Pure ASCII (the normal case): trim in place, no decoding, no copy. The glitch rule cannot apply because
        // the first character is ASCII.
        return trimAscii(raw, out);
    }

    const QString decoded = QString::fromUtf8(raw);
    const QList<uint> ucs4 = decoded.toUcs4();
    qsizetype from = 0;
    qsizetype to = ucs4.size();
    while (from < to && isPySpace(ucs4[from]))
        ++from;
    while (to > from && isPySpace(ucs4[to - 1]))
        --to;
    if (from == to)
        return false;
    if (m_glitchRule && ucs4[from] > 0x7f) {
        while (from < to && (ucs4[from] < 0x20 || ucs4[from] > 0x7e))
            ++from;
        if (from == to)
            return false;
    }
    m_scratch = QString::fromUcs4(reinterpret_cast<const char32_t *>(ucs4.constData()) + from, to - from).toUtf8();
    *out = QByteArrayView(m_scratch);
    return true;
}

} // namespace hpx::device
