#pragma once

#include <QByteArrayView>
#include <QVarLengthArray>

#include <optional>

namespace hpx::model {

// Reads CSV text row by row exactly as parseCsv() (csvwriter.h) splits it, but hands each row's fields as UTF-8
// bytes: the bundle's layer tables (10,000 rows x 40 counters and more) then convert only the cells they use, and
// numbers without building a QString. The views are valid until the next call to next().
class CsvReader {
public:
    using Fields = QVarLengthArray<QByteArrayView, 64>;

    explicit CsvReader(QByteArrayView text)
        : m_p(text.data())
        , m_end(text.data() + text.size())
    {
    }

    // The next row; false at the end of the text. An empty line is a row with one empty field.
    bool next();
    const Fields &fields() const { return m_fields; }

private:
    struct Span {
        const char *text; // into the CSV text, or nullptr: into m_scratch at offset
        qsizetype offset;
        qsizetype size;
    };
    const char *readQuotedField(const char *p, bool fieldStarted);

    const char *m_p;
    const char *m_end;
    Fields m_fields;
    QVarLengthArray<Span, 64> m_spans;
    QVarLengthArray<char, 256> m_scratch; // fields that had quotes, unquoted
};

// QString::fromUtf8(cell).toDouble(&ok) and .toLongLong(&ok), nullopt where ok is false; the plain decimals a bundle
// holds are converted straight from the bytes.
std::optional<double> csvCellToDouble(QByteArrayView cell);
std::optional<qint64> csvCellToInt(QByteArrayView cell);

} // namespace hpx::model
