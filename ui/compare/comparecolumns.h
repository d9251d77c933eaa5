#pragma once

#include "ui/common/comparedata.h"
#include "ui/table/layercolumnprovider.h"

#include <QCoreApplication>

namespace hpx::ui {

// Compare mode's table columns for one counter: Candidate, Baseline, Δ (candidate − baseline) and Δ %, side by side
// (the candidate's own counter column is far to the right), Δ coloured with the diverging palette (blue faster, red
// slower). Rows are the candidate's layers.
class CompareColumns : public LayerColumnProvider {
    Q_DECLARE_TR_FUNCTIONS(hpx::ui::CompareColumns)
public:
    enum Column { Candidate, Baseline, Delta, DeltaPct, Count };

    CompareColumns(CompareData data, QString counter);
    QString counter() const { return m_counter; }
    void setCounter(const QString &counter); // then LayerTableModel::extraColumnsChanged()

    int columnCount() const override { return Count; }
    QString columnId(int column) const override;
    QVariant headerData(int column, int role) const override;
    QVariant data(int layerIndex, int column, int role) const override;
    int columnToReveal() const override { return DeltaPct; }

private:
    std::optional<double> value(int layerIndex, int column) const;

    CompareData m_data;
    QString m_counter;
    double m_maxAbs = 0;
};

} // namespace hpx::ui
