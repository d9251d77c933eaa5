#pragma once

#include <QString>
#include <QVariant>

namespace hpx::ui {

// Extra columns a view mode adds to the per-layer table (LayerTableModel::setColumnProvider), e.g. the
// baseline / delta / delta % columns of compare mode. Rows are the table's layers (index into the shown
// ProfileResult::layers). Roles as LayerTableModel's: DisplayRole, SortRole, RawValueRole, ToolTipRole, ...
class LayerColumnProvider {
public:
    virtual ~LayerColumnProvider() = default;
    virtual int columnCount() const = 0;
    virtual QString columnId(int column) const = 0; // stable, e.g. "compare:delta"
    virtual QVariant headerData(int column, int role) const = 0;
    virtual QVariant data(int layerIndex, int column, int role) const = 0;
};

} // namespace hpx::ui
