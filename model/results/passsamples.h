#pragma once

#include "model/results/capture.h"

#include <QHash>
#include <QString>
#include <QStringList>
#include <QVector>

#include <cstring>
#include <memory>

namespace hpx::model {

// One pass's committed iterations as aggregation reads them, in compact form: per row its position, stream line, op
// tag and Layer cell (as ids into two tables of distinct strings), overflow flag and counter values (counts in 32
// bits, see kEscapedCode; a missing value reads as a NaN with a payload of its own). About 48 bytes a row with six
// counters where a CaptureRow takes 120, and no strings per row: hpx import's parser writes rows straight into it
// (capturefold.h), and aggregatePass() reads a CapturePass through it, so both take the one aggregation.
//
// reset() keeps the memory, so the passes of one stream reuse the same pages (bench/import: first touches of fresh
// memory cost more than the parsing).
class PassSamples {
public:
    struct Iteration {
        int number = 0; // the N of "--- HPX_ITER N ---"
        int firstRow = 0;
        int rowCount = 0;
    };

    // Forgets the pass, keeps the memory. `expectedIterations` (HPX_ITERATIONS, when known) sizes the memory for the
    // whole pass once its first iteration is in.
    void reset(const QString &passName, int expectedIterations = 0);
    // Fixes the value columns; only before the first row.
    void setCounters(const QStringList &counters);
    // Room for this many rows of the current width, when the caller knows.
    void reserve(qsizetype rows);

    // Rows are added to an open iteration, which is then kept or dropped (an iteration the stream did not complete).
    void beginIteration(int number);
    // `values`: columnCount() of them, missing() where the cell was empty or not a number.
    void addRow(int position, int line, const QString &layer, const QString &op, bool overflow, const double *values);
    void endIteration(bool keep);
    // Takes back the open iteration's last row (the parser found it damaged only when the next row arrived).
    void dropLastRow();
    bool isIterationOpen() const { return m_open; }
    int openRowCount() const { return rowCount() - m_openFirstRow; }
    int openFirstLine() const { return openRowCount() > 0 ? rowAt(m_openFirstRow).line : 0; }
    int openLastLine() const { return openRowCount() > 0 ? rowAt(m_rowCount - 1).line : 0; }

    // A whole committed iteration as the parser kept it. Values past counters() are ignored.
    void append(const CaptureIteration &iteration);

    const QString &passName() const { return m_passName; }
    const QStringList &counters() const { return m_counters; }
    int columnCount() const { return m_columns; }
    int iterationCount() const { return int(m_iterations.size()); }
    const Iteration &iteration(int index) const { return m_iterations.at(index); }
    int rowCount() const { return m_rowCount; }
    bool anyOverflow() const { return m_anyOverflow; } // in a kept iteration

    int position(int row) const { return rowAt(row).position; }
    int line(int row) const { return rowAt(row).line; }
    int opId(int row) const { return rowAt(row).op; }
    int layerId(int row) const { return rowAt(row).layer; }
    bool overflow(int row) const { return rowAt(row).overflow != 0; }
    // A row's columnCount() values into `out` (missing() where the row had none).
    void rowValues(int row, double *out) const
    {
        const quint32 *codes = valueCodes(row);
        for (int column = 0; column < m_columns; ++column)
            out[column] = codes[column] < kEscapedCode ? double(codes[column]) : rareValue(row, column, codes[column]);
    }
    // Where the row's values are, for prefetching.
    const void *valuesAddress(int row) const { return valueCodes(row); }
    static double missing()
    {
        double value;
        std::memcpy(&value, &kMissingBits, sizeof value);
        return value;
    }
    static bool isMissing(double value)
    {
        quint64 bits;
        std::memcpy(&bits, &value, sizeof bits);
        return bits == kMissingBits;
    }

    // The distinct op tags and Layer cells; equal strings share one id.
    const QString &op(int id) const { return m_ops.strings.at(id); }
    const QString &layer(int id) const { return m_layers.strings.at(id); }

private:
    // Values are counts: a whole number below 2^32 - 2 is stored as itself in 32 bits, a missing one as
    // kMissingCode, anything else (a fraction, a negative or larger number, -0) as kEscapedCode with the exact double
    // in m_escaped. Half the memory of doubles, and a pass's first touches of fresh memory cost more than parsing it
    // (bench/import).
    static constexpr quint32 kMissingCode = 0xFFFFFFFFu;
    static constexpr quint32 kEscapedCode = 0xFFFFFFFEu;
    const quint32 *valueCodes(int row) const
    {
        return static_cast<const quint32 *>(m_valueBlock.data()) + qsizetype(row) * m_columns;
    }
    double rareValue(int row, int column, quint32 code) const;

    // A quiet NaN no arithmetic produces (the parser never stores a NaN at all: nan and inf are not numbers, §1.9).
    static constexpr quint64 kMissingBits = 0x7ff8'4d49'5353'494eULL;

    // Memory for the large columns, grown by hand: nothing is zeroed before it is written, and on Linux a block of
    // 2 MB or more asks for transparent huge pages, one first-touch fault per 2 MB instead of per 4 KB (those faults,
    // not the parsing, were most of hpx import's time: bench/import).
    class Block {
    public:
        void *data() const { return m_data.get(); }
        size_t bytes() const { return m_bytes; }
        void grow(size_t bytes, size_t keep); // room for at least `bytes`, the first `keep` bytes kept
    private:
        struct Free {
            void operator()(void *p) const;
        };
        std::unique_ptr<void, Free> m_data;
        size_t m_bytes = 0;
    };

    struct Row {
        qint32 position;
        qint32 line;
        qint32 op;
        qint32 layer;
        quint8 overflow;
    };
    const Row &rowAt(int row) const
    {
        Q_ASSERT(row >= 0 && row < m_rowCount);
        return static_cast<const Row *>(m_rowBlock.data())[row];
    }

    // Interns by content; the parser already shares one string per position, so the same data pointer at the same
    // position answers without hashing.
    struct Interned {
        QVector<QString> strings;
        QHash<QString, int> ids;
        QVector<QPair<const QChar *, int>> byPosition; // last string seen at a position: data pointer, id
        int id(int position, const QString &text);
        void clear();
    };

    QString m_passName;
    QStringList m_counters;
    int m_columns = 0;
    int m_expectedIterations = 0;
    bool m_anyOverflow = false;
    bool m_open = false;
    bool m_openOverflow = false;
    int m_openNumber = 0;
    int m_openFirstRow = 0;
    QVector<Iteration> m_iterations;
    // The two large columns: rows, and their values row-major (columnCount() per row).
    Block m_rowBlock;
    Block m_valueBlock;
    QHash<qint64, double> m_escaped; // row * columnCount() + column -> value, for kEscapedCode
    int m_rowCount = 0;
    Interned m_ops;
    Interned m_layers;
};

} // namespace hpx::model
