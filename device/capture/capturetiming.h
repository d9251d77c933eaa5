#pragma once

#include "device/wire/streamorigin.h"

#include <QStringView>

#include <optional>

namespace hpx::device {

// docs/compatibility.md §2.5: capture timeouts, as pure arithmetic so every caller (the capture worker, the simulator
// tests) agrees.
namespace timing {

constexpr double HeartbeatInactivityS = 30.0; // target.heartbeat.host_timeout_s default (heartbeats enabled)
constexpr double NoHeartbeatInactivityS = 300.0; // heartbeats disabled
constexpr double UsbCdcLineTimeoutS = 300.0; // USB CDC: each line read waits at most this
constexpr double UsbCdcOverallS = 600.0; // USB CDC: fixed overall limit
constexpr int UsbCdcStartWithinLines = 20; // USB CDC: on silence stop only if START was among these lines
constexpr double WindowBudgetSafety = 2.0;
constexpr double WindowBudgetMarginS = 15.0;
constexpr double WindowBudgetCapS = 3600.0;

// Clean-window announce budget: est_ms/1000 × 2.0 + margin (15 s), at most 3600 s; nullopt when est_ms ≤ 0.
std::optional<double> cleanWindowBudgetS(qint64 estMs, double marginS = WindowBudgetMarginS);
// The same from a whole heartbeat line: nullopt unless it contains "phase=clean_window_begin" and an est_ms= token
// with an integer > 0 (hpx's window_budget_s).
std::optional<double> cleanWindowBudgetS(QStringView heartbeatLine);

} // namespace timing

// The deadlines of one capture, advanced by the caller with a monotonic clock in milliseconds (QElapsedTimer). Pure:
// no timers, no threads, so a test can drive it with invented times. The capture worker asks it on every tick.
//
// RTT/SWO/UART/TCP/none: the inactivity deadline is reset by any received bytes; a clean-window announce makes
// announce time + budget a floor under it until that time passes, and raises a finite overall deadline if needed.
// USB CDC: a fixed 300 s gap per line and 600 s overall; an announce raises only the overall deadline; on silence the
// capture stops only if START was among the first 20 lines, otherwise it keeps waiting (until the overall limit).
class CaptureDeadlines {
public:
    struct Config {
        StreamOrigin kind = std::nullopt;
        bool heartbeatsEnabled = true; // the firmware sends heartbeats (setHeartbeatsEnabled() when the stream says)
        double hostTimeoutS = timing::HeartbeatInactivityS; // target.heartbeat.host_timeout_s
        std::optional<double> overallTimeoutS; // target.heartbeat.overall_timeout_s (unbounded)
        // Fixed limits that replace the rules above on every link (short limits in tests): -1 = the rules, 0 = none.
        qint64 inactivityOverrideMs = -1;
        qint64 overallOverrideMs = -1;
    };
    enum class Expiry { None, Inactivity, Overall };

    CaptureDeadlines(const Config &config, qint64 startMs);

    void bytesReceived(qint64 nowMs);
    // --- HPX_START --- arrived as the stream's line number `line` (1-based, every line counted).
    void startReceived(int line);
    void cleanWindowAnnounced(qint64 nowMs, double budgetS);
    void setHeartbeatsEnabled(bool enabled) { m_config.heartbeatsEnabled = enabled; }

    Expiry check(qint64 nowMs) const;
    // When check() would next report something, for arming a single-shot timer; nullopt = never.
    std::optional<qint64> nextDeadlineMs() const;
    std::optional<qint64> inactivityDeadlineMs() const;
    std::optional<qint64> overallDeadlineMs() const { return m_overall; }
    qint64 inactivityLimitMs() const; // the gap that ends a capture (without a clean-window floor); 0 = none
    qint64 startMs() const { return m_start; }
    qint64 lastDataMs() const { return m_lastData; }

private:
    bool usbCdc() const { return m_config.kind == model::FirmwareTransport::UsbCdc; }

    Config m_config;
    qint64 m_start;
    qint64 m_lastData;
    std::optional<qint64> m_overall;
    std::optional<qint64> m_windowFloor;
    bool m_startEarly = false;
};

} // namespace hpx::device
