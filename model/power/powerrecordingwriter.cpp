// Writing recordings (docs/power.md "Without hardware"): plain CSV, or JLS through jls's writer.
// jls's headers name parameters `signals`, which Qt defines as a keyword: they come first.
#if HPX_HAVE_JLS
#include <jls/format.h>
#include <jls/writer.h>
#endif

#include "model/power/powerrecordingwriter.h"

namespace hpx::model::power {

namespace {
constexpr int kBlock = 1 << 16;
}

struct PowerRecordingWriter::Jls {
#if HPX_HAVE_JLS
    jls_wr_s *wr = nullptr;
#endif
};

PowerRecordingWriter::PowerRecordingWriter() = default;

PowerRecordingWriter::~PowerRecordingWriter()
{
#if HPX_HAVE_JLS
    if (m_jls && m_jls->wr)
        jls_wr_close(m_jls->wr);
#endif
}

bool PowerRecordingWriter::open(
    const QString &path, double rateHz, const QStringList &digitalChannels, const QString &comment, bool simulated)
{
    m_rate = rateHz;
    m_digitalCount = int(std::min<qsizetype>(8, digitalChannels.size()));
    if (path.endsWith(QStringLiteral(".jls"), Qt::CaseInsensitive)) {
#if HPX_HAVE_JLS
        m_jls = std::make_unique<Jls>();
        if (jls_wr_open(&m_jls->wr, QFile::encodeName(path).constData()) != 0) {
            m_jls->wr = nullptr;
            m_error = tr("Cannot write the recording %1.").arg(path);
            return false;
        }
        const QByteArray model
            = (simulated ? QStringLiteral("simulated: %1") : QStringLiteral("%1")).arg(comment).toUtf8();
        jls_source_def_s source {};
        source.source_id = 1;
        source.name = simulated ? "hpx-board-sim (simulated)" : "hpx";
        source.vendor = "hpx Studio";
        source.model = model.constData();
        source.version = "1";
        source.serial_number = "";
        int rc = jls_wr_source_def(m_jls->wr, &source);
        const auto signal = [&](uint16_t id, const char *name, uint32_t type, const char *units) {
            jls_signal_def_s s {};
            s.signal_id = id;
            s.source_id = 1;
            s.signal_type = JLS_SIGNAL_TYPE_FSR;
            s.data_type = type;
            s.sample_rate = uint32_t(rateHz);
            s.name = name;
            s.units = units;
            return jls_wr_signal_def(m_jls->wr, &s);
        };
        rc = rc ? rc : signal(1, "current", JLS_DATATYPE_F32, "A");
        rc = rc ? rc : signal(2, "voltage", JLS_DATATYPE_F32, "V");
        QVector<QByteArray> names;
        for (int b = 0; b < m_digitalCount; ++b)
            names.append(digitalChannels.at(b).toUtf8());
        for (int b = 0; b < m_digitalCount && !rc; ++b)
            rc = signal(uint16_t(3 + b), names.at(b).constData(), JLS_DATATYPE_U1, "");
        if (rc) {
            m_error = tr("Cannot write the recording %1 (jls error %2).").arg(path).arg(rc);
            return false;
        }
        return true;
#else
        m_error = tr("This build cannot write JLS (it was built without Jetperch's jls library); write a .csv.");
        return false;
#endif
    }
    m_csv.setFileName(path);
    if (!m_csv.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
        m_error = tr("Cannot write the recording %1: %2.").arg(path, m_csv.errorString());
        return false;
    }
    QByteArray head = "# source: " + comment.toUtf8() + '\n';
    if (simulated)
        head += "# simulated: made by hpx-board-sim from its current model, not measured\n";
    head += "time_s,current_a,voltage_v";
    for (int b = 0; b < m_digitalCount; ++b)
        head += ',' + digitalChannels.at(b).toUtf8();
    head += '\n';
    m_csv.write(head);
    return true;
}

void PowerRecordingWriter::append(float currentA, float voltageV, quint8 digital)
{
    m_current.append(currentA);
    m_voltage.append(voltageV);
    m_digital.append(digital);
    ++m_samples;
    if (m_current.size() >= kBlock)
        flush();
}

bool PowerRecordingWriter::flush()
{
    if (!m_error.isEmpty())
        return false;
    const int n = int(m_current.size());
    if (n == 0)
        return true;
#if HPX_HAVE_JLS
    if (m_jls) {
        int rc = jls_wr_fsr_f32(m_jls->wr, 1, m_flushed, m_current.constData(), uint32_t(n));
        rc = rc ? rc : jls_wr_fsr_f32(m_jls->wr, 2, m_flushed, m_voltage.constData(), uint32_t(n));
        QByteArray bits((n + 7) / 8 + 1, 0);
        for (int b = 0; b < m_digitalCount && !rc; ++b) {
            bits.fill(0);
            for (int k = 0; k < n; ++k) {
                if ((m_digital.at(k) >> b) & 1u)
                    bits[k / 8] = char(bits.at(k / 8) | (1 << (k % 8)));
            }
            rc = jls_wr_fsr(m_jls->wr, uint16_t(3 + b), m_flushed, bits.constData(), uint32_t(n));
        }
        if (rc)
            m_error = tr("Writing the recording failed (jls error %1).").arg(rc);
    }
#endif
    if (m_csv.isOpen()) {
        QByteArray out;
        out.reserve(n * 40);
        for (int k = 0; k < n; ++k) {
            out += QByteArray::number(double(m_flushed + k) / m_rate, 'g', 12);
            out += ',' + QByteArray::number(double(m_current.at(k)), 'g', 9);
            out += ',' + QByteArray::number(double(m_voltage.at(k)), 'g', 9);
            for (int b = 0; b < m_digitalCount; ++b)
                out += ((m_digital.at(k) >> b) & 1u) ? ",1" : ",0";
            out += '\n';
        }
        if (m_csv.write(out) != out.size())
            m_error = tr("Writing the recording failed: %1.").arg(m_csv.errorString());
    }
    m_flushed += n;
    m_current.clear();
    m_voltage.clear();
    m_digital.clear();
    return m_error.isEmpty();
}

bool PowerRecordingWriter::finish()
{
    flush();
#if HPX_HAVE_JLS
    if (m_jls && m_jls->wr) {
        if (jls_wr_close(m_jls->wr) != 0 && m_error.isEmpty())
            m_error = tr("Closing the recording failed.");
        m_jls->wr = nullptr;
    }
#endif
    if (m_csv.isOpen()) {
        m_csv.close();
        if (m_csv.error() != QFileDevice::NoError && m_error.isEmpty())
            m_error = tr("Writing the recording failed: %1.").arg(m_csv.errorString());
    }
    return m_error.isEmpty();
}

} // namespace hpx::model::power
