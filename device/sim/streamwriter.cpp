#include "device/sim/streamwriter.h"

#include "device/sim/costmodel.h"

namespace hpx::device {

namespace v1 {
QByteArray meta(const char *key, const QByteArray &value)
{
    return QByteArray("HPX_") + key + '=' + value;
}

QByteArray meta(const char *key, qint64 value)
{
    return meta(key, QByteArray::number(value));
}

QByteArray start()
{
    return QByteArrayLiteral("--- HPX_START ---");
}

QByteArray end()
{
    return QByteArrayLiteral("--- HPX_END ---");
}

QByteArray preset(const QString &name)
{
    return "--- HPX_PRESET " + name.toLatin1() + " ---";
}

QByteArray iter(int n)
{
    return "--- HPX_ITER " + QByteArray::number(n) + " ---";
}

QByteArray header(const QStringList &counters)
{
    QByteArray h = "\"Layer\",\"Op\"";
    for (const QString &c : counters)
        h += ",\"" + c.toLatin1() + '"';
    return h + ",\"overflow\"";
}

QByteArray row(int layer, const QString &op, const QVector<quint32> &values, bool overflow)
{
    QByteArray r = QByteArray::number(layer) + ',' + op.toLatin1();
    for (quint32 v : values)
        r += ',' + QByteArray::number(v);
    return r + (overflow ? ",1" : ",0");
}

QByteArray heartbeat(const char *phase, const QVector<QPair<QByteArray, QByteArray>> &fields)
{
    QByteArray h = QByteArray("HPX_HEARTBEAT phase=") + phase;
    for (const auto &f : fields)
        h += ' ' + f.first + '=' + f.second;
    return h;
}
} // namespace v1

StreamWriter::StreamWriter(quint64 seed, double corruptRate, double dropLineRate)
    : m_seed(seed)
    , m_corruptRate(corruptRate)
    , m_dropRate(dropLineRate)
{
}

void StreamWriter::setLocation(int pass, int iteration, int layer)
{
    m_pass = pass;
    m_iteration = iteration;
    m_layer = layer;
}

static double unit(quint64 h)
{
    return double(h >> 11) / double(1ULL << 53);
}

QByteArray StreamWriter::corrupt(QByteArray bytes)
{
    if (m_corruptRate <= 0)
        return bytes;
    int hits = 0;
    for (int i = 0; i < bytes.size(); ++i) {
        if (bytes.at(i) == '\n')
            continue; // line structure survives; values and markers do not
        if (unit(CostModel::hash(m_seed, 0xC0, ++m_counter)) < m_corruptRate) {
            char replacement;
            do {
                replacement = char(1 + CostModel::hash(m_seed, 0xC1, m_counter) % 255);
                ++m_counter;
            } while (replacement == '\n' || replacement == bytes.at(i));
            bytes[i] = replacement;
            ++hits;
        }
    }
    if (hits)
        logFault(QStringLiteral("corrupt"), QString::number(hits) + QStringLiteral(" byte(s)"));
    return bytes;
}

void StreamWriter::line(const QByteArray &text)
{
    writes({ text });
}

void StreamWriter::writes(const QVector<QByteArray> &parts)
{
    if (m_session && m_dropRate > 0 && unit(CostModel::hash(m_seed, 0xD0, ++m_counter)) < m_dropRate) {
        QByteArray whole;
        for (const QByteArray &p : parts)
            whole += p;
        logFault(QStringLiteral("drop"), QString::fromLatin1(whole.left(80)));
        return;
    }
    for (int i = 0; i < parts.size(); ++i) {
        QByteArray bytes = parts.at(i);
        if (i == parts.size() - 1)
            bytes += '\n';
        m_steps.append(SimStep { SimStep::Kind::Bytes, corrupt(bytes), 0 });
    }
    ++m_lines;
}

void StreamWriter::delay(double ms, SimStep::Kind kind)
{
    if (ms <= 0 && kind == SimStep::Kind::Delay)
        return;
    m_steps.append(SimStep { kind, {}, ms });
}

void StreamWriter::step(SimStep::Kind kind)
{
    m_steps.append(SimStep { kind, {}, 0 });
}

void StreamWriter::logFault(const QString &kind, const QString &detail)
{
    m_faults.append(SimFaultEvent { kind, m_lines + 1, m_pass, m_iteration, m_layer, detail });
}

QVector<SimStep> StreamWriter::takeSteps()
{
    return std::exchange(m_steps, {});
}

QVector<SimFaultEvent> StreamWriter::takeFaults()
{
    return std::exchange(m_faults, {});
}

} // namespace hpx::device
