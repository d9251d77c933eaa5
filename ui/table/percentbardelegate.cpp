#include "ui/table/percentbardelegate.h"

#include "ui/table/layertablemodel.h"

#include <QApplication>
#include <QPainter>

#include <algorithm>

namespace hpx::ui {

PercentBarDelegate::PercentBarDelegate(QObject *parent)
    : QStyledItemDelegate(parent)
{
}

void PercentBarDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    const QVariant pct = index.data(LayerTableModel::PercentOfTotalRole);
    if (!pct.isValid()) {
        QStyledItemDelegate::paint(painter, option, index);
        return;
    }
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    const QWidget *widget = option.widget;
    QStyle *style = widget ? widget->style() : QApplication::style();

    // Background and selection first, then the bar, then the text on top.
    const QString text = opt.text;
    opt.text.clear();
    style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, widget);

    const double fraction = std::clamp(pct.toDouble(), 0.0, 1.0);
    const QRect r = option.rect.adjusted(2, 3, -2, -3);
    if (fraction > 0 && r.width() > 0) {
        QColor bar = option.palette.color(QPalette::Highlight);
        bar.setAlpha(opt.state & QStyle::State_Selected ? 120 : 90);
        const int w = std::max(1, int(r.width() * fraction + 0.5));
        painter->save();
        painter->setPen(Qt::NoPen);
        painter->setBrush(bar);
        painter->drawRect(QRect(r.left(), r.top(), w, r.height()));
        painter->restore();
    }
    opt.text = text;
    const QRect textRect = style->subElementRect(QStyle::SE_ItemViewItemText, &opt, widget);
    const QPalette::ColorRole role = opt.state & QStyle::State_Selected ? QPalette::HighlightedText : QPalette::Text;
    style->drawItemText(painter, textRect, int(opt.displayAlignment), opt.palette, true, text, role);
}

} // namespace hpx::ui
