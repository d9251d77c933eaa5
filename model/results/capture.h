#pragma once

#include "model/results/layerpositions.h"
#include "model/results/powerterminal.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>
#include <QVariant>
#include <QVector>

#include <algorithm>
#include <cstring>
#include <initializer_list>
#include <iterator>
#include <memory>
#include <optional>

namespace hpx::model {

// A parsed hpx wire-protocol v1 stream (docs/compatibility.md §1), exactly as the board sent it: nothing
// aggregated, nothing merged. The device layer's parser produces it; merge (merge.h) consumes it.

// One row's counter values, one per CapturePass::counters, nullopt = a missing cell. A capture holds hundreds of
// thousands of rows (1,000 layers x 100 iterations x passes), so up to InlineCapacity values are kept inside the row
// rather than in a heap block of their own: no allocation per row, a third of the memory of a
// QVector<std::optional<double>>, and far fewer pages to touch for the first time (bench/import).
// Reads look like the QVector's (at, value, size, range-for over std::optional<double>); writes go through set().
class CaptureValues {
public:
    static constexpr qsizetype InlineCapacity = 6; // the cycles column + 5 events covers every firmware pass

    CaptureValues() = default;
    explicit CaptureValues(qsizetype size) { resize(size); }
    CaptureValues(std::initializer_list<std::optional<double>> values) { assign(values.begin(), values.size()); }
    CaptureValues(const QVector<std::optional<double>> &values) { assign(values.constData(), values.size()); }
    CaptureValues(const CaptureValues &other) { copyFrom(other); }
    CaptureValues(CaptureValues &&other) noexcept { moveFrom(other); }
    CaptureValues &operator=(const CaptureValues &other)
    {
        if (this != &other) {
            release();
            copyFrom(other);
        }
        return *this;
    }
    CaptureValues &operator=(CaptureValues &&other) noexcept
    {
        if (this != &other) {
            release();
            moveFrom(other);
        }
        return *this;
    }
    ~CaptureValues() { release(); }

    qsizetype size() const { return m_size; }
    qsizetype count() const { return m_size; }
    bool isEmpty() const { return m_size == 0; }
    std::optional<double> at(qsizetype i) const
    {
        Q_ASSERT(i >= 0 && i < m_size);
        if (isHeap())
            return m_heap[i];
        if (!(m_present & (1u << i)))
            return std::nullopt;
        return m_inline[i];
    }
    std::optional<double> operator[](qsizetype i) const { return at(i); }
    // nullopt past the end, as QVector::value().
    std::optional<double> value(qsizetype i) const { return i >= 0 && i < m_size ? at(i) : std::nullopt; }
    // The hot path of the wire parser: no std::optional through memory.
    bool has(qsizetype i) const { return isHeap() ? m_heap[i].has_value() : (m_present & (1u << i)) != 0; }
    double raw(qsizetype i) const { return isHeap() ? *m_heap[i] : m_inline[i]; } // only where has(i)
    std::optional<double> first() const { return at(0); }

    void set(qsizetype i, double v)
    {
        Q_ASSERT(i >= 0 && i < m_size);
        if (isHeap()) {
            m_heap[i] = v;
        } else {
            m_inline[i] = v;
            m_present |= 1u << i;
        }
    }
    void set(qsizetype i, std::optional<double> v)
    {
        if (v) {
            set(i, *v);
        } else if (isHeap()) {
            m_heap[i].reset();
        } else {
            m_present &= ~(1u << i);
        }
    }
    // Every value missing.
    void resize(qsizetype size)
    {
        release();
        m_size = quint32(size);
        if (size > InlineCapacity)
            m_heap = new std::optional<double>[size_t(size)];
    }
    void clear() { resize(0); }
    void reserve(qsizetype) { } // the inline capacity is fixed; append() moves to the heap past it
    // For captures built by hand (tests, tools); the parser sizes a row once with resize().
    void append(std::optional<double> v)
    {
        if (m_size < InlineCapacity) {
            ++m_size;
            set(m_size - 1, v);
            return;
        }
        QVector<std::optional<double>> all = toVector();
        all.append(v);
        *this = CaptureValues(all);
    }

    QVector<std::optional<double>> toVector() const
    {
        QVector<std::optional<double>> out;
        out.reserve(m_size);
        for (qsizetype i = 0; i < m_size; ++i)
            out.append(at(i));
        return out;
    }

