#include "model/board/counterselection.h"

#include <QCoreApplication>

namespace hpx::model {

namespace {

const QString kDefault = QStringLiteral("default");
const QString kAll = QStringLiteral("all");

int entryIndex(const QVector<CounterSelectionEntry> &entries, const QString &group)
{
    for (int i = 0; i < entries.size(); ++i) {
        if (entries.at(i).group == group)
            return i;
    }
    return -1;
}

} // namespace

std::optional<CounterSelectionArgument> CounterSelection::splitArgument(const QString &argument)
{
    const int colon = argument.indexOf(QLatin1Char(':'));
    if (colon <= 0)
        return std::nullopt;
    return CounterSelectionArgument { argument.left(colon).trimmed(), argument.mid(colon + 1).trimmed() };
}

CounterSelectionEntry CounterSelection::entryFromText(const QString &group, const QString &select)
{
    CounterSelectionEntry entry;
    entry.group = group;
    if (keywords().contains(select)) {
        entry.keyword = select;
        return entry;
    }
    for (const QString &part : select.split(QLatin1Char(','))) {
        const QString name = part.trimmed();
        if (!name.isEmpty())
            entry.names.append(name);
    }
    return entry;
}

QStringList CounterSelection::keywords()
{
    return { kDefault, kAll };
}

void CounterSelection::setEntry(QVector<CounterSelectionEntry> &entries, const CounterSelectionEntry &entry)
{
    const int index = entryIndex(entries, entry.group);
    if (index >= 0)
        entries[index] = entry;
    else
        entries.append(entry);
}

CounterSelection CounterSelection::hpxDefault()
{
    CounterSelection selection;
    selection.setKeyword(QStringLiteral("cpu"), kDefault);
    return selection;
}

std::optional<CounterSelection> CounterSelection::fromArguments(const QStringList &arguments, QString *error)
{
    CounterSelection selection;
    for (const QString &argument : arguments) {
        if (!selection.addArgument(argument, error))
            return std::nullopt;
    }
    return selection;
}

bool CounterSelection::addArgument(const QString &argument, QString *error)
{
    const std::optional<CounterSelectionArgument> split = splitArgument(argument);
    if (!split || split->group.isEmpty() || split->select.isEmpty()) {
        if (error)
            *error = tr("invalid --pmu-counters value \"%1\": expected GROUP:SELECT, for example cpu:default, "
                        "memory:all or mve:ARM_PMU_MVE_INST_RETIRED,ARM_PMU_MVE_STALL")
                         .arg(argument);
        return false;
    }
    setEntry(entries, entryFromText(split->group, split->select));
    return true;
}

void CounterSelection::setKeyword(const QString &group, const QString &keyword)
{
    setEntry(entries, CounterSelectionEntry { group, keyword, {} });
}

void CounterSelection::setNames(const QString &group, const QStringList &names)
{
    setEntry(entries, CounterSelectionEntry { group, {}, names });
}

QString CounterSelection::toString() const
{
    QStringList parts;
    for (const CounterSelectionEntry &entry : entries)
        parts.append(entry.group + QLatin1Char(':')
            + (entry.keyword.isEmpty() ? entry.names.join(QLatin1Char(',')) : entry.keyword));
    return parts.join(QLatin1Char(' '));
}

bool CounterSelection::operator==(const CounterSelection &other) const
{
    if (entries.size() != other.entries.size())
        return false;
    for (int i = 0; i < entries.size(); ++i) {
        const CounterSelectionEntry &a = entries.at(i);
        const CounterSelectionEntry &b = other.entries.at(i);
        if (a.group != b.group || a.keyword != b.keyword || a.names != b.names)
            return false;
    }
    return true;
}

} // namespace hpx::model
