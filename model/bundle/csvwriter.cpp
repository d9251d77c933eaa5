#include "model/bundle/csvwriter.h"

#include "model/json/jsonwriter.h"

#include <charconv>

namespace hpx::model {

void CsvWriter::appendText(QByteArray &out, const QString &text)
{
    const QByteArray utf8 = text.toUtf8();
    bool quote = false;
    for (const char c : utf8) {
        if (c == ',' || c == '"' || c == '\r' || c == '\n') {
            quote = true;
            break;
        }
    }
    if (!quote) {
        out.append(utf8);
        return;
    }
    out.append('"');
    for (const char c : utf8) {
        if (c == '"')
            out.append('"');
        out.append(c);
    }
    out.append('"');
}

void CsvWriter::appendField(QByteArray &out, const JsonValue &cell)
{
    switch (cell.type()) {
    case JsonValue::Type::Null:
        return;
    case JsonValue::Type::Bool:
        out.append(cell.toBool() ? "True" : "False");
        return;
    case JsonValue::Type::Int: {
        char buf[24];
        const auto r = std::to_chars(buf, buf + sizeof(buf), cell.toInt());
        out.append(buf, r.ptr - buf);
        return;
    }
    case JsonValue::Type::Double:
        appendPythonFloat(out, cell.toDouble());
        return;
    case JsonValue::Type::String:
        appendText(out, cell.toString());
        return;
    case JsonValue::Type::Array:
    case JsonValue::Type::Object:
        appendText(out, QString::fromUtf8(toPythonJson(cell, -1)));
        return;
    }
}

void CsvWriter::writeHeader(const QStringList &names)
{
    bool first = true;
    for (const QString &name : names) {
        if (!first)
            m_data.append(',');
        first = false;
        appendText(m_data, name);
    }
    m_data.append("\r\n", 2);
}

void CsvWriter::writeRow(const QVector<JsonValue> &cells)
{
    bool first = true;
    for (const JsonValue &cell : cells) {
        if (!first)
            m_data.append(',');
        first = false;
        appendField(m_data, cell);
    }
    m_data.append("\r\n", 2);
}

} // namespace hpx::model
