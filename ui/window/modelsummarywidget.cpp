#include "ui/window/modelsummarywidget.h"

#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QMap>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace hpx::ui {

namespace {

constexpr int OpTypeRole = Qt::UserRole + 1;

// Sorts numeric columns by value, not by their locale-formatted text.
class NumericItem : public QTreeWidgetItem {
public:
    using QTreeWidgetItem::QTreeWidgetItem;
    bool operator<(const QTreeWidgetItem &other) const override
    {
        const int column = treeWidget() ? treeWidget()->sortColumn() : 0;
        if (column == 0)
            return QTreeWidgetItem::operator<(other);
        return data(column, Qt::UserRole).toLongLong() < other.data(column, Qt::UserRole).toLongLong();
    }
};

struct TypeTotals {
    qint64 count = 0;
    qint64 macs = 0;
};

} // namespace

ModelSummaryWidget::ModelSummaryWidget(QWidget *parent)
    : QWidget(parent)
    , m_summary(new QLabel(this))
    , m_opTypes(new QTreeWidget(this))
{
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_opTypes->setColumnCount(3);
    m_opTypes->setHeaderLabels({ tr("Operator type"), tr("Count"), tr("MACs") });
    m_opTypes->headerItem()->setToolTip(2, tr("Multiply-accumulates per inference and their share of the model"));
    m_opTypes->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_opTypes->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_opTypes->header()->setSectionResizeMode(2, QHeaderView::ResizeToContents);
    m_opTypes->header()->setStretchLastSection(false);
    m_opTypes->setRootIsDecorated(false);
    m_opTypes->setUniformRowHeights(true);
    m_opTypes->setAlternatingRowColors(true);
    m_opTypes->setSortingEnabled(true);
    m_opTypes->setToolTip(tr("Double-click a type (or press Enter) to show only its layers in the table"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addWidget(m_summary);
    layout->addWidget(m_opTypes, 1);
    connect(m_opTypes, &QTreeWidget::itemActivated, this,
        [this](QTreeWidgetItem *item) { emit opTypeActivated(item->data(0, OpTypeRole).toString()); });
    clear();
}

void ModelSummaryWidget::clear()
{
    m_summary->setText(tr("No model is open. Open a .tflite file with File > Open Model (Ctrl+O) or drop one "
                          "on the window."));
    m_opTypes->clear();
}

void ModelSummaryWidget::setError(const QString &message)
{
    m_opTypes->clear();
    m_summary->setText(QStringLiteral("<b>") + tr("The model could not be opened.") + QStringLiteral("</b><br>")
        + message.toHtmlEscaped());
}

void ModelSummaryWidget::setModel(const hpx::model::ModelInfo &model)
{
    const QLocale locale;
    QStringList graphs;
    for (const auto &subgraph : model.subgraphs)
        graphs << tr("%1 (%n op(s))", nullptr, int(subgraph.operators.size())).arg(subgraph.graphId.toHtmlEscaped());
    m_summary->setText(
        tr("<b>%1</b><br>%2 operators, %3 MACs<br>%4 of parameters; file %5, SHA-256 %6…<br>Subgraphs: %7")
            .arg(model.fileName.toHtmlEscaped(), locale.toString(model.operatorCount()),
                locale.toString(model.totalMacs()), locale.formattedDataSize(model.totalParameterBytes()),
                locale.formattedDataSize(model.sizeBytes), model.sha256.left(12), graphs.join(QStringLiteral(", "))));

    QMap<QString, TypeTotals> types;
    for (const auto &subgraph : model.subgraphs) {
        for (const auto &op : subgraph.operators) {
            TypeTotals &t = types[op.op];
            ++t.count;
            t.macs += op.macs;
        }
    }
    const double totalMacs = double(model.totalMacs());
    m_opTypes->setSortingEnabled(false);
    m_opTypes->clear();
    for (auto it = types.cbegin(); it != types.cend(); ++it) {
        auto *item = new NumericItem(m_opTypes);
        item->setText(0, it.key());
        item->setData(0, OpTypeRole, it.key());
        item->setText(1, locale.toString(it->count));
        item->setData(1, Qt::UserRole, it->count);
        item->setText(2,
            it->macs > 0 && totalMacs > 0
                ? tr("%1 (%2 %)")
                      .arg(locale.toString(it->macs), locale.toString(100.0 * double(it->macs) / totalMacs, 'f', 1))
                : QString());
        item->setData(2, Qt::UserRole, it->macs);
        item->setTextAlignment(1, Qt::AlignRight | Qt::AlignVCenter);
        item->setTextAlignment(2, Qt::AlignRight | Qt::AlignVCenter);
    }
    m_opTypes->setSortingEnabled(true);
    m_opTypes->sortByColumn(2, Qt::DescendingOrder);
}

} // namespace hpx::ui
