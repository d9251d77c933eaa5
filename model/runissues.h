#pragma once

#include "model/profileresult.h"

#include <QVector>

namespace hpx::model {

// Validity issues of a profile run (hpx-compat.md §5.9): pmu.missing, pmu.counter_overflow and the
// clean-window self-checks, judged from the merged layers and the firmware metadata.
QVector<Issue> evaluateRunIssues(const ProfileResult &result);

// The firmware metadata value for a key (last one wins), or an invalid QVariant.
QVariant firmwareValue(const ProfileResult &result, const QString &key);

} // namespace hpx::model
