#include "ui/table/layertableview.h"

#include "model/board/counters.h"
#include "ui/common/elidingcombobox.h"
#include "ui/common/elidinglabel.h"
#include "ui/common/viewstate.h"
#include "ui/table/frozencolumnsview.h"
#include "ui/table/layerfilterproxy.h"
#include "ui/table/layertablemodel.h"
#include "ui/table/percentbardelegate.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QScrollBar>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

namespace hpx::ui {

namespace {

QString csvField(const QString &s)
{
    if (!s.contains(QLatin1Char(',')) && !s.contains(QLatin1Char('"')) && !s.contains(QLatin1Char('\n'))
        && !s.contains(QLatin1Char('\r')))
        return s;
    QString q = s;
    q.replace(QLatin1String("\""), QLatin1String("\"\""));
    return QLatin1Char('"') + q + QLatin1Char('"');
}

QString csvNumber(const QVariant &v)
{
    if (!v.isValid())
        return {};
    if (v.typeId() == QMetaType::QString)
        return v.toString();
    const double d = v.toDouble();
    return QString::number(d, 'g', 15); // C locale: a CSV must not depend on the user's locale
}

} // namespace

LayerTableView::LayerTableView(QWidget *parent)
    : QWidget(parent)
    , m_model(new LayerTableModel(this))
    , m_proxy(new LayerFilterProxy(this))
    , m_table(new FrozenColumnsView(this))
    , m_opCombo(new ElidingComboBox(this))
    , m_search(new QLineEdit(this))
    , m_status(new ElidingLabel(this))
{
    m_proxy->setSourceModel(m_model);
    m_table->setModel(m_proxy);
    // #, Op and Subgraph stay in sight; Subgraph is hidden on a model with one subgraph (applyHidden()), and a
    // hidden frozen column takes no room.
    m_table->setFrozenColumnCount(3);
    m_table->setItemDelegate(new PercentBarDelegate(m_table));
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(-1, Qt::AscendingOrder); // execution order until the user sorts
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_table->setAlternatingRowColors(true);
    m_table->setWordWrap(false);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 8);
    // Sizing a column to its contents measures the rows in view and this many more, not all of them: measuring
    // every cell of a 1,000-layer result stalled the window for 70 ms when a run finished (bench_uistall).
    m_table->horizontalHeader()->setResizeContentsPrecision(SampledRows); // Qt reads the column's own header
    m_table->horizontalHeader()->setSectionsMovable(true);
    m_table->horizontalHeader()->setHighlightSections(false);
    m_table->horizontalHeader()->setContextMenuPolicy(Qt::CustomContextMenu);
    m_table->setToolTip(QString());

    m_opCombo->setToolTip(tr("Show only layers of this operator type"));
    // Sized for a typical op name, not the longest: the row count beside it must stay readable when the
    // table's side of the splitter is narrow. The popup still shows full names.
    m_opCombo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_opCombo->setMinimumContentsLength(8);
    m_search->setPlaceholderText(tr("Filter by op, tag or index…"));
    m_search->setClearButtonEnabled(true);
    m_status->setForegroundRole(QPalette::PlaceholderText);

    auto *bar = new QHBoxLayout;
    bar->setContentsMargins(0, 0, 0, 0);
    bar->addWidget(m_opCombo);
    bar->addWidget(m_search, 1);
    bar->addWidget(m_status);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(bar);
    layout->addWidget(m_table, 1);

    auto *copy = new QAction(tr("Copy as CSV"), this);
    copy->setShortcut(QKeySequence::Copy);
    copy->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(copy, &QAction::triggered, this, &LayerTableView::copySelection);
    m_table->addAction(copy);
    m_table->setContextMenuPolicy(Qt::ActionsContextMenu);

