#pragma once

#include <QTableView>

namespace hpx::ui {

// A table whose first columns (# and Op in the layer table) stay in place while the others scroll
// horizontally: a second, frameless view of the same model and selection lies over the left edge and shows
// only those columns (Qt's "frozen column" pattern). Scrolling to a cell keeps it out from under them.
// Horizontal scrolling rests on column boundaries: after a reveal, a wheel step, a key or a released scroll bar,
// the first scrolling column starts exactly at the frozen edge, so no column is ever left half under the frozen
// ones (a Δ % whose minus sign is covered reads as the opposite). Only while the bar is dragged may it rest
// between.
class FrozenColumnsView : public QTableView {
    Q_OBJECT
public:
    explicit FrozenColumnsView(QWidget *parent = nullptr);
    ~FrozenColumnsView() override;

    void setModel(QAbstractItemModel *model) override;
    void setFrozenColumnCount(int count);
    int frozenColumnCount() const { return m_frozenCount; }
    QTableView *frozenView() const { return m_frozen; }
    int frozenWidth() const; // pixels covered by the frozen columns
    // The first scrolling column that is not wholly under the frozen ones (-1: none), and whether it is cut.
    int firstScrollingColumn() const;
    bool isColumnCutByFrozen(int logical) const;
    void scrollTo(const QModelIndex &index, ScrollHint hint = EnsureVisible) override;
    // Call after hiding or showing columns (QTableView::setColumnHidden notifies nobody).
    void syncColumns();

protected:
    void resizeEvent(QResizeEvent *event) override;
    void wheelEvent(QWheelEvent *event) override;
    void scrollContentsBy(int dx, int dy) override;
    QModelIndex moveCursor(CursorAction cursorAction, Qt::KeyboardModifiers modifiers) override;
    void updateGeometries() override;

private:
    void updateFrozenGeometry();
    // Scroll values at which a scrolling column starts exactly at the frozen edge, ascending, within the range.
    QVector<int> restingValues() const;
    int nearestRestingValue(int value) const;
    void snapToColumn();

    QTableView *m_frozen;
    int m_frozenCount = 2;
    bool m_snapping = false;
};

} // namespace hpx::ui
