#include "ui/modelsummarywidget.h"

#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace hpx::ui {

namespace {
constexpr int SubgraphRole = Qt::UserRole + 1;
constexpr int OperatorRole = Qt::UserRole + 2;
} // namespace

ModelSummaryWidget::ModelSummaryWidget(QWidget *parent)
    : QWidget(parent)
    , m_summary(new QLabel(this))
    , m_operators(new QTreeWidget(this))
{
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_operators->setColumnCount(3);
    m_operators->setHeaderLabels({tr("Operator"), tr("Index"), tr("MACs")});
    m_operators->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_operators->setUniformRowHeights(true);
    m_operators->setAlternatingRowColors(true);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addWidget(m_summary);
    layout->addWidget(m_operators, 1);
    connect(m_operators, &QTreeWidget::itemActivated, this, [this](QTreeWidgetItem *item) {
        const QVariant op = item->data(0, OperatorRole);
        if (op.isValid())
            emit operatorActivated(item->data(0, SubgraphRole).toInt(), op.toInt());
    });
    clear();
}

void ModelSummaryWidget::clear()
{
    m_summary->setText(tr("No model is open. Open a .tflite file with File > Open Model (Ctrl+O) or drop one "
                          "on the window."));
    m_operators->clear();
}

void ModelSummaryWidget::setError(const QString &message)
{
    m_operators->clear();
    m_summary->setText(QStringLiteral("<b>") + tr("The model could not be opened.") + QStringLiteral("</b><br>")
                       + message.toHtmlEscaped());
}

void ModelSummaryWidget::setModel(const hpx::model::ModelInfo &model)
{
    const QLocale locale;
    m_summary->setText(
        tr("<b>%1</b><br>%2 subgraph(s), %3 operators<br>%4 MACs, %5 of parameters<br>%6, SHA-256 %7…")
            .arg(model.fileName.toHtmlEscaped())
            .arg(model.subgraphs.size())
            .arg(locale.toString(model.operatorCount()))
            .arg(locale.toString(model.totalMacs()))
            .arg(locale.formattedDataSize(model.totalParameterBytes()))
            .arg(locale.formattedDataSize(model.sizeBytes))
            .arg(model.sha256.left(12)));
    m_operators->clear();
    m_operators->setUpdatesEnabled(false);
    for (const auto &subgraph : model.subgraphs) {
        auto *graphItem = new QTreeWidgetItem(m_operators);
        graphItem->setText(0, tr("%1 (subgraph %2)").arg(subgraph.graphId).arg(subgraph.index));
        graphItem->setText(1, tr("%n op(s)", nullptr, int(subgraph.operators.size())));
        QList<QTreeWidgetItem *> children;
        children.reserve(subgraph.operators.size());
        for (const auto &op : subgraph.operators) {
            auto *item = new QTreeWidgetItem;
            item->setText(0, op.customCode.isEmpty() ? op.op : op.op + QStringLiteral(" (") + op.customCode + QLatin1Char(')'));
            item->setText(1, QString::number(op.index));
            item->setText(2, op.macs > 0 ? locale.toString(op.macs) : QString());
            item->setTextAlignment(1, Qt::AlignRight | Qt::AlignVCenter);
            item->setTextAlignment(2, Qt::AlignRight | Qt::AlignVCenter);
            item->setData(0, SubgraphRole, subgraph.index);
            item->setData(0, OperatorRole, op.index);
            children << item;
        }
        graphItem->addChildren(children);
        graphItem->setExpanded(model.subgraphs.size() == 1 || subgraph.index == 0);
    }
    m_operators->setUpdatesEnabled(true);
}

} // namespace hpx::ui
