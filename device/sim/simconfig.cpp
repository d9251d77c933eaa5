#include "device/sim/simconfig.h"

#include "device/sim/simevents.h"
#include "model/board/counters.h"

#include <QCoreApplication>
#include <QRegularExpression>
#include <QSet>

namespace hpx::device {

namespace {
QString tr(const char *text)
{
    return QCoreApplication::translate("hpx::device::SimulatedBoard", text);
}

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

std::optional<SimSoc> simSocFromString(const QString &text)
{
    const QString t = text.trimmed().toLower();
    if (t == QLatin1String("apollo510"))
        return SimSoc::Apollo510;
    if (t == QLatin1String("apollo4p"))
        return SimSoc::Apollo4p;
    return std::nullopt;
}

QString simSocName(SimSoc soc)
{
    return soc == SimSoc::Apollo4p ? QStringLiteral("apollo4p") : QStringLiteral("apollo510");
}

QVector<WirePass> defaultSimPasses(SimSoc soc)
{
    Q_UNUSED(soc)
    // hpx's default selection {cpu: default}; a DWT-only SoC prints only its cycle column for it.
    return { WirePass { QStringLiteral("cpu_0"),
        { QStringLiteral("ARM_PMU_CPU_CYCLES"), QStringLiteral("ARM_PMU_INST_RETIRED"),
            QStringLiteral("ARM_PMU_STALL_FRONTEND"), QStringLiteral("ARM_PMU_STALL_BACKEND") } } };
}

int pmuMaxOps(SimSoc soc)
{
    return soc == SimSoc::Apollo4p ? 2048 : 4096;
}

std::optional<WirePass> parseSimPass(const QString &text, QString *error)
{
    const int colon = text.indexOf(QLatin1Char(':'));
    if (colon <= 0) {
        if (error)
            *error = tr("Pass '%1' must look like NAME:EVENT[,EVENT...].").arg(text);
        return std::nullopt;
    }
    WirePass pass;
    pass.name = text.left(colon);
    for (const QString &event : text.mid(colon + 1).split(QLatin1Char(','), Qt::SkipEmptyParts))
        pass.events.append(event.trimmed());
    return pass;
}

QString validateSimPasses(const QVector<WirePass> &passes, SimSoc soc, QString *nakReason)
{
    auto fail = [nakReason](const QString &reason, const QString &message) {
        if (nakReason)
            *nakReason = reason;
        return message;
    };
    static const QRegularExpression nameRx(QStringLiteral("^[A-Za-z0-9_.\\-]+$"));
    if (passes.isEmpty())
        return fail(QStringLiteral("no_passes"), tr("At least one pass is needed."));
    if (passes.size() > 64)
        return fail(QStringLiteral("too_many_passes max=64"), tr("At most 64 passes fit in one run."));
    QSet<QString> names;
    for (const WirePass &pass : passes) {
        if (!nameRx.match(pass.name).hasMatch())
            return fail(QStringLiteral("bad_pass_name pass=") + pass.name,
                tr("Pass name '%1' may hold only letters, digits, '_', '-' and '.'.").arg(pass.name));
        if (names.contains(pass.name))
            return fail(
                QStringLiteral("duplicate_pass pass=") + pass.name, tr("Pass name '%1' is used twice.").arg(pass.name));
        names.insert(pass.name);
        if (pass.events.isEmpty())
            return fail(QStringLiteral("empty_pass pass=") + pass.name, tr("Pass %1 has no events.").arg(pass.name));
        // Four chained 32-bit event counters; ARM_PMU_CPU_CYCLES may come on top of them from the separate cycle
        // counter (CCNTR), so it does not count against the four.
        int pmuEvents = 0;
        for (const QString &name : pass.events) {
            const SimEvent *event = findSimEvent(name);
            pmuEvents += !(event && event->number == CpuCyclesEvent);
        }
        if (soc == SimSoc::Apollo510 && pmuEvents > 4)
            return fail(QStringLiteral("too_many_events pass=%1 count=%2 max=4").arg(pass.name).arg(pmuEvents),
                tr("Pass %1 has %2 events; the Cortex-M55 PMU counts at most 4 per pass (plus the cycle "
                   "counter).")
                    .arg(pass.name)
                    .arg(pmuEvents));
        QSet<quint16> seen;
        for (const QString &name : pass.events) {
            const SimEvent *event = findSimEvent(name);
            if (!event)
                return fail(QStringLiteral("unknown_event pass=%1 event=%2").arg(pass.name, name),
                    tr("Pass %1: '%2' is not a PMU event this board knows.").arg(pass.name, name));
            if (seen.contains(event->number))
                return fail(QStringLiteral("duplicate_event pass=%1 event=%2").arg(pass.name, name),
                    tr("Pass %1 lists '%2' twice.").arg(pass.name, name));
            seen.insert(event->number);
            if (soc == SimSoc::Apollo4p && event->number != CpuCyclesEvent)
                return fail(QStringLiteral("event_not_capturable pass=%1 event=%2 soc=apollo4p").arg(pass.name, name),
                    tr("Pass %1: the Apollo4 (Cortex-M4, DWT only) can capture only ARM_PMU_CPU_CYCLES, "
                       "not %2.")
                        .arg(pass.name, name));
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
        return tr("The model has no operators to run.");
    if (config.iterations < 1 || config.iterations > 100000)
        return tr("Iterations must be between 1 and 100000 (got %1).").arg(config.iterations);
    if (config.warmup < 0 || config.warmup > 10000)
        return tr("Warmup must be between 0 and 10000 (got %1).").arg(config.warmup);
    if (config.noise < 0 || config.noise > 0.5)
        return tr("Noise must be between 0 and 0.5 (got %1).").arg(config.noise);
    if (config.heartbeatEveryNOps < 0)
        return tr("Heartbeat interval cannot be negative.");
    if (config.whileIterations < 0 || config.whileIterations > 1000)
        return tr("WHILE iterations must be between 0 and 1000.");
    if (config.clockHz <= 0)
        return tr("The clock must be positive.");
    if (config.baud < 0)
        return tr("Baud rate cannot be negative.");
    if (config.timeScale < 0)
        return tr("The time scale cannot be negative.");
    const QVector<WirePass> passes = config.passes.isEmpty() ? defaultSimPasses(config.soc) : config.passes;
    // A DWT-only board built with cpu passes still prints its single cycle column (docs/compatibility.md §4.3), so
    // only host plans are held to "cycles only"; built-in passes may list any cpu event.
    if (config.soc == SimSoc::Apollo4p) {
        for (const WirePass &pass : passes)
            for (const QString &name : pass.events) {
                const SimEvent *event = findSimEvent(name);
                if (!event)
                    return tr("Pass %1: '%2' is not a PMU event this board knows.").arg(pass.name, name);
                if (QLatin1String(event->group) != QLatin1String("cpu"))
                    return tr("Pass %1: the Apollo4 (Cortex-M4, DWT only) has no %2 events (%3).")
                        .arg(pass.name, QLatin1String(event->group), name);
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
        return tr("Fault rates must be between 0 and 1.");
    if (f.stallSeconds < 0)
        return tr("A stall cannot be negative.");
    if (!f.error.isEmpty()) {
        if (!simErrorKinds().contains(f.error))
            return tr("Unknown firmware error kind '%1' (known: %2).")
                .arg(f.error, simErrorKinds().join(QLatin1String(", ")));
        if (!simErrorAppliesTo(f.error, config.engine))
            return tr("The %1 firmware never prints HPX_ERROR=%2.").arg(model::engineName(config.engine), f.error);
    }
    return {};
}

} // namespace hpx::device
