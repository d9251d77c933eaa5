#pragma once

#include "model/board/socprofile.h"
#include "model/results/aggregation.h"
#include "model/results/capture.h"
#include "model/results/profileresult.h"
#include "model/tflite/modelinfo.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>
#include <QVector>

#include <optional>

namespace hpx::model {

struct AotManifest;

// Turns a parsed Capture into the merged ProfileResult (docs/compatibility.md §3, with the §0 decisions).
//
// Per pass: aggregation over iterations (aggregation.h). Across passes: by position, the first pass with
// layers fixing the layer list; every other pass must list the same layers (count and op tag at every
// position) or it is rejected — marked in ProfileResult::passes, left out of layers and groups, and
// reported as an error issue naming the pass and the first differing row (§0.3: no silent shifts).
// A counter captured by several passes keeps the first pass's value (§3.4); every pass's
// ARM_PMU_CPU_CYCLES aggregate is kept in LayerResult::cyclesByPass (see docs/merging.md).

struct MergeOptions {
    Engine engine = Engine::HeliaRt;
    Aggregation aggregation = Aggregation::Median;
    const ModelInfo *model = nullptr; // optional: layer attribution and host MACs
    const AotManifest *aotManifest = nullptr; // optional, helia-aot only (§5.7)
};

struct MergeOutcome {
    std::optional<ProfileResult> result; // absent when there is nothing to merge
    QString error; // translated: why there is no result
    QString hint; // translated hint for a firmware error (may be empty)
    QStringList rejectedPasses; // passes left out by the layer check
    AggregationStats rejectedSamples; // wrap / frozen rejections over all passes
    bool ok() const { return result.has_value(); }

    // mergeCapture()'s and comparePassLayers()' words.
    Q_DECLARE_TR_FUNCTIONS(hpx::model::MergeOutcome)
};

MergeOutcome mergeCapture(const Capture &capture, const MergeOptions &options);

// Why `pass` cannot be merged with `reference` (translated, naming the pass and the first differing row),
// or an empty string when both list the same layers.
QString comparePassLayers(const PassResult &reference, const PassResult &pass);

struct MergedLayers {
    QStringList counters; // first pass's column order, then new columns of later passes
    QVector<LayerResult> layers; // values index into counters
    QStringList cyclesPasses; // passes contributing to LayerResult::cyclesByPass
};

// Positional merge of passes already known to list the same layers (the caller checked them).
MergedLayers mergePassLayers(const QVector<const PassResult *> &passes);

// FirmwareMeta (§1.4) from the capture's metadata: the consumed keys in hpx's field order, absent ones
// dropped, then "psram" (a QVariantMap, only when psram_clock_hz was sent; key order psramKeys())
// and "presets" (a QStringList, always present).
QVector<QPair<QString, QVariant>> firmwareMetadata(const Capture &capture);
QStringList psramKeys();

// What the board states about itself (core, cycle source, event counters, engine, kernels, clock, arena...), from
// the capture's metadata in a fixed key order; absent keys are left out (ProfileResult::boardStatement).
QVector<QPair<QString, QVariant>> boardStatement(const Capture &capture);
// What the stream shows about its board (socprofile.h): its stated core and clock, the events it counted (columns the
// board did not disown, §3.8), whether its clean window is DWT-timed.
StreamBoardFacts streamBoardFacts(const Capture &capture);
QVector<QPair<QString, QVariant>> boardStatement(const QVector<QPair<QString, QVariant>> &metadata);

} // namespace hpx::model
