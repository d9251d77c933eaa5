#pragma once

#include "model/board/socprofile.h"
#include "model/config/config.h"
#include "model/config/configdocuments.h"
#include "model/json/jsonvalue.h"
#include "model/results/profileresult.h"
#include "model/tflite/modelinfo.h"

#include <QByteArray>
#include <QDateTime>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>

namespace hpx::model {

class BundleStaging;

// The run-level inputs of a result bundle, next to the merged ProfileResult: who ran what, where,
// when and how, plus the options that shape the bundle. Filled by the CLI/GUI glue; the bundle
// writer only reads it. A plain value: safe to hand to a worker thread.

struct PlatformInfo {
    QString board; // apollo510_evb
    QString soc; // apollo510
    QString core; // cortex-m4 | cortex-m55 (| cortex-m85, ours)
    QString pmuTier; // dwt | pmu
    std::optional<bool> hasMve;
    QStringList profilingBackends; // ["dwt"] or ["dwt", "armv8m-pmu"]
    QStringList profilingDomains; // cpu, memory, mve
    QString cpuClockName; // lp | hp
    std::optional<double> cpuClockMhz;
    QString cpuPerfTier; // NSX_PERF_LOW | NSX_PERF_HIGH
    // hpx import without a board: the stream's facts fit several SoCs and `board` is the first of them; the core is
    // what the stream told, the board is not (run_metadata platform.board_assumed, an extension).
    bool boardAssumed = false;
    bool isEmpty() const { return board.isEmpty() && soc.isEmpty() && core.isEmpty(); }

    // From target.board (its SoC profile) and target.clock.cpu. An unknown board keeps only the board
    // and clock names: the bundle then says what was asked for instead of guessing a SoC.
    static PlatformInfo fromConfig(const Config &config);
    // The same from a board name and a clock name (lp | hp): the preset the window's Board dock has chosen.
    static PlatformInfo forBoard(const QString &board, CpuClock cpuClock);

    // This preset with what the board states about itself in its stream (ProfileResult::boardStatement) put in
    // place (docs/compatibility.md §5.6): core (HPX_CORE), clock (HPX_SYSTEM_CLOCK_HZ), and from
    // HPX_CYCLE_SOURCE / HPX_EVENT_COUNTERS the pmu_tier and profiling_backends. The preset fills only what the
    // stream leaves out; a stream that states nothing (stock heliaPROFILER firmware) leaves the preset as it is.
    PlatformInfo asStated(const QVector<QPair<QString, QVariant>> &statement) const;

    struct Disagreement {
        QString field; // core, cpu_clock_mhz, pmu_tier
        QString preset; // as the preset has it
        QString board; // as the board states it
    };
    // Where the board's statement and this preset disagree (one entry per field).
    QVector<Disagreement> disagreements(const QVector<QPair<QString, QVariant>> &statement) const;
    // What else the stream shows that this preset's SoC contradicts (issue 36): events it counted that the SoC cannot
    // count, a DWT-timed clean window on a part that times it otherwise. Empty for an unknown board.
    QVector<Disagreement> factDisagreements(const StreamBoardFacts &facts) const;
};

// The issue board.preset_disagrees naming every field where the board's own words and the chosen preset differ
// (English, for summary.json), or nullopt when they agree. `extra` adds fields checked elsewhere (the engine).
std::optional<Issue> boardPresetIssue(const PlatformInfo &preset, const QVector<QPair<QString, QVariant>> &statement,
    const QVector<PlatformInfo::Disagreement> &extra = {});

struct RunTiming {
    std::optional<double> captureDurationS;
    std::optional<double> hpxStartLatencyS;
    std::optional<double> protocolDurationS;
    JsonValue phases; // object phase -> seconds, or Null
    bool isEmpty() const { return !captureDurationS && !hpxStartLatencyS && !protocolDurationS && phases.size() == 0; }
};

struct RunContext {
    QString runId; // UUID4, lower-case with dashes
    QString timestamp; // 2026-08-22T13:38:20.123456+00:00
    QString hpxVersion; // this app's version (versionString())

    JsonValue config; // resolved config snapshot, keys in config order
    PlatformInfo platform;

    // The model as run. `model` gives graph ids for the overlays and the MAC totals; without it the
    // overlays assume one subgraph ("main") and the summary has no model_analysis.
    QString modelName; // file name
    std::optional<qint64> modelSizeBytes;
    QString modelSha256;
    std::shared_ptr<const ModelInfo> model;

    QString engineVersion; // optional engine.version in run_metadata
    JsonValue toolchain; // {compiler, compiler_version, cmake_version} or Null
    QString transport; // rtt | usb_cdc | uart | swo | sim (ours)
    // The emulator a virtual-board run ran on ({name, version, machine, cycles}), run_metadata's
    // hpx_studio.emulator; Null for boards.
    JsonValue emulator;
    // What the virtual board's input tensors got (model/input/modelinput.h: the fixed input, files with their
    // SHA-256, or a seed), run_metadata's hpx_studio.input; Null for boards, whose firmware chooses its input.
    JsonValue input;
    // summary.json's and detailed/memory.json's memory_plan (docs/compatibility.md §5.5): where the run put the
    // arena and the weights, as the virtual board places them (model/memory/boardplacement.h); Null when unknown.
    JsonValue memoryPlan;
    RunTiming timing;

    // The raw wire stream, kept in the bundle as rawCaptureName (an extension artifact). Give the
    // bytes, or a file to copy; a failed write never deletes the file.
    QByteArray rawCapture;
    // SHA-256 (hex) of rawCapture when the caller has it already (hpx import hashes the stream while it parses it);
    // empty: the writer computes it.
    QString rawCaptureSha256;
    QString rawCapturePath;
    QString rawCaptureName = QStringLiteral("capture.log");
    // A publish into the output folder opened before the run ended, with rawCaptureName possibly staged in it already
    // (hpx import copies the stream while it parses it: BundlePublisher::open). Null: the writer opens its own.
    std::shared_ptr<BundleStaging> staging;

    JsonValue aotManifest; // heliaAOT aot_operator_manifest.json (array) or Null

    OutputFormat format = OutputFormat::Csv;
    bool modelExplorer = true;
    bool detailed = false;

    // A context with a fresh run id, the current UTC time and this build's version.
    static RunContext create();
    // create() plus what the configuration decides: the config snapshot, the platform and the output
    // options. `hpx profile`, `hpx import` and the GUI all start here, so their bundles record a run
    // the same way.
    static RunContext fromConfig(const Config &config);
    // The model fields (name, size, SHA-256) from the model as loaded; null clears them.
    void setModel(std::shared_ptr<const ModelInfo> modelInfo);
    static QString newRunId();
    static QString formatTimestamp(const QDateTime &utc); // microseconds, "+00:00"
};

} // namespace hpx::model
