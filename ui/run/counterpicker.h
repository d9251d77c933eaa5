#pragma once

#include "model/board/passplanner.h"
#include "model/board/socprofile.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QTreeWidget;
class QTreeWidgetItem;

namespace hpx::ui {

// The "Counters" dock: a searchable tree of the PMU catalogue by group, presets, and the pass plan as it
// changes ("7 counters → 2 passes"). Counters the board's SoC cannot capture are greyed with the reason;
// selected ones stay selected, the plan leaves them out and its text names them (docs/compatibility.md §0.7).
class CounterPicker : public QWidget {
    Q_OBJECT
public:
    explicit CounterPicker(QWidget *parent = nullptr);

    void setSoc(const hpx::model::SocProfile &soc);
    void setSelectedCounters(const QStringList &counters);
    // The user's selection in catalogue order within each group, kept across boards: it may hold counters
    // the current SoC cannot capture (uncapturedCounters()); the plan and selection() leave those out.
    QStringList selectedCounters() const;
    QStringList uncapturedCounters() const;
    void deselectUncaptured();
    hpx::model::CounterSelection selection() const;
    const hpx::model::PlanOutcome &plan() const { return m_plan; }
    QString planSummary(bool withActions = true) const; // the rich text under the tree (with its links)

signals:
    void selectionChanged(const QStringList &counters);

private:
    void populate();
    void applyPreset(int index);
    QStringList presetCounters(int index) const; // what the preset selects on this SoC
    void showMatchingPreset(); // the preset whose selection this is, or "Custom selection"
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
