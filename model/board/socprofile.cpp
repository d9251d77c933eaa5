#include "model/board/socprofile.h"

#include <QCoreApplication>

#include <cmath>

namespace hpx::model {

namespace {

SocProfile apolloM4(const char *name, const char *display, int lp, int hp, const char *jlink, bool usb)
{
    SocProfile soc;
    soc.name = QLatin1String(name);
    soc.displayNameSource = display;
    soc.core = CpuCore::CortexM4;
    soc.pmuTier = PmuTier::Dwt;
    soc.hasMve = false;
    soc.groups = { CounterGroup::Cpu };
    soc.cpuMhzLp = lp;
    soc.cpuMhzHp = hp;
    soc.pmuMaxOps = 2048;
    soc.jlinkDevice = QLatin1String(jlink);
    soc.usb = usb;
    soc.cleanWindowTimer = QStringLiteral("dwt");
    return soc;
}

SocProfile apolloM55(const char *name, const char *display, int maxOps, const char *jlink)
{
    SocProfile soc;
    soc.name = QLatin1String(name);
    soc.displayNameSource = display;
    soc.core = CpuCore::CortexM55;
    soc.pmuTier = PmuTier::Pmu;
    soc.hasMve = true;
    soc.groups = { CounterGroup::Cpu, CounterGroup::Memory, CounterGroup::Mve };
    soc.cpuMhzLp = 96;
    soc.cpuMhzHp = 250;
    soc.pmuMaxOps = maxOps;
    soc.jlinkDevice = QLatin1String(jlink);
    soc.usb = true;
    soc.cleanWindowTimer = QStringLiteral("stimer");
    return soc;
}

QVector<SocProfile> buildSocs()
{
    QVector<SocProfile> list = {
        apolloM4("apollo3p", "Apollo3 Plus (Cortex-M4)", 48, 96, "AMA3B2KK-KBR", false),
        apolloM4("apollo4p", "Apollo4 Plus (Cortex-M4)", 96, 192, "AMAP42KP-KBR", true),
        apolloM4("apollo4l", "Apollo4 Lite (Cortex-M4)", 96, 192, "AMAP42KL-KBR", true),
        apolloM55("apollo510", "Apollo510 (Cortex-M55)", 4096, "AP510NFA-CBR"),
        apolloM55("apollo510b", "Apollo510B (Cortex-M55)", 4096, "AP510BFA-CBR"),
        apolloM55("apollo5b", "Apollo5B (Cortex-M55)", 4096, "AP510NFA-CBR"),
        apolloM55("apollo330P", "Apollo330 Plus (Cortex-M55)", 512, "Apollo330P_510L"),
    };

    SocProfile simM55 = apolloM55(
        "sim_m55", QT_TRANSLATE_NOOP("hpx::model::SocProfile", "Simulated Apollo510-like (Cortex-M55)"), 4096, "");
    simM55.usb = false;
    simM55.simulated = true;
    list.append(simM55);

    SocProfile simM4 = apolloM4("sim_m4",
        QT_TRANSLATE_NOOP("hpx::model::SocProfile", "Simulated Apollo4-like (Cortex-M4, DWT only)"), 96, 192, "",
        false);
    simM4.simulated = true;
    list.append(simM4);

    // hpx has no Cortex-M85 target (§9 item 15); ours uses the Cortex-M55 PMU model (§0.8).
    SocProfile simM85 = apolloM55("sim_m85",
        QT_TRANSLATE_NOOP("hpx::model::SocProfile", "Simulated Cortex-M85 (hpx Studio extension)"), 4096, "");
    simM85.core = CpuCore::CortexM85;
    simM85.usb = false;
    simM85.simulated = true;
    simM85.extension = true;
    list.append(simM85);

    // The virtual board: TFLM on QEMU's mps3-an547. A Cortex-M55 with MVE (CMSIS-NN's Helium code runs), but QEMU
    // has neither PMU nor DWT: the firmware counts instructions with SysTick under -icount, so only the cycles
    // column is planned, and it holds instructions (emulated). Not an Ambiq part.
    SocProfile qemu = apolloM4(
        "qemu_an547", QT_TRANSLATE_NOOP("hpx::model::SocProfile", "Virtual Cortex-M55 (QEMU, TFLM)"), 32, 0, "", false);
    qemu.core = CpuCore::CortexM55;
    qemu.hasMve = true;
    qemu.pmuMaxOps = 2048;
    qemu.cleanWindowTimer = QStringLiteral("systick");
    qemu.extension = true;
    qemu.emulated = true;
    list.append(qemu);
    return list;
}

QVector<BoardInfo> buildBoards()
{
    auto b = [](const char *name, const char *soc, bool stable) {
        return BoardInfo { QLatin1String(name), QLatin1String(soc), stable };
    };
    return {
        b("apollo3p_evb", "apollo3p", true),
        b("apollo3p_evb_cygnus", "apollo3p", false),
        b("apollo4p_evb", "apollo4p", false),
        b("apollo4p_blue_kbr_evb", "apollo4p", false),
        b("apollo4p_blue_kxr_evb", "apollo4p", false),
        b("apollo4l_evb", "apollo4l", false),
        b("apollo4l_blue_evb", "apollo4l", false),
        b("apollo510_evb", "apollo510", true),
        b("apollo510b_evb", "apollo510b", false),
        b("apollo5b_evb", "apollo5b", false),
        b("apollo330mP_evb", "apollo330P", false),
        b("sim_m55", "sim_m55", true),
        b("sim_m4", "sim_m4", true),
        b("sim_m85", "sim_m85", true),
        b("qemu_an547", "qemu_an547", true),
    };
}

} // namespace

QString SocProfile::displayName() const
{
    // Product names ("Apollo510 (Cortex-M55)") have no translation and come back as they are. A literal context: the
    // table above marks the names with QT_TRANSLATE_NOOP, which lupdate reads only with one.
    return QCoreApplication::translate("hpx::model::SocProfile", displayNameSource);
}

QString cpuCoreName(CpuCore core)
{
    switch (core) {
    case CpuCore::CortexM4:
        return QStringLiteral("cortex-m4");
    case CpuCore::CortexM55:
        return QStringLiteral("cortex-m55");
    case CpuCore::CortexM85:
        return QStringLiteral("cortex-m85");
    }
    return {};
}

std::optional<CpuCore> cpuCoreFromName(const QString &name)
{
    for (CpuCore core : { CpuCore::CortexM4, CpuCore::CortexM55, CpuCore::CortexM85 }) {
        if (cpuCoreName(core) == name)
            return core;
    }
    return std::nullopt;
}

QString pmuTierName(PmuTier tier)
{
    return tier == PmuTier::Pmu ? QStringLiteral("pmu") : QStringLiteral("dwt");
}

bool SocProfile::canCapture(const QString &counter) const
{
    const CounterInfo *info = counters::byName(counter);
    if (!info)
        return false;
    if (pmuTier == PmuTier::Dwt)
        return info->name == cyclesCounterName();
    return supportsGroup(info->group);
}

QStringList SocProfile::capturableCounters() const
{
    QStringList names;
    for (const CounterInfo &info : counters::catalogue()) {
        if (canCapture(info.name))
            names.append(info.name);
    }
    return names;
}

QStringList SocProfile::uncountable(const QStringList &counters) const
{
    QStringList out;
    for (const QString &counter : counters) {
        if (counter == cyclesCounterName())
            continue;
        const bool known = counters::byName(counter) != nullptr;
        if ((pmuTier == PmuTier::Dwt && !emulated) || (known && !canCapture(counter)))
            out.append(counter);
    }
    return out;
}

QStringList SocProfile::contradictions(const StreamBoardFacts &facts) const
{
    QStringList out;
    if (!facts.core.isEmpty() && facts.core != coreName())
        out.append(QStringLiteral("the board states core %1, %2 is a %3").arg(facts.core, name, coreName()));
    if (const QStringList events = uncountable(facts.countedEvents); !events.isEmpty())
        out.append(
            QStringLiteral("the stream counts %1, which %2 cannot count").arg(events.join(QStringLiteral(", ")), name));
    if (facts.clockMhz && !emulated) {
        auto near = [&](int mhz) { return mhz > 0 && std::abs(*facts.clockMhz - mhz) <= 0.005 * mhz; };
        if (!near(cpuMhzLp) && !near(cpuMhzHp))
            out.append(QStringLiteral("the board runs at %1 MHz, %2 at %3")
                           .arg(*facts.clockMhz, 0, 'g', 6)
                           .arg(name,
                               cpuMhzHp > 0 ? QStringLiteral("%1 or %2 MHz").arg(cpuMhzLp).arg(cpuMhzHp)
                                            : QStringLiteral("%1 MHz").arg(cpuMhzLp)));
    }
    if (facts.dwtCleanWindow && cleanWindowTimer != QLatin1String("dwt") && !emulated)
        out.append(
            QStringLiteral("the stream's clean window is DWT-timed (Apollo3/4 firmware), %1 times it with its %2")
                .arg(name, cleanWindowTimer.toUpper()));
    return out;
}

QString StreamBoardFacts::describe() const
{
    QStringList parts;
    if (!core.isEmpty())
        parts.append(core);
    parts.append(countedEvents.isEmpty()
            ? QStringLiteral("no PMU events counted")
            : QStringLiteral("PMU events counted (%1)").arg(countedEvents.join(QStringLiteral(", "))));
    if (clockMhz)
        parts.append(QStringLiteral("%1 MHz").arg(*clockMhz, 0, 'g', 6));
    if (dwtCleanWindow)
        parts.append(QStringLiteral("DWT-timed clean window"));
    return parts.join(QStringLiteral(", "));
}

QStringList SocProfile::profilingBackends() const
{
    if (emulated)
        return { QStringLiteral("qemu-icount") };
    if (pmuTier == PmuTier::Pmu)
        return { QStringLiteral("dwt"), QStringLiteral("armv8m-pmu") };
    return { QStringLiteral("dwt") };
}

QStringList SocProfile::profilingDomains() const
{
    QStringList names;
    for (CounterGroup group : groups)
        names.append(counterGroupName(group));
    return names;
}

namespace socs {

const QVector<SocProfile> &all()
{
    static const QVector<SocProfile> list = buildSocs();
    return list;
}

const SocProfile *byName(const QString &name)
{
    for (const SocProfile &soc : all()) {
        if (soc.name == name)
            return &soc;
    }
    return nullptr;
}

const QVector<BoardInfo> &boards()
{
    static const QVector<BoardInfo> list = buildBoards();
    return list;
}

const BoardInfo *board(const QString &name)
{
    for (const BoardInfo &info : boards()) {
        if (info.name == name)
            return &info;
    }
    return nullptr;
}

const SocProfile *forBoard(const QString &boardName)
{
    const BoardInfo *info = board(boardName);
    return info ? byName(info->soc) : nullptr;
}

QString defaultBoard()
{
    return QStringLiteral("apollo510_evb");
}

QVector<const SocProfile *> fitting(const StreamBoardFacts &facts)
{
    QVector<const SocProfile *> out;
    for (const SocProfile &soc : all()) {
        if (!soc.simulated && !soc.emulated && !soc.extension && soc.contradictions(facts).isEmpty())
            out.append(&soc);
    }
    return out;
}

QString firstBoardOf(const QString &soc)
{
    for (const BoardInfo &info : boards()) {
        if (info.soc == soc)
            return info.name;
    }
    return {};
}

QString simulatedM55Board()
{
    return QStringLiteral("sim_m55");
}

QString simulatedM4Board()
{
    return QStringLiteral("sim_m4");
}

} // namespace socs

} // namespace hpx::model
