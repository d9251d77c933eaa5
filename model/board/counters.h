#pragma once

#include <QString>
#include <QStringList>
#include <QVector>

#include <optional>

namespace hpx::model {

// The Arm PMU event catalogue heliaPROFILER ships (docs/compatibility.md §4.2): 70 events in three groups.
// Event numbers come from that table, not from CMSIS macros (MVE_ST_MULTI_RETIRED is 0x0264, §4.6). The rows live
// in model/board/pmuevents.def, which the firmware agent's table is also generated from (cmake/HpxPmuEvents.cmake).

enum class CounterGroup { Cpu, Memory, Mve };
QString counterGroupName(CounterGroup group); // "cpu", "memory", "mve"
std::optional<CounterGroup> counterGroupFromName(const QString &name);
QVector<CounterGroup> allCounterGroups(); // cpu, memory, mve

// The column every per-layer cycle figure comes from (§4.1).
inline QString cyclesCounterName()
{
    return QStringLiteral("ARM_PMU_CPU_CYCLES");
}

// The events by name, from the same table: code that means an event names it (PmuEvent::INST_RETIRED) instead of
// writing its number. pmuEventNumber() gives the number the catalogue and the firmware use.
enum class PmuEvent : quint16 {
#define HPX_PMU_EVENT(name, number, group, rank, text) name = number,
#include "model/board/pmuevents.def"
#undef HPX_PMU_EVENT
};
constexpr quint16 pmuEventNumber(PmuEvent event)
{
    return static_cast<quint16>(event);
}

struct CounterInfo {
    QString name; // full name, "ARM_PMU_CPU_CYCLES"
    QString shortName; // without the ARM_PMU_ prefix, "CPU_CYCLES"
    quint16 number = 0; // event number, 0x0011
    CounterGroup group = CounterGroup::Cpu;
    bool isDefault = false; // member of its group's "default" selection
    const char *descriptionSource = nullptr; // untranslated; use description()

    QString description() const; // translated one-line description
    QString numberHex() const; // "0x0011", as the firmware prints an unnamed slot
};

namespace counters {

// All 70 events in ascending event order within each group: cpu, then memory, then mve.
const QVector<CounterInfo> &catalogue();
// Exact, case-sensitive full name ("ARM_PMU_L1D_CACHE"); nullptr if unknown.
const CounterInfo *byName(const QString &name);
// Full name, or the "0x%04x" form the firmware prints for unnamed slots; nullptr if unknown.
const CounterInfo *byNameOrNumber(const QString &nameOrHex);
const CounterInfo *byNumber(quint16 number);
// A group's "all" selection: every event of the group in ascending event order.
QStringList all(CounterGroup group);
// A group's "default" selection in hpx's order (§4.3).
QStringList defaults(CounterGroup group);
// The group a full counter name belongs to, if it is a catalogue event.
std::optional<CounterGroup> groupOf(const QString &name);

} // namespace counters

} // namespace hpx::model
