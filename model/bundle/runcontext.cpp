#include "model/bundle/runcontext.h"

#include "model/board/socprofile.h"
#include "model/config/configdocuments.h"
#include "model/version.h"

#include <QTimeZone>
#include <QUuid>

#include <chrono>

namespace hpx::model {

PlatformInfo PlatformInfo::fromConfig(const Config &config)
{
    PlatformInfo p;
    p.board = config.board();
    p.cpuClockName = config.cpuClock();
    p.cpuPerfTier
        = p.cpuClockName == QLatin1String("hp") ? QStringLiteral("NSX_PERF_HIGH") : QStringLiteral("NSX_PERF_LOW");
    const SocProfile *soc = socs::forBoard(config.board());
    if (!soc)
        return p;
    p.soc = soc->name;
    p.core = soc->coreName();
    p.pmuTier = soc->pmuTierName();
    p.hasMve = soc->hasMve;
    p.profilingBackends = soc->profilingBackends();
    p.profilingDomains = soc->profilingDomains();
    // Parts without a burst clock run "hp" at their only clock.
    const int mhz = p.cpuClockName == QLatin1String("hp") && soc->cpuMhzHp > 0 ? soc->cpuMhzHp : soc->cpuMhzLp;
    p.cpuClockMhz = double(mhz);
    return p;
}

RunContext RunContext::create()
{
    RunContext ctx;
    ctx.runId = newRunId();
    ctx.timestamp = formatTimestamp(QDateTime::currentDateTimeUtc());
    ctx.hpxVersion = versionString();
    return ctx;
}

RunContext RunContext::fromConfig(const Config &config)
{
    RunContext ctx = create();
    ctx.config = configSnapshot(config);
    ctx.platform = PlatformInfo::fromConfig(config);
    ctx.format = config.outputFormat() == QLatin1String("json") ? OutputFormat::Json : OutputFormat::Csv;
    ctx.modelExplorer = config.modelExplorer();
    ctx.detailed = config.detailed();
    return ctx;
}

void RunContext::setModel(std::shared_ptr<const ModelInfo> modelInfo)
{
    modelName = modelInfo ? modelInfo->fileName : QString();
    modelSizeBytes = modelInfo ? std::optional<qint64>(modelInfo->sizeBytes) : std::nullopt;
    modelSha256 = modelInfo ? modelInfo->sha256 : QString();
    model = std::move(modelInfo);
}

QString RunContext::newRunId()
{
    return QUuid::createUuid().toString(QUuid::WithoutBraces);
}

QString RunContext::formatTimestamp(const QDateTime &utc)
{
    // QDateTime has millisecond resolution; take the microseconds from the system clock when the
    // time is "now", otherwise pad the milliseconds.
    const QDateTime t = utc.toUTC();
    int micros = t.time().msec() * 1000;
    const auto now = std::chrono::system_clock::now();
    const auto us = std::chrono::duration_cast<std::chrono::microseconds>(now.time_since_epoch()).count();
    if (us / 1000 == t.toMSecsSinceEpoch())
        micros = int(us % 1000000);
    return t.toString(QStringLiteral("yyyy-MM-ddTHH:mm:ss")) + QLatin1Char('.')
        + QStringLiteral("%1").arg(micros, 6, 10, QLatin1Char('0')) + QStringLiteral("+00:00");
}

} // namespace hpx::model
