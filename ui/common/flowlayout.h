#pragma once

#include <QHash>
#include <QLayout>
#include <QVector>

namespace hpx::ui {

// Lays its widgets out left to right at their size hints and starts a new row when the next one
// does not fit, so a toolbar stays usable in a narrow pane instead of squeezing its combo boxes to a
// letter. A widget with a horizontally expanding size policy takes what is left of its row.
class FlowLayout : public QLayout {
public:
    explicit FlowLayout(QWidget *parent = nullptr, int spacing = -1);
    ~FlowLayout() override;

    void addItem(QLayoutItem *item) override;
    int count() const override { return int(m_items.size()); }
    QLayoutItem *itemAt(int index) const override { return m_items.value(index); }
    QLayoutItem *takeAt(int index) override;
    Qt::Orientations expandingDirections() const override { return {}; }
    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;
    QSize minimumSize() const override;
    QSize sizeHint() const override;
    void setGeometry(const QRect &rect) override;
    // Rows the last layout (setGeometry) used, for tests.
    int rowCount() const { return m_rows; }
    // Rows the items would take at width, without moving them, if the widgets in shown were shown or hidden
    // as it says (the others as they are).
    int rowsForWidth(int width, const QHash<const QWidget *, bool> &shown = {}) const;

private:
    int doLayout(const QRect &rect, bool apply, const QHash<const QWidget *, bool> &shown = {}) const;
    int gap() const;

    QVector<QLayoutItem *> m_items;
    mutable int m_rows = 0;
};

} // namespace hpx::ui
