#pragma once

#include "model/board/kernelset.h"
#include "model/json/jsonvalue.h"
#include "model/tflite/modelinfo.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>
#include <QVector>

#include <optional>

namespace hpx::model {

// Where the virtual board (QEMU mps3-an547) puts a model's tensor arena and its weights (the .tflite), by
// heliaPROFILER's rule: the fastest region that fits, the arena first, unless the user pinned one with
// model.arena_location / model.weights_location (docs/virtual-board.md, "Memory placement"). Immutable values.

// One of heliaPROFILER's locations as the virtual board's memory that backs it.
struct BoardRegion {
    QString location; // heliaPROFILER's name: tcm, sram, mram or psram
    QString memory; // linker.ld's region: DTCM, SRAM2, SRAM (the code SRAM), QSPI or DDR
    quint32 base = 0; // its address as the firmware sees it
    qint64 size = 0; // the whole memory
    qint64 reserved = 0; // what the firmware keeps in it for itself (code; .data, .bss and the stack)
    bool writable = true; // mram is not: weights only
    QString reservedFor; // what `reserved` holds, in words (empty when nothing)

    qint64 capacity() const { return size - reserved; } // what an arena or the weights can have
};

// The virtual board's regions for each location, fastest first: tcm (DTCM), sram (the 4 MiB SRAM), mram (the code
// SRAM, or the QSPI flash when the weights do not fit there) and psram (DDR).
QVector<BoardRegion> virtualBoardRegions();
QStringList boardLocations(); // tcm, sram, mram, psram

struct BoardPlacement {
    BoardRegion arena;
    BoardRegion weights;
    qint64 arenaBytes = 0; // what the firmware's arena gets: the estimate and a margin, 16-byte aligned
    std::optional<qint64> arenaEstimate; // the model's whole-arena estimate for the kernel set; none if unplannable
    qint64 weightBytes = 0; // the model file, linked in as it is
    bool arenaPinned = false;
    bool arenaSizeGiven = false; // model.arena_size, not the estimate
    bool weightsPinned = false;

    // summary.json's memory_plan (docs/compatibility.md §5.5): engine, model_weight_bytes, has_overflow and every
    // location with its capacity, use and consumers.
    JsonValue memoryPlanJson() const;
    // The make variables the firmware's Makefile takes: ARENA_REGION=…, ARENA_SIZE=…, WEIGHTS_REGION=…
    QStringList makeVariables() const;
};

struct BoardPlacementResult {
    std::optional<BoardPlacement> placement;
    QString error; // translated, one line: why nothing fits, or the pinned location does not

    bool ok() const { return placement.has_value(); }

    // placeOnVirtualBoard()'s words (the error, the regions' consumer names) are this struct's, which holds them.
    Q_DECLARE_TR_FUNCTIONS(hpx::model::BoardPlacementResult)
};

// The arena a model gets on the virtual board: its estimate (memoryplan.h) plus a quarter, at least 4 KiB more.
qint64 arenaWithMargin(qint64 estimate);

// Places `model` for `kernels`; a location given (tcm|sram|mram|psram) is taken as it is, or refused with a reason.
// `arenaSize` (model.arena_size) replaces the estimate and its margin.
BoardPlacementResult placeOnVirtualBoard(const ModelInfo &model, KernelSet kernels,
    const std::optional<QString> &arenaLocation = std::nullopt,
    const std::optional<QString> &weightsLocation = std::nullopt, std::optional<qint64> arenaSize = std::nullopt);

} // namespace hpx::model
