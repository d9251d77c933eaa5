#pragma once

#include "device/wire/csvsplitter.h"
#include "model/results/capture.h"
#include "model/results/passsamples.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QCoreApplication>
#include <QString>
#include <QStringList>
#include <QVector>

#include <functional>
#include <optional>

namespace hpx::device {

// The CSV part of a pass (docs/compatibility.md §1.4, §1.5): the header that names its columns and the rows it
// governs. WireParser handles the control lines and hands every CSV line of an iteration here; the table maps the
// header's columns by name (the pass's first header fixes them), checks each row (field count, quoting, its Layer
// position, gaps, repeats) and turns it into a row of the iteration, or, when hpx import folds the stream, a row of
// the pass's samples (model::PassSamples). What it finds wrong goes to the parser's problem list through `report`.
class PassTable {
    Q_DECLARE_TR_FUNCTIONS(hpx::device::PassTable)
public:
    // `rows`: the rows of the stream the problem stands for (a gap of missing rows is one problem).
    using Report
        = std::function<void(int line, const QString &kind, QByteArrayView text, const QString &message, int rows)>;

    // Where an iteration's rows go: kept in the iteration, or folded into the pass's samples.
    struct Rows {
        model::CaptureIteration *iteration = nullptr;
        model::PassSamples *samples = nullptr;
    };

    explicit PassTable(Report report);

    // A pass starts (new, or started again): its first header will fix its columns.
    void startPass();
    // An iteration starts; an unusable one (an ITER number out of sequence) takes no header and no rows.
    void startIteration(bool usable);
    // One CSV line of iteration `iteration` of `pass`: its header, or one of its rows. Skipped once the iteration is
    // no longer usable (no header, a damaged one, positions gone backwards).
    void handleLine(int lineNumber, QByteArrayView line, model::CapturePass &pass, int iteration, const Rows &rows);

    // The board said it leaves layers out (HPX_WARN=layers_exceed_capacity): a gap in the Layer numbers is then its
    // doing, and the row before a gap is kept (the gap is still reported as rows missing).
    void setGapsExpected(bool expected) { m_gapsExpected = expected; }

    // Largest accepted row position (pmu_max_ops is at most 4096 on every SoC, §4.4).
    static constexpr qint64 MaxPosition = 65535;

private:
    enum class Role : qint8 { Counter, Layer, Op, Tag, Name, Overflow, Ignored };
    struct Column {
        Role role = Role::Ignored;
        int counter = -1; // index into CapturePass::counters for Role::Counter
    };
    enum class HeaderState { Await, Have, Headerless };

    void handleHeader(int lineNumber, QByteArrayView line, model::CapturePass &pass, int iteration);
    void handleRow(
        int lineNumber, QByteArrayView line, const model::CapturePass &pass, int iteration, const Rows &rows);
    // The steps of a row, each reporting what it drops: the header's field count (false: dropped), the layer
    // position (nullopt: dropped), a row cut short before its overflow cell (true: dropped), the cells.
    bool rowHasHeaderShape(int lineNumber, QByteArrayView line, const model::CapturePass &pass, int iteration);
    std::optional<qint64> rowPosition(
        int lineNumber, QByteArrayView line, const model::CapturePass &pass, int iteration, qint64 lineIndex);
    bool rowCutShort(int lineNumber, QByteArrayView line);
    // Rows missing before `position` (docs/merging.md, "Lost rows"): explained by the lines dropped since the last row,
    // or, when none was, by a lost line feed that joined them to the row before the gap, which is then taken back.
    void settleGap(int lineNumber, qint64 position, int iteration, const Rows &rows);
    void report(int line, const QString &kind, QByteArrayView text, const QString &message, int rows = 1)
    {
        m_report(line, kind, text, message, rows);
    }
    struct RowCells {
        const QString *layer = nullptr; // interned
        const QString *op = nullptr; // interned
        QString tag;
        bool overflow = false;
    };
    RowCells readCells(int lineNumber, QByteArrayView line, const model::CapturePass &pass, qint64 position);
    void useColumns(const QVector<Column> &columns);
    QVector<Column> columnsFor(const QStringList &header, const model::CapturePass &pass) const;

    Report m_report;
    // The pass: the raw bytes of its first header (to skip re-parsing identical ones) and that header's columns.
    QByteArray m_passHeaderLine;
    QVector<Column> m_passColumns;
    // The iteration.
    HeaderState m_headerState = HeaderState::Headerless;
    QVector<Column> m_columns;
    int m_layerColumn = -1;
    qint64 m_lastPosition = -1;
    QByteArray m_lastRowLine;
    int m_lastRowLineNumber = 0; // the stream line of the iteration's last row, 0 before its first
    bool m_gapsExpected = false;
    int m_droppedRows = 0; // lines dropped as damaged rows since the last row
    int m_lastDroppedLine = 0;
    int m_dataLines = 0;

    CsvSplitter m_csv; // reused for every row
    QVector<double> m_values; // the row being read, one per counter (PassSamples::missing() where absent)
    // Interned Layer/Op cells by position: consecutive iterations repeat them, so rows share the string data.
    QVector<QPair<QByteArray, QString>> m_layerCache;
    QVector<QPair<QByteArray, QString>> m_opCache;
};

} // namespace hpx::device
