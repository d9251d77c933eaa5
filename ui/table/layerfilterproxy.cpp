#include "ui/table/layerfilterproxy.h"

#include "ui/table/layertablemodel.h"

namespace hpx::ui {

LayerFilterProxy::LayerFilterProxy(QObject *parent)
    : QSortFilterProxyModel(parent)
{
    setSortRole(LayerTableModel::SortRole);
    setSortCaseSensitivity(Qt::CaseInsensitive);
}

void LayerFilterProxy::setOpTypeFilter(const QStringList &opTypes)
{
    if (opTypes == m_opTypes)
        return;
    m_opTypes = opTypes;
    invalidateFilter();
}

void LayerFilterProxy::setTextFilter(const QString &text)
{
    const QString t = text.trimmed();
    if (t == m_text)
        return;
    m_text = t;
    invalidateFilter();
}

bool LayerFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    const QModelIndex idx = sourceModel()->index(sourceRow, 0, sourceParent);
    const QString opType = idx.data(LayerTableModel::OpTypeRole).toString();
    if (!m_opTypes.isEmpty() && !m_opTypes.contains(opType))
        return false;
    if (m_text.isEmpty())
        return true;
    QString number = m_text;
    if (number.startsWith(QLatin1Char('#')))
        number.remove(0, 1);
    bool isNumber = false;
    const int wanted = number.toInt(&isNumber);
    if (isNumber && idx.data(LayerTableModel::SourceIndexRole).toInt() == wanted)
        return true;
    if (opType.contains(m_text, Qt::CaseInsensitive)
        || idx.data(LayerTableModel::OpTagRole).toString().contains(m_text, Qt::CaseInsensitive))
        return true;
    // Op column text includes a CUSTOM op's custom code; the subgraph column its graph id.
    const auto *m = qobject_cast<const LayerTableModel *>(sourceModel());
    if (!m)
        return false;
    for (int c = 0; c < m->columnCount(); ++c) {
        const auto kind = m->columnKind(c);
        if (kind == LayerTableModel::ColumnKind::Op || kind == LayerTableModel::ColumnKind::Subgraph) {
            if (m->index(sourceRow, c, sourceParent).data().toString().contains(m_text, Qt::CaseInsensitive))
                return true;
        }
    }
    return false;
}

bool LayerFilterProxy::lessThan(const QModelIndex &left, const QModelIndex &right) const
{
    const QVariant l = left.data(sortRole());
    const QVariant r = right.data(sortRole());
    const bool lValid = l.isValid(), rValid = r.isValid();
    if (!lValid || !rValid)
        return !lValid && rValid; // no value < any value
    if (l.typeId() == QMetaType::QString || r.typeId() == QMetaType::QString) {
        const int c = QString::compare(l.toString(), r.toString(), sortCaseSensitivity());
        if (c != 0)
            return c < 0;
    } else {
        const double a = l.toDouble(), b = r.toDouble();
        if (a != b)
            return a < b;
    }
    return left.row() < right.row(); // stable: execution order breaks ties
}

} // namespace hpx::ui
