#include "model/bundle/runcontext.h"

#include "model/board/socprofile.h"
#include "model/config/configdocuments.h"
#include "model/version.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTimeZone>
#include <QUuid>

#include <chrono>
#include <cmath>

namespace hpx::model {

PlatformInfo PlatformInfo::fromConfig(const Config &config)
{
    return forBoard(config.board(), config.cpuClock());
}

namespace {

QVariant stated(const QVector<QPair<QString, QVariant>> &statement, const char *key)
{
    for (const auto &entry : statement) {
        if (entry.first == QLatin1String(key))
            return entry.second;
    }
    return {};
}

QString mhzText(double mhz)
{
    return QString::number(mhz, 'g', 6) + QStringLiteral(" MHz");
}

} // namespace

PlatformInfo PlatformInfo::asStated(const QVector<QPair<QString, QVariant>> &statement) const
{
    PlatformInfo p = *this;
    const QString core = stated(statement, "core").toString();
    if (!core.isEmpty())
        p.core = core;
    bool ok = false;
    const double hz = stated(statement, "system_clock_hz").toDouble(&ok);
    if (ok && hz > 0)
        p.cpuClockMhz = hz / 1e6;
    const QString source = stated(statement, "cycle_source").toString();
    const QVariant pairs = stated(statement, "event_counters");
    const bool events = !pairs.isValid() || pairs.toLongLong() > 0;
    if (source == QLatin1String("pmu")) {
        p.pmuTier = events ? QStringLiteral("pmu") : QString();
        p.profilingBackends = events ? QStringList { QStringLiteral("dwt"), QStringLiteral("armv8m-pmu") }
                                     : QStringList { QStringLiteral("armv8m-pmu") };
    } else if (source == QLatin1String("dwt")) {
        const bool pmuEvents = pairs.isValid() && pairs.toLongLong() > 0; // DWT cycles beside PMU events
        p.pmuTier = pmuEvents ? QStringLiteral("pmu") : QStringLiteral("dwt");
        p.profilingBackends = pmuEvents ? QStringList { QStringLiteral("dwt"), QStringLiteral("armv8m-pmu") }
                                        : QStringList { QStringLiteral("dwt") };
    } else if (source == QLatin1String("none")) {
        p.pmuTier.clear(); // neither tier counted anything: null, not a tier that did not count
        p.profilingBackends.clear();
    } else if (!source.isEmpty()) {
        // A timer the firmware named (systick, a callback): no PMU tier at all; the backend is that timer.
        p.pmuTier.clear();
        p.profilingBackends = { source };
    }
    return p;
}

QVector<PlatformInfo::Disagreement> PlatformInfo::disagreements(
    const QVector<QPair<QString, QVariant>> &statement) const
{
    QVector<Disagreement> out;
    const PlatformInfo board = asStated(statement);
    if (!core.isEmpty() && board.core != core)
        out.append({ QStringLiteral("core"), core, board.core });
    if (cpuClockMhz && board.cpuClockMhz && std::abs(*board.cpuClockMhz - *cpuClockMhz) > 0.005 * *cpuClockMhz)
        out.append({ QStringLiteral("cpu_clock_mhz"), mhzText(*cpuClockMhz), mhzText(*board.cpuClockMhz) });
    if (!pmuTier.isEmpty() && board.pmuTier != pmuTier) {
        const QString source = stated(statement, "cycle_source").toString();
        out.append({ QStringLiteral("pmu_tier"), pmuTier,
            board.pmuTier.isEmpty() ? QStringLiteral("none (cycles from %1, no event counters)").arg(source)
                                    : board.pmuTier });
    }
    return out;
}

QVector<PlatformInfo::Disagreement> PlatformInfo::factDisagreements(const StreamBoardFacts &facts) const
{
    QVector<Disagreement> out;
    const SocProfile *profile = socs::byName(soc);
    if (!profile)
        return out;
    if (const QStringList events = profile->uncountable(facts.countedEvents); !events.isEmpty())
        out.append({ QStringLiteral("counters"),
            QStringLiteral("%1 cannot count them (%2)")
                .arg(profile->name,
                    profile->pmuTier == PmuTier::Dwt ? QStringLiteral("DWT cycles only") : profile->pmuTierName()),
            QStringLiteral("counted %1").arg(events.join(QStringLiteral(", "))) });
    if (facts.dwtCleanWindow && profile->cleanWindowTimer != QLatin1String("dwt") && !profile->emulated)
        out.append({ QStringLiteral("clean_window_timer"), profile->cleanWindowTimer, QStringLiteral("dwt") });
    return out;
}

std::optional<Issue> boardPresetIssue(const PlatformInfo &preset, const QVector<QPair<QString, QVariant>> &statement,
    const QVector<PlatformInfo::Disagreement> &extra)
{
    const QVector<PlatformInfo::Disagreement> all = preset.disagreements(statement) + extra;
    if (all.isEmpty())
        return std::nullopt;
    QStringList parts;
    QJsonArray fields;
    for (const PlatformInfo::Disagreement &d : all) {
        parts.append(QStringLiteral("%1 %2 (preset: %3)").arg(d.field, d.board, d.preset));
        QJsonObject entry;
        entry.insert(QStringLiteral("field"), d.field);
        entry.insert(QStringLiteral("preset"), d.preset);
        entry.insert(QStringLiteral("board"), d.board);
        fields.append(entry);
    }
    Issue issue = Issue::make(QStringLiteral("board.preset_disagrees"), QStringLiteral("warning"),
        QStringLiteral("What the board states about itself differs from the chosen board %1: %2. The run records "
                       "what the board said (an engine given explicitly is kept); check that the right board was "
                       "chosen.")
            .arg(preset.board.isEmpty() ? QStringLiteral("(none)") : preset.board, parts.join(QStringLiteral("; "))));
    issue.put(QStringLiteral("board"), preset.board);
    issue.put(QStringLiteral("fields"), fields);
    return issue;
}

PlatformInfo PlatformInfo::forBoard(const QString &board, CpuClock cpuClock)
{
    PlatformInfo p;
    p.board = board;
    p.cpuClockName = model::cpuClockName(cpuClock);
    p.cpuPerfTier = cpuClock == CpuClock::Hp ? QStringLiteral("NSX_PERF_HIGH") : QStringLiteral("NSX_PERF_LOW");
    const SocProfile *soc = socs::forBoard(board);
    if (!soc)
        return p;
    p.soc = soc->name;
    p.core = soc->coreName();
    // An emulator counts neither PMU events nor DWT cycles (its cycle column is instructions): no tier at all.
    if (!soc->emulated)
        p.pmuTier = soc->pmuTierName();
    p.hasMve = soc->hasMve;
    p.profilingBackends = soc->profilingBackends();
    p.profilingDomains = soc->profilingDomains();
    // Parts without a burst clock run "hp" at their only clock.
    const int mhz = cpuClock == CpuClock::Hp && soc->cpuMhzHp > 0 ? soc->cpuMhzHp : soc->cpuMhzLp;
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
    ctx.format = config.outputFormat();
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
