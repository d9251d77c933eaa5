#include "ui/table/percentbardelegate.h"

#include "ui/table/layertablemodel.h"

#include <QAbstractItemView>
#include <QApplication>
#include <QPainter>

#include <algorithm>

namespace hpx::ui {

namespace {

// The part of a cell inside the view's viewport: a column running past the right edge (scale 2, a narrow dock)
// shows its value there, whole or elided.
QRect visiblePart(const QStyleOptionViewItem &option)
{
    QRect r = option.rect;
    if (const auto *view = qobject_cast<const QAbstractItemView *>(option.widget)) {
        const int right = view->viewport()->width() - 1;
        if (r.right() > right && right >= r.left()) // a column starting at the last pixel too
            r.setRight(right);
    }
    return r;
}

} // namespace

PercentBarDelegate::PercentBarDelegate(QObject *parent)
    : QStyledItemDelegate(parent)
{
}

PercentBarDelegate::ShownText PercentBarDelegate::shownText(
    const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    opt.rect = visiblePart(option);
    const QWidget *widget = option.widget;
    const QStyle *style = widget ? widget->style() : QApplication::style();
    // The margin the styles keep inside the text rect when they draw an item's text themselves (QCommonStyle's
    // CE_ItemViewItem); what is wider than what is left is elided, never cut.
    const int margin = style->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, widget) + 1;
    const QRect rect = style->subElementRect(QStyle::SE_ItemViewItemText, &opt, widget).adjusted(margin, 0, -margin, 0);
    const QFontMetrics fm(opt.font);
    QString text = fm.elidedText(opt.text, Qt::ElideRight, rect.width());
    // A sliver of a column at the right edge, too narrow for a letter and "…", shows nothing rather than a column of
    // lone ellipses (as its header does, FrozenColumnsView).
    if (fm.horizontalAdvance(opt.text) > rect.width() && rect.width() < fm.horizontalAdvance(QStringLiteral("W…")))
        text.clear();
    return { text, rect };
}

void PercentBarDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    const QWidget *widget = option.widget;
    QStyle *style = widget ? widget->style() : QApplication::style();

    // Background and selection first, then the bar, then the text on top.
    opt.text.clear();
    style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, widget);

    const QVariant pct = index.data(LayerTableModel::PercentOfTotalRole);
    const double fraction = pct.isValid() ? std::clamp(pct.toDouble(), 0.0, 1.0) : 0.0;
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
    const ShownText shown = shownText(option, index);
    if (shown.text.isEmpty())
        return;
    const QPalette::ColorRole role = opt.state & QStyle::State_Selected ? QPalette::HighlightedText : QPalette::Text;
    painter->save();
    painter->setFont(opt.font);
    style->drawItemText(painter, shown.rect, int(opt.displayAlignment), opt.palette, true, shown.text, role);
    painter->restore();
}

} // namespace hpx::ui
