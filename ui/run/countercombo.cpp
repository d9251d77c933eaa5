#include "ui/run/countercombo.h"

#include "ui/common/resultviewdata.h"

#include <algorithm>

namespace hpx::ui {

CounterCombo::CounterCombo(QWidget *parent)
    : QComboBox(parent)
{
    setSizeAdjustPolicy(QComboBox::AdjustToContents);
    connect(this, &QComboBox::currentIndexChanged, this, [this] { emit counterChanged(currentCounter()); });
}

QString CounterCombo::setCounters(const QStringList &counters, const QString &preferred)
{
    const QSignalBlocker block(this);
    clear();
    for (const QString &c : counters) {
        addItem(shortCounterName(c), c);
        setItemData(count() - 1, c, Qt::ToolTipRole);
    }
    QString want = preferred;
    if (findData(want) < 0)
        want = findData(kCyclesCounter) >= 0 ? kCyclesCounter : itemData(0).toString();
    setCurrentIndex(count() > 0 ? std::max(0, findData(want)) : -1);
    setEnabled(count() > 0);
    return currentCounter();
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
