#include "ui/run/runcontroller.h"

#include "run/runrequest.h"

#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QStandardPaths>
#include <QtConcurrent/QtConcurrentRun>

namespace hpx::ui {

using namespace hpx::device;
using namespace hpx::run;
using namespace hpx::model;

RunController::RunController(QObject *parent)
    : QObject(parent)
{
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

bool RunController::start(const RunSettings &settings, std::shared_ptr<const ModelInfo> model, QString *error)
{
    const QString stamp = QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss-zzz"));
    const QString base = model ? QFileInfo(model->fileName).completeBaseName() : QStringLiteral("run");
    const QString dir = runsDirectory();
    const QString bundleDir = dir + QLatin1Char('/') + stamp + QLatin1Char('-') + base;

    // The same road as `hpx profile`: the window's choices become a Config, the Config a run request.
    const std::optional<Config> config = runConfig(settings, model ? model->filePath : QString(), bundleDir, error);
    if (!config)
        return false;
    run::RunSetup setup;
    setup.findBoardPort = false; // the window always names its port
    setup.rawStreamPath = bundleDir + QStringLiteral(".log");
    setup.simulatorSeed = quint64(QDateTime::currentMSecsSinceEpoch());
    setup.simulatorTimeScale = settings.target.timeScale; // the Board dock's Speed
    setup.knownPorts = settings.knownPorts;
    std::optional<run::RunRequest> request = run::buildRunRequest(*config, model, nullptr, setup, error);
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
    const quint64 generation = m_job.start(std::move(*request));
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

void RunController::cancel()
{
    m_job.cancel();
}

} // namespace hpx::ui
