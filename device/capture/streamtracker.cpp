#include "device/capture/streamtracker.h"

#include <QRegularExpression>

namespace hpx::device {

namespace {
// "phase=infer pass=0 iter=1 layer=3" -> value of key, or empty.
QString field(const QString &line, QLatin1String key)
{
    const QStringList parts = line.split(QLatin1Char(' '), Qt::SkipEmptyParts);
    for (const QString &part : parts) {
        if (part.size() > key.size() && part.startsWith(key) && part.at(key.size()) == QLatin1Char('='))
            return part.mid(key.size() + 1);
    }
    return {};
}
} // namespace

QString StreamTracker::cleanLine(const QByteArray &raw, bool glitchRule)
{
    QString text = QString::fromUtf8(raw).trimmed();
    if (glitchRule && !text.isEmpty() && text.at(0).unicode() > 0x7E) {
        int i = 0;
        while (i < text.size() && (text.at(i).unicode() < 0x20 || text.at(i).unicode() > 0x7E))
            ++i;
        text = text.mid(i).trimmed();
    }
    return text;
}

QVector<StreamTracker::Event> StreamTracker::feed(const QByteArray &bytes)
{
    QVector<Event> events;
    m_pending.append(bytes);
    qsizetype from = 0;
    for (;;) {
        const qsizetype lf = m_pending.indexOf('\n', from);
        if (lf < 0)
            break;
        handleLine(m_pending.mid(from, lf - from), m_consumed + from, events);
        from = lf + 1;
    }
    m_consumed += from;
    m_pending.remove(0, from);
    return events;
}

void StreamTracker::handleLine(const QByteArray &raw, qint64 lineOffset, QVector<Event> &events)
{
    ++m_lineCount;
    const QString line = cleanLine(raw, m_glitchRule);
    if (line.isEmpty())
        return;
    const int n = m_lineCount;

    // Errors count wherever they are, before START too (§1.7).
    if (line.startsWith(QLatin1String("HPX_ERROR="))) {
        if (!m_firstError) {
            Event e { Event::Error, n, line.mid(10) };
            m_firstError = e;
            m_errorPass = m_pass;
            events.append(e);
        }
        return;
    }
    if (line == QLatin1String("--- HPX_START ---")) {
        const bool restart = m_startCount > 0;
        ++m_startCount;
        m_startLine = n;
        if (!m_firstStartLine)
            m_firstStartLine = n;
        m_startOffset = lineOffset;
        m_sawEnd = false;
        m_pass.clear();
        m_passNumber = 0;
        m_passCount = 0;
        m_presets.clear();
        m_iteration = -1;
        m_layer = -1;
        m_warmup = false;
        Event e { Event::Start, n };
        e.restart = restart;
        events.append(e);
        return;
    }
    if (!sawStart() || m_sawEnd) {
        if (line == QLatin1String("HPX_READY")) {
            ++m_readyCount;
            events.append(Event { Event::Ready, n });
        } else if (line == QLatin1String(PlanSupportedLine)) {
            events.append(Event { Event::PlanSupported, n });
        } else if (auto reply = parsePlanReply(line)) {
            Event e { Event::PlanAnswer, n };
            e.reply = reply;
            events.append(e);
        }
        return;
    }
    if (line == QLatin1String("--- HPX_END ---")) {
        m_sawEnd = true;
        events.append(Event { Event::End, n });
        return;
    }
    if (line.startsWith(QLatin1String("HPX_HEARTBEAT_ENABLED="))) {
        // Starts like a heartbeat (hpx classifies it as one, §1.2), but it is the configuration line.
        m_heartbeatsEnabled = line.mid(22).trimmed() == QLatin1String("1");
        return;
    }
    if (line.startsWith(QLatin1String("HPX_HEARTBEAT"))) {
        m_phase = field(line, QLatin1String("phase"));
        if (m_phase == QLatin1String("clean_window_begin")) {
            Event e { Event::CleanWindow, n };
            e.estMs = field(line, QLatin1String("est_ms")).toLongLong();
            events.append(e);
            return;
        }
        if (m_phase == QLatin1String("warmup_done"))
            m_warmup = false;
        if (m_phase == QLatin1String("infer")) {
            // Labels are stale during warmup (§1.6): only trust the layer count there.
            bool ok = false;
            const int layer = field(line, QLatin1String("layer")).toInt(&ok);
            if (ok)
                m_layer = layer;
            const int iter = field(line, QLatin1String("iter")).toInt(&ok);
            if (ok && !m_warmup)
                m_iteration = iter;
        }
        events.append(Event { Event::Heartbeat, n });
        return;
    }
    if (line.startsWith(QLatin1String("--- HPX_PRESET ")) && line.endsWith(QLatin1String(" ---"))) {
        m_pass = line.mid(15, line.size() - 19).trimmed();
        ++m_passNumber;
        m_iteration = -1;
        m_layer = -1;
        m_warmup = true;
        Event e { Event::Preset, n, m_pass };
        e.passNumber = m_passNumber;
        e.passCount = m_passCount;
        events.append(e);
        return;
    }
    if (line.startsWith(QLatin1String("--- HPX_ITER ")) && line.endsWith(QLatin1String(" ---"))) {
        bool ok = false;
        const int iter = line.mid(13, line.size() - 17).trimmed().toInt(&ok);
        if (ok)
            m_iteration = iter;
        m_warmup = false;
        if (m_passNumber == 0) { // legacy stream: one implicit pass
            m_pass = QStringLiteral("_default");
            m_passNumber = 1;
        }
        events.append(Event { Event::Iteration, n });
        return;
    }
    if (line.startsWith(QLatin1String("HPX_NUM_PRESETS="))) {
        m_passCount = line.mid(16).toInt();
    } else if (line.startsWith(QLatin1String("HPX_PRESETS="))) {
        m_presets = line.mid(12).split(QLatin1Char(','), Qt::SkipEmptyParts);
        if (!m_passCount)
            m_passCount = int(m_presets.size());
    }
}

} // namespace hpx::device
