#pragma once

#include <QTableView>

namespace hpx::ui {

// A table whose first columns (# and Op in the layer table) stay in place while the others scroll
// horizontally: a second, frameless view of the same model and selection lies over the left edge and shows
// only those columns (Qt's "frozen column" pattern). Scrolling to a cell keeps it out from under them.
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
    void scrollTo(const QModelIndex &index, ScrollHint hint = EnsureVisible) override;
    // Call after hiding or showing columns (QTableView::setColumnHidden notifies nobody).
    void syncColumns();

protected:
    void resizeEvent(QResizeEvent *event) override;
    QModelIndex moveCursor(CursorAction cursorAction, Qt::KeyboardModifiers modifiers) override;
    void updateGeometries() override;

private:
    void updateFrozenGeometry();

    QTableView *m_frozen;
    int m_frozenCount = 2;
};

} // namespace hpx::ui
