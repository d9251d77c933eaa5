#pragma once

#include "model/board/counters.h"
#include "model/board/counterselection.h"
#include "model/board/socprofile.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>
#include <QVector>

#include <optional>

namespace hpx::model {

// profiling.pmu_counters (docs/compatibility.md §4.3, §7.1): a mapping group -> "default" | "all" | [names],
// resolved and planned into PMU passes named <group>_<k> exactly as heliaPROFILER plans them.

struct PlannedPass {
    QString name; // cpu_0, memory_1 (hpx's preset names)
    QString group; // cpu, memory, mve
    QStringList events; // the PMU events programmed in this pass (<= 4), in selection order
    bool cycleCounterColumn = false; // the pass also reports ARM_PMU_CPU_CYCLES from the cycle counter
    // The counter columns this pass prints: ARM_PMU_CPU_CYCLES first when it comes from the cycle
    // counter, then the events.
    QStringList columns() const;
};

struct PassPlan {
    QString soc;
    int eventsPerPass = 0; // 4 on the Armv8.1-M PMU, 0 on DWT-only parts
    QStringList selected; // the resolved selection: de-duplicated, in selection order
    QStringList counters; // every counter the plan captures (selected + cycles)
    QVector<PlannedPass> passes;
    QStringList notes; // translated remarks the plan text prints

    QStringList passNames() const;
    int passCount() const { return int(passes.size()); }
    // The human-readable plan `hpx profile --plan` prints (translated, ends without a newline).
    QString text() const;

    // The planner's words: text(), and the messages of resolve() and plan() below.
    Q_DECLARE_TR_FUNCTIONS(hpx::model::PassPlan)
};

struct PlanOutcome {
    std::optional<PassPlan> plan;
    QString error; // translated; empty on success
    QStringList uncapturable; // selected counters this SoC cannot capture
    QStringList capturable; // what this SoC can capture (for the refusal message)
    bool ok() const { return plan.has_value(); }
};

namespace planner {

// §4.3 resolution: mapping order then list order, de-duplicated by name (first kept); a listed name
// goes to its catalogue group whatever key it was under. Unknown group keys, unknown names (with a
// did-you-mean), other keywords and empty groups are errors.
std::optional<QStringList> resolve(const CounterSelection &selection, QString *error);

// Plans the fewest passes for this SoC. PMU SoCs: bucket by catalogue group (first appearance), chunks
// of eventsPerPass -> <group>_<k>; every pass also reports ARM_PMU_CPU_CYCLES (from the event when it
// is one of the pass's events, else from the cycle counter). DWT-only SoCs: a selection needing PMU
// events is refused, naming what the SoC can capture (§0.7); ARM_PMU_CPU_CYCLES alone -> one pass cpu_0.
PlanOutcome plan(const CounterSelection &selection, const SocProfile &soc);

// What to run when the user chose nothing: hpx's {cpu: default} on PMU SoCs, {cpu: [ARM_PMU_CPU_CYCLES]}
// on DWT-only SoCs (where cpu:default would be refused).
CounterSelection defaultSelection(const SocProfile &soc);
// True when selection resolves to the same counters as defaultSelection(soc): a front end records such a choice as
// "nothing chosen", as a command line without --pmu-counters does.
bool isDefaultSelection(const CounterSelection &selection, const SocProfile &soc);

} // namespace planner

} // namespace hpx::model
