#include "ui/table/frozencolumnsview.h"

#include <QHeaderView>
#include <QPainter>
#include <QScrollBar>
#include <QStyleOptionHeader>
#include <QWheelEvent>

#include <algorithm>
#include <cstdlib>

namespace hpx::ui {

namespace {

// A section running past the right edge, or under the frozen columns at the left (a column wider than the room
// beside them, scale 2), draws its label in the part in view, elided, as the cells do: a counter's name cut
// mid-letter ("CPU_CYCLE", "U_CYCLES") reads as another name.
class VisiblePartHeader : public QHeaderView {
public:
    using QHeaderView::QHeaderView;

protected:
    void paintSection(QPainter *painter, const QRect &rect, int logical) const override
    {
        const auto *view = qobject_cast<const FrozenColumnsView *>(parentWidget());
        if (!view || logical < view->frozenColumnCount()) {
            QHeaderView::paintSection(painter, rect, logical); // under the frozen view's own header
            return;
        }
        const QRect inView = viewport()->rect().adjusted(view->frozenWidth(), 0, 0, 0);
        if (!inView.isValid())
            return; // the frozen columns cover the whole width
        const QRect visible = rect.intersected(inView);
        if (visible.isEmpty())
            return; // wholly under the frozen columns
        QStyleOptionHeaderV2 option;
        initStyleOption(&option);
        initStyleOptionForIndex(&option, logical);
        option.rect = visible;
        QFont font = this->font();
        if (const QVariant f = model()->headerData(logical, orientation(), Qt::FontRole); f.canConvert<QFont>())
            font = f.value<QFont>();
        option.fontMetrics = QFontMetrics(font);
        const int room = style()->subElementRect(QStyle::SE_HeaderLabel, &option, this).width();
        if (visible == rect && option.fontMetrics.horizontalAdvance(option.text) <= room) {
            QHeaderView::paintSection(painter, rect, logical);
            return;
        }
        // QHeaderView neither elides (a right-aligned label wider than its section ran out at the left, under the
        // frozen columns) nor knows which part is in view. A part too narrow for a letter and "…" shows no label
        // (the style drew a sliver of a glyph, ")").
        if (room < option.fontMetrics.horizontalAdvance(QStringLiteral("W…"))) {
            option.text.clear();
            option.sortIndicator = QStyleOptionHeader::None;
        } else {
            option.text = option.fontMetrics.elidedText(option.text, Qt::ElideRight, room);
        }
        painter->save();
        painter->setFont(font);
        style()->drawControl(QStyle::CE_Header, &option, painter, this);
        painter->restore();
    }
};

} // namespace

FrozenColumnsView::FrozenColumnsView(QWidget *parent)
    : QTableView(parent)
    , m_frozen(new QTableView(this))
{
    auto *header = new VisiblePartHeader(Qt::Horizontal, this);
    header->setSectionsClickable(true);
    header->setHighlightSections(true);
    setHorizontalHeader(header);
    m_frozen->raise(); // over the new header, as over the one it replaced
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
    connect(horizontalScrollBar(), &QAbstractSlider::sliderReleased, this, &FrozenColumnsView::snapToColumn);
    // A page or arrow click on the bar moves by pixels: it rests on a column too.
    connect(horizontalScrollBar(), &QAbstractSlider::actionTriggered, this, [this](int action) {
        if (action != QAbstractSlider::SliderMove)
            QMetaObject::invokeMethod(this, &FrozenColumnsView::snapToColumn, Qt::QueuedConnection);
    });

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
    // QTableView sets the plain range first, which clamps a value resting at the stretched end below; it is put back
    // once the range is stretched again (seen: a revealed counter slid back 15 px under the right edge).
    QScrollBar *bar = horizontalScrollBar();
    const int value = bar->value();
    QTableView::updateGeometries();
    // The range ends where the last columns are in full at the right; it is stretched to the next column
    // boundary, so the end is a resting place too (blank space at the right instead of a column cut at the left).
    const int max = bar->maximum();
    if (max > 0 && model()) {
        const QHeaderView *header = horizontalHeader();
        const int edge = frozenWidth();
        for (int visual = 0; visual < header->count(); ++visual) {
            const int logical = header->logicalIndex(visual);
            if (logical < m_frozenCount || header->isSectionHidden(logical))
                continue;
            const int boundary = header->sectionPosition(logical) - edge;
            if (boundary >= max) {
                if (boundary > max)
                    bar->setRange(0, boundary);
                break;
            }
        }
    }
    if (bar->value() != value && value <= bar->maximum()) {
        m_snapping = true;
        bar->setValue(value);
        m_snapping = false;
    }
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

QVector<int> FrozenColumnsView::restingValues() const
{
    QVector<int> values;
    const QHeaderView *header = horizontalHeader();
    const int max = horizontalScrollBar()->maximum();
    const int edge = frozenWidth();
    for (int visual = 0; model() && visual < header->count(); ++visual) {
        const int logical = header->logicalIndex(visual);
        if (logical < m_frozenCount || header->isSectionHidden(logical))
            continue;
        const int value = header->sectionPosition(logical) - edge;
        if (value > max)
            break;
        if (value >= 0 && (values.isEmpty() || values.last() != value))
            values.append(value);
    }
    // The end is a boundary (updateGeometries()), unless the last column is wider than the room beside the frozen
    // ones: then the last resting place shows its start, and only a drag goes further.
    if (values.isEmpty())
        values.append(0);
    return values;
}

int FrozenColumnsView::nearestRestingValue(int value) const
{
    const QVector<int> values = restingValues();
    const auto above = std::lower_bound(values.cbegin(), values.cend(), value);
    if (above == values.cend())
        return values.constLast();
    if (above == values.cbegin() || *above - value <= value - *(above - 1))
        return *above;
    return *(above - 1);
}

void FrozenColumnsView::snapToColumn()
{
    QScrollBar *bar = horizontalScrollBar();
    if (m_snapping || bar->isSliderDown() || bar->maximum() <= 0)
        return;
    m_snapping = true;
    bar->setValue(nearestRestingValue(bar->value()));
    m_snapping = false;
}

int FrozenColumnsView::firstScrollingColumn() const
{
    const QHeaderView *header = horizontalHeader();
    const int edge = frozenWidth();
    for (int visual = 0; model() && visual < header->count(); ++visual) {
        const int logical = header->logicalIndex(visual);
        if (logical < m_frozenCount || header->isSectionHidden(logical))
            continue;
        if (header->sectionViewportPosition(logical) + header->sectionSize(logical) > edge)
            return logical;
    }
    return -1;
}

bool FrozenColumnsView::isColumnCutByFrozen(int logical) const
{
    const QHeaderView *header = horizontalHeader();
    const int left = header->sectionViewportPosition(logical);
    return logical >= m_frozenCount && left < frozenWidth() && left + header->sectionSize(logical) > frozenWidth();
}

void FrozenColumnsView::wheelEvent(QWheelEvent *event)
{
    // A horizontal wheel step (or Shift+wheel) moves one column, resting on its boundary.
    const QPoint delta = event->angleDelta();
    const bool horizontal = delta.x() != 0 || (event->modifiers() & Qt::ShiftModifier);
    if (!horizontal || horizontalScrollBar()->maximum() <= 0) {
        QTableView::wheelEvent(event);
        return;
    }
    const int steps = delta.x() != 0 ? delta.x() : delta.y();
    if (steps == 0) {
        event->accept();
        return;
    }
    const QVector<int> values = restingValues();
    const int value = horizontalScrollBar()->value();
    int next = value;
    if (steps < 0) { // towards the right (content moves left)
        const auto it = std::upper_bound(values.cbegin(), values.cend(), value);
        next = it == values.cend() ? values.constLast() : *it;
    } else {
        const auto it = std::lower_bound(values.cbegin(), values.cend(), value);
        next = it == values.cbegin() ? values.constFirst() : *(it - 1);
    }
    horizontalScrollBar()->setValue(next);
    event->accept();
}

void FrozenColumnsView::scrollContentsBy(int dx, int dy)
{
    QTableView::scrollContentsBy(dx, dy);
    // Keys and the view's own scrolling (autoscroll while selecting, a resize) end on a column boundary too.
    if (dx != 0 && !m_snapping && !horizontalScrollBar()->isSliderDown())
        QMetaObject::invokeMethod(this, &FrozenColumnsView::snapToColumn, Qt::QueuedConnection);
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
    // The whole column in view, resting on a column boundary: the smallest resting value that shows its right
    // edge, which is at most the one that puts it first beside the frozen columns.
    const QHeaderView *header = horizontalHeader();
    const int column = index.column();
    const int position = header->sectionPosition(column);
    const int needRight = position + header->sectionSize(column) - viewport()->width();
    const int needLeft = position - frozenWidth();
    const int max = horizontalScrollBar()->maximum();
    const int current = horizontalScrollBar()->value();
    const QVector<int> values = restingValues();
    int target = current;
    if (current > needLeft) {
        target = std::clamp(needLeft, 0, max); // coming from the right: first beside the frozen columns
    } else if (current < needRight) {
        const auto it = std::lower_bound(values.cbegin(), values.cend(), needRight);
        target = it == values.cend() ? max : *it;
        if (target > needLeft) // wider than the space beside the frozen columns: its start in view
            target = std::clamp(needLeft, 0, max);
    } else {
        // Already in view: the nearest resting value that keeps it so.
        int best = std::clamp(needLeft, 0, max);
        for (int value : values)
            if (value >= needRight && value <= needLeft && std::abs(value - current) < std::abs(best - current))
                best = value;
        target = best;
    }
    m_snapping = true;
    horizontalScrollBar()->setValue(target);
    m_snapping = false;
}

QModelIndex FrozenColumnsView::moveCursor(CursorAction cursorAction, Qt::KeyboardModifiers modifiers)
{
    const QModelIndex current = QTableView::moveCursor(cursorAction, modifiers);
    if (cursorAction == MoveLeft && current.column() >= m_frozenCount && visualRect(current).left() < frozenWidth())
        horizontalScrollBar()->setValue(horizontalScrollBar()->value() + visualRect(current).left() - frozenWidth());
    return current; // scrollContentsBy() settles the view on a column boundary
}

} // namespace hpx::ui
