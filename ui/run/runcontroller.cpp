#include "ui/run/runcontroller.h"

#include "run/runrequest.h"

#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>

#include <utility>

namespace hpx::ui {

using namespace hpx::device;
using namespace hpx::run;
using namespace hpx::model;

RunController::RunController(QObject *parent)
    : QObject(parent)
{
    m_previewTimer.setSingleShot(true);
    m_previewTimer.setInterval(150);
    connect(&m_previewTimer, &QTimer::timeout, this, &RunController::estimatePreview);
    // The job reports only its latest run (its job tracker drops a superseded one's signals).
    connect(&m_job, &ProfileJob::progress, this, [this](quint64, const CaptureProgress &p) { emit progress(p); });
    connect(&m_job, &ProfileJob::message, this, [this](quint64, const QString &text) { emit message(text); });
    connect(
        &m_job, &ProfileJob::boardProgress, this, [this](quint64, const BoardProgress &p) { emit boardProgress(p); });
    connect(&m_job, &ProfileJob::finished, this, [this](const ProfileOutcome &outcome) {
        m_estimate.cancel(); // an estimate still being worked out is for a run that has ended
        emit finished(outcome);
    });
}

QString RunController::runsDirectory()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation) + QStringLiteral("/runs");
}

std::optional<RunRequest> RunController::requestFor(const RunSettings &settings,
    const std::shared_ptr<const ModelInfo> &model, const QString &bundleDir, QString *error) const
{
    // The same road as `hpx profile`: the window's choices become a Config, the Config a run request.
    const std::optional<Config> config = runConfig(settings, model ? model->filePath : QString(), bundleDir, error);
    if (!config)
        return std::nullopt;
    run::RunSetup setup;
    setup.findBoardPort = false; // the window always names its port
    setup.rawStreamPath = bundleDir + QStringLiteral(".log");
    setup.simulatorSeed = quint64(QDateTime::currentMSecsSinceEpoch());
    setup.simulatorTimeScale = settings.target.timeScale; // the Board dock's Speed
    setup.knownPorts = settings.knownPorts;
    setup.input = settings.target.input; // checked against the model by the request, as `hpx profile --input` is
    return run::buildRunRequest(*config, model, nullptr, setup, error);
}

bool RunController::start(const RunSettings &settings, std::shared_ptr<const ModelInfo> model, QString *error)
{
    const QString stamp = QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss-zzz"));
    const QString base = model ? QFileInfo(model->fileName).completeBaseName() : QStringLiteral("run");
    const QString dir = runsDirectory();
    const QString bundleDir = dir + QLatin1Char('/') + stamp + QLatin1Char('-') + base;
    std::optional<RunRequest> request = requestFor(settings, model, bundleDir, error);
    if (!request)
        return false;
    if (!QDir().mkpath(dir)) {
        if (error)
            *error = tr("Cannot create the run directory %1.").arg(QDir::toNativeSeparators(dir));
        return false;
    }
    m_rawStreamPath = request->session.rawStreamPath;
    m_bundleDir = bundleDir;
    const RunRequest forEstimate = *request;
    m_job.start(std::move(*request));
    m_preview.cancel(); // a preview still being worked out no longer applies
    emit started(m_rawStreamPath);
    // Rendering the stream the estimate comes from costs about what the simulated board's own rendering does
    // (tens of ms for a 1,000-operator model): not on this thread. A newer run, or this one ending, drops it.
    m_estimate.run([forEstimate] { return estimateRun(forEstimate); },
        [this](const RunEstimate &estimate) { emit estimated(estimate); });
    return true;
}

void RunController::preview(const RunSettings &settings, std::shared_ptr<const ModelInfo> model)
{
    m_preview.cancel(); // an answer for older settings no longer applies
    m_previewSettings = settings;
    m_previewModel = std::move(model);
    m_previewTimer.start();
}

void RunController::estimatePreview()
{
    m_preview.cancel(); // the settings asked about last replace any answer still being worked out
    const std::shared_ptr<const ModelInfo> model = std::exchange(m_previewModel, nullptr);
    const std::optional<RunRequest> request = model
        ? requestFor(m_previewSettings, model, runsDirectory() + QStringLiteral("/preview"), nullptr)
        : std::nullopt;
    if (!request) {
        emit previewed(std::nullopt);
        return;
    }
    const RunRequest forEstimate = *request;
    m_preview.run([forEstimate] { return estimateRun(forEstimate); },
        [this](const RunEstimate &estimate) {
            if (!m_job.isRunning()) // a run started meanwhile shows its own estimate
                emit previewed(estimate);
        });
}

void RunController::cancel()
{
    m_job.cancel();
}

} // namespace hpx::ui