    connect(
        m_table->horizontalHeader(), &QHeaderView::customContextMenuRequested, this, &LayerTableView::showHeaderMenu);
    connect(m_table->horizontalHeader(), &QHeaderView::sectionClicked, this, [this](int section) {
        const QString counter = m_model->headerData(section, Qt::Horizontal, LayerTableModel::CounterRole).toString();
        if (!counter.isEmpty() && counter != m_counter) {
            setCurrentCounter(counter);
            Q_EMIT currentCounterChanged(counter);
        }
    });
    connect(m_search, &QLineEdit::textChanged, this, [this](const QString &t) {
        m_proxy->setTextFilter(t);
        updateStatus();
    });
    connect(m_opCombo, &QComboBox::currentIndexChanged, this, [this] {
        const QString op = m_opCombo->currentData().toString();
        m_proxy->setOpTypeFilter(op.isEmpty() ? QStringList() : QStringList { op });
        updateStatus();
    });
    connect(
        m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &LayerTableView::onCurrentRowChanged);
    connect(m_model, &QAbstractItemModel::modelReset, this, [this] {
        updateOpCombo();
        applyHidden();
        updateHeaderEmphasis();
        updateStatus();
        sizeColumnsToContents();
        // A new result starts at its first columns, not wherever the old one was scrolled to, and shows the counter the
        // heat graph colours by as far to the left as it can.
        m_table->horizontalScrollBar()->setValue(0);
        revealCounterColumn();
    });
    m_table->viewport()->installEventFilter(this);
    updateOpCombo();
    updateStatus();
}

LayerTableView::~LayerTableView() = default;

void LayerTableView::sizeColumnsToContents()
{
    m_table->resizeColumnsToContents();
    // The sample may miss the widest cell, and in a counter column that is the largest value, the layer a user
    // looks at first: measure that one too.
    const int grid = m_table->showGrid() ? 1 : 0;
    for (int column = 0; column < m_model->columnCount(); ++column) {
        if (m_table->isColumnHidden(column))
            continue;
        const int row = m_model->widestRow(column);
        const QModelIndex index = row < 0 ? QModelIndex() : m_proxy->mapFromSource(m_model->index(row, column));
        if (!index.isValid())
            continue;
        const int width = m_table->sizeHintForIndex(index).width() + grid;
        if (width > m_table->columnWidth(column))
            m_table->setColumnWidth(column, width);
    }
}

void LayerTableView::setModel(ModelPtr model)
{
    clearFilters(); // a filter typed for one model would hide another's rows
    m_model->setModel(std::move(model));
}

QTableView *LayerTableView::tableView() const
{
    return m_table;
}

void LayerTableView::clearFilters()
{
    m_search->clear();
    m_opCombo->setCurrentIndex(0);
}

QString LayerTableView::textFilter() const
{
    return m_search->text();
}
void LayerTableView::setResult(ResultPtr result)
{
    m_model->setResult(std::move(result));
}
void LayerTableView::setModel(const model::ModelInfo &model)
{
    m_model->setModel(model);
}
void LayerTableView::setResult(const model::ProfileResult &result)
{
    m_model->setResult(result);
}

void LayerTableView::bind(ViewState *state)
{
    connect(state, &ViewState::modelChanged, this, [this, state] { setModel(state->model()); });
    connect(state, &ViewState::resultChanged, this, [this, state] { setResult(state->result()); });
    connect(state, &ViewState::currentCounterChanged, this, &LayerTableView::setCurrentCounter);
    connect(this, &LayerTableView::currentCounterChanged, state, &ViewState::setCurrentCounter);
    state->bindSelection(this);
}

void LayerTableView::setCurrentCounter(const QString &counter)
{
    m_counter = counter;
    updateHeaderEmphasis();
    revealCounterColumn();
}

void LayerTableView::revealCounterColumn()
{
    const int col = m_model->columnToReveal(m_counter);
    if (col < 0 || m_table->model()->rowCount() == 0)
        return;
    const QModelIndex current = m_table->currentIndex();
    const int row = current.isValid() ? current.row() : 0;
    // A provider's columns (compare mode: Candidate, Baseline, Δ, Δ %) are read together: the first comes into view
    // before the one to reveal, so revealing Δ % from a table scrolled to the right no longer leaves Baseline off to
    // the left (seen on a virtual-board compare).
    for (int c = 0; c < m_model->columnCount(); ++c) {
        if (m_model->columnKind(c) == LayerTableModel::ColumnKind::Extra) {
            m_table->scrollTo(m_proxy->index(row, c), QAbstractItemView::EnsureVisible);
            break;
        }
    }
    m_table->scrollTo(m_proxy->index(row, col), QAbstractItemView::EnsureVisible);
}

