#pragma once

#include "ui/common/elidingcombobox.h"

#include <QStringList>

namespace hpx::model {
struct ProfileResult;
}

namespace hpx::ui {

// The counter switcher the heat graph and both charts share: short names ("CPU_CYCLES"), the full event
// name as tooltip, and one rule for which counter a new result shows -- the one already chosen if the
// result has it, else cycles (what the overlays lead with), else the first.
class CounterCombo : public ElidingComboBox {
    Q_OBJECT
public:
    explicit CounterCombo(QWidget *parent = nullptr);

    // Refills without emitting counterChanged(); returns the counter now selected ("" when none). Counters in
    // `notCounted` (the board did not count them) are listed, marked "not counted" and cannot be chosen: there is
    // nothing to colour or plot. Names are those of counterLabel(): `result`'s emulated instructions are not cycles.
    QString setCounters(const QStringList &counters, const QString &preferred, const QStringList &notCounted = {},
        const model::ProfileResult *result = nullptr);
    // The charts' refresh for a new result: setCounters() with `result`'s counters and those it did not count (none
    // without a result), keeping `preferred` when it has it.
    QString setCountersOf(const model::ProfileResult *result, const QString &preferred);
    QString currentCounter() const { return currentData().toString(); }
    // Selects `counter` if listed (emitting counterChanged() when it changes); false otherwise.
    bool selectCounter(const QString &counter);

signals:
    // The selection changed through the user or selectCounter(), not through setCounters().
    void counterChanged(const QString &counter);
};

} // namespace hpx::ui
