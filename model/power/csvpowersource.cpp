// CSV power recordings (docs/power.md "Recordings"): hpx's plain dialect and the Power Profiler app's export.
#include "model/power/csvpowersource.h"

#include <charconv>
#include <cmath>

namespace hpx::model::power {

namespace {

constexpr qsizetype kChunk = 4 << 20; // bytes read at a time
constexpr qsizetype kMaxLine = 64 << 10; // a longer line is damage, not a row

std::optional<double> number(QByteArrayView cell)
{
    while (!cell.isEmpty() && (cell.front() == ' ' || cell.front() == '\t'))
        cell = cell.sliced(1);
    while (!cell.isEmpty() && (cell.back() == ' ' || cell.back() == '\t'))
        cell.chop(1);
    if (cell.isEmpty())
        return std::nullopt;
    const char *b = cell.data();
    const char *e = b + cell.size();
    if (*b == '+')
        ++b;
    double v = 0.0;
    const auto r = std::from_chars(b, e, v);
    if (r.ec != std::errc() || r.ptr != e || !std::isfinite(v))
        return std::nullopt;
    return v;
}

QString trimmed(QByteArrayView cell)
{
    return QString::fromUtf8(cell).trimmed();
}

} // namespace

bool CsvPowerSource::fail(const QString &message)
{
    if (m_error.isEmpty())
        m_error = message;
    return false;
}

bool CsvPowerSource::open(const QString &path)
{
    m_file.setFileName(path);
    if (!m_file.open(QIODevice::ReadOnly))
        return fail(tr("Cannot read %1: %2.").arg(path, m_file.errorString()));
    m_total = m_file.size();
    return readHeader();
}

bool CsvPowerSource::openData(const QByteArray &data)
{
    m_memory = data;
    m_fromMemory = true;
    m_total = data.size();
    return readHeader();
}

QString CsvPowerSource::instrument() const
{
    if (m_ppk)
        return QStringLiteral("Nordic Power Profiler Kit II");
    return m_comment;
}

double CsvPowerSource::progress() const
{
    return m_total > 0 ? double(m_consumed) / double(m_total) : 1.0;
}

bool CsvPowerSource::fill()
{
    if (m_eof)
        return false;
    if (m_pos > 0) {
        m_buffer.remove(0, m_pos);
        m_pos = 0;
    }
    QByteArray chunk;
    if (m_fromMemory) {
        chunk = m_memory.mid(m_memoryPos, kChunk);
        m_memoryPos += chunk.size();
    } else {
        chunk = m_file.read(kChunk);
        if (chunk.isEmpty() && m_file.error() != QFileDevice::NoError)
            return fail(tr("Cannot read the recording: %1.").arg(m_file.errorString()));
    }
    if (chunk.isEmpty()) {
        m_eof = true;
        return false;
    }
    m_buffer.append(chunk);
    return true;
}

bool CsvPowerSource::nextLine(QByteArrayView *line)
{
    for (;;) {
        const qsizetype nl = m_buffer.indexOf('\n', m_pos);
        if (nl >= 0) {
            QByteArrayView l(m_buffer.constData() + m_pos, nl - m_pos);
            m_consumed += nl + 1 - m_pos;
            m_pos = nl + 1;
            if (!l.isEmpty() && l.back() == '\r')
                l.chop(1);
            ++m_line;
            *line = l;
            return true;
        }
        if (m_buffer.size() - m_pos > kMaxLine)
            return fail(tr("Line %1 of the recording is longer than %2 bytes.").arg(m_line + 1).arg(kMaxLine));
        if (!fill()) {
            if (!m_error.isEmpty() || m_pos >= m_buffer.size())
                return false;
            // the last line without a newline
            QByteArrayView l(m_buffer.constData() + m_pos, m_buffer.size() - m_pos);
            m_consumed += l.size();
            m_pos = m_buffer.size();
            if (!l.isEmpty() && l.back() == '\r')
                l.chop(1);
            ++m_line;
            *line = l;
            return true;
        }
    }
}

bool CsvPowerSource::readHeader()
{
    QByteArrayView line;
    QStringList header;
    while (nextLine(&line)) {
        if (m_line == 1 && line.startsWith("\xEF\xBB\xBF"))
            line = line.sliced(3);
        if (line.trimmed().isEmpty())
            continue;
        if (line.startsWith('#')) {
            const QString text = QString::fromUtf8(line.sliced(1)).trimmed();
            if (text.contains(QStringLiteral("simulated"), Qt::CaseInsensitive))
                m_simulated = true;
            if (text.startsWith(QStringLiteral("source:")))
                m_comment = text.mid(7).trimmed();
            continue;
        }
        for (const QByteArray &cell : line.toByteArray().split(','))
            header.append(trimmed(cell));
        break;
    }
    if (header.isEmpty())
        return fail(m_error.isEmpty() ? tr("The recording is empty: it has no header line.") : m_error);
    m_columns = int(header.size());
    if (header.contains(QStringLiteral("Current(uA)"))) {
        m_ppk = true;
        m_timeColumn = int(header.indexOf(QStringLiteral("Timestamp(ms)")));
        m_currentColumn = int(header.indexOf(QStringLiteral("Current(uA)")));
        m_bitsColumn = int(header.indexOf(QStringLiteral("D0-D7")));
        m_timeScale = 1e-3;
        m_currentScale = 1e-6;
        if (m_timeColumn < 0)
            return fail(tr("This Power Profiler export has no Timestamp(ms) column; export it with Timestamp on "
                           "(the file does not say its sample rate)."));
        for (int i = 0; i < 8; ++i) {
            const int c = int(header.indexOf(QStringLiteral("D%1").arg(i)));
            if (c >= 0)
                m_digitalColumns.append(c);
        }
        if (m_bitsColumn >= 0 || m_digitalColumns.size() == 8) {
            for (int i = 0; i < 8; ++i)
                m_digitalNames.append(QStringLiteral("D%1").arg(i));
        } else {
            m_digitalColumns.clear();
        }
        return true;
    }
    m_timeColumn = int(header.indexOf(QStringLiteral("time_s")));
    m_currentColumn = int(header.indexOf(QStringLiteral("current_a")));
    m_voltageColumn = int(header.indexOf(QStringLiteral("voltage_v")));
    if (m_timeColumn < 0 || m_currentColumn < 0)
        return fail(tr("The recording's header names no known format: a plain recording starts "
                       "\"time_s,current_a\", a Power Profiler export has \"Current(uA)\"."));
    for (int c = 0; c < header.size(); ++c) {
        if (c == m_timeColumn || c == m_currentColumn || c == m_voltageColumn)
            continue;
        const QString &name = header.at(c);
        if (name.isEmpty())
            return fail(tr("Column %1 of the recording's header has no name.").arg(c + 1));
        if (m_digitalNames.contains(name))
            return fail(tr("The recording's header names \"%1\" twice.").arg(name));
        m_digitalColumns.append(c);
        m_digitalNames.append(name);
    }
    if (m_digitalNames.size() > PowerRecording::kMaxDigitalChannels)
        return fail(tr("The recording has %1 digital channels; at most %2 are read.")
                        .arg(m_digitalNames.size())
                        .arg(PowerRecording::kMaxDigitalChannels));
    return true;
}

bool CsvPowerSource::parseRow(QByteArrayView line, PowerBlock &block)
{
    // Split without allocating: at most 16 fields are looked at.
    QByteArrayView cells[18];
    int count = 0;
    qsizetype start = 0;
    for (qsizetype i = 0; i <= line.size(); ++i) {
        if (i == line.size() || line.at(i) == ',') {
            if (count < 18)
                cells[count] = line.sliced(start, i - start);
            ++count;
            start = i + 1;
        }
    }
    if (count != m_columns)
        return fail(
            tr("Line %1 of the recording has %2 fields, the header has %3.").arg(m_line).arg(count).arg(m_columns));
    if (m_columns > 18)
        return fail(tr("The recording has more columns than a recording has (%1).").arg(m_columns));
    const auto t = number(cells[m_timeColumn]);
    const auto i = number(cells[m_currentColumn]);
    if (!t || !i)
        return fail(tr("Line %1 of the recording: \"%2\" is not a number.")
                        .arg(m_line)
                        .arg(trimmed(!t ? cells[m_timeColumn] : cells[m_currentColumn]).left(40)));
    const double time = *t * m_timeScale;
    if (time < m_lastTime)
        return fail(
            tr("Line %1 of the recording: time goes back (%2 s after %3 s).").arg(m_line).arg(time).arg(m_lastTime));
    m_lastTime = time;
    block.timeS.append(time);
    block.currentA.append(float(*i * m_currentScale));
    if (m_voltageColumn >= 0) {
        const auto v = number(cells[m_voltageColumn]);
        if (!v)
            return fail(tr("Line %1 of the recording: the voltage \"%2\" is not a number.")
                            .arg(m_line)
                            .arg(trimmed(cells[m_voltageColumn]).left(40)));
        block.voltageV.append(float(*v));
    }
    quint8 bits = 0;
    if (m_bitsColumn >= 0) {
        const QByteArrayView s = cells[m_bitsColumn].trimmed();
        if (!s.isEmpty() && s.size() != 8)
            return fail(tr("Line %1 of the recording: D0-D7 is \"%2\", not 8 pin states.").arg(m_line).arg(trimmed(s)));
        for (int b = 0; b < s.size(); ++b) {
            const char c = s.at(b);
            if (c == '1' || c == 'X')
                bits |= quint8(1u << b);
            else if (c != '0' && c != '-')
                return fail(tr("Line %1 of the recording: D0-D7 is \"%2\", not 0, 1, X or - per pin.")
                                .arg(m_line)
                                .arg(trimmed(s)));
        }
    } else {
        for (int b = 0; b < m_digitalColumns.size(); ++b) {
            const QByteArrayView s = cells[m_digitalColumns.at(b)].trimmed();
            if (s == "1" || s == "X")
                bits |= quint8(1u << b);
            else if (!(s == "0" || s == "-" || (m_ppk && s.isEmpty())))
                return fail(tr("Line %1 of the recording: the digital channel %2 is \"%3\", not 0 or 1.")
                                .arg(m_line)
                                .arg(m_digitalNames.value(b), trimmed(s).left(40)));
        }
    }
    block.digital.append(bits);
    return true;
}

bool CsvPowerSource::next(PowerBlock &block, int maxSamples)
{
    block.clear();
    if (!m_error.isEmpty())
        return false;
    QByteArrayView line;
    while (block.size() < maxSamples && nextLine(&line)) {
        if (line.trimmed().isEmpty())
            continue;
        if (!parseRow(line, block))
            return false;
    }
    if (!m_error.isEmpty())
        return false;
    return block.size() > 0;
}

} // namespace hpx::model::power
