#pragma once

#include "run/profilejob.h"

#include <QCoreApplication>
#include <QString>

namespace hpx::ui {

enum class RunEnd { Done, Cancelled, Failed };

// How the window words the end of a run, in plain text: a finished run's layers and counters (plural forms
// through tr("%n ...")), a failure with its hint and where the raw stream is (named once), and the user's own
// Cancel as a neutral note rather than an error. A real board (serial or TCP: `boardRunsOn`) that was cancelled once it
// had started sending is not stopped by it: the note says the board is still mid-run and wants a reset.
// A run that wrote its bundle but whose result is `invalid` (an error issue: model.mismatch, a pass without data...)
// ends Done with `invalid` set: not a success, so the window says it in the error banner (as `hpx profile` exits 5).
struct RunSummary {
    RunEnd end = RunEnd::Done;
    QString text;
    bool invalid = false;

    // summarizeRun()'s words are this struct's, whose `text` holds them.
    Q_DECLARE_TR_FUNCTIONS(hpx::ui::RunSummary)
};
RunSummary summarizeRun(const hpx::run::ProfileOutcome &outcome, const hpx::model::ProfileResult *result,
    const QString &bundleDir, const QString &rawStreamPath, bool boardRunsOn = false);

} // namespace hpx::ui
