#include "device/capturetiming.h"

#include <QList>
#include <QString>

#include <algorithm>
#include <cmath>

namespace hpx::device {

namespace timing {

std::optional<double> cleanWindowBudgetS(qint64 estMs)
{
    if (estMs <= 0)
        return std::nullopt;
    return std::min(double(estMs) / 1000.0 * WindowBudgetSafety + WindowBudgetMarginS, WindowBudgetCapS);
}

std::optional<double> cleanWindowBudgetS(QStringView heartbeatLine)
{
    if (!heartbeatLine.contains(QLatin1String("phase=clean_window_begin")))
        return std::nullopt;
    for (const QStringView token : heartbeatLine.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        if (!token.startsWith(QLatin1String("est_ms=")))
            continue;
        bool ok = false;
        const qint64 est = token.mid(7).toLongLong(&ok);
        if (!ok)
            return std::nullopt;
        return cleanWindowBudgetS(est);
    }
    return std::nullopt;
}

} // namespace timing

namespace {

qint64 toMs(double s)
{
    return qint64(std::llround(s * 1000.0));
}

} // namespace

CaptureDeadlines::CaptureDeadlines(const Config &config, qint64 startMs)
    : m_config(config)
    , m_lastData(startMs)
{
    if (usbCdc())
        m_overall = startMs + toMs(timing::UsbCdcOverallS);
    else if (config.overallTimeoutS)
        m_overall = startMs + toMs(*config.overallTimeoutS);
}

qint64 CaptureDeadlines::inactivityMs() const
{
    if (usbCdc())
        return toMs(timing::UsbCdcLineTimeoutS);
    return toMs(m_config.heartbeatsEnabled ? m_config.hostTimeoutS : timing::NoHeartbeatInactivityS);
}

void CaptureDeadlines::bytesReceived(qint64 nowMs)
{
    m_lastData = std::max(m_lastData, nowMs);
}

void CaptureDeadlines::lineReceived(qint64 nowMs, bool isStart)
{
    bytesReceived(nowMs);
    ++m_lines;
    if (isStart && m_lines <= timing::UsbCdcStartWithinLines)
        m_startEarly = true;
}

void CaptureDeadlines::cleanWindowAnnounced(qint64 nowMs, double budgetS)
{
    const qint64 until = nowMs + toMs(budgetS);
    if (!usbCdc())
        m_windowFloor = until;
    if (m_overall && until > *m_overall)
        m_overall = until;
}

std::optional<qint64> CaptureDeadlines::inactivityDeadlineMs() const
{
    qint64 d = m_lastData + inactivityMs();
    if (m_windowFloor && *m_windowFloor > d)
        d = *m_windowFloor;
    if (usbCdc() && !m_startEarly)
        return std::nullopt; // hpx keeps waiting: only the overall limit ends it
    return d;
}

CaptureDeadlines::Expiry CaptureDeadlines::check(qint64 nowMs) const
{
    if (m_overall && nowMs > *m_overall)
        return Expiry::Overall;
    const std::optional<qint64> inactivity = inactivityDeadlineMs();
    if (inactivity && nowMs > *inactivity)
        return Expiry::Inactivity;
    return Expiry::None;
}

std::optional<qint64> CaptureDeadlines::nextDeadlineMs() const
{
    const std::optional<qint64> inactivity = inactivityDeadlineMs();
    if (inactivity && m_overall)
        return std::min(*inactivity, *m_overall);
    return inactivity ? inactivity : m_overall;
}

} // namespace hpx::device
