#include "ui/common/countercombo.h"

#include "ui/common/resultviewdata.h"

#include <QStandardItemModel>

#include <algorithm>

namespace hpx::ui {

CounterCombo::CounterCombo(QWidget *parent)
    : ElidingComboBox(parent)
{
    setSizeAdjustPolicy(QComboBox::AdjustToContents);
    connect(this, &QComboBox::currentIndexChanged, this, [this] { emit counterChanged(currentCounter()); });
}

QString CounterCombo::setCounters(const QStringList &counters, const QString &preferred, const QStringList &notCounted,
    const model::ProfileResult *result)
{
    const QSignalBlocker block(this);
    clear();
    QString firstCounted;
    for (const QString &c : counters) {
        if (notCounted.contains(c)) {
            addItem(tr("%1 (not counted)").arg(counterLabel(c, result)), QString());
            setItemData(count() - 1, tr("%1: the board did not count this event, so there is nothing to show").arg(c),
                Qt::ToolTipRole);
            if (auto *items = qobject_cast<QStandardItemModel *>(model()))
                items->item(count() - 1)->setEnabled(false);
            continue;
        }
        addItem(counterLabel(c, result), c);
        setItemData(count() - 1, c, Qt::ToolTipRole);
        if (firstCounted.isEmpty())
            firstCounted = c;
    }
    QString want = preferred;
    if (want.isEmpty() || findData(want) < 0)
        want = findData(kCyclesCounter) >= 0 ? kCyclesCounter : firstCounted;
    setCurrentIndex(want.isEmpty() ? -1 : findData(want));
    setEnabled(!firstCounted.isEmpty());
    return currentCounter();
}

QString CounterCombo::setCountersOf(const model::ProfileResult *result, const QString &preferred)
{
    return setCounters(
        result ? result->counters : QStringList(), preferred, result ? result->notCounted : QStringList(), result);
}

bool CounterCombo::selectCounter(const QString &counter)
{
    const int i = findData(counter);
    if (i < 0)
        return false;
    setCurrentIndex(i);
    return true;
}

} // namespace hpx::ui
