#include "model/board/passplanner.h"

#include <QCoreApplication>
#include <QSet>

#include <algorithm>

namespace hpx::model {

namespace {

const QString kDefault = QStringLiteral("default");
const QString kAll = QStringLiteral("all");

int editDistance(const QString &a, const QString &b)
{
    QVector<int> row(b.size() + 1);
    for (int j = 0; j <= b.size(); ++j)
        row[j] = j;
    for (int i = 1; i <= a.size(); ++i) {
        int diagonal = row[0];
        row[0] = i;
        for (int j = 1; j <= b.size(); ++j) {
            const int above = row[j];
            row[j] = std::min({ row[j] + 1, row[j - 1] + 1, diagonal + (a.at(i - 1) == b.at(j - 1) ? 0 : 1) });
            diagonal = above;
        }
    }
    return row[b.size()];
}

// The closest catalogue name to a misspelt one, or empty when nothing is reasonably close.
QString closestCounter(const QString &name)
{
    QString probe = name.toUpper();
    if (!probe.startsWith(QStringLiteral("ARM_PMU_")))
        probe.prepend(QStringLiteral("ARM_PMU_"));
    QString best;
    int bestDistance = 4;
    for (const CounterInfo &info : counters::catalogue()) {
        const int distance = editDistance(probe, info.name);
        if (distance < bestDistance) {
            bestDistance = distance;
            best = info.name;
        }
    }
    return best;
}

QString groupKeysText()
{
    QStringList names;
    for (CounterGroup group : allCounterGroups())
        names.append(counterGroupName(group));
    return names.join(QStringLiteral(", "));
}

} // namespace

QStringList PlannedPass::columns() const
{
    QStringList list;
    if (cycleCounterColumn)
        list.append(cyclesCounterName());
    list += events;
    return list;
}

QStringList PassPlan::passNames() const
{
    QStringList names;
    for (const PlannedPass &pass : passes)
        names.append(pass.name);
    return names;
}

QString PassPlan::text() const
{
    const SocProfile *profile = socs::byName(soc);
    QStringList lines;
    if (profile) {
        const QString pmu = profile->emulated ? PassPlan::tr("QEMU: instructions (emulated), not cycles")
            : profile->pmuTier == PmuTier::Pmu
            ? PassPlan::tr("Arm PMU, %1 events per pass plus the cycle counter").arg(eventsPerPass)
            : PassPlan::tr("DWT cycle counter only");
        lines.append(PassPlan::tr("SoC %1 (%2, %3)").arg(profile->name, profile->coreName(), pmu));
    }
    lines.append(PassPlan::tr("%n counter(s) selected", nullptr, int(selected.size())) + QStringLiteral(" \u2192 ")
        + PassPlan::tr("%n pass(es)", nullptr, int(passes.size())));
    int width = 0;
    for (const PlannedPass &pass : passes)
        width = std::max(width, int(pass.name.size()));
    for (const PlannedPass &pass : passes) {
        QString line
            = QStringLiteral("  ") + pass.name.leftJustified(width + 2) + pass.events.join(QStringLiteral(", "));
        if (pass.cycleCounterColumn)
            line += QStringLiteral(" ") + PassPlan::tr("(+ %1 from the cycle counter)").arg(cyclesCounterName());
        lines.append(line);
    }
    for (const QString &note : notes)
        lines.append(note);
    return lines.join(QLatin1Char('\n'));
}

namespace planner {

std::optional<QStringList> resolve(const CounterSelection &selection, QString *error)
{
    auto fail = [&](const QString &message) -> std::optional<QStringList> {
        if (error)
            *error = message;
        return std::nullopt;
    };
    if (selection.entries.isEmpty())
        return fail(PassPlan::tr("no PMU counters selected"));

    QStringList resolved;
    QSet<QString> seen;
    auto add = [&](const QString &name) {
        if (!seen.contains(name)) {
            seen.insert(name);
            resolved.append(name);
        }
    };
    for (const CounterSelectionEntry &entry : selection.entries) {
        const std::optional<CounterGroup> group = counterGroupFromName(entry.group);
        if (!group)
            return fail(PassPlan::tr("unknown counter group \"%1\" (groups: %2)").arg(entry.group, groupKeysText()));
        if (!entry.keyword.isEmpty()) {
            if (entry.keyword == kDefault) {
                for (const QString &name : counters::defaults(*group))
                    add(name);
            } else if (entry.keyword == kAll) {
                for (const QString &name : counters::all(*group))
                    add(name);
            } else {
                return fail(
                    PassPlan::tr("counter group \"%1\": \"%2\" is not a selection (use default, all or a list of "
                                 "counter names)")
                        .arg(entry.group, entry.keyword));
            }
            continue;
        }
        if (entry.names.isEmpty())
            return fail(PassPlan::tr("counter group \"%1\" selects no counters").arg(entry.group));
        for (const QString &name : entry.names) {
            if (name == kDefault || name == kAll)
                return fail(PassPlan::tr("counter group \"%1\": \"%2\" cannot be mixed with counter names")
                                .arg(entry.group, name));
            if (!counters::byName(name)) {
                const QString suggestion = closestCounter(name);
                QString message = PassPlan::tr("unknown PMU counter \"%1\" in group \"%2\"").arg(name, entry.group);
                if (!suggestion.isEmpty())
                    message += QStringLiteral("; ") + PassPlan::tr("did you mean %1?").arg(suggestion);
                return fail(message);
            }
            add(name);
        }
    }
    return resolved;
}

PlanOutcome plan(const CounterSelection &selection, const SocProfile &soc)
{
    PlanOutcome outcome;
    QString error;
    const std::optional<QStringList> resolved = resolve(selection, &error);
    if (!resolved) {
        outcome.error = error;
        return outcome;
    }
    outcome.capturable = soc.capturableCounters();
    for (const QString &name : *resolved) {
        if (!soc.canCapture(name))
            outcome.uncapturable.append(name);
    }
    if (!outcome.uncapturable.isEmpty()) {
        if (soc.emulated) {
            outcome.error
                = PassPlan::tr("The virtual board (%1) counts instructions only (QEMU emulates no PMU): it cannot "
                               "capture %2. It can capture: %3 (instructions, emulated).")
                      .arg(soc.name, outcome.uncapturable.join(QStringLiteral(", ")),
                          outcome.capturable.join(QStringLiteral(", ")));
        } else if (soc.pmuTier == PmuTier::Dwt) {
            outcome.error
                = PassPlan::tr("%1 (%2) has no PMU, only the DWT cycle counter: it cannot capture %3. This SoC can "
                               "capture: %4.")
                      .arg(soc.name, soc.coreName(), outcome.uncapturable.join(QStringLiteral(", ")),
                          outcome.capturable.join(QStringLiteral(", ")));
        } else {
            outcome.error = PassPlan::tr("%1 (%2) cannot capture %3: its counter groups are %4.")
                                .arg(soc.name, soc.coreName(), outcome.uncapturable.join(QStringLiteral(", ")),
                                    soc.profilingDomains().join(QStringLiteral(", ")));
        }
        return outcome;
    }

    PassPlan result;
    result.soc = soc.name;
    result.eventsPerPass = soc.eventsPerPass();
    result.selected = *resolved;
    result.counters = *resolved;

    if (soc.pmuTier == PmuTier::Dwt) {
        // Only ARM_PMU_CPU_CYCLES can be selected here; hpx would print the same DWT column in every
        // pass of a longer cpu selection, so one pass carries everything there is.
        PlannedPass pass;
        pass.name = QStringLiteral("cpu_0");
        pass.group = QStringLiteral("cpu");
        pass.events = { cyclesCounterName() };
        result.passes.append(pass);
        result.notes.append(soc.emulated
                ? PassPlan::tr(
                    "Virtual board: the cycle column counts each operator's instructions (emulated, QEMU -icount), "
                    "not cycles; QEMU counts no other events.")
                : PassPlan::tr("DWT-only SoC: each operator's cycles come from the DWT cycle counter."));
        outcome.plan = result;
        return outcome;
    }

    // Bucket by catalogue group in order of first appearance, then chunks of eventsPerPass.
    QVector<QPair<CounterGroup, QStringList>> buckets;
    for (const QString &name : *resolved) {
        const CounterGroup group = *counters::groupOf(name);
        auto it = std::find_if(buckets.begin(), buckets.end(), [&](const auto &b) { return b.first == group; });
        if (it == buckets.end())
            buckets.append({ group, { name } });
        else
            it->second.append(name);
    }
    const int perPass = std::max(1, result.eventsPerPass);
    for (const auto &bucket : buckets) {
        const QString groupName = counterGroupName(bucket.first);
        for (int start = 0, k = 0; start < bucket.second.size(); start += perPass, ++k) {
            PlannedPass pass;
            pass.name = groupName + QLatin1Char('_') + QString::number(k);
            pass.group = groupName;
            pass.events = bucket.second.mid(start, perPass);
            pass.cycleCounterColumn = !pass.events.contains(cyclesCounterName());
            result.passes.append(pass);
        }
    }
    if (!result.counters.contains(cyclesCounterName())) {
        result.counters.prepend(cyclesCounterName());
        result.notes.append(
            PassPlan::tr("%1 is not among the selected events: per-layer cycles come from the cycle counter, "
                         "which every pass reports.")
                .arg(cyclesCounterName()));
    }
    outcome.plan = result;
    return outcome;
}

CounterSelection defaultSelection(const SocProfile &soc)
{
    if (soc.pmuTier == PmuTier::Dwt) {
        CounterSelection selection;
        selection.setNames(QStringLiteral("cpu"), { cyclesCounterName() });
        return selection;
    }
    return CounterSelection::hpxDefault();
}

bool isDefaultSelection(const CounterSelection &selection, const SocProfile &soc)
{
    const std::optional<QStringList> defaults = resolve(defaultSelection(soc), nullptr);
    const std::optional<QStringList> chosen = resolve(selection, nullptr);
    return defaults && chosen && *defaults == *chosen;
}

} // namespace planner

} // namespace hpx::model
