#pragma once

#include "ui/common/resultviewdata.h"

#include <QWidget>

class QComboBox;
class QLineEdit;
class QTableView;
class QLabel;

namespace hpx::ui {

class ElidingLabel;

class LayerTableModel;
class LayerFilterProxy;
class FrozenColumnsView;
class ViewState;

// The per-layer table: a filter bar (op type, free text) over a sortable table with percent bars.
// Right-click the header to choose columns; Ctrl+C copies the selected rows as CSV (visible
// columns, header first, raw numbers). Selecting a row emits operatorSelected(); selectOperator()
// is the reverse direction and emits nothing.
class LayerTableView : public QWidget {
    Q_OBJECT
public:
    explicit LayerTableView(QWidget *parent = nullptr);
    ~LayerTableView() override;

    static constexpr int SampledRows = 64; // rows measured beyond those in view when sizing columns

    void setModel(ModelPtr model);
    void setResult(ResultPtr result);
    void setModel(const model::ModelInfo &model);
    void setResult(const model::ProfileResult &result);
    // Shows the ViewState's model, result, counter and selection, and tells it the counter and the operator chosen here
    // (docs/architecture.md, One view state).
    void bind(ViewState *state);

    LayerTableModel *tableModel() const { return m_model; }
    LayerFilterProxy *proxy() const { return m_proxy; }
    QTableView *tableView() const;

    QString currentCounter() const { return m_counter; }
    void setCurrentCounter(const QString &counter);

    // Selects (and scrolls to) the row of that operator; false when it has no row or is filtered out.
    bool selectOperator(int subgraph, int sourceIndex);

    // Column visibility by column id; hidden ids are remembered across results.
    void setColumnHidden(const QString &columnId, bool hidden);
    bool isColumnHidden(const QString &columnId) const;
    QStringList hiddenColumns() const { return m_hidden; }
    void setHiddenColumns(const QStringList &ids);

    // The selected rows (in view order) as RFC 4180 CSV with a header line; empty without a selection.
    QString selectionAsCsv() const;
    void copySelection() const;
    // The whole table for File > Export > Table as CSV (docs/studio.md): every layer in execution order; the columns in
    // view in their order (the operator's subgraph and index always), named by LayerTableModel::exportName(); each
    // counter, self and MAC column followed by its share of the self total, as the bars draw it. Numbers unrounded.
    QByteArray tableCsv() const;

    void setOpTypeFilter(const QString &opType); // empty: all
    void clearFilters(); // op type and text: a new model starts unfiltered
    QString textFilter() const;

Q_SIGNALS:
    void operatorSelected(int subgraph, int sourceIndex);
    void layerSelected(int layerIndex);
    void currentCounterChanged(const QString &counter);
    void hiddenColumnsChanged(const QStringList &ids);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void applyHidden();
    void sizeColumnsToContents();
    void showHeaderMenu(const QPoint &pos);
    void onCurrentRowChanged();
    void updateOpCombo();
    void updateHeaderEmphasis();
    void revealCounterColumn(); // scrolls the current counter's column into view; # and Op are frozen in view anyway
    void updateStatus();

    LayerTableModel *m_model;
    LayerFilterProxy *m_proxy;
    FrozenColumnsView *m_table; // # and Op stay while the counters scroll
    QComboBox *m_opCombo;
    QLineEdit *m_search;
    ElidingLabel *m_status;
    QString m_counter;
    QStringList m_hidden;
    QStringList m_shown; // columns the user turned on, even where they would be redundant
    bool m_syncing = false;
};

} // namespace hpx::ui
