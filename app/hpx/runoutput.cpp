#include "app/hpx/runoutput.h"

#include "app/hpx/cliutil.h"
#include "model/tflite/tflitemodel.h"

#include <QCoreApplication>
#include <QDir>

#include <algorithm>

namespace hpx::cli {

using namespace hpx::model;

bool RunOutput::loadModelFor(const QString &path, std::shared_ptr<const ModelInfo> *model)
{
    model->reset();
    if (path.isEmpty())
        return true;
    ModelLoadResult loaded = loadModel(path);
    if (!loaded.ok()) {
        err() << QStringLiteral("hpx: ") << loaded.error << '\n';
        err().flush();
        return false;
    }
    *model = std::make_shared<const ModelInfo>(std::move(*loaded.model));
    return true;
}

bool RunOutput::loadAotManifest(const QString &path, std::shared_ptr<const AotManifest> *manifest)
{
    manifest->reset();
    if (path.isEmpty())
        return true;
    QString error;
    std::optional<AotManifest> read = AotManifest::readFile(path, &error);
    if (!read) {
        err() << QStringLiteral("hpx: ") << error << '\n';
        err().flush();
        return false;
    }
    *manifest = std::make_shared<const AotManifest>(std::move(*read));
    return true;
}

void RunOutput::printCaptureProblems(const Capture &capture, int limit)
{
    int shown = 0;
    for (const CaptureProblem &p : capture.problems) {
        if (shown++ >= limit)
            break;
        // The parser's messages already name the line.
        err() << RunOutput::tr("warning: ") << p.message << '\n';
    }
    if (capture.problems.size() > limit)
        err() << RunOutput::tr("warning: ... and %1 more problems in the stream").arg(capture.problems.size() - limit)
              << '\n';
    err().flush();
}

int RunOutput::reportOutcome(const QString &command, const run::ProfileOutcome &outcome)
{
    using run::ProfileOutcome;
    for (const QString &w : outcome.warnings)
        err() << RunOutput::tr("note: %1").arg(w) << '\n';
    if (!outcome.ok) {
        err() << RunOutput::tr("hpx %1: error: %2").arg(command, outcome.error) << '\n';
        if (!outcome.hint.isEmpty())
            err() << RunOutput::tr("hint: %1").arg(outcome.hint) << '\n';
        if (outcome.bundle && !outcome.bundle->rescuedCapture.isEmpty())
            err() << RunOutput::tr("The raw capture was kept in %1")
                         .arg(QDir::toNativeSeparators(outcome.bundle->rescuedCapture))
                  << '\n';
        err().flush();
        if (outcome.capture.status == device::CaptureResult::Status::Cancelled)
            return ExitInterrupted;
        return outcome.failedStage == ProfileOutcome::Stage::Bundle ? ExitBadInput : ExitBoard;
    }
    const ProfileResult &result = *outcome.result;
    for (const Issue &issue : result.issues)
        err() << issue.severity << QStringLiteral(" [") << issue.code << QStringLiteral("]: ") << issue.message << '\n';
    const int overlays = outcome.bundle ? int(outcome.bundle->overlays.files.size()) : 0;
    err() << RunOutput::tr("%n layer(s)", nullptr, int(result.layers.size())) << QStringLiteral(", ");
    // Operators that did not run, and a CALL_ONCE's init operators that ran once unprofiled (named in the notes
    // above), are no layers: each kind counted apart, as the notes and `hpx show` say them.
    const auto atInit = int(std::count_if(result.notRun.cbegin(), result.notRun.cend(),
        [](const LayerResult &l) { return l.execution == LayerResult::Execution::OnceAtInit; }));
    const int notRun = int(result.notRun.size()) - atInit;
    if (notRun > 0)
        err() << RunOutput::tr("%n operator(s) not run", nullptr, notRun) << QStringLiteral(", ");
    if (atInit > 0)
        err() << RunOutput::tr("%n operator(s) at init, not profiled", nullptr, atInit) << QStringLiteral(", ");
    err() << RunOutput::tr("%n counter(s)", nullptr, int(result.counters.size())) << QStringLiteral(", ")
          << RunOutput::tr("validity %1; %n overlay file(s)", nullptr, overlays).arg(result.validity()) << '\n';
    err().flush();
    if (outcome.bundle)
        out() << QDir::toNativeSeparators(outcome.bundle->directory) << '\n';
    out().flush();
    // The bundle is written (and its path printed, so it can be looked at), but its values must not be trusted: not a
    // success (docs/cli.md, exit 5).
    if (result.validity() == QLatin1String("invalid")) {
        err() << RunOutput::tr("hpx %1: the result is invalid (see the errors above); the bundle was written for "
                               "inspection, exit code %2.")
                     .arg(command)
                     .arg(int(ExitInvalid))
              << '\n';
        err().flush();
        return ExitInvalid;
    }
    return ExitOk;
}

} // namespace hpx::cli
