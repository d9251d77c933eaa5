#pragma once

#include "model/passplanner.h"
#include "model/socprofile.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QTreeWidget;
class QTreeWidgetItem;

namespace hpx::ui {

// The "Counters" dock: a searchable tree of the PMU catalogue by group, presets, and the pass plan as it
// changes ("7 counters → 2 passes"). Counters the board's SoC cannot capture are shown disabled with the
// reason, and a selection the SoC would refuse is reported before any run (docs/compatibility.md §0.7).
class CounterPicker : public QWidget {
    Q_OBJECT
public:
    explicit CounterPicker(QWidget *parent = nullptr);

    void setSoc(const hpx::model::SocProfile &soc);
    void setSelectedCounters(const QStringList &counters);
    QStringList selectedCounters() const; // catalogue order within each group
    hpx::model::CounterSelection selection() const;
    const hpx::model::PlanOutcome &plan() const { return m_plan; }
    QString planSummary() const; // the text shown under the tree

signals:
    void selectionChanged(const QStringList &counters);

private:
    void populate();
    void applyPreset(int index);
    void applyFilter(const QString &text);
    void replan();

    hpx::model::SocProfile m_soc;
    hpx::model::PlanOutcome m_plan;
    QLineEdit *m_search;
    QComboBox *m_presets;
    QTreeWidget *m_tree;
    QLabel *m_summary;
    bool m_updating = false;
};

} // namespace hpx::ui
