#pragma once

#include "model/compare/comparison.h"

#include <QString>
#include <QVector>

#include <memory>
#include <optional>

namespace hpx::ui {

using ComparisonPtr = std::shared_ptr<const model::Comparison>;

// A comparison seen from the candidate's layers (what the table, graph and charts show in compare mode):
// for each candidate layer its baseline partner and the delta of one counter. Immutable; cheap to share.
class CompareData {
public:
    CompareData() = default;
    explicit CompareData(ComparisonPtr comparison);

    bool isValid() const { return bool(m_cmp); }
    const model::Comparison *comparison() const { return m_cmp.get(); }
    ComparisonPtr comparisonPtr() const { return m_cmp; }

    // Which value of a layer: a WHILE/IF/CALL_ONCE measured around the subgraphs it calls holds their counts too
    // (inclusive); its own cost is without them (docs/merging.md, "Self and inclusive costs"). The heat graph and the
    // Δ chart show own costs, so no change is drawn twice; the table's Δ columns sit beside its inclusive columns.
    enum class Cost { Own, Inclusive };

    // Index into the baseline's layers of candidate layer `layer`'s partner, or -1.
    int baselineLayer(int candidateLayer) const { return m_partner.value(candidateLayer, -1); }
    std::optional<double> baseline(int candidateLayer, const QString &counter, Cost cost = Cost::Inclusive) const;
    std::optional<double> candidate(int candidateLayer, const QString &counter, Cost cost = Cost::Inclusive) const;
    // candidate - baseline
    std::optional<double> delta(int candidateLayer, const QString &counter, Cost cost = Cost::Inclusive) const;
    // none when the baseline is 0
    std::optional<double> deltaPct(int candidateLayer, const QString &counter, Cost cost = Cost::Inclusive) const;
    // max |delta| over the candidate's layers (the symmetric colour range); 0 when none.
    double maxAbsDelta(const QString &counter, Cost cost = Cost::Inclusive) const;
    // Either side's layer encloses others: its own and inclusive values differ.
    bool encloses(int candidateLayer) const;
    // The counter as the compare views name it: counterLabel() of the candidate's run.
    QString counterLabel(const QString &counter) const;

private:
    ComparisonPtr m_cmp;
    QVector<int> m_partner; // candidate layer -> baseline layer (-1 = none)
};

} // namespace hpx::ui
