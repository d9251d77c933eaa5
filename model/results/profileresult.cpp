#include "model/results/profileresult.h"

#include "model/board/counters.h"

#include <algorithm>
#include <cmath>

namespace hpx::model {

QString aggregationName(Aggregation aggregation)
{
    switch (aggregation) {
    case Aggregation::Median:
        return QStringLiteral("median");
    case Aggregation::Mean:
        return QStringLiteral("mean");
    case Aggregation::Trimmed:
        return QStringLiteral("trimmed");
    }
    return {};
}

std::optional<Aggregation> aggregationFromName(const QString &name)
{
    for (Aggregation aggregation : { Aggregation::Median, Aggregation::Mean, Aggregation::Trimmed }) {
        if (aggregationName(aggregation) == name)
            return aggregation;
    }
    return std::nullopt;
}

int ProfileResult::counterIndex(const QString &counter) const
{
    return int(counters.indexOf(counter));
}

std::optional<double> ProfileResult::value(int layer, const QString &counter) const
{
    if (layer < 0 || layer >= layers.size())
        return std::nullopt;
    const int column = counterIndex(counter);
    const QVector<std::optional<double>> &values = layers.at(layer).values;
    if (column < 0 || column >= values.size())
        return std::nullopt;
    return values.at(column);
}

std::optional<double> ProfileResult::cycles(int layer) const
{
    return value(layer, cyclesCounterName());
}

double ProfileResult::totalCycles() const
{
    const int column = counterIndex(cyclesCounterName());
    if (column < 0)
        return 0.0;
    double total = 0.0;
    for (const LayerResult &layer : layers) {
        if (column < layer.values.size() && layer.values.at(column))
            total += *layer.values.at(column);
    }
    return total;
}

bool ProfileResult::cyclesAreEmulatedInstructions() const
{
    return std::any_of(boardStatement.cbegin(), boardStatement.cend(), [](const QPair<QString, QVariant> &entry) {
        return entry.first == QLatin1String("cycle_source")
            && entry.second.toString() == QLatin1String("qemu_icount_instructions");
    });
}

bool ProfileResult::hasEnclosingLayers() const
{
    return std::any_of(layers.cbegin(), layers.cend(), [](const LayerResult &l) { return l.encloses(); });
}

std::optional<double> ProfileResult::selfValue(int layer, const QString &counter) const
{
    if (layer < 0 || layer >= layers.size())
        return std::nullopt;
    return layers.at(layer).selfAt(counterIndex(counter));
}

std::optional<double> ProfileResult::selfTotal(const QString &counter) const
{
    const int column = counterIndex(counter);
    if (column < 0)
        return std::nullopt;
    std::optional<double> total;
    for (const LayerResult &layer : layers) {
        if (const std::optional<double> v = layer.selfAt(column))
            total = total.value_or(0.0) + *v;
    }
    return total;
}

double ProfileResult::selfTotalCycles() const
{
    return selfTotal(cyclesCounterName()).value_or(0.0);
}

QString ProfileResult::validity() const
{
    bool anyIssue = false;
    for (const Issue &issue : issues) {
        if (issue.severity == QLatin1String("error"))
            return QStringLiteral("invalid");
        anyIssue = true;
    }
    return anyIssue ? QStringLiteral("degraded") : QStringLiteral("valid");
}

std::optional<ProfileResult::CyclesSpread> ProfileResult::cyclesSpread(int layer) const
{
    if (layer < 0 || layer >= layers.size())
        return std::nullopt;
    CyclesSpread spread;
    for (double cycles : layers.at(layer).cyclesByPass) {
        if (std::isnan(cycles))
            continue;
        if (spread.passes == 0) {
            spread.min = spread.max = cycles;
        } else {
            spread.min = std::min(spread.min, cycles);
            spread.max = std::max(spread.max, cycles);
        }
        ++spread.passes;
    }
    if (spread.passes < 2)
        return std::nullopt;
    return spread;
}

} // namespace hpx::model
