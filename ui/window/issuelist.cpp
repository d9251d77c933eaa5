#include "ui/window/issuelist.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QStyle>
#include <QToolButton>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace hpx::ui {

IssueList::IssueList(QWidget *parent)
    : QFrame(parent)
    , m_headline(new QLabel(this))
    , m_toggle(new QToolButton(this))
    , m_list(new QTreeWidget(this))
{
    setObjectName(QStringLiteral("IssueList"));
    setFrameShape(QFrame::StyledPanel);
    m_headline->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_toggle->setAutoRaise(true);
    m_toggle->setCheckable(true);
    m_toggle->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_list->setColumnCount(3);
    m_list->setHeaderLabels({ tr("Severity"), tr("Code"), tr("Message") });
    m_list->setRootIsDecorated(false);
    m_list->setWordWrap(true);
    m_list->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_list->header()->setStretchLastSection(true);
    m_list->setMaximumHeight(fontMetrics().height() * 9);

    auto *top = new QHBoxLayout;
    top->setContentsMargins(0, 0, 0, 0);
    top->addWidget(m_headline, 1);
    top->addWidget(m_toggle);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(10, 4, 6, 4);
    layout->setSpacing(2);
    layout->addLayout(top);
    layout->addWidget(m_list);
    connect(m_toggle, &QToolButton::toggled, this, &IssueList::setExpanded);
    setExpanded(true);
    hide();
}

void IssueList::setIssues(const QVector<hpx::model::Issue> &issues, const QString &validity)
{
    m_list->clear();
    if (issues.isEmpty()) {
        hide();
        return;
    }
    int errors = 0;
    for (const hpx::model::Issue &issue : issues) {
        const bool error = issue.severity == QLatin1String("error");
        errors += error ? 1 : 0;
        auto *item = new QTreeWidgetItem(
            m_list, { error ? tr("error") : tr("warning"), issue.code, issue.message.simplified() });
        item->setIcon(0, style()->standardIcon(error ? QStyle::SP_MessageBoxCritical : QStyle::SP_MessageBoxWarning));
        item->setToolTip(2, issue.message);
    }
    m_list->resizeColumnToContents(0);
    m_list->resizeColumnToContents(1);
    const QString what = errors > 0
        ? tr("%n error(s)", "", errors) + QStringLiteral(", ") + tr("%n warning(s)", "", int(issues.size()) - errors)
        : tr("%n warning(s)", "", int(issues.size()));
    m_headline->setText(tr("Result validity: <b>%1</b> \u2014 %2").arg(validity.toHtmlEscaped(), what));
    // An invalid result opens with its list showing; a degraded one may fold it away.
    setExpanded(errors > 0 || m_toggle->isChecked());
    show();
}

void IssueList::clear()
{
    m_list->clear();
    m_headline->clear();
    hide();
}

QString IssueList::headline() const
{
    return m_headline->text();
}

int IssueList::issueCount() const
{
    return m_list->topLevelItemCount();
}

bool IssueList::isExpanded() const
{
    return m_list->isVisibleTo(this);
}

void IssueList::setExpanded(bool expanded)
{
    m_list->setVisible(expanded);
    {
        const QSignalBlocker block(m_toggle);
        m_toggle->setChecked(expanded);
    }
    m_toggle->setText(expanded ? tr("Hide issues") : tr("Show issues"));
    m_toggle->setArrowType(expanded ? Qt::UpArrow : Qt::DownArrow);
}

} // namespace hpx::ui
