#pragma once

#include "device/sim/simconfig.h"
#include "device/sim/simexecution.h"

#include <QVector>

namespace hpx::device {

// Deterministic per-operator cost model of the simulated board (docs/simulator.md, "Cost model").
// base() is the noise-free expectation of every catalogue event (simEvents() order) for one recorded row;
// sample() draws one reading of one event for (pass, iteration, position) from a hash of the seed, so values
// do not depend on the order in which they are asked for.
class CostModel {
public:
    CostModel(const SimulatorConfig &config);

    QVector<double> base(const SimLayer &layer) const;
    // The counter value a 64-bit-wide counter would hold (the board prints it modulo 2^32).
    quint64 sample(const QVector<double> &base, int eventIndex, int pass, int iteration, int position) const;
    // Noise-free cycles of a row (the cycle counter the firmware uses for timing and heartbeats).
    double cycles(const QVector<double> &base) const;

    static int eventIndex(quint16 number); // position in simEvents(), -1 if unknown
    static bool isTimingEvent(quint16 number);
    static bool isCacheEvent(quint16 number);

    // A reproducible 64-bit hash of the seed and up to four keys (splitmix64 chain).
    static quint64 hash(quint64 seed, quint64 a, quint64 b = 0, quint64 c = 0, quint64 d = 0);
    // Standard normal from a hash (Box-Muller).
    static double gaussian(quint64 h);

private:
    QVector<double> opBase(const SimOpRef &ref) const;

    SimulatorConfig m_config;
};

} // namespace hpx::device
