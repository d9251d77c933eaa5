#include "ui/common/flowlayout.h"

#include <QStyle>
#include <QWidget>

namespace hpx::ui {

FlowLayout::FlowLayout(QWidget *parent, int spacing)
    : QLayout(parent)
{
    setSpacing(spacing);
}

FlowLayout::~FlowLayout()
{
    while (QLayoutItem *item = takeAt(0))
        delete item;
}

void FlowLayout::addItem(QLayoutItem *item)
{
    m_items.append(item);
}

QLayoutItem *FlowLayout::takeAt(int index)
{
    return index >= 0 && index < m_items.size() ? m_items.takeAt(index) : nullptr;
}

int FlowLayout::gap() const
{
    if (spacing() >= 0)
        return spacing();
    const QWidget *w = parentWidget();
    return w ? w->style()->pixelMetric(QStyle::PM_LayoutHorizontalSpacing, nullptr, w) : 6;
}

int FlowLayout::heightForWidth(int width) const
{
    return doLayout(QRect(0, 0, width, 0), false);
}

int FlowLayout::rowsForWidth(int width, const QHash<const QWidget *, bool> &shown) const
{
    const int last = m_rows;
    doLayout(QRect(0, 0, width, 0), false, shown);
    const int rows = m_rows;
    m_rows = last;
    return rows;
}

QSize FlowLayout::minimumSize() const
{
    // As narrow as the widest single control; the height follows from heightForWidth.
    QSize size;
    for (const QLayoutItem *item : m_items)
        if (!item->isEmpty())
            size = size.expandedTo(item->minimumSize());
    const QMargins m = contentsMargins();
    return size + QSize(m.left() + m.right(), m.top() + m.bottom());
}

QSize FlowLayout::sizeHint() const
{
    // Everything on one row.
    int w = 0, h = 0;
    for (const QLayoutItem *item : m_items) {
        if (item->isEmpty())
            continue;
        w += (w ? gap() : 0) + item->sizeHint().width();
        h = std::max(h, item->sizeHint().height());
    }
    const QMargins m = contentsMargins();
    return QSize(w + m.left() + m.right(), h + m.top() + m.bottom());
}

void FlowLayout::setGeometry(const QRect &rect)
{
    QLayout::setGeometry(rect);
    doLayout(rect, true);
}

int FlowLayout::doLayout(const QRect &rect, bool apply, const QHash<const QWidget *, bool> &shown) const
{
    // A hidden widget's item measures 0 x 0: one to be shown is measured by the widget itself.
    auto isEmpty = [&shown](const QLayoutItem *item) {
        const auto it = item->widget() ? shown.constFind(item->widget()) : shown.cend();
        return it == shown.cend() ? item->isEmpty() : !it.value();
    };
    auto sizeHint = [&shown](const QLayoutItem *item) {
        return item->widget() && shown.contains(item->widget()) ? item->widget()->sizeHint() : item->sizeHint();
    };
    auto minimumSize = [&shown](const QLayoutItem *item) {
        return item->widget() && shown.contains(item->widget()) ? item->widget()->minimumSizeHint()
                                                                : item->minimumSize();
    };
    const QRect area = rect.marginsRemoved(contentsMargins());
    const int space = gap();
    // Rows first (items at their size hints, never wider than the area), then placement: an expanding
    // item takes the row's leftover width.
    struct Row {
        int first = 0, last = -1, width = 0, height = 0;
    };
    QVector<Row> rows;
    Row row;
    row.first = 0;
    for (int i = 0; i < m_items.size(); ++i) {
        const QLayoutItem *item = m_items.at(i);
        if (isEmpty(item))
            continue;
        const QSize hint = sizeHint(item).boundedTo(QSize(area.width(), QWIDGETSIZE_MAX));
        const int w = std::max(hint.width(), std::min(minimumSize(item).width(), area.width()));
        if (row.last >= row.first && row.width + space + w > area.width()) {
            rows.append(row);
            row = Row();
            row.first = i;
        }
        row.width += (row.last >= row.first ? space : 0) + w;
        row.height = std::max(row.height, hint.height());
        row.last = i;
    }
    if (row.last >= row.first)
        rows.append(row);
    m_rows = int(rows.size());
    int y = area.top();
    for (const Row &r : std::as_const(rows)) {
        if (apply) {
            int expanding = 0;
            for (int i = r.first; i <= r.last; ++i)
                if (!m_items.at(i)->isEmpty() && (m_items.at(i)->expandingDirections() & Qt::Horizontal))
                    ++expanding;
            const int extra = std::max(0, area.width() - r.width);
            int x = area.left();
            for (int i = r.first; i <= r.last; ++i) {
                QLayoutItem *item = m_items.at(i);
                if (item->isEmpty())
                    continue;
                const QSize hint = item->sizeHint().boundedTo(QSize(area.width(), QWIDGETSIZE_MAX));
                int w = std::max(hint.width(), std::min(item->minimumSize().width(), area.width()));
                if (expanding && (item->expandingDirections() & Qt::Horizontal))
                    w += extra / expanding;
                const int h = std::min(r.height, std::max(hint.height(), item->minimumSize().height()));
                item->setGeometry(QRect(x, y + (r.height - h) / 2, w, h));
                x += w + space;
            }
        }
        y += r.height + space;
    }
    if (!rows.isEmpty())
        y -= space;
    return y - area.top() + contentsMargins().top() + contentsMargins().bottom();
}

} // namespace hpx::ui
