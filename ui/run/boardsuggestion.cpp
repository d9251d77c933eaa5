#include "ui/run/boardsuggestion.h"

#include "model/board/socprofile.h"

#include <cmath>

namespace hpx::ui {

using namespace hpx::model;

namespace {
bool fits(const SocProfile &soc, int mhz, bool hasPmu)
{
    // HPX_PMU_INIT_STATUS says "Armv8.1-M PMU"; its absence proves nothing (older firmware omits it).
    if (hasPmu && soc.pmuTier != PmuTier::Pmu)
        return false;
    return mhz <= 0 || soc.cpuMhzLp == mhz || soc.cpuMhzHp == mhz;
}
} // namespace

QString suggestedBoard(const QVector<QPair<QString, QVariant>> &metadata, const QString &currentBoard)
{
    QVariant clock;
    bool hasPmu = false;
    for (const auto &entry : metadata) {
        if (entry.first == QLatin1String("system_clock_hz"))
            clock = entry.second;
        else if (entry.first == QLatin1String("pmu_init_status"))
            hasPmu = true;
    }
    if (!clock.isValid())
        return {}; // too little to go on: the engine line alone names no SoC
    const int mhz = int(std::lround(clock.toDouble() / 1e6));
    const SocProfile *current = socs::forBoard(currentBoard);
    if (current && fits(*current, mhz, hasPmu))
        return {};
    for (const SocProfile &soc : socs::all()) {
        if (soc.simulated || !fits(soc, mhz, hasPmu))
            continue;
        QString first;
        for (const BoardInfo &board : socs::boards()) {
            if (board.soc != soc.name)
                continue;
            if (board.stable)
                return board.name;
            if (first.isEmpty())
                first = board.name;
        }
        if (!first.isEmpty())
            return first;
    }
    return {};
}

} // namespace hpx::ui
