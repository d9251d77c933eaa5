#pragma once

#include <QString>
#include <QStringList>
#include <QVariant>
#include <QVector>

#include <optional>

namespace hpx::model {

// A parsed hpx wire-protocol v1 stream (docs/compatibility.md §1), exactly as the board sent it: nothing
// aggregated, nothing merged. The device layer's parser produces it; merge (merge.h) consumes it.

struct CaptureRow {
    int position = 0; // 0-based position in its iteration: what aligns samples and passes
    QString layer; // the raw "Layer" cell (int in practice)
    QString op; // the raw "Op" cell: CONV_2D, CONV_2D:3, op:4, OPERATOR_CALL:c0i7
    QVector<std::optional<double>> values; // one per CapturePass::counters; nullopt = missing cell
    bool overflow = false;
    int line = 0; // 1-based line number in the stream, for messages
};

struct CaptureIteration {
    int number = 0; // the N of "--- HPX_ITER N ---"
    QVector<CaptureRow> rows;
};

struct CapturePass {
    QString name; // "cpu_0", or "_default" for legacy streams
    QStringList header; // the full header as sent ("Layer","Op",counters...,"overflow")
    QStringList counters; // the counter columns of the header, in order
    QVector<CaptureIteration> iterations; // committed iterations only
};

struct CaptureProblem {
    int line = 0; // 1-based stream line number (0 = not tied to a line)
    QString kind; // parse_error, malformed_row, non_numeric_value, hpx_end_missing, ...
    QString text; // the offending line, if any
    QString message; // translated, user-facing
};

struct FirmwareError {
    QString payload; // everything after "HPX_ERROR="
    QString code; // payload up to first space, else first ':', else whole
    QString message; // translated explanation
    QString hint; // translated hint (empty where hpx has none)
    int line = 0;

    // The payload's details after the code, readable: "capacity=256" -> "capacity 256", "model_init_failed:-3" ->
    // "-3"; empty when the payload is the code alone.
    QString details() const;
    // What error output shows, the code first because people search for it (translated):
    // "board error operator_count_exceeds_capacity (capacity 256): <message>".
    QString headline() const;
};

struct Capture {
    // Metadata in arrival order (key lower-cased without the HPX_ prefix; int when decimal, else string; last wins).
    QVector<QPair<QString, QVariant>> metadata;
    QStringList announcedPresets; // HPX_PRESETS
    QVector<CapturePass> passes; // in stream order
    bool sawStart = false;
    bool sawEnd = false;
    std::optional<FirmwareError> error; // the first HPX_ERROR= line anywhere in the stream
    QVector<CaptureProblem> problems; // parse errors and warnings, in stream order
    int lineCount = 0;

    // Added by the parser (additive): the clean_window_begin heartbeat's announcement (§1.6), whose iters is hpx's
    // fallback for HPX_CLEAN_INFER_COUNT when that line is lost; how many heartbeats arrived; bytes fed.
    std::optional<qint64> announcedCleanIters;
    std::optional<qint64> announcedCleanEstMs;
    int heartbeatCount = 0;
    qint64 byteCount = 0;

    QVariant meta(const QString &key) const; // last value of a metadata key, or invalid
    bool hasMeta(const QString &key) const;
    // hpx's clean_infer_count: HPX_CLEAN_INFER_COUNT, else the announced clean-window iters, else invalid.
    QVariant cleanInferCount() const;
};

} // namespace hpx::model
