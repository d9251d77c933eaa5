#include "ui/runcontroller.h"

#include "device/linkspec.h"
#include "device/simconfig.h"
#include "model/runcontext.h"
#include "model/socprofile.h"
#include "ui/runconfig.h"

#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>

namespace hpx::ui {

using namespace hpx::device;
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

    // Everything below reads the resolved configuration, as `hpx profile` does, so the bundle's config
    // snapshot is what the run did.
    const std::optional<Config> config = runConfig(settings, model ? model->filePath : QString(), bundleDir, error);
    if (!config)
        return false;
    const std::optional<LinkSpec> link = parseLinkSpec(config->port(), config->baud(), error);
    if (!link)
        return false;
    const Engine engine = engineFromName(config->engineType()).value_or(Engine::HeliaRt);

    const SimulatorConfig simulator = link->kind == LinkSpec::Kind::Simulated
        ? simulatorConfig(*config, model.get(), settings.target.timeScale)
        : SimulatorConfig();

    HostPlan plan;
    plan.iterations = config->iterations();
    plan.warmup = config->warmup();
    for (const model::PlannedPass &pass : settings.plan.passes)
        plan.passes.append({ pass.name, pass.columns() });

    if (!QDir().mkpath(dir)) {
        if (error)
            *error = tr("Cannot create the run directory %1.").arg(QDir::toNativeSeparators(dir));
        return false;
    }
    m_rawStreamPath = bundleDir + QStringLiteral(".log");
    m_bundleDir = bundleDir;

    ProfileRequest request;
    request.transport = transportFactory(*link, simulator);
    // The Board dock names the link itself, so the OS port list (100 ms or more to enumerate, on this
    // thread) is only read when it did not.
    const bool namedLink = config->isExplicit(QStringLiteral("target.transport"));
    request.session.link = suggestedBoardLink(*link, namedLink ? QList<PortInfo>() : availablePorts(), simulator);
    if (namedLink)
        request.session.link = boardLinkFromName(config->transport()).value_or(request.session.link);
    request.session.plan = plan;
    request.session.rawStreamPath = m_rawStreamPath;
    applyHeartbeatConfig(*config, &request.session);
    request.engine = engine;
    request.aggregation = aggregationFromName(config->aggregation()).value_or(Aggregation::Median);
    request.model = model;
    request.outputDir = m_bundleDir;

    RunContext context = RunContext::fromConfig(*config);
    context.setModel(model);
    context.transport = transportName(*link, request.session.link);
    request.context = context;

    m_job.start(std::move(request));
    emit started(m_rawStreamPath);
    return true;
}

void RunController::cancel()
{
    m_job.cancel();
}

} // namespace hpx::ui
