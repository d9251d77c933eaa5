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
    // The column the table brings into view after a new result or counter instead of the counter's own (-1: the
    // counter's). Compare mode's Δ % sits beside the frozen columns: revealing the counter's column, far to the
    // right, scrolled the Δ columns out of view.
    virtual int columnToReveal() const { return -1; }
};

} // namespace hpx::ui
