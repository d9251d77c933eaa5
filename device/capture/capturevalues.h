#pragma once

#include "device/wire/hostplan.h"
#include "model/board/firmwaretransport.h"
#include "model/results/capture.h"

#include <QByteArray>
#include <QMetaType>
#include <QString>
#include <QStringList>

#include <optional>

namespace hpx::device {

// The values a capture session is given and gives back (capturesession.h): immutable, copied between the caller's
// thread and the session's worker.

struct SessionOptions {
    // How the board's firmware sends: decides how it is started and timed (docs/compatibility.md §2), whatever link
    // the bytes come over.
    model::FirmwareTransport firmwareTransport = model::FirmwareTransport::Uart;
    std::optional<HostPlan> plan; // passes to ask for; ignored by boards without plan support
    bool requirePlan = false; // stop with an error when the board rejects or cannot take the plan
    // Send one LF right after opening. Boards ignore host lines other than HPX_PLAN; a simulator on a pty, which
    // cannot see DTR, powers on at the host's first byte (docs/simulator.md).
    bool wakeLine = true;
    QString rawStreamPath; // every byte is appended here as it arrives; replaced at start (empty: none)
    // Timeouts (§2.5, CaptureDeadlines). UART/RTT: no byte for hostTimeoutS ends the capture once the stream said
    // HPX_HEARTBEAT_ENABLED=1 (and heartbeatsEnabled, target.heartbeat.enabled, allows it), else after 300 s;
    // overallTimeoutS bounds the whole capture. USB CDC keeps its fixed limits: 300 s per line, 600 s overall.
    bool heartbeatsEnabled = true;
    double hostTimeoutS = 30.0; // target.heartbeat.host_timeout_s
    std::optional<double> overallTimeoutS; // target.heartbeat.overall_timeout_s (none: unbounded)
    // Fixed limits in ms replacing those rules on every link; -1 = the rules, 0 = none.
    int inactivityTimeoutMs = -1;
    int overallTimeoutMs = -1;
    int cleanWindowSlackMs = 15'000; // the "+ 15 s" of the clean-window budget (§2.5)
    int errorDrainMs = 500; // after HPX_ERROR=, how long to keep reading the board's last words
};

// One progress value for the UI thread: immutable, copied across threads.
struct CaptureProgress {
    QString phase; // connecting, waiting, plan, clean_window, warmup, profiling, finishing
    QString pass; // cpu_0
    int passNumber = 0; // k (1-based), 0 before the first pass
    int passCount = 0; // n, 0 if unknown
    int iteration = -1;
    int layer = -1;
    qint64 bytes = 0;
    qint64 elapsedMs = 0;
    // clean_window: how long the board said it would time the model without counters (est_ms of its heartbeat)
    // and how long ago it said so; -1 when it did not say.
    qint64 cleanWindowEstMs = -1;
    qint64 cleanWindowSinceMs = -1;
};

// What a capture ended with. Failures keep the partial capture and the raw stream file.
struct CaptureResult {
    enum class Status {
        Complete, // --- HPX_END --- arrived
        Cancelled, // the user stopped it
        OpenFailed, // the link did not open
        Disconnected, // the link broke during the run
        TimedOut, // inactivity or overall limit
        FirmwareError, // HPX_ERROR=
        StreamDamaged, // bytes arrived but the records cannot be trusted (unparseable lines inside a pass)
        NoStream, // the stream never started or had no layers
        PlanRefused, // requirePlan: the board rejected the plan or cannot take one
    };
    enum class PlanState { NotRequested, Accepted, Rejected, Unsupported };

    Status status = Status::NoStream;
    QString error; // translated, user-facing; empty when Complete
    QString errorPass; // the pass the failure happened in, if any
    QStringList warnings; // translated, e.g. the board restarted, plan not supported
    model::Capture capture; // parsed records (partial on failure)
    PlanState plan = PlanState::NotRequested;
    QString planNote; // translated sentence on how the passes were chosen
    QString linkDescription;
    QString rawStreamPath;
    QByteArray rawStream; // every byte received, in order (implicitly shared: cheap to copy)
    QString rawStreamSha256; // its SHA-256 (hex) when already known (hpx import hashes while parsing), else empty
    qint64 bytes = 0;
    int restarts = 0; // board resets seen (the last complete stream is the one parsed)
    std::optional<double> captureDurationS; // open -> end of a live capture; none for a stream read from a file
    std::optional<double> startLatencyS; // open -> START
    std::optional<double> protocolDurationS; // START -> END

    bool ok() const { return status == Status::Complete; }
};
QString statusName(CaptureResult::Status status);

} // namespace hpx::device

Q_DECLARE_METATYPE(hpx::device::CaptureProgress)
Q_DECLARE_METATYPE(hpx::device::CaptureResult)
