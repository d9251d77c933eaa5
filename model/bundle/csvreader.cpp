#include "model/bundle/csvreader.h"

#include "model/bundle/csvwriter.h"

#include <QString>

#include <charconv>

namespace hpx::model {

namespace {

inline bool endsField(char c)
{
    return c == ',' || c == '\r' || c == '\n';
}

inline bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

} // namespace

// A field that starts with a quote, or has one inside: the general rules, byte by byte, into m_scratch. A quote
// opens quoting only at the start of a field; inside quotes "" is one quote; after the closing quote the field goes on
// unquoted (a later quote is literal); an unterminated quote runs to the end of the text.
const char *CsvReader::readQuotedField(const char *p, bool fieldStarted)
{
    const qsizetype start = m_scratch.size();
    bool inQuotes = false;
    for (; p < m_end; ++p) {
        const char c = *p;
        if (inQuotes) {
            if (c == '"') {
                if (p + 1 < m_end && p[1] == '"') {
                    m_scratch.append('"');
                    ++p;
                } else {
                    inQuotes = false;
                }
            } else {
                m_scratch.append(c);
            }
            continue;
        }
        if (c == '"' && !fieldStarted) {
            inQuotes = true;
            fieldStarted = true;
        } else if (endsField(c)) {
            break;
        } else {
            m_scratch.append(c);
            fieldStarted = true;
        }
    }
    m_spans.append({ nullptr, start, m_scratch.size() - start });
    return p;
}

bool CsvReader::next()
{
    m_fields.clear();
    m_spans.clear();
    m_scratch.clear();
    const char *p = m_p;
    if (p >= m_end)
        return false; // nothing pending at a row start: no further row
    while (true) {
        const char *q = p;
        if (q < m_end && *q == '"') {
            q = readQuotedField(q, false);
        } else {
            while (q < m_end && !endsField(*q) && *q != '"')
                ++q;
            if (q < m_end && *q == '"') {
                // A literal quote inside an unquoted field: the plain bytes so far, then the general rules.
                const qsizetype start = m_scratch.size();
                m_scratch.append(p, q - p);
                q = readQuotedField(q, true);
                const Span tail = m_spans.last();
                m_spans.last() = { nullptr, start, tail.offset + tail.size - start };
            } else {
                m_spans.append({ p, 0, q - p });
            }
        }
        if (q < m_end && *q == ',') {
            p = q + 1;
            continue;
        }
        if (q < m_end) {
            // CR, LF or CRLF ends the row.
            if (*q == '\r' && q + 1 < m_end && q[1] == '\n')
                ++q;
            ++q;
        }
        m_p = q;
        break;
    }
    for (const Span &s : std::as_const(m_spans))
        m_fields.append(
            s.text ? QByteArrayView(s.text, s.size) : QByteArrayView(m_scratch.constData() + s.offset, s.size));
    return true;
}

std::optional<double> csvCellToDouble(QByteArrayView cell)
{
    // -?digits(.digits)?([eE][+-]?digits)?: what Python's repr() and str() of numbers give. from_chars rounds
    // correctly, as Qt's double-conversion does; anything else (whitespace, inf, nan, out of range) goes to Qt.
    const char *p = cell.data();
    const char *const end = p + cell.size();
    bool plain = cell.size() > 0 && cell.size() <= 40;
    if (plain) {
        const char *q = p;
        if (*q == '-')
            ++q;
        const char *digits = q;
        while (q < end && isDigit(*q))
            ++q;
        plain = q > digits;
        if (plain && q < end && *q == '.') {
            const char *frac = ++q;
            while (q < end && isDigit(*q))
                ++q;
            plain = q > frac;
        }
        if (plain && q < end && (*q == 'e' || *q == 'E')) {
            ++q;
            if (q < end && (*q == '+' || *q == '-'))
                ++q;
            const char *exp = q;
            while (q < end && isDigit(*q))
                ++q;
            plain = q > exp;
        }
        plain = plain && q == end;
    }
    if (plain) {
        double v = 0;
        const auto r = std::from_chars(p, end, v);
        if (r.ec == std::errc() && r.ptr == end)
            return v;
    }
    bool ok = false;
    const double v = QString::fromUtf8(cell).toDouble(&ok);
    return ok ? std::optional<double>(v) : std::nullopt;
}

std::optional<qint64> csvCellToInt(QByteArrayView cell)
{
    if (cell.size() > 0 && cell.size() <= 18) {
        quint64 v = 0;
        bool digits = true;
        for (const char c : cell) {
            digits = digits && isDigit(c);
            v = v * 10 + quint64(static_cast<unsigned char>(c) - '0');
        }
        if (digits)
            return qint64(v); // at most 18 digits: no overflow
    }
    bool ok = false;
    const qint64 v = QString::fromUtf8(cell).toLongLong(&ok);
    return ok ? std::optional<qint64>(v) : std::nullopt;
}

QVector<QStringList> parseCsv(const QByteArray &text)
{
    QVector<QStringList> rows;
    CsvReader reader(text);
    while (reader.next()) {
        QStringList row;
        row.reserve(reader.fields().size());
        for (const QByteArrayView field : reader.fields())
            row.append(QString::fromUtf8(field));
        rows.append(std::move(row));
    }
    return rows;
}

} // namespace hpx::model
