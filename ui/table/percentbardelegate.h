#pragma once

#include <QStyledItemDelegate>

namespace hpx::ui {

// Paints a cell's share of its column total (LayerTableModel::PercentOfTotalRole, 0..1) as a bar
// behind the number, in the palette's highlight colour, so hot layers stand out while the exact
// value stays readable. Every cell's text is drawn in the part of the cell that is in view and elided with "…"
// when it does not fit there: a number cut mid-digit at the viewport's edge reads as a smaller value.
class PercentBarDelegate : public QStyledItemDelegate {
    Q_OBJECT
public:
    explicit PercentBarDelegate(QObject *parent = nullptr);
    void paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const override;

    // The text as paint() draws it for a cell at `option.rect` of the view `option.widget`, and where.
    struct ShownText {
        QString text;
        QRect rect;
    };
    ShownText shownText(const QStyleOptionViewItem &option, const QModelIndex &index) const;
};

} // namespace hpx::ui
