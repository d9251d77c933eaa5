#pragma once

#include "model/bundle/bundlereader.h"
#include "model/compare/comparisonprofile.h"
#include "model/compare/layermatch.h"
#include "model/json/jsonvalue.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>
#include <QVector>

#include <optional>

namespace hpx::model {

// `hpx compare` (docs/compatibility.md §7.2): two result bundles, the baseline and the candidate, become
// comparability issues, a config table, run-level metric deltas, per-layer deltas (layer_diff.csv) and,
// with a comparison profile, a pass | warn | fail | skip verdict.
//
// Blocking, as heliaPROFILER: a bundle whose manifest status is not complete, an invalid result (legacy:
// overflow_detected) and differing model_sha256. hpx Studio lets the user lift the model block on
// purpose (allowModelChange); the layers of different models are then matched by op-sequence alignment,
// never by position. See docs/cli.md "hpx compare" for the layer-matching rules.

struct ComparabilityIssue {
    QString code; // result.incomplete, identity.model_mismatch, dimension.board_differs, ...
    QString severity; // blocking | layer_blocking | metric_blocking | informative
    QString message; // English, as heliaPROFILER writes it into compare_summary.json
    JsonValue context = JsonValue::object();
};

struct ConfigRow {
    QString key; // model_sha256, board, ... (what required_dimensions names)
    QString field; // "Model SHA256", "Board", ... (written to compare_summary.json)
    JsonValue baseline; // objects and lists as sorted JSON text, as hpx writes them
    JsonValue candidate;
    bool same = true;
};

struct MetricDiff {
    QString name; // total_cycles, device_profiled_infer_avg_us, layers, binary.text, memory.arena_size, ...
    JsonValue baseline; // as the summary holds it (Null when absent)
    JsonValue candidate;
    std::optional<double> delta; // candidate - baseline
    std::optional<double> deltaPct; // delta / baseline x 100 (none when the baseline is 0)
    QString unit; // cycles, us, bytes, "" for layers
};

struct ComparisonOptions {
    bool allowModelChange = false; // differing model_sha256 no longer blocks (hpx Studio extension)
    const ComparisonProfile *profile = nullptr;
};

struct Comparison {
    Bundle baseline;
    Bundle candidate;
    QStringList warnings; // English, written to compare_summary.json (issue messages first)
    QVector<ComparabilityIssue> issues;
    QVector<ConfigRow> config;
    QVector<MetricDiff> metrics;
    LayerMatchRule layerRule = LayerMatchRule::None;
    QVector<LayerPair> pairs; // layer_diff.csv rows, in order
    std::optional<ComparisonVerdict> verdict;

    bool runMetricsComparable() const; // no blocking issue
    bool layersComparable() const; // ... and per-layer rows exist
    bool powerMetricsComparable() const;
    bool blocked() const { return !runMetricsComparable(); }
    QStringList blockingMessages() const; // translated, one per blocking issue

    // Per-layer numbers of one counter (ARM_PMU_CPU_CYCLES for "cycles") for a pair; nullopt when a side
    // lacks it.
    std::optional<double> baselineValue(int pair, const QString &counter) const;
    std::optional<double> candidateValue(int pair, const QString &counter) const;
    QStringList sharedCounters() const; // counters both runs captured, baseline order
    // Either run is the virtual board's: its cycle column (and total_cycles) counts emulated instructions and its
    // *_us figures are derived from them at a nominal clock, so what people read names instructions and shows no
    // time (docs/output-files.md).
    bool cyclesAreEmulatedInstructions() const
    {
        return baseline.result.cyclesAreEmulatedInstructions() || candidate.result.cyclesAreEmulatedInstructions();
    }
    const MetricDiff *metric(const QString &name) const;

    // The comparison's messages (its issues in the user's language, Comparator's read errors) are this struct's.
    Q_DECLARE_TR_FUNCTIONS(hpx::model::Comparison)
};

class Comparator {
public:
    static Comparison compare(Bundle baseline, Bundle candidate, const ComparisonOptions &options = {});
    // Reads both bundles (in parallel) and compares them. On a read failure returns nullopt and sets *error
    // (translated, names the bundle and the file).
    static std::optional<Comparison> compareDirectories(
        const QString &baselineDir, const QString &candidateDir, const ComparisonOptions &options, QString *error);
};

} // namespace hpx::model
