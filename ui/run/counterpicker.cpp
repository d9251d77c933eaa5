#include "ui/run/counterpicker.h"

#include "model/board/counters.h"

#include <QComboBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QSet>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace hpx::ui {

using namespace hpx::model;

namespace {
constexpr int NameRole = Qt::UserRole + 1;

enum Preset { PresetCustom, PresetCycles, PresetCpuDefault, PresetAllDefaults, PresetMemory, PresetMve, PresetAll };
} // namespace

CounterPicker::CounterPicker(QWidget *parent)
    : QWidget(parent)
    , m_search(new QLineEdit(this))
    , m_presets(new QComboBox(this))
    , m_tree(new QTreeWidget(this))
    , m_summary(new QLabel(this))
{
    m_search->setPlaceholderText(tr("Search counters…"));
    m_search->setClearButtonEnabled(true);
    m_presets->addItem(tr("Custom selection"));
    m_presets->addItem(tr("Cycles only"));
    m_presets->addItem(tr("CPU defaults"));
    m_presets->addItem(tr("CPU + memory + MVE defaults"));
    m_presets->addItem(tr("Memory: all"));
    m_presets->addItem(tr("MVE: all"));
    m_presets->addItem(tr("Everything"));
    m_presets->setToolTip(tr("Presets replace the current selection"));
    m_tree->setHeaderLabels({ tr("Counter"), tr("Event") });
    m_tree->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_tree->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents); // names get the rest
    m_tree->header()->setStretchLastSection(false); // else the event codes take half the width and names are cut
    // The few MVE names too long for the dock keep both ends, which tell them apart; the tooltip has them whole.
    m_tree->setTextElideMode(Qt::ElideMiddle);
    m_tree->setUniformRowHeights(true);
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::LinksAccessibleByMouse);
    m_summary->setTextFormat(Qt::RichText);
    connect(m_summary, &QLabel::linkActivated, this, &CounterPicker::deselectUncaptured);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addWidget(m_presets);
    layout->addWidget(m_search);
    layout->addWidget(m_tree, 1);
    layout->addWidget(m_summary);

    connect(m_search, &QLineEdit::textChanged, this, &CounterPicker::applyFilter);
    connect(m_presets, qOverload<int>(&QComboBox::activated), this, &CounterPicker::applyPreset);
    connect(m_tree, &QTreeWidget::itemChanged, this, [this](QTreeWidgetItem *item) {
        if (m_updating || item->data(0, NameRole).isNull())
            return;
        showMatchingPreset();
        replan();
    });

    const SocProfile *defaultSoc = socs::byName(QStringLiteral("apollo510"));
    if (defaultSoc)
        m_soc = *defaultSoc;
    populate();
    setSelectedCounters(planner::resolve(planner::defaultSelection(m_soc), nullptr).value_or(QStringList()));
}

void CounterPicker::populate()
{
    m_updating = true;
    const QStringList selected = selectedCounters();
    m_tree->clear();
    for (CounterGroup group : allCounterGroups()) {
        auto *groupItem = new QTreeWidgetItem(m_tree);
        groupItem->setText(0, counterGroupName(group));
        groupItem->setFlags(Qt::ItemIsEnabled);
        QFont bold = groupItem->font(0);
        bold.setBold(true);
        groupItem->setFont(0, bold);
        for (const CounterInfo &info : counters::catalogue()) {
            if (info.group != group)
                continue;
            auto *item = new QTreeWidgetItem(groupItem);
            item->setText(0, info.shortName);
            item->setText(1, info.numberHex());
            item->setData(0, NameRole, info.name);
            // A counter this SoC cannot capture stays checkable: the selection belongs to the user, not to
            // the board of the moment (issue 11). It is greyed, and the plan text names it.
            const bool capturable = m_soc.canCapture(info.name);
            item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable | Qt::ItemIsSelectable);
            item->setCheckState(0, selected.contains(info.name) ? Qt::Checked : Qt::Unchecked);
            if (!capturable) {
                item->setForeground(0, palette().brush(QPalette::Disabled, QPalette::Text));
                item->setForeground(1, palette().brush(QPalette::Disabled, QPalette::Text));
            }
            item->setToolTip(0,
                capturable ? info.name + QStringLiteral("\n") + info.description()
                           : tr("%1 cannot be captured on %2").arg(info.name, m_soc.displayName()));
        }
        groupItem->setExpanded(group == CounterGroup::Cpu || m_soc.supportsGroup(group));
    }
    m_updating = false;
    applyFilter(m_search->text());
    showMatchingPreset(); // what a preset takes depends on the SoC
    replan();
}