bool LayerTableView::eventFilter(QObject *watched, QEvent *event)
{
    // The table gets narrower after the counter was revealed (a dock beside it widens for what the board said, a
    // banner or strip appears): the counter the user reads stays wholly in view, unless they scrolled it away.
    if (watched == m_table->viewport() && event->type() == QEvent::Resize) {
        const int col = m_model->columnToReveal(m_counter);
        if (col >= 0 && m_table->model()->rowCount() > 0) {
            const QRect cell = m_table->visualRect(m_proxy->index(0, col));
            if (cell.left() < m_table->viewport()->width() && cell.right() >= m_table->viewport()->width())
                revealCounterColumn();
        }
    }
    return QWidget::eventFilter(watched, event);
}

void LayerTableView::updateHeaderEmphasis()
{
    m_model->setHighlightedCounter(m_counter);
}

bool LayerTableView::selectOperator(int subgraph, int sourceIndex)
{
    const int row = m_model->rowForOperator(subgraph, sourceIndex);
    if (row < 0)
        return false;
    const QModelIndex proxyIndex = m_proxy->mapFromSource(m_model->index(row, 0));
    if (!proxyIndex.isValid())
        return false;
    m_syncing = true;
    m_table->selectionModel()->setCurrentIndex(
        proxyIndex, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    m_table->scrollTo(proxyIndex);
    m_syncing = false;
    return true;
}

void LayerTableView::onCurrentRowChanged()
{
    if (m_syncing)
        return;
    const QModelIndex idx = m_table->currentIndex();
    if (!idx.isValid())
        return;
    const int layer = idx.data(LayerTableModel::LayerIndexRole).toInt();
    Q_EMIT layerSelected(layer);
    const int sub = idx.data(LayerTableModel::SubgraphRole).toInt();
    const int src = idx.data(LayerTableModel::SourceIndexRole).toInt();
    if (src >= 0)
        Q_EMIT operatorSelected(sub, src);
}

void LayerTableView::setColumnHidden(const QString &columnId, bool hidden)
{
    if (hidden)
        m_shown.removeAll(columnId);
    else if (!m_shown.contains(columnId))
        m_shown.append(columnId); // asked for: shown even where it would be redundant
    if (hidden == m_hidden.contains(columnId)) {
        applyHidden();
        return;
    }
    if (hidden)
        m_hidden.append(columnId);
    else
        m_hidden.removeAll(columnId);
    applyHidden();
    Q_EMIT hiddenColumnsChanged(m_hidden);
}

bool LayerTableView::isColumnHidden(const QString &columnId) const
{
    return m_hidden.contains(columnId);
}

void LayerTableView::setHiddenColumns(const QStringList &ids)
{
    m_hidden = ids;
    m_hidden.removeAll(QStringLiteral("op")); // the op column identifies a row: always shown
    applyHidden();
    Q_EMIT hiddenColumnsChanged(m_hidden);
}

void LayerTableView::applyHidden()
{
    // A one-subgraph model would repeat the same name on every row: leave that column out unless it tells
    // rows apart (the column chooser still shows it on request).
    bool oneSubgraph = true;
    for (int r = 1; r < m_model->rowCount() && oneSubgraph; ++r)
        oneSubgraph = m_model->index(r, 0).data(LayerTableModel::SubgraphRole)
            == m_model->index(0, 0).data(LayerTableModel::SubgraphRole);
    // Likewise the operator index where it equals the position on every row (one subgraph run in order).
    bool indexIsPosition = m_model->rowCount() > 0;
    for (int c = 0; c < m_model->columnCount() && indexIsPosition; ++c) {
        if (m_model->columnKind(c) != LayerTableModel::ColumnKind::SourceIndex)
            continue;
        for (int r = 0; r < m_model->rowCount() && indexIsPosition; ++r) {
            const QVariant position = m_model->index(r, 0).data(LayerTableModel::SortRole);
            indexIsPosition = m_model->index(r, c).data(LayerTableModel::SortRole) == position;
        }
    }
    for (int c = 0; c < m_model->columnCount(); ++c) {
        const QString id = m_model->columnId(c);
        const bool redundant = !m_shown.contains(id)
            && ((oneSubgraph && id == QLatin1String("subgraph")) || (indexIsPosition && id == QLatin1String("index")));
        m_table->setColumnHidden(c, m_hidden.contains(id) || redundant);
    }
    m_table->syncColumns();
}

void LayerTableView::showHeaderMenu(const QPoint &pos)
{
    QMenu menu(this);
    menu.setToolTipsVisible(true);
    menu.addSection(tr("Columns"));
    for (int c = 0; c < m_model->columnCount(); ++c) {
        const QString id = m_model->columnId(c);
        QAction *a = menu.addAction(m_model->headerData(c, Qt::Horizontal).toString());
        a->setToolTip(m_model->headerData(c, Qt::Horizontal, Qt::ToolTipRole).toString());
        a->setCheckable(true);
        a->setChecked(!m_table->isColumnHidden(c));
        a->setEnabled(id != QLatin1String("op"));
        connect(a, &QAction::toggled, this, [this, id](bool on) { setColumnHidden(id, !on); });
    }
    menu.addSeparator();
    menu.addAction(tr("Show all columns"), this, [this] {
        for (int c = 0; c < m_model->columnCount(); ++c)
            m_shown.append(m_model->columnId(c));
        setHiddenColumns({});
    });
    menu.addAction(tr("Resize columns to contents"), m_table, &QTableView::resizeColumnsToContents);
    menu.exec(m_table->horizontalHeader()->mapToGlobal(pos));
}

QString LayerTableView::selectionAsCsv() const
{
    const QModelIndexList rows = m_table->selectionModel()->selectedRows();
    if (rows.isEmpty())
        return {};
    QVector<int> proxyRows;
    for (const QModelIndex &i : rows)
        proxyRows.append(i.row());
    std::sort(proxyRows.begin(), proxyRows.end());
    // Visible columns in the order the user sees them.
    QVector<int> cols;
    const QHeaderView *h = m_table->horizontalHeader();
    for (int v = 0; v < h->count(); ++v) {
        const int logical = h->logicalIndex(v);
        if (!h->isSectionHidden(logical))
            cols.append(logical);
    }
    QStringList lines;
    QStringList header;
    // A counter column is headed by its counter's name, except the virtual board's cycle column, which counts
    // emulated instructions and is headed so, as on screen.
    const bool emulated = m_model->result() && m_model->result()->cyclesAreEmulatedInstructions();
    for (int c : cols) {
        const QVariant counter = m_model->headerData(c, Qt::Horizontal, LayerTableModel::CounterRole);
        const bool named = counter.isValid() && !(emulated && counter.toString() == model::cyclesCounterName());
        header.append(csvField(named ? counter.toString() : m_model->headerData(c, Qt::Horizontal).toString()));
    }
    lines.append(header.join(QLatin1Char(',')));
    for (int r : proxyRows) {
        QStringList fields;
        for (int c : cols) {
            const QModelIndex idx = m_proxy->index(r, c);
            const auto kind = m_model->columnKind(c);
            if (kind == LayerTableModel::ColumnKind::Subgraph || kind == LayerTableModel::ColumnKind::Op)
                fields.append(csvField(idx.data().toString()));
            else
                fields.append(csvField(csvNumber(idx.data(LayerTableModel::RawValueRole))));
        }
        lines.append(fields.join(QLatin1Char(',')));
    }
    return lines.join(QLatin1String("\r\n")) + QLatin1String("\r\n");
}

QByteArray LayerTableView::tableCsv() const
{
    if (m_model->rowCount() == 0)
        return {};
    // The columns in view, in the order the user sees them; where each operator is in the model (its graph id and
    // index) even where the table leaves that out as redundant.
    QVector<int> cols;
    const QHeaderView *h = m_table->horizontalHeader();
    for (int v = 0; v < h->count(); ++v) {
        const int logical = h->logicalIndex(v);
        const auto kind = m_model->columnKind(logical);
        if (!h->isSectionHidden(logical) || kind == LayerTableModel::ColumnKind::Subgraph
            || kind == LayerTableModel::ColumnKind::SourceIndex)
            cols.append(logical);
    }
    QStringList header;
    for (int c : std::as_const(cols)) {
        header.append(csvField(m_model->exportName(c)));
        if (m_model->hasShare(c))
            header.append(csvField(m_model->exportName(c) + QStringLiteral("_pct_of_self_total")));
    }
    QString out = header.join(QLatin1Char(',')) + QLatin1String("\r\n");
    // Every layer in execution order, whatever the filter and sort: the file is the result, not one view of it.
    for (int r = 0; r < m_model->rowCount(); ++r) {
        QStringList fields;
        for (int c : std::as_const(cols)) {
            const QModelIndex idx = m_model->index(r, c);
            fields.append(csvField(csvNumber(idx.data(LayerTableModel::ExportRole))));
            if (m_model->hasShare(c)) {
                // The share the bar draws and the tooltip writes: of the column's self total, one decimal.
                const QVariant share = idx.data(LayerTableModel::PercentOfTotalRole);
                fields.append(share.isValid() ? QString::number(share.toDouble() * 100, 'f', 1) : QString());
            }
        }
        out += fields.join(QLatin1Char(',')) + QLatin1String("\r\n");
    }
    return out.toUtf8();
}

void LayerTableView::copySelection() const
{
    const QString csv = selectionAsCsv();
    if (!csv.isEmpty())
        QApplication::clipboard()->setText(csv);
}

void LayerTableView::setOpTypeFilter(const QString &opType)
{
    const int i = m_opCombo->findData(opType);
    m_opCombo->setCurrentIndex(i >= 0 ? i : 0);
}

void LayerTableView::updateOpCombo()
{
    const QString current = m_opCombo->currentData().toString();
    QSignalBlocker block(m_opCombo);
    m_opCombo->clear();
    m_opCombo->addItem(tr("All ops"), QString());
    for (const QString &op : m_model->opTypes())
        m_opCombo->addItem(op, op);
    const int i = m_opCombo->findData(current);
    m_opCombo->setCurrentIndex(i >= 0 ? i : 0);
    if (i < 0)
        m_proxy->setOpTypeFilter({});
}

void LayerTableView::updateStatus()
{
    // The count is never cut: the filter box gives way first, then what follows the count is elided (scale 2,
    // German), whole in the tooltip.
    const int shown = m_proxy->rowCount(), total = m_model->rowCount();
    if (m_model->isPreview()) {
        m_status->setParts(
            shown == total ? tr("%n operator(s)", nullptr, total) : tr("%1 of %2 operators").arg(shown).arg(total));
        m_status->setExplanation(
            tr("Not profiled yet: the rows list the model's operators; counters appear after a run."));
        return;
    }
    const int missing = m_model->notProfiledCount(); // rows without values, listed after the layers
    const int notRun = m_model->notRunCount();
    const int once = m_model->onceAtStartCount();
    const QString count
        = shown == total ? tr("%n layer(s)", nullptr, total - missing) : tr("%1 of %2 layers").arg(shown).arg(total);
    if (missing == 0) {
        m_status->setParts(count);
        m_status->setExplanation(QString());
        return;
    }
    QString more;
    QStringList why;
    if (notRun > 0) {
        more += QStringLiteral(" · ") + tr("%n not run", nullptr, notRun);
        why << tr("Operators that did not run in the profiled inferences (a loop not entered, an IF branch not taken, "
                  "a subgraph nothing called) are listed at the end of the table, greyed, without values.");
    }
    if (once > 0) {
        more += QStringLiteral(" · ") + tr("%n not profiled (run once at start)", nullptr, once);
        why << tr("Operators of a CALL_ONCE's init subgraph run once, in the first inference, which the board spends "
                  "as warm-up: they are listed at the end of the table without values.");
    }
    m_status->setParts(count, more);
    m_status->setExplanation(why.join(QLatin1Char(' ')));
}

} // namespace hpx::ui
