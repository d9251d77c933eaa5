#pragma once

#include "model/results/derivedmetrics.h"
#include "ui/common/resultviewdata.h"
#include "ui/table/layercolumnprovider.h"

#include <QAbstractTableModel>
#include <QStringList>
#include <QVector>

namespace hpx::ui {

// One row per merged layer of a ProfileResult (execution order) -- or, before a result, one per operator
// of the open model (see isPreview()) -- columns:
//   Order (execution position), Op, Subgraph, Index (source_index, "#3"), MACs, MAC/cycle, cycles/MAC,
//   one column per captured counter (with its percent of the column total),
//   the derived metrics of docs/compatibility.md §4.5 whose inputs were captured
//   (MVE share, MVE MAC density, MVE ld/st density, MVE stall share, L1D hit rate).
// Every derived value (MAC/cycle and cycles/MAC too) and its id come from model::DerivedInputs, rounded as the bundle
// rounds it.
// DisplayRole is formatted for reading, SortRole/RawValueRole carry the number (invalid when the
// layer has no value), PercentOfTotalRole the share of the column total in [0, 1].
class LayerTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Role {
        SortRole = Qt::UserRole + 1, // double for numeric columns, QString for text; invalid = no value
        RawValueRole, // the unformatted number (CSV), or the text
        PercentOfTotalRole, // double in [0, 1] for counters and MACs; invalid elsewhere
        LayerIndexRole, // int: index into ProfileResult::layers
        SubgraphRole, // int
        SourceIndexRole, // int (-1 when unresolved)
        OpTypeRole, // QString: op without ":suffix"
        OpTagRole, // QString: the raw op tag
        ColumnIdRole, // headerData: stable id ("op", "macs", "counter:ARM_PMU_CPU_CYCLES")
        CounterRole, // headerData: full counter name for counter columns
        NumericColumnRole, // headerData: bool
        // The cell as the table export writes it (tableCsv()): the number of RawValueRole, the text of a text column,
        // or the words "not counted" / "not profiled" where the table says so in place of a number.
        ExportRole,
    };

    enum class ColumnKind {
        Position,
        Op,
        Subgraph,
        SourceIndex,
        Macs,
        MacsPerCycle,
        CyclesPerMac,
        Counter,
        Self, // an enclosing control-flow layer's own value of a counter (= the Counter column for the others)
        Derived,
        Extra
    };
    explicit LayerTableModel(QObject *parent = nullptr);

    void setModel(ModelPtr model);
    void setResult(ResultPtr result);
    // Convenience overloads that copy the value.
    void setModel(const model::ModelInfo &model);
    void setResult(const model::ProfileResult &result);
    void clear();
    // The counter the other views colour by; its header is shown in bold.
    void setHighlightedCounter(const QString &counter);
    // Extra columns (compare mode), placed after the Index column; nullptr removes them. When the provider's
    // values change (another counter), extraColumnsChanged() repaints them without a reset.
    void setColumnProvider(std::shared_ptr<const LayerColumnProvider> provider);
    void extraColumnsChanged();
    const LayerColumnProvider *columnProvider() const { return m_extra.get(); }

    const model::ProfileResult *result() const { return m_result.get(); }
    // True while the rows are the open model's operators and no result has been set yet.
    bool isPreview() const { return !m_result && m_rows; }
    // Operators of the model listed below the result's layers without a value: all of them, those that did not run in
    // the profiled inferences (a loop not entered, an IF branch not taken), and those that ran once at start.
    int notProfiledCount() const { return m_rows ? int(m_rows->layers.size()) - m_profiledRows : 0; }
    int notRunCount() const;
    int onceAtStartCount() const { return notProfiledCount() - notRunCount(); }
    const model::ModelInfo *modelInfo() const { return m_model.get(); }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    ColumnKind columnKind(int column) const;
    QString columnId(int column) const;
    int columnForId(const QString &id) const;
    int columnForCounter(const QString &counter) const;
    // The column the view brings into view for counter: the column provider's choice, else the counter's own.
    int columnToReveal(const QString &counter) const;
    int rowForOperator(int subgraph, int sourceIndex) const;
    // The row whose cell in `column` is likely the widest (the largest magnitude, the longest op name), for
    // sizing a column without measuring every row; -1 when none stands out (extra columns, no rows).
    int widestRow(int column) const;
    QStringList opTypes() const; // distinct op types, sorted

    // The table export (File > Export > Table as CSV, docs/studio.md): a column's name in the CSV, stable and in
    // English (the counter's name, self_<counter>, macs, ...); the emulated instructions of the virtual board are
    // never named cycles. hasShare(): the column draws each cell's share of its total (the bar), which the export
    // writes beside it as <name>_pct_of_self_total.
    QString exportName(int column) const;
    bool hasShare(int column) const;

private:
    struct Column {
        ColumnKind kind;
        int counter = -1; // counter index for Counter columns, the provider's column for Extra ones
        model::DerivedMetric derived = model::DerivedMetric::MveShare; // MacsPerCycle, CyclesPerMac and Derived columns
        QString id;
    };
    void rebuild();
    std::optional<double> number(int row, const Column &c) const;
    std::optional<double> counterValue(int row, int counterIndex) const;
    QString title(const Column &c) const;
    QString tooltip(const Column &c) const;
    QString opText(int row) const;
    QVariant exportCell(int row, int column) const;

    ModelPtr m_model;
    ResultPtr m_result;
    ResultPtr m_rows; // what the rows show: m_result, or the model's operators before a run
    // Rows from here on are operators the run did not see: they did not run in the profiled inferences ("not run"), or
    // run once at start (a CALL_ONCE's init subgraph, spent in the warm-up inference: "not profiled"). Never with a
    // value; LayerResult::execution says which.
    int m_profiledRows = 0;
    bool isProfiled(int row) const { return row < m_profiledRows; }
    QString m_highlighted;
    std::shared_ptr<const LayerColumnProvider> m_extra;
    QVector<Column> m_columns;
    QVector<double> m_totals; // per column, for percent-of-total (0 where meaningless)
    int m_cycles = -1;
    std::optional<model::DerivedInputs> m_derived; // for m_rows
};

} // namespace hpx::ui