void CounterPicker::setSoc(const SocProfile &soc)
{
    if (soc.name == m_soc.name && m_tree->topLevelItemCount() > 0)
        return;
    m_soc = soc;
    populate();
}

void CounterPicker::setSelectedCounters(const QStringList &counters)
{
    m_updating = true;
    for (int g = 0; g < m_tree->topLevelItemCount(); ++g) {
        QTreeWidgetItem *group = m_tree->topLevelItem(g);
        for (int i = 0; i < group->childCount(); ++i) {
            QTreeWidgetItem *item = group->child(i);
            const bool on = counters.contains(item->data(0, NameRole).toString());
            item->setCheckState(0, on ? Qt::Checked : Qt::Unchecked);
        }
    }
    m_updating = false;
    showMatchingPreset();
    replan();
}

QStringList CounterPicker::selectedCounters() const
{
    QStringList names;
    for (int g = 0; g < m_tree->topLevelItemCount(); ++g) {
        const QTreeWidgetItem *group = m_tree->topLevelItem(g);
        for (int i = 0; i < group->childCount(); ++i) {
            if (group->child(i)->checkState(0) == Qt::Checked)
                names << group->child(i)->data(0, NameRole).toString();
        }
    }
    return names;
}

QStringList CounterPicker::uncapturedCounters() const
{
    QStringList names;
    const QStringList selected = selectedCounters();
    for (const QString &name : selected) {
        if (!m_soc.canCapture(name))
            names << name;
    }
    return names;
}

void CounterPicker::deselectUncaptured()
{
    QStringList names = selectedCounters();
    const QStringList drop = uncapturedCounters();
    for (const QString &name : drop)
        names.removeAll(name);
    setSelectedCounters(names);
}

CounterSelection CounterPicker::selection() const
{
    CounterSelection selection;
    QStringList cpu, memory, mve;
    QStringList names = selectedCounters();
    const QStringList uncaptured = uncapturedCounters();
    for (const QString &name : uncaptured)
        names.removeAll(name);
    for (const QString &name : names) {
        switch (counters::groupOf(name).value_or(CounterGroup::Cpu)) {
        case CounterGroup::Cpu:
            cpu << name;
            break;
        case CounterGroup::Memory:
            memory << name;
            break;
        case CounterGroup::Mve:
            mve << name;
            break;
        }
    }
    if (!cpu.isEmpty())
        selection.setNames(QStringLiteral("cpu"), cpu);
    if (!memory.isEmpty())
        selection.setNames(QStringLiteral("memory"), memory);
    if (!mve.isEmpty())
        selection.setNames(QStringLiteral("mve"), mve);
    return selection;
}

void CounterPicker::applyPreset(int index)
{
    if (index == PresetCustom)
        return;
    setSelectedCounters(presetCounters(index));
    m_presets->setCurrentIndex(index); // two presets may select the same counters on this SoC: keep the one picked
}

// The label follows the selection instead of being stored beside it, so after a restart (or ticking a
// preset's counters by hand) it names the preset the selection is, and never one it no longer is.
void CounterPicker::showMatchingPreset()
{
    const QStringList selected = selectedCounters();
    const QSet<QString> chosen(selected.cbegin(), selected.cend());
    if (m_presets->currentIndex() != PresetCustom) {
        const QStringList current = presetCounters(m_presets->currentIndex());
        if (QSet<QString>(current.cbegin(), current.cend()) == chosen)
            return;
    }
    for (int index = PresetCustom + 1; index <= PresetAll; ++index) {
        const QStringList names = presetCounters(index);
        if (!chosen.isEmpty() && QSet<QString>(names.cbegin(), names.cend()) == chosen) {
            m_presets->setCurrentIndex(index);
            return;
        }
    }
    m_presets->setCurrentIndex(PresetCustom);
}

