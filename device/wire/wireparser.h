#pragma once

#include "device/wire/linesplitter.h"
#include "device/wire/passtable.h"
#include "device/wire/streamorigin.h"
#include "device/wire/wireevent.h"
#include "model/results/capture.h"
#include "model/results/powerterminal.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QCoreApplication>
#include <QHash>
#include <QStringList>
#include <QVector>

#include <functional>
#include <memory>

namespace hpx::device {

// Incremental parser for hpx wire protocol v1 (docs/compatibility.md §1), producing a model::Capture: metadata, passes,
// committed iterations and per-layer counter values exactly as the board sent them (nothing aggregated).
//
// Feed it bytes in any chunking — one byte at a time gives the same records as the whole stream at once. It follows
// hpx's classification of lines (§1.2) and its robustness rules (§1.9), with these deliberate hardenings, because a
// value must never land on another layer, counter, pass or iteration:
//  * a row's position is its Layer cell (the firmware's 0-based position) when the header has one; a row whose Layer
//    is not an integer is dropped and reported; a gap (lost lines) is reported and later rows keep their own
//    positions instead of shifting up; positions going backwards (a lost ITER marker: the next iteration's rows)
//    end the use of that iteration, except an exact repeat of the previous line, which is just dropped;
//  * a row with the wrong field count is dropped and reported (as hpx does), and so is a row with broken quoting
//    (text after a closing quote, a quote inside a bare cell, an unterminated quote: hpx's csv reads these
//    leniently, but the firmware never writes them, and reading them can move text between cells); a counter cell that
//    is not a number is kept as a missing value and reported (as hpx does; nan/inf count as not a number);
//  * a first line after ITER that looks like a data row is not taken as the header: that iteration is not used;
//  * an ITER number not above the pass's previous one (a lost PRESET marker) starts an iteration that is not used;
//  * a header with the pass's columns in another order is mapped by name; a header with damaged names or with other
//    columns than the pass's first header makes its iteration unusable;
//  * without a Layer column (not written by any current firmware) positions are row counts, so a damaged row ends
//    the use of its iteration;
//  * a second HPX_START (board reset) discards the interrupted iteration, and a pass name seen again replaces the
//    earlier attempt in place (hpx's dict semantics), both reported;
//  * an HPX_END before any HPX_START is noise and does not stop parsing.
// HPX_ERROR= lines are looked for on every line, before START and after END included; the first one wins. So is the
// power terminal record (its sentinels and HPX_POWER_* keys never count as metadata): the last complete pair wins.
class WireParser {
    Q_DECLARE_TR_FUNCTIONS(hpx::device::WireParser)
public:
    explicit WireParser(StreamOrigin kind = std::nullopt);

    // Parses what arrived; returns the events it produced, in stream order.
    QVector<WireEvent> feed(QByteArrayView bytes);
    // Ends the stream: hands on an unterminated last line, applies the end-of-stream rules (an open iteration is lost
    // without HPX_END, §1.9; hpx_end_missing, protocol_version_mismatch and inconsistent_layer_counts warnings) and
    // returns the capture. Events produced on the way go to *events if given. Later feed() calls are ignored.
    model::Capture finish(QVector<WireEvent> *events = nullptr);

    // The capture so far (committed iterations only). Valid until finish().
    const model::Capture &capture() const { return m_cap; }
    bool isFinished() const { return m_finished; }
    StreamOrigin origin() const { return m_splitter.kind(); }
    int physicalLines() const { return m_splitter.physicalLines(); }

    // Keep the trimmed, non-empty lines (what hpx's transport layer hands its parser); off by default.
    void setKeepTransportLines(bool keep) { m_keepLines = keep; }
    const QStringList &transportLines() const { return m_transportLines; }

    // Write the rows into `fold` instead of keeping them (hpx import's streaming merge, model/results/capturefold.h):
    // the capture's iterations then hold numbers and row counts, and Capture::fold the aggregated passes. Set before
    // the first feed().
    void setFold(std::shared_ptr<model::CaptureFold> fold);

    // Convenience: a whole stream (a saved capture file) at once; with `fold`, folded as setFold() says.
    static model::Capture parse(QByteArrayView stream, StreamOrigin kind = std::nullopt,
        QStringList *transportLines = nullptr, std::shared_ptr<model::CaptureFold> fold = {});
    // The same, read in windows of `window` bytes (hpx import: memory and a stop request bounded by a window, not by
    // the file). After each window `progress(bytes read so far)` is called; returning false stops the parse there, and
    // the capture holds what was read.
    static model::Capture parse(QByteArrayView stream, StreamOrigin kind, std::shared_ptr<model::CaptureFold> fold,
        qsizetype window, const std::function<bool(qsizetype)> &progress);
    // Why `head` (the first bytes of a saved stream, up to a MiB) cannot be a wire stream, translated; empty when it
    // can. A file of NULs or of bytes without a line feed is refused here, before it is parsed at all.
    static QString notAStream(QByteArrayView head);
    static constexpr qsizetype HeadBytes = 1 << 20;

    // At most this many problems are stored (a stream of garbage must not grow without bound); the rest are counted
    // and summarised in one "problems_truncated" problem at finish().
    static constexpr int MaxStoredProblems = 2000;
    // Largest accepted row position (pmu_max_ops is at most 4096 on every SoC, §4.4).
    static constexpr qint64 MaxPosition = PassTable::MaxPosition;

private:
    void handleLine(int lineNumber, QByteArrayView line, bool overlong);
    void handleStart(int lineNumber, QByteArrayView line);
    void handleHeartbeat(int lineNumber, QByteArrayView line);
    void handleMetadata(int lineNumber, QByteArrayView line, qsizetype eq);
    void handlePreset(int lineNumber, QByteArrayView line, QByteArrayView name);
    void handleIter(int lineNumber, QByteArrayView line, QByteArrayView number);
    void handleTableLine(int lineNumber, QByteArrayView line);
    void commitIteration();
    void discardIteration();
    int openRowCount() const; // rows of the open iteration so far
    int openRowLine(bool first) const; // line of its first or last row, 0 without rows
    void addProblem(int lineNumber, const QString &kind, QByteArrayView text, const QString &message, int rows = 1);
    void addProblem(int lineNumber, const QString &kind, const QString &text, const QString &message, int rows = 1);
    int passNumber(int passIndex) const;
    int passCount() const;
    WireEvent passEvent(WireEvent::Kind kind, int lineNumber) const;

    LineSplitter m_splitter;
    model::Capture m_cap;
    QVector<WireEvent> m_events;
    QHash<QString, int> m_metaIndex;
    bool m_inSession = false;
    bool m_ended = false;
    bool m_finished = false;
    bool m_collectEvents = true; // parse() turns the heartbeat and problem events off
    bool m_sawReady = false;
    int m_pass = -1;

    // The open iteration.
    bool m_iterOpen = false;
    bool m_iterRejected = false; // an ITER number that does not follow the pass's last one
    model::CaptureIteration m_iter; // its rows, unless they go to m_fold
    PassTable m_table; // the CSV lines of the open iteration

    std::shared_ptr<model::CaptureFold> m_fold;
    bool m_keepLines = false;
    QStringList m_transportLines;
    int m_droppedProblems = 0;
    model::power::PowerTerminalParser m_power; // HPX_POWER_* lines, anywhere in the stream
};

} // namespace hpx::device
