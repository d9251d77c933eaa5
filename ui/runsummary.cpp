#include "ui/runsummary.h"

#include <QCoreApplication>
#include <QDir>

namespace hpx::ui {

namespace {
QString tr(const char *text, int n = -1)
{
    return QCoreApplication::translate("hpx::ui::RunSummary", text, nullptr, n);
}
} // namespace

RunSummary summarizeRun(const hpx::device::ProfileOutcome &outcome, const hpx::model::ProfileResult *result,
    const QString &bundleDir, const QString &rawStreamPath)
{
    const QString raw = QDir::toNativeSeparators(rawStreamPath);
    if (outcome.capture.status == hpx::device::CaptureResult::Status::Cancelled)
        return { RunEnd::Cancelled, tr("Cancelled. What the board sent is kept in %1.").arg(raw) };
    if (outcome.ok) {
        return { RunEnd::Done,
            tr("Done: %1, %2. Bundle: %3")
                .arg(tr("%n layer(s)", result ? int(result->layers.size()) : 0),
                    tr("%n counter(s)", result ? int(result->counters.size()) : 0),
                    QDir::toNativeSeparators(bundleDir)) };
    }
    QString text = outcome.error;
    if (!outcome.hint.isEmpty())
        text += QLatin1Char(' ') + outcome.hint;
    // Some errors already name the raw-stream file; say where it is once.
    text += QLatin1Char(' ')
        + (text.contains(raw) || text.contains(rawStreamPath)
                ? tr("The console shows what the board sent.")
                : tr("The raw stream was kept in %1; the console shows what the board sent.").arg(raw));
    return { RunEnd::Failed, text };
}

} // namespace hpx::ui
