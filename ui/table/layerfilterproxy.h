#pragma once

#include <QSortFilterProxyModel>
#include <QStringList>

namespace hpx::ui {

// Sorts LayerTableModel rows by their numeric SortRole (layers without a value sort below every
// number: first ascending, last descending) and filters them by
// op type and by free text (op, firmware tag, subgraph, "#index" or a bare index number).
class LayerFilterProxy : public QSortFilterProxyModel {
    Q_OBJECT
public:
    explicit LayerFilterProxy(QObject *parent = nullptr);

    // Only rows whose op type is one of these (empty: all).
    void setOpTypeFilter(const QStringList &opTypes);
    QStringList opTypeFilter() const { return m_opTypes; }
    // Case-insensitive substring of the op, tag or subgraph; "#12" or "12" also matches index 12.
    void setTextFilter(const QString &text);
    QString textFilter() const { return m_text; }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;
    bool lessThan(const QModelIndex &left, const QModelIndex &right) const override;

private:
    QStringList m_opTypes;
    QString m_text;
};

} // namespace hpx::ui
