#pragma once

#include <QStyledItemDelegate>

namespace hpx::ui {

// Paints a cell's share of its column total (LayerTableModel::PercentOfTotalRole, 0..1) as a bar
// behind the number, in the palette's highlight colour, so hot layers stand out while the exact
// value stays readable. Cells without a percentage are painted as usual.
class PercentBarDelegate : public QStyledItemDelegate {
    Q_OBJECT
public:
    explicit PercentBarDelegate(QObject *parent = nullptr);
    void paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const override;
};

} // namespace hpx::ui
