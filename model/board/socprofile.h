#pragma once

#include "model/board/counters.h"

#include <QString>
#include <QStringList>
#include <QVector>

#include <optional>

namespace hpx::model {

// SoCs and boards heliaPROFILER knows (docs/compatibility.md §8), plus the simulated board's profiles and
// our Cortex-M85 extension (§0.8: same PMU model as Cortex-M55).

enum class CpuCore { CortexM4, CortexM55, CortexM85 };
QString cpuCoreName(CpuCore core); // "cortex-m4", "cortex-m55", "cortex-m85"
std::optional<CpuCore> cpuCoreFromName(const QString &name);

enum class PmuTier { Dwt, Pmu };
QString pmuTierName(PmuTier tier); // "dwt", "pmu"

// What a stream shows about the board that sent it (model/results/merge.h: streamBoardFacts()): what a chosen board is
// checked against, and what tells the board when none was chosen (docs/compatibility.md §5.6).
struct StreamBoardFacts {
    QString core; // HPX_CORE as the board stated it; empty when it did not
    QStringList countedEvents; // counters other than the cycles with values the board did not disown
    std::optional<double> clockMhz; // HPX_SYSTEM_CLOCK_HZ
    bool dwtCleanWindow
        = false; // the clean window's DWT self-checks (HPX_CLEAN_STALLED_ITERS, ...): Apollo3/4 firmware
    // English, for messages: "cortex-m4, PMU events counted (ARM_PMU_INST_RETIRED), 96 MHz".
    QString describe() const;
};

struct SocProfile {
    QString name; // "apollo510", "sim_m55"
    const char *displayNameSource = ""; // English, marked for translation: "Simulated Apollo510-like (Cortex-M55)"
    // For pickers and messages, in the user's language: "Apollo510 (Cortex-M55)".
    QString displayName() const;
    CpuCore core = CpuCore::CortexM55;
    PmuTier pmuTier = PmuTier::Pmu;
    bool hasMve = false;
    QVector<CounterGroup> groups; // counter groups firmware can be generated for
    int cpuMhzLp = 96; // default clock ("lp")
    int cpuMhzHp = 0; // "hp" (burst on Apollo3)
    int pmuMaxOps = 2048; // operators recorded per inference (§4.4)
    QString jlinkDevice;
    bool usb = false;
    QString cleanWindowTimer; // "stimer" | "dwt"
    bool simulated = false; // a profile of the built-in simulated board
    bool extension = false; // not a heliaPROFILER target (our Cortex-M85, the virtual board)
    // The virtual board (QEMU, docs/virtual-board.md): its cycle column counts emulated instructions (-icount), not
    // cycles, and it has no PMU events to plan.
    bool emulated = false;

    // Logical 32-bit PMU event counters per pass: 4 on the Armv8.1-M PMU, 0 on DWT-only parts.
    int eventsPerPass() const { return pmuTier == PmuTier::Pmu ? 4 : 0; }
    QString coreName() const { return cpuCoreName(core); }
    QString pmuTierName() const { return hpx::model::pmuTierName(pmuTier); }
    bool supportsGroup(CounterGroup group) const { return groups.contains(group); }
    // Whether a catalogue counter can be captured per layer on this SoC. DWT-only parts capture
    // only ARM_PMU_CPU_CYCLES (the DWT cycle delta).
    bool canCapture(const QString &counter) const;
    // Every capturable counter, in catalogue order.
    QStringList capturableCounters() const;
    // run_metadata.platform fields (§5.6).
    QStringList profilingBackends() const; // ["dwt"] or ["dwt","armv8m-pmu"]
    QStringList profilingDomains() const; // group names
    // The events of `counters` this SoC cannot count (every one but the cycles on a DWT-only part); names the catalogue
    // does not know are judged only on a DWT-only part.
    QStringList uncountable(const QStringList &counters) const;
    // Why this SoC cannot have sent a stream with these facts (English, one entry per fact); empty when it could.
    QStringList contradictions(const StreamBoardFacts &facts) const;
};

struct BoardInfo {
    QString name; // "apollo510_evb"
    QString soc; // "apollo510"
    bool stable = false;
};

namespace socs {

const QVector<SocProfile> &all(); // §8 table order, then the simulated profiles
const SocProfile *byName(const QString &name);
const QVector<BoardInfo> &boards();
const BoardInfo *board(const QString &name);
const SocProfile *forBoard(const QString &boardName); // nullptr for an unknown board
QString defaultBoard(); // "apollo510_evb"
// The SoCs of real boards (not simulated, emulated or our extensions) that could have sent a stream with these facts.
QVector<const SocProfile *> fitting(const StreamBoardFacts &facts);
// The first board (§8 table order) on this SoC, empty when none.
QString firstBoardOf(const QString &soc);

// The two simulated-board profiles the simulator offers (issue 3):
QString simulatedM55Board(); // Apollo510-like Cortex-M55 with PMU and MVE
QString simulatedM4Board(); // Apollo4-like Cortex-M4, DWT only

} // namespace socs

} // namespace hpx::model
