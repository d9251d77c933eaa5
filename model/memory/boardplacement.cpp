#include "model/memory/boardplacement.h"

#include "model/memory/memoryplan.h"
#include "model/memory/tensorplan.h"

#include <algorithm>

namespace hpx::model {

namespace {

constexpr qint64 KiB = 1024;
constexpr qint64 MiB = 1024 * KiB;

// What the firmware keeps for itself (linker.ld, checked at link time): the DTCM's .data, .bss (the agent's 2048
// rows of 28 bytes and the interpreter's storage, 60 KB on the models of tests/data) and the 32 KiB stack; the code
// SRAM's code and constants (TFLM with the kernels a model uses: 55-200 KB on them).
constexpr qint64 dtcmReserved = 96 * KiB;
constexpr qint64 codeReserved = 512 * KiB;

BoardRegion tcm()
{
    return { QStringLiteral("tcm"), QStringLiteral("DTCM"), 0x20000000u, 512 * KiB, dtcmReserved, true,
        BoardPlacementResult::tr("the firmware's data, bss and stack") };
}

BoardRegion sram()
{
    return { QStringLiteral("sram"), QStringLiteral("SRAM2"), 0x21000000u, 4 * MiB, 0, true, {} };
}

BoardRegion codeSram()
{
    return { QStringLiteral("mram"), QStringLiteral("SRAM"), 0x01000000u, 2 * MiB, codeReserved, false,
        BoardPlacementResult::tr("the firmware's code and constants") };
}

BoardRegion qspi()
{
    return { QStringLiteral("mram"), QStringLiteral("QSPI"), 0x28000000u, 8 * MiB, 0, false, {} };
}

BoardRegion psram()
{
    // QEMU's mps3-an547 has 2 GiB of DDR (MPS3_DDR_SIZE), allocated on the host as it is touched.
    return { QStringLiteral("psram"), QStringLiteral("DDR"), 0x60000000u, 2048 * MiB, 0, true, {} };
}

QString bytes(qint64 n)
{
    return BoardPlacementResult::tr("%1 bytes").arg(QString::number(n));
}

QString regionName(const BoardRegion &r)
{
    return QStringLiteral("%1 (%2 at 0x%3)").arg(r.location, r.memory).arg(r.base, 8, 16, QLatin1Char('0'));
}

// The location's region for the weights: mram is the code SRAM while the weights fit next to the code, else QSPI.
BoardRegion weightsRegion(const QString &location, qint64 weightBytes)
{
    if (location == QLatin1String("mram"))
        return weightBytes <= codeSram().capacity() ? codeSram() : qspi();
    for (const BoardRegion &r : virtualBoardRegions()) {
        if (r.location == location)
            return r;
    }
    return {};
}

} // namespace

QVector<BoardRegion> virtualBoardRegions()
{
    return { tcm(), sram(), codeSram(), psram() };
}

QStringList boardLocations()
{
    return { QStringLiteral("tcm"), QStringLiteral("sram"), QStringLiteral("mram"), QStringLiteral("psram") };
}

qint64 arenaWithMargin(qint64 estimate)
{
    const qint64 withMargin = estimate + std::max(estimate / 4, 4 * KiB);
    return (withMargin + arenaAlignment - 1) / arenaAlignment * arenaAlignment;
}

BoardPlacementResult placeOnVirtualBoard(const ModelInfo &model, KernelSet kernels,
    const std::optional<QString> &arenaLocation, const std::optional<QString> &weightsLocation,
    std::optional<qint64> arenaSize)
{
    BoardPlacementResult result;
    for (const std::optional<QString> &given : { arenaLocation, weightsLocation }) {
        if (given && !boardLocations().contains(*given)) {
            result.error = BoardPlacementResult::tr("unknown memory location \"%1\" (choose %2)")
                               .arg(*given, boardLocations().join(QStringLiteral(", ")));
            return result;
        }
    }
    BoardPlacement p;
    p.weightBytes = model.sizeBytes;
    p.arenaPinned = arenaLocation.has_value();
    p.weightsPinned = weightsLocation.has_value();
    const MemoryPlanResult plan = planMemory(model, kernels);
    if (plan.ok())
        p.arenaEstimate = plan.plan->arenaBytes();
    // A model TFLM cannot plan either gets what the DTCM has, as the board gave every model before placement.
    p.arenaBytes = p.arenaEstimate ? arenaWithMargin(*p.arenaEstimate) : tcm().capacity();
    if (arenaSize) {
        if (*arenaSize <= 0 || *arenaSize > psram().size) {
            result.error
                = BoardPlacementResult::tr("model.arena_size %1 is not a size the virtual board can give (1 to %2)")
                      .arg(*arenaSize)
                      .arg(bytes(psram().size));
            return result;
        }
        p.arenaBytes = (*arenaSize + arenaAlignment - 1) / arenaAlignment * arenaAlignment;
        p.arenaSizeGiven = true;
    }
    const QString arenaNeeds = p.arenaSizeGiven
        ? BoardPlacementResult::tr("an arena of %1 (model.arena_size)").arg(bytes(p.arenaBytes))
        : p.arenaEstimate ? BoardPlacementResult::tr("an arena of %1 (its estimate, %2, and a margin)")
                                .arg(bytes(p.arenaBytes), bytes(*p.arenaEstimate))
                          : BoardPlacementResult::tr("an arena of %1").arg(bytes(p.arenaBytes));

    // The arena first: the fastest writable region it fits in.
    if (arenaLocation) {
        if (*arenaLocation == QLatin1String("mram")) {
            result.error
                = BoardPlacementResult::tr("the arena cannot go to mram: it is read-only on the virtual board (the "
                                           "code SRAM or the QSPI flash), for weights only");
            return result;
        }
        p.arena = weightsRegion(*arenaLocation, 0);
        if (p.arenaBytes > p.arena.capacity()) {
            result.error = BoardPlacementResult::tr("the model needs %1, more than %2 has for it (%3)")
                               .arg(arenaNeeds, regionName(p.arena), bytes(p.arena.capacity()));
            return result;
        }
    } else {
        bool placed = false;
        for (const BoardRegion &r : virtualBoardRegions()) {
            if (r.writable && p.arenaBytes <= r.capacity()) {
                p.arena = r;
                placed = true;
                break;
            }
        }
        if (!placed) {
            const BoardRegion largest = psram();
            result.error
                = BoardPlacementResult::tr("the model needs %1; it fits in no memory of the virtual board, whose "
                                           "largest region, %2, has %3")
                      .arg(arenaNeeds, regionName(largest), bytes(largest.capacity()));
            return result;
        }
    }
    // Then the weights: the fastest region with room left beside the arena.
    const auto roomFor
        = [&](const BoardRegion &r) { return r.capacity() - (r.memory == p.arena.memory ? p.arenaBytes : 0); };
    if (weightsLocation) {
        p.weights = weightsRegion(*weightsLocation, p.weightBytes);
        if (p.weightBytes > roomFor(p.weights)) {
            const QString text = p.weights.memory == p.arena.memory
                ? BoardPlacementResult::tr(
                    "the model's weights (%1) do not fit in %2: it has %3 for them beside the arena")
                : BoardPlacementResult::tr("the model's weights (%1) do not fit in %2: it has %3 for them");
            result.error = text.arg(bytes(p.weightBytes), regionName(p.weights), bytes(roomFor(p.weights)));
            return result;
        }
    } else {
        bool placed = false;
        for (const QString &location : boardLocations()) {
            const BoardRegion r = weightsRegion(location, p.weightBytes);
            if (p.weightBytes <= roomFor(r)) {
                p.weights = r;
                placed = true;
                break;
            }
        }
        if (!placed) {
            result.error
                = BoardPlacementResult::tr("the model's weights (%1) fit in no memory of the virtual board beside "
                                           "its arena; the largest region, %2, has %3 left")
                      .arg(bytes(p.weightBytes), regionName(psram()), bytes(roomFor(psram())));
            return result;
        }
    }
    result.placement = std::move(p);
    return result;
}

JsonValue BoardPlacement::memoryPlanJson() const
{
    JsonValue plan = JsonValue::object();
    plan.appendMember(QStringLiteral("engine"), JsonValue(QStringLiteral("tflm")));
    plan.appendMember(QStringLiteral("model_weight_bytes"), JsonValue(weightBytes));
    JsonValue regions = JsonValue::array();
    bool overflow = false;
    for (BoardRegion r : virtualBoardRegions()) {
        if (r.location == weights.location)
            r = weights; // mram: the code SRAM or the QSPI flash, whichever holds the weights
        JsonValue consumers = JsonValue::array();
        qint64 used = 0;
        const auto consumer = [&](const QString &name, qint64 size, const QString &kind) {
            JsonValue c = JsonValue::object();
            c.appendMember(QStringLiteral("name"), JsonValue(name));
            c.appendMember(QStringLiteral("size"), JsonValue(size));
            c.appendMember(QStringLiteral("kind"), JsonValue(kind));
            consumers.append(std::move(c));
            used += size;
        };
        if (r.reserved > 0)
            consumer(r.memory == QLatin1String("DTCM") ? QStringLiteral("data_bss_stack") : QStringLiteral("code"),
                r.reserved, QStringLiteral("firmware"));
        if (r.memory == arena.memory)
            consumer(QStringLiteral("tensor_arena"), arenaBytes, QStringLiteral("arena"));
        if (r.memory == weights.memory)
            consumer(QStringLiteral("model_weights"), weightBytes, QStringLiteral("weights"));
        const qint64 over = std::max<qint64>(0, used - r.size);
        overflow = overflow || over > 0;
        JsonValue region = JsonValue::object();
        region.appendMember(QStringLiteral("region"), JsonValue(r.location));
        region.appendMember(QStringLiteral("capacity"), JsonValue(r.size));
        region.appendMember(QStringLiteral("used"), JsonValue(used));
        region.appendMember(QStringLiteral("free"), JsonValue(std::max<qint64>(0, r.size - used)));
        region.appendMember(QStringLiteral("overflow"), JsonValue(over));
        region.appendMember(QStringLiteral("consumers"), std::move(consumers));
        regions.append(std::move(region));
    }
    plan.appendMember(QStringLiteral("has_overflow"), JsonValue(overflow));
    plan.appendMember(QStringLiteral("regions"), std::move(regions));
    return plan;
}

QStringList BoardPlacement::makeVariables() const
{
    return { QStringLiteral("ARENA_REGION=") + arena.memory,
        QStringLiteral("ARENA_SIZE=") + QString::number(arenaBytes),
        QStringLiteral("WEIGHTS_REGION=") + weights.memory };
}

} // namespace hpx::model
