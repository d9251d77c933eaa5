#include "ui/runcontroller.h"

#include "device/linkspec.h"
#include "device/simconfig.h"
#include "model/socprofile.h"
#include "model/version.h"

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
    const BoardTarget &target = settings.target;
    const QString spec = target.kind == BoardTarget::Kind::Simulated ? QStringLiteral("sim") : target.port;
    const std::optional<LinkSpec> link = parseLinkSpec(spec, target.baud, error);
    if (!link)
        return false;

    SimulatorConfig simulator;
    if (link->kind == LinkSpec::Kind::Simulated) {
        simulator.model = model ? *model : ModelInfo();
        simulator.engine = simEngineFromString(target.engine).value_or(SimEngine::HeliaRt);
        simulator.soc = target.soc == QLatin1String("sim_m4") ? SimSoc::Apollo4p : SimSoc::Apollo510;
        simulator.iterations = settings.iterations;
        simulator.warmup = settings.warmup;
        simulator.hostPlanSupport = true;
        simulator.timeScale = 1.0; // real inference and clean-window durations, so progress is watchable
        simulator.seed = quint64(QDateTime::currentMSecsSinceEpoch());
    }

    HostPlan plan;
    plan.iterations = settings.iterations;
    plan.warmup = settings.warmup;
    for (const model::PlannedPass &pass : settings.plan.passes)
        plan.passes.append({pass.name, pass.columns()});

    const QString stamp = QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss-zzz"));
    const QString base = model ? QFileInfo(model->fileName).completeBaseName() : QStringLiteral("run");
    const QString dir = runsDirectory();
    if (!QDir().mkpath(dir)) {
        if (error)
            *error = tr("Cannot create the run directory %1.").arg(QDir::toNativeSeparators(dir));
        return false;
    }
    m_rawStreamPath = dir + QLatin1Char('/') + stamp + QLatin1Char('-') + base + QStringLiteral(".log");
    m_bundleDir = dir + QLatin1Char('/') + stamp + QLatin1Char('-') + base;

    ProfileRequest request;
    request.transport = transportFactory(*link, simulator);
    request.session.link = suggestedBoardLink(*link, availablePorts(), simulator);
    if (const auto chosen = boardLinkFromName(target.link); chosen && link->kind != LinkSpec::Kind::Simulated)
        request.session.link = *chosen;
    request.session.plan = plan;
    request.session.rawStreamPath = m_rawStreamPath;
    request.engine = engineFromName(target.engine).value_or(Engine::HeliaRt);
    request.aggregation = settings.aggregation;
    request.model = model;
    request.outputDir = m_bundleDir;

    RunContext context = RunContext::create();
    const SocProfile *soc = socs::byName(target.soc);
    context.platform.board = target.board;
    if (soc) {
        context.platform.soc = soc->name;
        context.platform.core = soc->coreName();
        context.platform.pmuTier = soc->pmuTierName();
        context.platform.hasMve = soc->hasMve;
        context.platform.profilingBackends = soc->profilingBackends();
        context.platform.profilingDomains = soc->profilingDomains();
        context.platform.cpuClockName = QStringLiteral("lp");
        context.platform.cpuClockMhz = soc->cpuMhzLp;
    }
    if (model) {
        context.model = model;
        context.modelName = model->fileName;
        context.modelSizeBytes = model->sizeBytes;
        context.modelSha256 = model->sha256;
    }
    context.transport = link->kind == LinkSpec::Kind::Simulated ? QStringLiteral("sim")
        : link->kind == LinkSpec::Kind::Tcp                    ? QStringLiteral("tcp")
                                                               : boardLinkName(request.session.link);
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
