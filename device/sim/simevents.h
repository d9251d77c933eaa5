#pragma once

#include "model/board/counters.h"

#include <QString>
#include <QVector>

namespace hpx::device {

// The Armv8.1-M PMU events the simulated board can count: the model's catalogue (model/board/pmuevents.def), in its
// order. The simulator adds only what they cost (costmodel.h), never its own list of them.
const QVector<model::CounterInfo> &simEvents();
// Event by full name (ARM_PMU_CPU_CYCLES), by name without the prefix (CPU_CYCLES) or by number text (0x11, 0x0011),
// as an HPX_PLAN line may name it; nullptr if unknown.
const model::CounterInfo *findSimEvent(const QString &nameOrNumber);
const model::CounterInfo *findSimEvent(quint16 number);

inline constexpr quint16 CpuCyclesEvent = model::pmuEventNumber(model::PmuEvent::CPU_CYCLES);
inline constexpr quint16 ChainEvent = 0x001E;

} // namespace hpx::device
