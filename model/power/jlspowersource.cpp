// Joulescope JLS v2 recordings through Jetperch's jls reader (jls_rd_*): docs/power.md "Recordings".
// jls's headers name parameters `signals`, which Qt defines as a keyword: they come first.
#if HPX_HAVE_JLS
#include <jls/crc32c.h>
#include <jls/ec.h>
#include <jls/format.h>
#include <jls/reader.h>
#endif

#include "model/power/jlspowersource.h"

#if HPX_HAVE_JLS

#include <QFile>

#include <algorithm>
#include <cmath>

namespace hpx::model::power {

JlsPowerSource::JlsPowerSource() = default;

JlsPowerSource::~JlsPowerSource()
{
    if (m_reader)
        jls_rd_close(m_reader);
}

bool JlsPowerSource::fail(const QString &message)
{
    if (m_error.isEmpty())
        m_error = message;
    return false;
}

QStringList JlsPowerSource::digitalChannels() const
{
    QStringList names;
    for (const Signal &s : m_digital)
        names.append(s.name);
    return names;
}

// Whether `path` was closed properly: the file header states the file's length and the last chunk is an intact END
// chunk. jls_rd_open() "repairs" any other file in place — it reopens it for appending, truncates and rewrites it —
// and that path of jls 0.17.0 reads freed memory (docs/fuzzing.md, "jls: repair on open"). A user's recording is never
// written to, so such a file is refused before the library sees it.
bool JlsPowerSource::closedProperly(const QString &path, QString *why)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        *why = f.errorString();
        return false;
    }
    const qint64 size = f.size();
    jls_file_header_s header {};
    jls_chunk_header_s end {};
    if (size < qint64(sizeof header + sizeof end)
        || f.read(reinterpret_cast<char *>(&header), sizeof header) != qint64(sizeof header)) {
        *why = tr("it is too short to be one");
        return false;
    }
    if (header.length == 0 || qint64(header.length) != size) {
        *why = tr("its header gives its length as %1 bytes, the file has %2 (it was not closed properly)")
                   .arg(header.length)
                   .arg(size);
        return false;
    }
    if (!f.seek(size - qint64(sizeof end)) || f.read(reinterpret_cast<char *>(&end), sizeof end) != qint64(sizeof end)
        || end.tag != JLS_TAG_END || end.payload_length != 0 || jls_crc32c_hdr(&end) != end.crc32) {
        *why = tr("it does not end with an intact end chunk (it was not closed properly, or its end is damaged)");
        return false;
    }
    return true;
}

bool JlsPowerSource::open(const QString &path)
{
    QString why;
    if (!closedProperly(path, &why))
        return fail(tr("%1 cannot be read as a JLS recording: %2. The jls library would repair it in place, writing "
                       "to it; repair a copy with Jetperch's tools, or record again.")
                        .arg(path, why));
    const int32_t rc = jls_rd_open(&m_reader, QFile::encodeName(path).constData());
    if (rc != 0) {
        m_reader = nullptr;
        return fail(tr("Cannot read %1 as a JLS recording: %2 (jls error %3).")
                        .arg(path, QString::fromUtf8(jls_error_code_description(rc)))
                        .arg(rc));
    }
    jls_source_def_s *sources = nullptr;
    uint16_t sourceCount = 0;
    if (jls_rd_sources(m_reader, &sources, &sourceCount) != 0)
        return fail(tr("The JLS recording's sources cannot be read."));
    jls_signal_def_s *defs = nullptr;
    uint16_t signalCount = 0;
    if (jls_rd_signals(m_reader, &defs, &signalCount) != 0)
        return fail(tr("The JLS recording's signals cannot be read."));
    // The first source with a fixed-rate f32 `current` signal is the instrument; its other signals go with it.
    int source = -1;
    for (uint16_t i = 0; i < signalCount && source < 0; ++i) {
        const jls_signal_def_s &s = defs[i];
        if (s.signal_type == JLS_SIGNAL_TYPE_FSR && s.data_type == JLS_DATATYPE_F32 && s.name
            && QByteArrayView(s.name) == "current" && s.sample_rate > 0)
            source = s.source_id;
    }
    if (source < 0)
        return fail(tr("The JLS recording has no fixed-rate \"current\" signal."));
    for (uint16_t i = 0; i < sourceCount; ++i) {
        if (sources[i].source_id != source)
            continue;
        const auto text = [](const char *s) { return s ? QString::fromUtf8(s).trimmed() : QString(); };
        m_instrument
            = QStringList({ text(sources[i].vendor), text(sources[i].model) }).join(QLatin1Char(' ')).trimmed();
        if (m_instrument.isEmpty())
            m_instrument = text(sources[i].name);
        m_simulated = text(sources[i].model).contains(QStringLiteral("simulated"), Qt::CaseInsensitive)
            || text(sources[i].name).contains(QStringLiteral("simulated"), Qt::CaseInsensitive);
    }
    for (uint16_t i = 0; i < signalCount; ++i) {
        const jls_signal_def_s &s = defs[i];
        if (s.source_id != source || s.signal_type != JLS_SIGNAL_TYPE_FSR || s.sample_rate == 0 || !s.name)
            continue;
        Signal sig { s.signal_id, QString::fromUtf8(s.name), s.sample_rate, s.data_type, 0 };
        int64_t length = 0;
        if (jls_rd_fsr_length(m_reader, s.signal_id, &length) != 0 || length < 0)
            return fail(tr("The length of the JLS signal \"%1\" cannot be read.").arg(sig.name));
        sig.length = length;
        if (sig.name == QStringLiteral("current") && s.data_type == JLS_DATATYPE_F32)
            m_current = sig;
        else if (sig.name == QStringLiteral("voltage") && s.data_type == JLS_DATATYPE_F32)
            m_voltage = sig;
        else if (s.data_type == JLS_DATATYPE_U1 || s.data_type == JLS_DATATYPE_U8)
            m_digital.append(sig);
    }
    if (m_digital.size() > PowerRecording::kMaxDigitalChannels)
        m_digital.resize(PowerRecording::kMaxDigitalChannels);
    m_rate = double(m_current.rate);
    m_length = m_current.length;
    return true;
}

