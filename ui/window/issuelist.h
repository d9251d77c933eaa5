#pragma once

#include "model/results/profileresult.h"

#include <QFrame>
#include <QVector>

class QLabel;
class QToolButton;
class QTreeWidget;

namespace hpx::ui {

// The result's validity and issues (docs/output-files.md), the same list summary.json and the manifest hold:
// shown after a run and when a bundle is opened, so a result that lost data never looks whole. A one-line
// header names the validity and the count; the list below it (code, severity, message) folds away. Hidden
// when the result has no issue.
class IssueList : public QFrame {
    Q_OBJECT
public:
    explicit IssueList(QWidget *parent = nullptr);

    void setIssues(const QVector<hpx::model::Issue> &issues, const QString &validity);
    void clear();

    QString headline() const; // the header text (for tests and accessibility)
    int issueCount() const;
    bool isExpanded() const;
    void setExpanded(bool expanded);

private:
    QLabel *m_headline;
    QToolButton *m_toggle;
    QTreeWidget *m_list;
};

} // namespace hpx::ui
