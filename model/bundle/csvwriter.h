#pragma once

#include "model/json/jsonvalue.h"

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <QVector>

namespace hpx::model {

// CSV exactly as Python's csv module writes it with the default "excel" dialect, which is what
// heliaPROFILER uses: "," delimiter, CRLF line ends, minimal quoting (a field is quoted when it
// holds ',', '"', CR or LF; quotes are doubled). Cells are formatted like Python's str():
// floats in repr form ("7405.0"), ints as ints, booleans "True"/"False", null as an empty field.
class CsvWriter {
public:
    void writeHeader(const QStringList &names);
    void writeRow(const QVector<JsonValue> &cells);
    const QByteArray &data() const { return m_data; }
    QByteArray takeData() { return std::move(m_data); }
    void reserve(qsizetype bytes) { m_data.reserve(bytes); }

    static void appendField(QByteArray &out, const JsonValue &cell);
    static void appendText(QByteArray &out, const QString &text);

private:
    QByteArray m_data;
};

// Splits CSV text (any of CRLF/LF/CR line ends, RFC 4180 quoting) into rows of fields.
// A field that was quoted is returned verbatim without its quotes.
QVector<QStringList> parseCsv(const QByteArray &text);

} // namespace hpx::model
