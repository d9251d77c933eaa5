#pragma once

#include "model/modelinfo.h"

#include <QWidget>

class QLabel;
class QTreeWidget;

namespace hpx::ui {

// The "Model" dock: what the open model holds (file, subgraphs, operators, MACs, parameter bytes)
// and its operators per subgraph. Double-clicking an operator asks the views to show it.
class ModelSummaryWidget : public QWidget
{
    Q_OBJECT
public:
    explicit ModelSummaryWidget(QWidget *parent = nullptr);

    void setModel(const hpx::model::ModelInfo &model);
    void clear();
    void setError(const QString &message);

signals:
    void operatorActivated(int subgraph, int operatorIndex);

private:
    QLabel *m_summary;
    QTreeWidget *m_operators;
};

} // namespace hpx::ui
