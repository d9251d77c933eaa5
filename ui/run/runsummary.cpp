#include "ui/run/runsummary.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

namespace hpx::ui {

RunSummary summarizeRun(const hpx::run::ProfileOutcome &outcome, const hpx::model::ProfileResult *result,
    const QString &bundleDir, const QString &rawStreamPath, bool boardRunsOn)
{
    const QString raw = QDir::toNativeSeparators(rawStreamPath);
    // Cancelled before the board sent anything (the virtual board's build): the run's own words, no file to point to.
    if (outcome.capture.status == hpx::device::CaptureResult::Status::Cancelled && !QFileInfo::exists(rawStreamPath)
        && !outcome.error.isEmpty())
        return { RunEnd::Cancelled, outcome.error };
    if (outcome.capture.status == hpx::device::CaptureResult::Status::Cancelled) {
        QString text = RunSummary::tr("Cancelled. What the board sent is kept in %1.").arg(raw);
        // Protocol v1 has no stop command: the board goes on with its passes after the link closes.
        if (boardRunsOn && outcome.capture.bytes > 0)
            text += QLatin1Char(' ')
                + RunSummary::tr(
                    "The board is still mid-run (cancelling does not stop it): reset it before the next run.");
        return { RunEnd::Cancelled, text };
    }
    if (outcome.ok) {
        const int layerCount = result ? int(result->layers.size()) : 0;
        const int counterCount = result ? int(result->counters.size()) : 0;
        const QString layers = RunSummary::tr("%n layer(s)", nullptr, layerCount);
        const QString counters = RunSummary::tr("%n counter(s)", nullptr, counterCount);
        if (result && result->validity() == QLatin1String("invalid")) {
            QString firstError;
            for (const hpx::model::Issue &issue : result->issues) {
                if (issue.severity == QLatin1String("error")) {
                    firstError = issue.message;
                    break;
                }
            }
            return { RunEnd::Done,
                RunSummary::tr(
                    "The result is invalid: do not trust its values. %1 The issue list above the views says more. "
                    "(%2, %3; bundle: %4)")
                    .arg(firstError, layers, counters, QDir::toNativeSeparators(bundleDir)),
                true };
        }
        return { RunEnd::Done,
            RunSummary::tr("Done: %1, %2. Bundle: %3").arg(layers, counters, QDir::toNativeSeparators(bundleDir)) };
    }
    QString text = outcome.error;
    if (!outcome.hint.isEmpty())
        text += QLatin1Char(' ') + outcome.hint;
    // A link that never opened made no raw stream file (device/capture/captureworker.cpp): there is nothing to point
    // to.
    if (outcome.capture.status == hpx::device::CaptureResult::Status::OpenFailed && !QFileInfo::exists(rawStreamPath))
        return { RunEnd::Failed, text };
    // Some errors already name the raw-stream file; say where it is once.
    const QString kept = RunSummary::tr("The raw stream was kept in %1; the console shows what the board sent.");
    const QString console = RunSummary::tr("The console shows what the board sent.");
    text += QLatin1Char(' ') + (text.contains(raw) || text.contains(rawStreamPath) ? console : kept.arg(raw));
    return { RunEnd::Failed, text };
}

} // namespace hpx::ui
