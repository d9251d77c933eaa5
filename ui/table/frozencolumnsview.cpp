#include "ui/table/frozencolumnsview.h"

#include <QHeaderView>
#include <QScrollBar>

namespace hpx::ui {

FrozenColumnsView::FrozenColumnsView(QWidget *parent)
    : QTableView(parent)
    , m_frozen(new QTableView(this))
{
    m_frozen->setObjectName(QStringLiteral("FrozenColumns"));
    m_frozen->setFocusPolicy(Qt::NoFocus);
    m_frozen->verticalHeader()->hide();
    m_frozen->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_frozen->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_frozen->setVerticalScrollMode(ScrollPerPixel);
    m_frozen->setFrameShape(QFrame::NoFrame);
    m_frozen->setWordWrap(false);
    m_frozen->horizontalHeader()->setSectionsClickable(true);
    m_frozen->horizontalHeader()->setHighlightSections(false);
    m_frozen->horizontalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    // A thin line marks where the scrolling columns pass under the frozen ones.
    m_frozen->setStyleSheet(QStringLiteral("QTableView#FrozenColumns { border-right: 1px solid palette(mid); }"));
    setHorizontalScrollMode(ScrollPerPixel);
    setVerticalScrollMode(ScrollPerPixel);
    viewport()->stackUnder(m_frozen);

    // One vertical position, one set of column widths, one sort order for both views.
    connect(
        verticalScrollBar(), &QAbstractSlider::valueChanged, m_frozen->verticalScrollBar(), &QAbstractSlider::setValue);
    connect(
        m_frozen->verticalScrollBar(), &QAbstractSlider::valueChanged, verticalScrollBar(), &QAbstractSlider::setValue);
    connect(horizontalHeader(), &QHeaderView::sectionResized, this, [this](int logical, int, int size) {
        if (logical < m_frozenCount) {
            m_frozen->setColumnWidth(logical, size);
            updateFrozenGeometry();
        }
    });
    connect(m_frozen->horizontalHeader(), &QHeaderView::sectionClicked, this, [this](int logical) {
        // The frozen header stands in for the main one: the same click sorts the same way.
        emit horizontalHeader()->sectionClicked(logical);
        if (isSortingEnabled()) {
            const bool same = horizontalHeader()->sortIndicatorSection() == logical;
            const Qt::SortOrder order = same && horizontalHeader()->sortIndicatorOrder() == Qt::AscendingOrder
                ? Qt::DescendingOrder
                : Qt::AscendingOrder;
            horizontalHeader()->setSortIndicator(logical, order);
        }
    });
    connect(horizontalHeader(), &QHeaderView::sortIndicatorChanged, this, [this](int section, Qt::SortOrder order) {
        m_frozen->horizontalHeader()->setSortIndicatorShown(section >= 0 && section < m_frozenCount);
        m_frozen->horizontalHeader()->setSortIndicator(section, order);
    });
    m_frozen->horizontalHeader()->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_frozen->horizontalHeader(), &QHeaderView::customContextMenuRequested, this, [this](const QPoint &pos) {
        emit horizontalHeader()->customContextMenuRequested(
            horizontalHeader()->mapFromGlobal(m_frozen->horizontalHeader()->mapToGlobal(pos)));
    });
}

FrozenColumnsView::~FrozenColumnsView() = default;

void FrozenColumnsView::setModel(QAbstractItemModel *model)
{
    QTableView::setModel(model);
    m_frozen->setModel(model);
    m_frozen->setSelectionModel(selectionModel());
    if (model) {
        connect(model, &QAbstractItemModel::modelReset, this, &FrozenColumnsView::syncColumns);
        connect(model, &QAbstractItemModel::layoutChanged, this, &FrozenColumnsView::syncColumns);
        connect(model, &QAbstractItemModel::columnsInserted, this, &FrozenColumnsView::syncColumns);
        connect(model, &QAbstractItemModel::columnsRemoved, this, &FrozenColumnsView::syncColumns);
    }
    syncColumns();
}

void FrozenColumnsView::setFrozenColumnCount(int count)
{
    m_frozenCount = count;
    syncColumns();
}

int FrozenColumnsView::frozenWidth() const
{
    int width = 0;
    for (int c = 0; c < m_frozenCount && model() && c < model()->columnCount(); ++c) {
        if (!isColumnHidden(c))
            width += columnWidth(c);
    }
    return width;
}

void FrozenColumnsView::syncColumns()
{
    if (!model())
        return;
    m_frozen->setItemDelegate(itemDelegate());
    m_frozen->setAlternatingRowColors(alternatingRowColors());
    m_frozen->setSelectionBehavior(selectionBehavior());
    m_frozen->setSelectionMode(selectionMode());
    m_frozen->verticalHeader()->setDefaultSectionSize(verticalHeader()->defaultSectionSize());
    for (int c = 0; c < model()->columnCount(); ++c) {
        const bool frozen = c < m_frozenCount;
        m_frozen->setColumnHidden(c, !frozen || isColumnHidden(c));
        if (frozen)
            m_frozen->setColumnWidth(c, columnWidth(c));
    }
    updateFrozenGeometry();
}

void FrozenColumnsView::updateGeometries()
{
    QTableView::updateGeometries();
    updateFrozenGeometry();
}

void FrozenColumnsView::resizeEvent(QResizeEvent *event)
{
    QTableView::resizeEvent(event);
    updateFrozenGeometry();
}

void FrozenColumnsView::updateFrozenGeometry()
{
    if (!m_frozen)
        return;
    const int x = verticalHeader()->isVisible() ? verticalHeader()->width() : 0;
    m_frozen->setGeometry(
        frameWidth() + x, frameWidth(), frozenWidth() + 1, viewport()->height() + horizontalHeader()->height());
    m_frozen->horizontalHeader()->setFixedHeight(horizontalHeader()->height());
    m_frozen->verticalScrollBar()->setValue(verticalScrollBar()->value());
    m_frozen->setVisible(frozenWidth() > 0);
}

void FrozenColumnsView::scrollTo(const QModelIndex &index, ScrollHint hint)
{
    if (!index.isValid() || index.column() < m_frozenCount) {
        // Frozen cells are always in view horizontally; only the row needs scrolling.
        if (index.isValid()) {
            const int h = horizontalScrollBar()->value();
            QTableView::scrollTo(index, hint);
            horizontalScrollBar()->setValue(h);
        }
        return;
    }
    QTableView::scrollTo(index, hint);
    const QRect rect = visualRect(index);
    if (rect.left() < frozenWidth())
        horizontalScrollBar()->setValue(horizontalScrollBar()->value() + rect.left() - frozenWidth());
}

QModelIndex FrozenColumnsView::moveCursor(CursorAction cursorAction, Qt::KeyboardModifiers modifiers)
{
    const QModelIndex current = QTableView::moveCursor(cursorAction, modifiers);
    if (cursorAction == MoveLeft && current.column() >= m_frozenCount && visualRect(current).left() < frozenWidth())
        horizontalScrollBar()->setValue(horizontalScrollBar()->value() + visualRect(current).left() - frozenWidth());
    return current;
}

} // namespace hpx::ui