QStringList CounterPicker::presetCounters(int index) const
{
    QStringList names;
    auto add
        = [&names](CounterGroup group, bool all) { names << (all ? counters::all(group) : counters::defaults(group)); };
    switch (index) {
    case PresetCycles:
        names << cyclesCounterName();
        break;
    case PresetCpuDefault:
        add(CounterGroup::Cpu, false);
        break;
    case PresetAllDefaults:
        add(CounterGroup::Cpu, false);
        add(CounterGroup::Memory, false);
        add(CounterGroup::Mve, false);
        break;
    case PresetMemory:
        names << cyclesCounterName();
        add(CounterGroup::Memory, true);
        break;
    case PresetMve:
        names << cyclesCounterName();
        add(CounterGroup::Mve, true);
        break;
    case PresetAll:
        for (CounterGroup group : allCounterGroups())
            add(group, true);
        break;
    default:
        return {};
    }
    // A preset is a fresh choice for this board, so it takes only what the board can capture.
    QStringList capturable;
    for (const QString &name : qAsConst(names)) {
        if (m_soc.canCapture(name))
            capturable << name;
    }
    return capturable;
}

void CounterPicker::applyFilter(const QString &text)
{
    for (int g = 0; g < m_tree->topLevelItemCount(); ++g) {
        QTreeWidgetItem *group = m_tree->topLevelItem(g);
        int visible = 0;
        for (int i = 0; i < group->childCount(); ++i) {
            QTreeWidgetItem *item = group->child(i);
            const bool match = text.isEmpty() || item->text(0).contains(text, Qt::CaseInsensitive)
                || item->text(1).contains(text, Qt::CaseInsensitive)
                || item->toolTip(0).contains(text, Qt::CaseInsensitive);
            item->setHidden(!match);
            visible += match ? 1 : 0;
        }
        group->setHidden(visible == 0);
        if (!text.isEmpty())
            group->setExpanded(true);
    }
}

void CounterPicker::replan()
{
    if (m_updating)
        return;
    const QStringList names = selectedCounters();
    if (names.isEmpty()) {
        m_plan = PlanOutcome();
        m_plan.error = tr("Select at least one counter.");
    } else if (uncapturedCounters().size() == names.size()) {
        m_plan = PlanOutcome();
        m_plan.error = tr("%1 cannot capture any of the selected counters.").arg(m_soc.displayName());
    } else {
        m_plan = planner::plan(selection(), m_soc);
    }
    m_summary->setText(planSummary());
    emit selectionChanged(names);
}

QString CounterPicker::planSummary(bool withActions) const
{
    if (!m_plan.ok())
        return QStringLiteral("<span style='color:#ef4444'>") + m_plan.error.toHtmlEscaped()
            + QStringLiteral("</span>");
    const PassPlan &plan = *m_plan.plan;
    QString text = tr("%n counter(s)", nullptr, int(plan.counters.size())) + QStringLiteral(" → ")
        + tr("%n pass(es)", nullptr, plan.passCount()) + QStringLiteral(": ")
        + plan.passNames().join(QStringLiteral(", "));
    const QStringList uncaptured = uncapturedCounters();
    if (!uncaptured.isEmpty()) {
        // Said, never done silently: the selection stays for a board that can capture these.
        text += QStringLiteral("<br><span style='color:#d97706'>")
            + tr("%1 cannot capture %n selected counter(s): %2. They stay selected and are not captured on this "
                 "board.",
                nullptr, int(uncaptured.size()))
                  .arg(m_soc.displayName(), uncaptured.join(QStringLiteral(", ")))
                  .toHtmlEscaped()
            + QStringLiteral("</span>");
        if (withActions)
            text += QStringLiteral(" <a href='drop'>") + tr("Deselect them").toHtmlEscaped() + QStringLiteral("</a>");
    }
    return text;
}

} // namespace hpx::ui
