#pragma once

#include "model/tflite/modelinfo.h"

#include <QWidget>

class QLabel;
class QTreeWidget;

namespace hpx::ui {

// The "Model" dock: what the open model holds (file, subgraphs, operators, MACs, parameter bytes) and
// its operator mix by type. The per-operator list is the layer table's job (it lists the operators
// before a run too), so this dock stays a compact overview; activating a type filters the views by it.
class ModelSummaryWidget : public QWidget {
    Q_OBJECT
public:
    explicit ModelSummaryWidget(QWidget *parent = nullptr);

    void setModel(const hpx::model::ModelInfo &model);
    void clear();
    void setError(const QString &message);
    QTreeWidget *opTypeList() const { return m_opTypes; }

signals:
    void opTypeActivated(const QString &opType);

private:
    QLabel *m_summary;
    QTreeWidget *m_opTypes;
};

} // namespace hpx::ui
