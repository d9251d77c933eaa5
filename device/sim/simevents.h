#pragma once

#include <QString>
#include <QVector>

namespace hpx::device {

// The Armv8.1-M PMU events the simulated board can count (docs/compatibility.md §4.2). The simulator keeps its own
// table so the device layer does not depend on the pipeline's counter catalogue.
struct SimEvent {
    const char *suffix; // name without the ARM_PMU_ prefix
    quint16 number;
    const char *group; // cpu, memory, mve
};

const QVector<SimEvent> &simEvents();
// Event by full name (ARM_PMU_CPU_CYCLES), by suffix (CPU_CYCLES) or by number text (0x0011); nullptr if unknown.
const SimEvent *findSimEvent(const QString &nameOrNumber);
const SimEvent *findSimEvent(quint16 number);
QString simEventName(const SimEvent &event); // "ARM_PMU_" + suffix

inline constexpr quint16 CpuCyclesEvent = 0x0011;
inline constexpr quint16 ChainEvent = 0x001E;

} // namespace hpx::device
