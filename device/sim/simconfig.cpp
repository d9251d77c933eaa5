#include "device/sim/simconfig.h"

#include "device/sim/simevents.h"
#include "model/board/counters.h"

#include <QCoreApplication>
#include <QRegularExpression>
#include <QSet>

namespace hpx::device {

namespace {
struct ErrorKind {
    const char *code;
    const char *engines; // T R A E
};

const ErrorKind errorKinds[] = {
    { "schema_mismatch", "TR" },
    { "unsupported_op", "TR" },
    { "missing_ops", "TR" },
    { "alloc_tensors_failed", "TR" },
    { "psram_init_failed", "TRA" },
    { "psram_info_failed", "TRA" },
    { "bind_arena_failed", "A" },
    { "const_blob_psram_write_failed", "A" },
    { "model_init_failed", "A" },
    { "executorch", "E" },
    { "operator_count_exceeds_capacity", "E" },
    { "pmu_init_or_selftest_failed", "E" },
};

char engineLetter(model::Engine engine)
{
    switch (engine) {
    case model::Engine::Tflm:
        return 'T';
    case model::Engine::HeliaRt:
        return 'R';
    case model::Engine::HeliaAot:
        return 'A';
    case model::Engine::Executorch:
        return 'E';
    }
    return 'T';
}
} // namespace

model::SocProfile defaultSimSoc()
{
    return *model::socs::byName(QStringLiteral("apollo510"));
}

std::optional<model::SocProfile> simSocFromString(const QString &text)
{
    const QString name = text.trimmed();
    for (const model::SocProfile &soc : model::socs::all()) {
        if (soc.name.compare(name, Qt::CaseInsensitive) == 0)
            return soc;
    }
    return std::nullopt;
}

QVector<WirePass> defaultSimPasses(const model::SocProfile &soc)
{
    Q_UNUSED(soc)
    // hpx's default selection {cpu: default}; a DWT-only SoC prints only its cycle column for it.
    return { WirePass { QStringLiteral("cpu_0"), model::counters::defaults(model::CounterGroup::Cpu) } };
}

std::optional<WirePass> parseSimPass(const QString &text, QString *error)
{
    const int colon = text.indexOf(QLatin1Char(':'));
    if (colon <= 0) {
        if (error)
            *error = SimulatorConfig::tr("Pass '%1' must look like NAME:EVENT[,EVENT...].").arg(text);
        return std::nullopt;
    }
    WirePass pass;
    pass.name = text.left(colon);
    for (const QString &event : text.mid(colon + 1).split(QLatin1Char(','), Qt::SkipEmptyParts))
        pass.events.append(event.trimmed());
    return pass;
}

QString validateSimPasses(const QVector<WirePass> &passes, const model::SocProfile &soc, QString *nakReason)
{
    auto fail = [nakReason](const QString &reason, const QString &message) {
        if (nakReason)
            *nakReason = reason;
        return message;
    };
    static const QRegularExpression nameRx(QStringLiteral("^[A-Za-z0-9_.\\-]+$"));
    if (passes.isEmpty())
        return fail(QStringLiteral("no_passes"), SimulatorConfig::tr("At least one pass is needed."));
    if (passes.size() > 64)
        return fail(QStringLiteral("too_many_passes max=64"), SimulatorConfig::tr("At most 64 passes fit in one run."));
    QSet<QString> names;
    for (const WirePass &pass : passes) {
        if (!nameRx.match(pass.name).hasMatch())
            return fail(QStringLiteral("bad_pass_name pass=") + pass.name,
                SimulatorConfig::tr("Pass name '%1' may hold only letters, digits, '_', '-' and '.'.").arg(pass.name));
        if (names.contains(pass.name))
            return fail(QStringLiteral("duplicate_pass pass=") + pass.name,
                SimulatorConfig::tr("Pass name '%1' is used twice.").arg(pass.name));
        names.insert(pass.name);
        if (pass.events.isEmpty())
            return fail(QStringLiteral("empty_pass pass=") + pass.name,
                SimulatorConfig::tr("Pass %1 has no events.").arg(pass.name));
        // Four chained 32-bit event counters (SocProfile::eventsPerPass); ARM_PMU_CPU_CYCLES may come on top of them
        // from the separate cycle counter (CCNTR), so it does not count against the four.
        int pmuEvents = 0;
        for (const QString &name : pass.events) {
            const model::CounterInfo *event = findSimEvent(name);
            pmuEvents += !(event && event->number == CpuCyclesEvent);
        }
        const int maxEvents = soc.eventsPerPass();
        if (soc.pmuTier == model::PmuTier::Pmu && pmuEvents > maxEvents)
            return fail(
                QStringLiteral("too_many_events pass=%1 count=%2 max=%3").arg(pass.name).arg(pmuEvents).arg(maxEvents),
                SimulatorConfig::tr(
                    "Pass %1 has %2 events; the Cortex-M55 PMU counts at most 4 per pass (plus the cycle "
                    "counter).")
                    .arg(pass.name)
                    .arg(pmuEvents));
        QSet<quint16> seen;
        for (const QString &name : pass.events) {
            const model::CounterInfo *event = findSimEvent(name);
            if (!event)
                return fail(QStringLiteral("unknown_event pass=%1 event=%2").arg(pass.name, name),
                    SimulatorConfig::tr("Pass %1: '%2' is not a PMU event this board knows.").arg(pass.name, name));
            if (seen.contains(event->number))
                return fail(QStringLiteral("duplicate_event pass=%1 event=%2").arg(pass.name, name),
                    SimulatorConfig::tr("Pass %1 lists '%2' twice.").arg(pass.name, name));
            seen.insert(event->number);
            if (soc.pmuTier == model::PmuTier::Dwt && event->number != CpuCyclesEvent)
                return fail(
                    QStringLiteral("event_not_capturable pass=%1 event=%2 soc=%3").arg(pass.name, name, soc.name),
                    SimulatorConfig::tr(
                        "Pass %1: %3 has only the DWT cycle counter; it can capture ARM_PMU_CPU_CYCLES, not %2.")
                        .arg(pass.name, name, soc.displayName()));
        }
    }
    return {};
}

QStringList simErrorKinds()
{
    QStringList kinds;
    for (const ErrorKind &k : errorKinds)
        kinds.append(QLatin1String(k.code));
    return kinds;
}

bool simErrorAppliesTo(const QString &code, model::Engine engine)
{
    for (const ErrorKind &k : errorKinds)
        if (code == QLatin1String(k.code))
            return QByteArray(k.engines).contains(engineLetter(engine));
    return false;
}

QString validateSimulatorConfig(const SimulatorConfig &config)
{
    if (config.model.subgraphs.isEmpty() || config.model.subgraphs.first().operators.isEmpty())
        return SimulatorConfig::tr("The model has no operators to run.");
    if (config.iterations < 1 || config.iterations > 100000)
        return SimulatorConfig::tr("Iterations must be between 1 and 100000 (got %1).").arg(config.iterations);
    if (config.warmup < 0 || config.warmup > 10000)
        return SimulatorConfig::tr("Warmup must be between 0 and 10000 (got %1).").arg(config.warmup);
    if (config.noise < 0 || config.noise > 0.5)
        return SimulatorConfig::tr("Noise must be between 0 and 0.5 (got %1).").arg(config.noise);
    if (config.heartbeatEveryNOps < 0)
        return SimulatorConfig::tr("Heartbeat interval cannot be negative.");
    if (config.whileIterations < 0 || config.whileIterations > 1000)
        return SimulatorConfig::tr("WHILE iterations must be between 0 and 1000.");
    if (config.clockHz <= 0)
        return SimulatorConfig::tr("The clock must be positive.");
    if (config.baud < 0)
        return SimulatorConfig::tr("Baud rate cannot be negative.");
    if (config.timeScale < 0)
        return SimulatorConfig::tr("The time scale cannot be negative.");
    const QVector<WirePass> passes = config.passes.isEmpty() ? defaultSimPasses(config.soc) : config.passes;
    // A DWT-only board built with cpu passes still prints its single cycle column (docs/compatibility.md §4.3), so
    // only host plans are held to "cycles only"; built-in passes may list any cpu event.
    if (config.soc.pmuTier == model::PmuTier::Dwt) {
        for (const WirePass &pass : passes)
            for (const QString &name : pass.events) {
                const model::CounterInfo *event = findSimEvent(name);
                if (!event)
                    return SimulatorConfig::tr("Pass %1: '%2' is not a PMU event this board knows.")
                        .arg(pass.name, name);
                if (event->group != model::CounterGroup::Cpu)
                    return SimulatorConfig::tr("Pass %1: %4 has only the DWT cycle counter, no %2 events (%3).")
                        .arg(pass.name, model::counterGroupName(event->group), name, config.soc.displayName());
            }
        QVector<WirePass> cyclesOnly;
        for (const WirePass &pass : passes)
            cyclesOnly.append(WirePass { pass.name, { model::cyclesCounterName() } });
        if (const QString e = validateSimPasses(cyclesOnly, config.soc); !e.isEmpty())
            return e;
    } else if (const QString e = validateSimPasses(passes, config.soc); !e.isEmpty()) {
        return e;
    }
    const SimFaults &f = config.faults;
    if (f.corruptRate < 0 || f.corruptRate > 1 || f.dropLineRate < 0 || f.dropLineRate > 1)
        return SimulatorConfig::tr("Fault rates must be between 0 and 1.");
    if (f.stallSeconds < 0)
        return SimulatorConfig::tr("A stall cannot be negative.");
    if (!f.error.isEmpty()) {
        if (!simErrorKinds().contains(f.error))
            return SimulatorConfig::tr("Unknown firmware error kind '%1' (known: %2).")
                .arg(f.error, simErrorKinds().join(QLatin1String(", ")));
        if (!simErrorAppliesTo(f.error, config.engine))
            return SimulatorConfig::tr("The %1 firmware never prints HPX_ERROR=%2.")
                .arg(model::engineName(config.engine), f.error);
    }
    return {};
}

} // namespace hpx::device
