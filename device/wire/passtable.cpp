#include "device/wire/passtable.h"

#include "device/wire/wirenumbers.h"

#include <QCoreApplication>

#include <algorithm>
#include <cstring>
#include <limits>
#include <utility>

namespace hpx::device {

namespace {

// A header cell as hpx reads it: c.strip().strip('"').
QString headerCell(QByteArrayView cell)
{
    QByteArrayView c = wire::stripAscii(cell);
    while (!c.isEmpty() && c.front() == '"')
        c = c.sliced(1);
    while (!c.isEmpty() && c.back() == '"')
        c.chop(1);
    return QString::fromUtf8(c);
}

const QString &interned(QVector<QPair<QByteArray, QString>> &cache, qint64 position, QByteArrayView cell)
{
    if (position >= cache.size())
        cache.resize(position + 1);
    auto &slot = cache[position];
    // Plain memcmp: QByteArrayView's operator== goes through an out-of-line helper, on every row.
    const bool same = slot.first.size() == cell.size()
        && (cell.isEmpty() || std::memcmp(slot.first.constData(), cell.data(), size_t(cell.size())) == 0);
    if (slot.second.isNull() || !same) {
        slot.first = cell.toByteArray();
        slot.second = QString::fromUtf8(cell);
    }
    return slot.second;
}

} // namespace

PassTable::PassTable(Report report)
    : m_report(std::move(report))
{
}

void PassTable::startPass()
{
    m_passHeaderLine.clear();
    m_passColumns.clear();
    m_layerCache.clear();
    m_opCache.clear();
}

void PassTable::startIteration(bool usable)
{
    m_headerState = usable ? HeaderState::Await : HeaderState::Headerless;
    m_columns.clear();
    m_layerColumn = -1;
    m_lastPosition = -1;
    m_lastRowLineNumber = 0;
    m_droppedRows = 0;
    m_lastDroppedLine = 0;
    m_dataLines = 0;
}

void PassTable::handleLine(
    int lineNumber, QByteArrayView line, model::CapturePass &pass, int iteration, const Rows &rows)
{
    if (m_headerState == HeaderState::Have)
        handleRow(lineNumber, line, pass, iteration, rows);
    else if (m_headerState == HeaderState::Await)
        handleHeader(lineNumber, line, pass, iteration);
    // else: no usable header, or positions went backwards (reported once); the rest of the rows are skipped.
}

void PassTable::useColumns(const QVector<Column> &columns)
{
    m_columns = columns;
    m_layerColumn = -1;
    for (int i = 0; i < m_columns.size(); ++i) {
        if (m_columns.at(i).role == Role::Layer) {
            m_layerColumn = i;
            break;
        }
    }
    m_headerState = HeaderState::Have;
}

QVector<PassTable::Column> PassTable::columnsFor(const QStringList &header, const model::CapturePass &pass) const
{
    QVector<Column> columns;
    columns.reserve(header.size());
    for (const QString &name : header) {
        Column c;
        if (name == QLatin1String("Layer"))
            c.role = Role::Layer;
        else if (name == QLatin1String("Op"))
            c.role = Role::Op;
        else if (name == QLatin1String("tag"))
            c.role = Role::Tag;
        else if (name == QLatin1String("name"))
            c.role = Role::Name;
        else if (name == QLatin1String("overflow"))
            c.role = Role::Overflow;
        else {
            c.counter = int(pass.counters.indexOf(name));
            c.role = c.counter >= 0 ? Role::Counter : Role::Ignored;
        }
        columns.append(c);
    }
    return columns;
}

void PassTable::handleHeader(int lineNumber, QByteArrayView line, model::CapturePass &pass, int iteration)
{
    if (!m_passHeaderLine.isEmpty() && line == m_passHeaderLine) {
        useColumns(m_passColumns);
        return;
    }

    m_csv.split(line);
    QStringList header;
    header.reserve(m_csv.fields().size());
    for (const QByteArrayView f : m_csv.fields())
        header.append(headerCell(f));

    if (!header.isEmpty() && wire::parseInt(wire::stripAscii(m_csv.fields().front()))) {
        // A data row where the header belongs: the header line was lost or damaged. The pass's earlier header is
        // not assumed, because the pass itself may be wrong (a lost PRESET marker): the iteration is not used.
        report(lineNumber, QStringLiteral("missing_header"), line,
            tr("Iteration %1 of pass %2 has no header line, so its rows are not used.").arg(iteration).arg(pass.name));
        m_headerState = HeaderState::Headerless;
        return;
    }
    // Column names are identifiers (Layer, Op, ARM_PMU_CPU_CYCLES, 0x0264): anything else is a damaged header,
    // whose columns cannot be trusted to line up with the rows.
    for (const QString &name : std::as_const(header)) {
        const bool ok = !name.isEmpty() && std::all_of(name.cbegin(), name.cend(), [](QChar c) {
            return (c >= QLatin1Char('a') && c <= QLatin1Char('z')) || (c >= QLatin1Char('A') && c <= QLatin1Char('Z'))
                || (c >= QLatin1Char('0') && c <= QLatin1Char('9')) || c == QLatin1Char('_');
        });
        if (!ok) {
            report(lineNumber, QStringLiteral("header_damaged"), line,
                tr("The header of iteration %1 of pass %2 is damaged, so its rows are not used.")
                    .arg(iteration)
                    .arg(pass.name));
            m_headerState = HeaderState::Headerless;
            return;
        }
    }

    if (pass.header.isEmpty()) {
        pass.header = header;
        for (const QString &name : std::as_const(header)) {
            if (name != QLatin1String("Layer") && name != QLatin1String("Op") && name != QLatin1String("tag")
                && name != QLatin1String("name") && name != QLatin1String("overflow"))
                pass.counters.append(name);
        }
        m_passHeaderLine = line.toByteArray();
        m_passColumns = columnsFor(header, pass);
        useColumns(m_passColumns);
        return;
    }
    if (header == pass.header) {
        useColumns(m_passColumns);
        return;
    }
    // The firmware prints the same header for every iteration of a pass. The same names in another order are mapped
    // by name; any other difference (a truncated or merged line, another pass's counters after a lost PRESET line)
    // makes the iteration unusable rather than guessing which cell is which.
    QStringList a = header;
    QStringList b = pass.header;
    a.sort();
    b.sort();
    if (a != b) {
        report(lineNumber, QStringLiteral("header_mismatch"), line,
            tr("The header of iteration %1 of pass %2 differs from the pass's first header, so its rows are "
               "not used.")
                .arg(iteration)
                .arg(pass.name));
        m_headerState = HeaderState::Headerless;
        return;
    }
    const QVector<Column> columns = columnsFor(header, pass);
    report(lineNumber, QStringLiteral("header_changed"), line,
        tr("The header of iteration %1 of pass %2 lists the pass's columns in another order; they are matched "
           "by name.")
            .arg(iteration)
            .arg(pass.name));
    useColumns(columns);
}

bool PassTable::rowHasHeaderShape(int lineNumber, QByteArrayView line, const model::CapturePass &pass, int iteration)
{
    if (line.size() == m_passHeaderLine.size() && line == QByteArrayView(m_passHeaderLine)) {
        // The pass's header again inside an iteration: the next iteration's marker was lost.
        report(lineNumber, QStringLiteral("layer_out_of_sequence"), line,
            tr("A header line inside iteration %1 of pass %2 (a lost iteration marker?); the rest of that "
               "iteration is not used.")
                .arg(iteration)
                .arg(pass.name));
        m_headerState = HeaderState::Headerless;
        return false;
    }
    const bool quotingOk = m_csv.split(line);
    if (!quotingOk || m_csv.fields().size() != m_columns.size()) {
        ++m_droppedRows;
        m_lastDroppedLine = lineNumber;
        report(lineNumber, QStringLiteral("malformed_row"), line,
            quotingOk
                ? tr("Row dropped: %1 fields where the header has %2.").arg(m_csv.fields().size()).arg(m_columns.size())
                : tr("Row dropped: its quoting is broken (damaged line?)."));
        if (m_layerColumn < 0) {
            // Without a Layer column a row's position is its line count, and a damaged line may have been one row
            // or two: later rows cannot be placed with certainty.
            report(lineNumber, QStringLiteral("positions_uncertain"), QByteArrayView(),
                tr("The header has no Layer column, so after this damaged row the rest of iteration %1 of pass "
                   "%2 is not used.")
                    .arg(iteration)
                    .arg(pass.name));
            m_headerState = HeaderState::Headerless;
        }
        return false;
    }
    return true;
}

std::optional<qint64> PassTable::rowPosition(
    int lineNumber, QByteArrayView line, const model::CapturePass &pass, int iteration, qint64 lineIndex)
{
    if (m_layerColumn < 0) {
        if (lineIndex > MaxPosition) {
            report(lineNumber, QStringLiteral("malformed_row"), line,
                tr("Row dropped: more than %1 rows in one iteration.").arg(MaxPosition + 1));
            return std::nullopt;
        }
        return lineIndex;
    }
    qint64 layerValue = -1;
    const std::optional<qint64> layer = wire::parseInt(m_csv.fields().at(m_layerColumn), &layerValue)
        ? std::optional<qint64>(layerValue)
        : std::nullopt;
    if (!layer || *layer < 0 || *layer > MaxPosition) {
        ++m_droppedRows;
        m_lastDroppedLine = lineNumber;
        report(lineNumber, QStringLiteral("malformed_row"), line,
            tr("Row dropped: its Layer cell is not a layer position."));
        return std::nullopt;
    }
    if (*layer <= m_lastPosition) {
        if (*layer == m_lastPosition && line == QByteArrayView(m_lastRowLine)) {
            report(lineNumber, QStringLiteral("duplicate_row"), line, tr("Row dropped: a repeated line."));
            return std::nullopt;
        }
        // Positions restart: most likely the next iteration's marker was lost. Nothing after this point can be
        // placed with certainty, so the rest of the iteration is not used.
        report(lineNumber, QStringLiteral("layer_out_of_sequence"), line,
            tr("Layer %1 comes after layer %2 in iteration %3 of pass %4 (a lost iteration marker?); the "
               "rest of that iteration is not used.")
                .arg(*layer)
                .arg(m_lastPosition)
                .arg(iteration)
                .arg(pass.name));
        m_headerState = HeaderState::Headerless;
        return std::nullopt;
    }
    return *layer;
}

bool PassTable::rowCutShort(int lineNumber, QByteArrayView line)
{
    const auto overflowColumn
        = std::find_if(m_columns.cbegin(), m_columns.cend(), [](const Column &c) { return c.role == Role::Overflow; });
    if (overflowColumn != m_columns.cend()
        && wire::stripAscii(m_csv.fields().at(int(overflowColumn - m_columns.cbegin()))).isEmpty()) {
        // The line ended where its overflow cell belongs: a row cut short, not a counter that overflowed (hpx would
        // flag it). Whether its counters overflowed is not known, so the row is lost, not used.
        ++m_droppedRows;
        m_lastDroppedLine = lineNumber;
        report(lineNumber, QStringLiteral("malformed_row"), line,
            tr("Row dropped: it was cut short (its overflow cell is empty)."));
        return true;
    }
    return false;
}

void PassTable::settleGap(int lineNumber, qint64 position, int iteration, const Rows &rows)
{
    const qint64 gap = position - m_lastPosition - 1;
    const int unexplained = int(gap - m_droppedRows);
    if (gap <= 0 || unexplained <= 0)
        return; // none missing, or the lines dropped since the last row were these rows: each is reported already
    auto missing = [&](int rowsMissing) {
        const qint64 first = position - rowsMissing;
        return rowsMissing == 1
            ? tr("Layer %1 of iteration %2 is missing").arg(first).arg(iteration)
            : tr("Layers %1 to %2 of iteration %3 are missing").arg(first).arg(position - 1).arg(iteration);
    };
    if (m_droppedRows > 0) {
        // More rows are missing than lines were dropped: the damaged line held them as well.
        report(m_lastDroppedLine, QStringLiteral("rows_missing"), QByteArrayView(),
            tr("%1: they went with this damaged line (a lost line feed?).").arg(missing(unexplained)), unexplained);
        return;
    }
    const bool lastRowHere = m_lastRowLineNumber > 0
        && (rows.samples ? rows.samples->openRowCount() > 0 : !rows.iteration->rows.isEmpty());
    if (!lastRowHere || m_gapsExpected) {
        report(0, QStringLiteral("rows_missing"), QByteArrayView(),
            tr("%1 before line %2 (lost lines?).").arg(missing(unexplained)).arg(lineNumber), unexplained);
        return;
    }
    // Rows vanished between two rows whose lines both look whole. Bytes lost with a line feed join the head of one
    // row to the tail of a later one in a line of the right shape, and its values are then neither row's: the row
    // before the gap cannot be trusted, so it is taken back and counted as lost with them.
    if (rows.samples)
        rows.samples->dropLastRow();
    else
        rows.iteration->rows.removeLast();
    report(m_lastRowLineNumber, QStringLiteral("malformed_row"), QByteArrayView(m_lastRowLine),
        tr("Row dropped: the row(s) after it are missing, so a lost line feed may have joined them to it and its "
           "values cannot be trusted."));
    report(m_lastRowLineNumber, QStringLiteral("rows_missing"), QByteArrayView(),
        tr("%1 (joined to this line by a lost line feed?).").arg(missing(unexplained)), unexplained);
}

PassTable::RowCells PassTable::readCells(
    int lineNumber, QByteArrayView line, const model::CapturePass &pass, qint64 position)
{
    m_values.fill(model::PassSamples::missing(), pass.counters.size());
    RowCells cells;
    for (int i = 0; i < m_csv.fields().size(); ++i) {
        const Column &col = m_columns.at(i);
        switch (col.role) {
        case Role::Counter: {
            const QByteArrayView cell = m_csv.fields().at(i);
            double v = 0;
            if (wire::parseNumber(cell, &v)) {
                m_values[col.counter] = v;
            } else {
                report(lineNumber, QStringLiteral("non_numeric_value"), line,
                    tr("Counter %1 of layer %2 is not a number (\"%3\"); it is treated as missing.")
                        .arg(pass.counters.at(col.counter))
                        .arg(position)
                        .arg(QString::fromUtf8(wire::stripAscii(cell))));
            }
            break;
        }
        case Role::Layer:
            cells.layer = &interned(m_layerCache, position, wire::stripAscii(m_csv.fields().at(i)));
            break;
        case Role::Op:
            cells.op = &interned(m_opCache, position, wire::stripAscii(m_csv.fields().at(i)));
            break;
        case Role::Tag:
            cells.tag = QString::fromUtf8(wire::stripAscii(m_csv.fields().at(i)));
            break;
        case Role::Overflow: {
            // hpx: int if it parses, else the string; flagged unless it is 0 ("yes" and "" count as flagged).
            qint64 v = 0;
            cells.overflow = wire::parseInt(m_csv.fields().at(i), &v) ? v != 0 : true;
            break;
        }
        case Role::Name:
        case Role::Ignored:
            break;
        }
    }
    return cells;
}

void PassTable::handleRow(
    int lineNumber, QByteArrayView line, const model::CapturePass &pass, int iteration, const Rows &rows)
{
    const qint64 lineIndex = m_dataLines++;
    if (!rowHasHeaderShape(lineNumber, line, pass, iteration))
        return;
    const std::optional<qint64> placed = rowPosition(lineNumber, line, pass, iteration, lineIndex);
    if (!placed || rowCutShort(lineNumber, line))
        return;
    const qint64 position = *placed;
    settleGap(lineNumber, position, iteration, rows);
    m_lastPosition = position;
    m_lastRowLineNumber = lineNumber;
    m_droppedRows = 0;
    m_lastRowLine.resize(line.size());
    if (!line.isEmpty())
        std::memcpy(m_lastRowLine.data(), line.data(), size_t(line.size()));

    // The cells, read once; the row then goes to the iteration or to the pass's samples.
    const RowCells cells = readCells(lineNumber, line, pass, position);
    const QString noLayer;
    const QString &layer = cells.layer ? *cells.layer : noLayer;
    const QString &op = cells.op ? *cells.op : cells.tag;
    if (rows.samples) {
        if (rows.samples->rowCount() == 0 && rows.samples->counters() != pass.counters)
            rows.samples->setCounters(pass.counters);
        rows.samples->addRow(int(position), lineNumber, layer, op, cells.overflow, m_values.constData());
        return;
    }
    // Built in place: the values live inside the row (model::CaptureValues), so a row costs no allocation of its own.
    model::CaptureRow &row = rows.iteration->rows.emplaceBack();
    row.position = int(position);
    row.line = lineNumber;
    row.layer = layer;
    row.op = op;
    row.overflow = cells.overflow;
    row.values.resize(m_values.size());
    for (int c = 0; c < m_values.size(); ++c) {
        if (!model::PassSamples::isMissing(m_values.at(c)))
            row.values.set(c, m_values.at(c));
    }
}

} // namespace hpx::device