// Levels of `s` at the current's samples first .. first+count-1 (nearest earlier digital sample).
bool JlsPowerSource::readDigital(const Signal &s, qint64 first, qint64 count, QVector<quint8> &levels)
{
    levels.resize(count);
    if (s.length <= 0) {
        levels.fill(0);
        return true;
    }
    const auto map
        = [&](qint64 k) { return std::min<qint64>(s.length - 1, qint64((__int128(k) * s.rate) / m_current.rate)); };
    const qint64 d0 = map(first);
    const qint64 d1 = map(first + count - 1);
    const qint64 n = d1 - d0 + 1;
    const bool packed = s.dataType == JLS_DATATYPE_U1;
    m_raw.resize(packed ? n / 8 + 2 : n + 1);
    if (jls_rd_fsr(m_reader, uint16_t(s.id), d0, m_raw.data(), n) != 0)
        return fail(tr("The JLS signal \"%1\" cannot be read at sample %2.").arg(s.name).arg(d0));
    for (qint64 k = 0; k < count; ++k) {
        const qint64 j = map(first + k) - d0;
        levels[k] = packed ? quint8((m_raw.at(j / 8) >> (j % 8)) & 1u) : quint8(m_raw.at(j) != 0);
    }
    return true;
}

bool JlsPowerSource::next(PowerBlock &block, int maxSamples)
{
    block.clear();
    if (!m_error.isEmpty() || m_next >= m_length)
        return false;
    const qint64 count = std::min<qint64>(maxSamples, m_length - m_next);
    m_f32.resize(count);
    if (jls_rd_fsr_f32(m_reader, uint16_t(m_current.id), m_next, m_f32.data(), count) != 0)
        return fail(tr("The JLS signal \"current\" cannot be read at sample %1.").arg(m_next));
    block.currentA = m_f32;
    block.timeS.resize(count);
    for (qint64 k = 0; k < count; ++k)
        block.timeS[k] = double(m_next + k) / m_rate;
    if (m_voltage.id >= 0) {
        const qint64 vLength = std::min(count, std::max<qint64>(0, m_voltage.length - m_next));
        if (m_voltage.rate != m_current.rate || vLength < count)
            return fail(tr("The JLS signal \"voltage\" does not cover the current's samples at its rate."));
        block.voltageV.resize(count);
        if (jls_rd_fsr_f32(m_reader, uint16_t(m_voltage.id), m_next, block.voltageV.data(), count) != 0)
            return fail(tr("The JLS signal \"voltage\" cannot be read at sample %1.").arg(m_next));
    }
    block.digital = QVector<quint8>(count, 0);
    QVector<quint8> levels;
    for (int b = 0; b < m_digital.size(); ++b) {
        if (!readDigital(m_digital.at(b), m_next, count, levels))
            return false;
        for (qint64 k = 0; k < count; ++k)
            block.digital[k] |= quint8(levels.at(k) << b);
    }
    // A non-finite sample is the instrument's gap marker (samples it lost): handed on as NaN, the scan counts it as a
    // gap (power.recording_gaps) instead of a number.
    m_next += count;
    return true;
}

} // namespace hpx::model::power

#endif // HPX_HAVE_JLS
