#pragma once

#include "model/results/capture.h"
#include "model/results/profileresult.h"

#include <QPair>
#include <QString>
#include <QVector>

#include <optional>

namespace hpx::model {

// What a capture lost or repaired, as result issues (docs/compatibility.md §5.9; codes in docs/output-files.md):
// lost, duplicated or unreadable rows, unusable iterations, passes without a usable iteration or missing, a
// stream that ended early. A loss that only costs samples is a warning (validity degraded); a pass that gave
// nothing is an error for its counters, and a run left without per-layer cycles by such a loss is pmu.missing.
// Messages are English: they land in summary.json and the manifest, files shared with heliaPROFILER.

struct DroppedIteration {
    QString pass;
    int iteration = 0; // the N of "--- HPX_ITER N ---"
    int position = 0; // the row that disagreed
    int line = 0;
    QString op; // what it says
    QString expected; // what the pass settled on
};

// The code of an HPX_WARN payload, as the issue firmware.<code> carries it ("pmu_unavailable core=..." ->
// "pmu_unavailable"); characters other than [a-z0-9_] become '_'.
QString firmwareWarningCode(const QString &payload);

QVector<Issue> captureIssues(
    const Capture &capture, const ProfileResult &result, const QVector<DroppedIteration> &droppedIterations);

// After attribution: every layer left without a value for a counter the result has, with the reason (one
// warning issue, profile.values_missing), or nothing when every layer has every counter.
QVector<Issue> missingValueIssues(const ProfileResult &result);

// capture.columns_missing (a warning) when passes arrived without counter columns the plan asked them for, and the
// board did not say it could not count them (HPX_WARN=not_counted, ProfileResult::notCounted): those counters are
// missing from that pass, never 0. `planned`: per pass name, the counter columns planned (PlannedPass::columns()).
// Passes the plan does not name (a board that ran its built-in passes) are not judged. nullopt when nothing is missing.
std::optional<Issue> plannedColumnsIssue(
    const ProfileResult &result, const QVector<QPair<QString, QStringList>> &planned);

} // namespace hpx::model
