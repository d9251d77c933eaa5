#include "device/capture/capturetiming.h"

#include <QList>
#include <QString>

#include <algorithm>
#include <cmath>

namespace hpx::device {

namespace timing {

std::optional<double> cleanWindowBudgetS(qint64 estMs, double marginS)
{
    if (estMs <= 0)
        return std::nullopt;
    return std::min(double(estMs) / 1000.0 * WindowBudgetSafety + marginS, WindowBudgetCapS);
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
    , m_start(startMs)
    , m_lastData(startMs)
{
    if (config.overallOverrideMs >= 0) {
        if (config.overallOverrideMs > 0)
            m_overall = startMs + config.overallOverrideMs;
    } else if (usbCdc()) {
        m_overall = startMs + toMs(timing::UsbCdcOverallS);
    } else if (config.overallTimeoutS) {
        m_overall = startMs + toMs(*config.overallTimeoutS);
    }
}

qint64 CaptureDeadlines::inactivityLimitMs() const
{
    if (m_config.inactivityOverrideMs >= 0)
        return m_config.inactivityOverrideMs;
    if (usbCdc())
        return toMs(timing::UsbCdcLineTimeoutS);
    return toMs(m_config.heartbeatsEnabled ? m_config.hostTimeoutS : timing::NoHeartbeatInactivityS);
}

void CaptureDeadlines::bytesReceived(qint64 nowMs)
{
    m_lastData = std::max(m_lastData, nowMs);
}

void CaptureDeadlines::startReceived(int line)
{
    if (line > 0 && line <= timing::UsbCdcStartWithinLines)
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
    const qint64 limit = inactivityLimitMs();
    if (limit <= 0)
        return std::nullopt;
    if (usbCdc() && !m_startEarly)
        return std::nullopt; // hpx keeps waiting: only the overall limit ends it
    qint64 d = m_lastData + limit;
    if (m_windowFloor && *m_windowFloor > d)
        d = *m_windowFloor;
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
