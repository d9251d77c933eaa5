#include "ui/run/runcontroller.h"

#include "run/runrequest.h"

#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QStandardPaths>
#include <QtConcurrent/QtConcurrentRun>

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
    connect(&m_job, &ProfileJob::progress, this, [this](quint64 generation, const CaptureProgress &p) {
        if (generation == m_job.generation())
            emit progress(p);
    });
    connect(&m_job, &ProfileJob::message, this, [this](quint64 generation, const QString &text) {
        if (generation == m_job.generation())
            emit message(text);
    });
    connect(&m_job, &ProfileJob::finished, this, [this](const ProfileOutcome &outcome) {
        if (outcome.generation == m_job.generation())
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
    if (!settings.emulator.isNull())
        request->context.emulator = settings.emulator;
    m_rawStreamPath = request->session.rawStreamPath;
    m_bundleDir = bundleDir;
    const RunRequest forEstimate = *request;
    const quint64 generation = m_job.start(std::move(*request));
    ++m_previewGeneration; // a preview still being worked out no longer applies
    emit started(m_rawStreamPath);
    // Rendering the stream the estimate comes from costs about what the simulated board's own rendering does
    // (tens of ms for a 1,000-operator model): not on this thread.
    auto *watcher = new QFutureWatcher<RunEstimate>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, generation] {
        watcher->deleteLater();
        if (generation == m_job.generation() && m_job.isRunning())
            emit estimated(watcher->result());
    });
    watcher->setFuture(QtConcurrent::run([forEstimate] { return estimateRun(forEstimate); }));
    return true;
}

void RunController::preview(const RunSettings &settings, std::shared_ptr<const ModelInfo> model)
{
    ++m_previewGeneration; // an answer for older settings no longer applies
    m_previewSettings = settings;
    m_previewModel = std::move(model);
    m_previewTimer.start();
}

void RunController::estimatePreview()
{
    const quint64 generation = ++m_previewGeneration;
    const std::shared_ptr<const ModelInfo> model = std::exchange(m_previewModel, nullptr);
    const std::optional<RunRequest> request = model
        ? requestFor(m_previewSettings, model, runsDirectory() + QStringLiteral("/preview"), nullptr)
        : std::nullopt;
    if (!request) {
        emit previewed(std::nullopt);
        return;
    }
    auto *watcher = new QFutureWatcher<RunEstimate>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, generation] {
        watcher->deleteLater();
        if (generation == m_previewGeneration && !m_job.isRunning())
            emit previewed(watcher->result());
    });
    const RunRequest forEstimate = *request;
    watcher->setFuture(QtConcurrent::run([forEstimate] { return estimateRun(forEstimate); }));
}

void RunController::cancel()
{
    m_job.cancel();
}

} // namespace hpx::ui
