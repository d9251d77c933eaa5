#pragma once

#include <QCoreApplication>
#include <QString>
#include <QStringList>
#include <QVector>

#include <optional>

namespace hpx::model {

// profiling.pmu_counters as the user chose it (docs/config.md, docs/compatibility.md §4.3, §7.1): a mapping
// group -> "default" | "all" | [names], in mapping order. One type for hpx.yml, --pmu-counters and the
// window's counter picker; the planner (passplanner.h) turns it into passes.
struct CounterSelectionEntry {
    QString group; // the mapping key as written: cpu, memory, mve
    QString keyword; // "default" or "all"; empty when names is used
    QStringList names; // exact, case-sensitive full counter names
};

// One GROUP:SELECT argument split at its first ':' (both sides trimmed), before any check of the names.
struct CounterSelectionArgument {
    QString group;
    QString select;
};

struct CounterSelection {
    QVector<CounterSelectionEntry> entries; // mapping order

    // The one reading of the GROUP:SELECT syntax (--pmu-counters of hpx and hpx-board-sim; config.cpp checks the
    // names): nullopt when there is no ':' or nothing before it.
    static std::optional<CounterSelectionArgument> splitArgument(const QString &argument);
    // A SELECT text as an entry of `group`: a keyword (keywords()) as written, else a comma list of names, each
    // trimmed, empty items skipped.
    static CounterSelectionEntry entryFromText(const QString &group, const QString &select);
    static QStringList keywords(); // "default", "all"
    // Sets entry.group in `entries`: replaced in place when present, else appended (§7.1).
    static void setEntry(QVector<CounterSelectionEntry> &entries, const CounterSelectionEntry &entry);

    // hpx's default: {cpu: default}.
    static CounterSelection hpxDefault();
    // Parses repeated --pmu-counters GROUP:SELECT arguments; SELECT is default, all or a comma list.
    // A repeated group replaces the earlier one in place (§7.1). False + translated error on bad syntax.
    static std::optional<CounterSelection> fromArguments(const QStringList &arguments, QString *error);
    bool addArgument(const QString &argument, QString *error);
    // Sets a group (replacing it in place when present): a keyword ("default", "all") or a name list.
    void setKeyword(const QString &group, const QString &keyword);
    void setNames(const QString &group, const QStringList &names);
    // "cpu:default memory:ARM_PMU_L1D_CACHE,ARM_PMU_L1D_CACHE_RD"
    QString toString() const;
    bool operator==(const CounterSelection &other) const;

    Q_DECLARE_TR_FUNCTIONS(hpx::model::CounterSelection)
};

} // namespace hpx::model
