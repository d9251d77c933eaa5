#pragma once

#include "model/results/profileresult.h"

#include <QVector>

namespace hpx::model {

// Validity issues of a profile run (docs/compatibility.md §5.9): pmu.missing, pmu.counter_overflow and the
// clean-window self-checks, judged from the merged layers and the firmware metadata.
QVector<Issue> evaluateRunIssues(const ProfileResult &result);

// pmu.counter_overflow with heliaPROFILER's message, for results that carry the overflow flag but were not
// judged by evaluateRunIssues() (a bundle read back, a result built by hand).
Issue counterOverflowIssue();

// The firmware metadata value for a key (last one wins), or an invalid QVariant.
QVariant firmwareValue(const ProfileResult &result, const QString &key);

} // namespace hpx::model
