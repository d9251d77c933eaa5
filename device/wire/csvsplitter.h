#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QVarLengthArray>

namespace hpx::device {

// Splits one wire-protocol CSV line (a header or a row) into cells, as Python's csv module reads it (excel dialect,
// non-strict). The cells are views into the line, or into an internal buffer when quotes had to be removed; they stay
// valid until the next split(). Reused for every row, so it keeps its buffers.
class CsvSplitter {
public:
    using Fields = QVarLengthArray<QByteArrayView, 16>;

    // false when the quoting is not what the firmware writes (text after a closing quote, a quote inside a bare
    // cell, an unterminated quote): the cells are still split the lenient way hpx does, but in a row that is damage.
    bool split(QByteArrayView line);
    const Fields &fields() const { return m_fields; }

private:
    bool splitPlain(QByteArrayView line);

    Fields m_fields;
    QByteArray m_unquoted;
};

} // namespace hpx::device
