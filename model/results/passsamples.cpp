#include "model/results/passsamples.h"

#include <QVarLengthArray>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <new>

#ifdef Q_OS_LINUX
#include <sys/mman.h>
#endif

namespace hpx::model {

namespace {

// Positions above this (hand-built captures only; the parser stops at 65535) are interned without the cache.
constexpr int kCachedPositions = 65536;

} // namespace

void PassSamples::Block::Free::operator()(void *p) const
{
    std::free(p);
}

void PassSamples::Block::grow(size_t bytes, size_t keep)
{
    if (bytes <= m_bytes)
        return;
    void *block = nullptr;
    size_t allocated = bytes;
#ifdef Q_OS_LINUX
    constexpr size_t kHugePage = size_t(2) << 20;
    if (bytes >= kHugePage) {
        allocated = (bytes + kHugePage - 1) / kHugePage * kHugePage;
        block = std::aligned_alloc(kHugePage, allocated);
        if (block)
            madvise(block, allocated, MADV_HUGEPAGE); // advice only: without huge pages it is ordinary memory
    }
#endif
    if (!block) {
        allocated = bytes;
        block = std::malloc(bytes);
    }
    if (!block)
        throw std::bad_alloc();
    if (keep > 0)
        std::memcpy(block, m_data.get(), std::min(keep, m_bytes));
    m_data.reset(block);
    m_bytes = allocated;
}

int PassSamples::Interned::id(int position, const QString &text)
{
    const bool cached = position >= 0 && position < kCachedPositions;
    if (cached) {
        if (position >= byPosition.size())
            byPosition.resize(position + 1, { nullptr, -1 });
        const auto &slot = byPosition.at(position);
        if (slot.second >= 0 && slot.first == text.constData() && strings.at(slot.second).size() == text.size())
            return slot.second;
    }
    auto it = ids.constFind(text);
    int found = 0;
    if (it != ids.constEnd()) {
        found = it.value();
    } else {
        found = int(strings.size());
        strings.append(text);
        ids.insert(text, found);
    }
    if (cached)
        byPosition[position] = { text.constData(), found };
    return found;
}

void PassSamples::Interned::clear()
{
    strings.clear();
    ids.clear();
    byPosition.clear();
}

void PassSamples::reset(const QString &passName, int expectedIterations)
{
    m_passName = passName;
    m_counters.clear();
    m_columns = 0;
    m_expectedIterations = expectedIterations;
    m_anyOverflow = false;
    m_open = false;
    m_openOverflow = false;
    m_openFirstRow = 0;
    m_iterations.clear();
    m_rowCount = 0;
    m_ops.clear();
    m_layers.clear();
    m_escaped.clear();
}

double PassSamples::rareValue(int row, int column, quint32 code) const
{
    if (code == kMissingCode)
        return missing();
    return m_escaped.value(qint64(row) * m_columns + column, missing());
}

void PassSamples::setCounters(const QStringList &counters)
{
    Q_ASSERT(rowCount() == 0);
    if (rowCount() > 0)
        return;
    m_counters = counters;
    m_columns = int(counters.size());
}

void PassSamples::reserve(qsizetype rows)
{
    m_rowBlock.grow(size_t(rows) * sizeof(Row), size_t(m_rowCount) * sizeof(Row));
    m_valueBlock.grow(size_t(rows * m_columns) * sizeof(quint32), size_t(m_rowCount) * m_columns * sizeof(quint32));
}

void PassSamples::beginIteration(int number)
{
    if (m_open)
        endIteration(false);
    m_open = true;
    m_openOverflow = false;
    m_openNumber = number;
    m_openFirstRow = rowCount();
}

void PassSamples::addRow(
    int position, int line, const QString &layer, const QString &op, bool overflow, const double *values)
{
    Q_ASSERT(m_open);
    if (size_t(m_rowCount + 1) * sizeof(Row) > m_rowBlock.bytes()
        || size_t(m_rowCount + 1) * m_columns * sizeof(quint32) > m_valueBlock.bytes())
        reserve(std::max<qsizetype>(qsizetype(m_rowCount) * 2, 256));
    static_cast<Row *>(m_rowBlock.data())[m_rowCount]
        = { position, line, m_ops.id(position, op), m_layers.id(position, layer), quint8(overflow ? 1 : 0) };
    quint32 *codes = static_cast<quint32 *>(m_valueBlock.data()) + qsizetype(m_rowCount) * m_columns;
    for (int column = 0; column < m_columns; ++column) {
        const double value = values[column];
        if (value >= 0 && value < double(kEscapedCode) && value == double(quint32(value)) && !std::signbit(value)) {
            codes[column] = quint32(value);
        } else if (isMissing(value)) {
            codes[column] = kMissingCode;
        } else {
            codes[column] = kEscapedCode;
            m_escaped.insert(qint64(m_rowCount) * m_columns + column, value);
        }
    }
    ++m_rowCount;
    m_openOverflow = m_openOverflow || overflow;
}

void PassSamples::dropLastRow()
{
    if (!m_open || m_rowCount <= m_openFirstRow)
        return;
    --m_rowCount;
    for (int column = 0; column < m_columns; ++column)
        m_escaped.remove(qint64(m_rowCount) * m_columns + column);
    m_openOverflow = false;
    for (int row = m_openFirstRow; row < m_rowCount; ++row)
        m_openOverflow = m_openOverflow || rowAt(row).overflow != 0;
}

void PassSamples::endIteration(bool keep)
{
    if (!m_open)
        return;
    m_open = false;
    if (!keep) {
        m_rowCount = m_openFirstRow;
        m_openFirstRow = rowCount();
        return;
    }
    const int rows = rowCount() - m_openFirstRow;
    m_iterations.append({ m_openNumber, m_openFirstRow, rows });
    m_anyOverflow = m_anyOverflow || m_openOverflow;
    // The first iteration with rows tells how large the pass will be: size it once instead of growing it.
    if (rows > 0 && rowCount() == rows && m_expectedIterations > 1 && m_expectedIterations <= 1000000)
        reserve(std::min<qsizetype>(qsizetype(rows) * m_expectedIterations, qsizetype(1) << 24));
    m_openFirstRow = rowCount();
}

void PassSamples::append(const CaptureIteration &iteration)
{
    beginIteration(iteration.number);
    QVarLengthArray<double, 16> values(m_columns);
    for (const CaptureRow &row : iteration.rows) {
        const int n = std::min(m_columns, int(row.values.size()));
        for (int c = 0; c < m_columns; ++c)
            values[c] = c < n && row.values.has(c) ? row.values.raw(c) : missing();
        addRow(row.position, row.line, row.layer, row.op, row.overflow, values.constData());
    }
    endIteration(true);
}

} // namespace hpx::model