    friend bool operator==(const CaptureValues &a, const CaptureValues &b)
    {
        if (a.m_size != b.m_size)
            return false;
        for (qsizetype i = 0; i < a.m_size; ++i) {
            if (a.at(i) != b.at(i))
                return false;
        }
        return true;
    }
    friend bool operator!=(const CaptureValues &a, const CaptureValues &b) { return !(a == b); }

    class const_iterator {
    public:
        using iterator_category = std::forward_iterator_tag;
        using value_type = std::optional<double>;
        using difference_type = qsizetype;
        using pointer = void;
        using reference = std::optional<double>;
        const_iterator(const CaptureValues *v, qsizetype i)
            : m_v(v)
            , m_i(i)
        {
        }
        std::optional<double> operator*() const { return m_v->at(m_i); }
        const_iterator &operator++()
        {
            ++m_i;
            return *this;
        }
        bool operator==(const const_iterator &o) const { return m_i == o.m_i; }
        bool operator!=(const const_iterator &o) const { return m_i != o.m_i; }

    private:
        const CaptureValues *m_v;
        qsizetype m_i;
    };
    const_iterator begin() const { return { this, 0 }; }
    const_iterator end() const { return { this, m_size }; }

private:
    bool isHeap() const { return m_size > InlineCapacity; }
    void assign(const std::optional<double> *values, qsizetype size)
    {
        resize(size);
        for (qsizetype i = 0; i < size; ++i)
            set(i, values[i]);
    }
    void copyFrom(const CaptureValues &other)
    {
        m_size = other.m_size;
        m_present = other.m_present;
        if (other.isHeap()) {
            m_heap = new std::optional<double>[m_size];
            std::copy(other.m_heap, other.m_heap + m_size, m_heap);
        } else {
            std::memcpy(m_inline, other.m_inline, sizeof(m_inline));
        }
    }
    void moveFrom(CaptureValues &other)
    {
        std::memcpy(static_cast<void *>(this), static_cast<const void *>(&other), sizeof(CaptureValues));
        other.m_size = 0;
        other.m_present = 0;
    }
    void release()
    {
        if (isHeap())
            delete[] m_heap;
        m_size = 0;
        m_present = 0;
    }

    union {
        double m_inline[InlineCapacity];
        std::optional<double> *m_heap;
    };
    quint32 m_size = 0;
    quint32 m_present = 0; // inline values: bit i set = value i present
};

struct CaptureRow {
    int position = 0; // 0-based position in its iteration: what aligns samples and passes
    int line = 0; // 1-based line number in the stream, for messages
    QString layer; // the raw "Layer" cell (int in practice)
    QString op; // the raw "Op" cell: CONV_2D, CONV_2D:3, op:4, OPERATOR_CALL:c0i7
    CaptureValues values; // one per CapturePass::counters; nullopt = missing cell
    bool overflow = false;
};

struct CaptureIteration {
    int number = 0; // the N of "--- HPX_ITER N ---"
    QVector<CaptureRow> rows;
    // Rows handed to a CaptureFold as they were parsed instead of kept here (WireParser::setFold); rows is then empty.
    int foldedRows = 0;
    int rowCount() const { return int(rows.size()) + foldedRows; }
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
    int rows = 1; // rows of the stream it stands for: rows_missing names a gap of this many rows
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

    // headline()'s words.
    Q_DECLARE_TR_FUNCTIONS(hpx::model::FirmwareError)
};

class CaptureFold;

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
    // heliaPROFILER's power terminal record (docs/power.md), wherever in the stream it came: the last complete
    // start/end pair; powerTerminalError says why a complete one was rejected.
    std::optional<power::PowerTerminalRecord> powerTerminal;
    QString powerTerminalError;
    // Set when the parser folded the rows into per-pass aggregates as they arrived (hpx import, capturefold.h):
    // the iterations then hold numbers and row counts only, and the merge takes the passes from here.
    std::shared_ptr<const CaptureFold> fold;
    // The agent's HPX_LAYER_POSITIONS lines (docs/compatibility.md §0.2): each row's (subgraph, operator). Kept out of
    // `metadata` (one line per iteration, thousands of entries long), as heliaPROFILER keeps it and ignores it.
    CaptureLayerPositions layerPositions;

    QVariant meta(const QString &key) const; // last value of a metadata key, or invalid
    bool hasMeta(const QString &key) const;
    // hpx's clean_infer_count: HPX_CLEAN_INFER_COUNT, else the announced clean-window iters, else invalid.
    QVariant cleanInferCount() const;
};

} // namespace hpx::model
