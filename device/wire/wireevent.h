#pragma once

#include "model/results/capture.h"

#include <QPair>
#include <QString>
#include <QVariant>
#include <QVector>

#include <optional>

namespace hpx::device {

// One HPX_HEARTBEAT line (docs/compatibility.md §1.6). Numeric fields are set only when the line carries them as
// integers; fields keeps every key=value token as sent (phase included), for anything a newer firmware adds.
struct HeartbeatInfo {
    QString phase; // init, allocate, allocated, model_init_done, clean_window_begin, infer, ...
    std::optional<qint64> pass; // infer, warmup_done (0-based; stale during warmup, §1.6)
    std::optional<qint64> iter; // infer
    std::optional<qint64> layer; // infer: operators recorded so far
    std::optional<qint64> iters; // clean_window_begin: planned clean-window inferences
    std::optional<qint64> estMs; // clean_window_begin: estimated window length (0 = no estimate)
    QVector<QPair<QString, QString>> fields;

    QString field(const QString &key) const;
};

// An immutable progress/record notification from WireParser::feed(), in stream order. The capture session forwards
// these to the UI thread; the records themselves are collected in the parser's model::Capture.
struct WireEvent {
    enum class Kind {
        Ready, // first HPX_READY line (before START)
        Started, // --- HPX_START --- (again after a board reset: see Problem "stream_restarted")
        Metadata, // HPX_<KEY>=<value>: key (lower-case, no prefix), value
        PassStarted, // --- HPX_PRESET <name> ---: passName, passNumber (1-based k) of passCount (n, 0 = unknown)
        IterationCommitted, // an iteration closed by the next ITER/PRESET/END: passName, iteration, rowCount
        Heartbeat, // HPX_HEARTBEAT: heartbeat
        FirmwareError, // the first HPX_ERROR= line anywhere: error (fatal: the board halts)
        FirmwareWarning, // HPX_WARN=<code> ...: text (hpx ignores these; we show them)
        Problem, // a line that could not be used, or a stream-level warning: problem
        Ended, // --- HPX_END ---
    };

    Kind kind = Kind::Problem;
    int line = 0; // 1-based line number in the stream (0 = not tied to a line)
    QString text; // the trimmed line as received

    QString key; // Metadata
    QVariant value; // Metadata: qlonglong when decimal, else QString
    QString passName; // PassStarted, IterationCommitted
    int passNumber = 0; // PassStarted, IterationCommitted: 1-based position (announced order if known)
    int passCount = 0; // PassStarted, IterationCommitted: announced passes (HPX_PRESETS / HPX_NUM_PRESETS)
    int iteration = -1; // IterationCommitted: the N of "--- HPX_ITER N ---"
    int rowCount = 0; // IterationCommitted
    HeartbeatInfo heartbeat; // Heartbeat
    model::FirmwareError error; // FirmwareError
    model::CaptureProblem problem; // Problem
};

} // namespace hpx::device
