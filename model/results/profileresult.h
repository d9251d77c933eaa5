#pragma once

#include "model/board/engine.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>
#include <QVariant>
#include <QVector>

#include <optional>

namespace hpx::model {

// The merged, per-layer result of one profile run: what the table, heat graph, charts,
// overlays and bundle all read. Built by merge.h from a Capture; immutable once built.

enum class Aggregation { Median, Mean, Trimmed };
QString aggregationName(Aggregation aggregation);
std::optional<Aggregation> aggregationFromName(const QString &name);

struct Issue {
    QString code; // "pmu.counter_overflow", "profile.clean_window_stalled", ...
    QString severity; // "error" | "warning"
    QString message;
    QJsonObject context;
    QStringList contextOrder; // context keys in hpx's write order (QJsonObject sorts them)

    static Issue make(const QString &code, const QString &severity, const QString &message)
    {
        return Issue { code, severity, message, {}, {} };
    }
    void put(const QString &key, const QJsonValue &value) // appends a context entry in write order
    {
        context.insert(key, value);
        contextOrder.append(key);
    }
};

struct LayerResult {
    int position = 0; // position in execution order (the merged layer list)
    QVariant id; // firmware "Layer" value (int when it parses)
    QString op; // raw op tag: CONV_2D, CONV_2D:3, OPERATOR_CALL:c0i7
    QString opType; // op tag without a ":suffix"
    int subgraph = -1; // resolved subgraph index, -1 when unresolved
    int sourceIndex = -1; // resolved original operator index in that subgraph, -1 when unresolved
    QVector<std::optional<double>> values; // one per owning result's counter list; nullopt = not captured
    // For a control-flow operator whose event encloses the rows of the subgraphs it calls (WHILE, IF, CALL_ONCE
    // under tflm/helia-rt), `values` are inclusive and these are its own: values less its enclosed layers'. Empty
    // when the layer encloses nothing (self = values). See docs/merging.md, "Self and inclusive".
    QVector<std::optional<double>> selfValues;
    int parentLayer = -1; // the layer whose event encloses this one, or -1 (top level)
    bool encloses() const { return !selfValues.isEmpty(); }
    std::optional<double> selfAt(int column) const // the layer's own value (= valueAt when it encloses nothing)
    {
        return selfValues.isEmpty()                     ? valueAt(column)
            : column >= 0 && column < selfValues.size() ? selfValues.at(column)
                                                        : std::nullopt;
    }
    std::optional<double> valueAt(int column) const // nullopt for a column out of range or not captured
    {
        return column >= 0 && column < values.size() ? values.at(column) : std::nullopt;
    }
    bool overflow = false;
    std::optional<qint64> macs; // host MACs joined on (subgraph, sourceIndex)
    std::optional<qint64> ops;
    QVector<double> cyclesByPass; // ARM_PMU_CPU_CYCLES aggregate from every pass that captured it (spread)
    int invocations = 1; // rows summed into this layer (an operator run several times per inference)
    QVector<int> rows; // positions of the per-pass rows summed into this layer (empty = {position})
    bool observed = true; // false: no iteration had a row at this position (op "unknown"), see docs/merging.md
    int samples = -1; // per pass: iterations whose row at this position was used (-1 = not counted)
    int line = 0; // stream line of the row that named this layer (first pass), 0 when unknown (a bundle read back)
    // Iterations tie on its op tag and the model prefers none (aggregatePass): never attributed to an operator.
    bool tagUndecided = false;
    QString incompleteReason; // English: why values were left out although rows were seen (docs/merging.md)
    // Whether the operator ran in the profiled inferences. A layer of ProfileResult::layers was profiled; an entry of
    // ProfileResult::notRun did not run there (a loop not entered, an IF branch not taken) or ran only once, at the
    // first Invoke, which is not profiled (a CALL_ONCE's init subgraph). See docs/merging.md, "Operators that did not
    // run".
    enum class Execution { Profiled, NotRun, OnceAtInit };
    Execution execution = Execution::Profiled;
    bool profiled() const { return execution == Execution::Profiled; }
};

struct PassResult {
    QString name; // cpu_0
    QString group; // cpu ("" for legacy/underscore passes)
    QStringList counters; // this pass's counter columns
    QVector<LayerResult> layers; // aggregated over this pass's iterations, values index into counters
    int iterationCount = 0;
    bool rejected = false; // its layer list disagrees with the first pass: not merged (§0.3)
    QString rejectionReason; // translated, names the pass and the first differing row
};

struct GroupResult {
    QString name; // cpu, memory, mve
    QStringList counters;
    QVector<LayerResult> layers;
};

struct UnresolvedLayer {
    int position = 0;
    QString op;
    QString reason;
};

struct ProfileResult {
    Engine engine = Engine::HeliaRt;
    Aggregation aggregation = Aggregation::Median;
    QStringList counters; // merged counter columns, first pass's order then new ones
    // Counters of `counters` the board said it did not count (docs/compatibility.md §3.8): every value of theirs is
    // nullopt, they are "not counted" in the window and absent from every bundle file; never 0.
    QStringList notCounted;
    // What the board says about itself in its stream (docs/compatibility.md §1.4 extension keys): core, cycle
    // source, engine, clock, kernels, arena... in arrival order, key as in Capture::metadata.
    QVector<QPair<QString, QVariant>> boardStatement;
    QVector<LayerResult> layers; // merged, one per position
    // The model's operators that have no layer because they did not run in the profiled inferences
    // (operatorsnotrun.h), keyed by (subgraph, sourceIndex), in the model's order: invocations 0, every value nullopt
    // (never 0), position after the last layer. Apart from `layers`, so no heliaPROFILER file, total or overlay counts
    // them; hpx_studio_layers.csv, the window and `hpx show` list them.
    QVector<LayerResult> notRun;
    QVector<PassResult> passes; // stream order
    QVector<GroupResult> groups; // first-appearance order
    QVector<QPair<QString, QVariant>> firmware; // FirmwareMeta (wire metadata the spec consumes)
    bool overflowDetected = false;
    QVector<Issue> issues;
    QVector<UnresolvedLayer> unresolved; // layers left out of the overlays, and why
    QString overlaysSkippedReason; // non-empty when no overlays can be written (executorch, model.mismatch)
    // English, non-empty when the layer rows do not fit the model they are joined to as a whole (helia-aot: op types
    // at the named indices, more rows than operators, a manifest naming other operators): model.mismatch names it.
    QString modelMisfit;
    QStringList warnings; // user-facing warnings gathered while merging
    QStringList cyclesPasses; // passes whose ARM_PMU_CPU_CYCLES fill LayerResult::cyclesByPass,
                              // in that order (a NaN entry = that pass lacked the value)

    int counterIndex(const QString &counter) const; // -1 if not captured
    bool isCounted(const QString &counter) const { return !notCounted.contains(counter); }
    std::optional<double> value(int layer, const QString &counter) const;
    std::optional<double> cycles(int layer) const; // ARM_PMU_CPU_CYCLES
    double totalCycles() const; // sum of merged cycles (0 if none): heliaPROFILER's total_cycles, which counts the
                                // cycles of a layer enclosed by a control-flow operator twice (docs/compatibility.md)
    bool hasEnclosingLayers() const; // some layer's values include other layers' (self != inclusive)
    // The board said its cycle column counts instructions an emulator executed (the virtual board: QEMU -icount,
    // cycle_source qemu_icount_instructions), not the core's cycles: every view names the column so.
    bool cyclesAreEmulatedInstructions() const;
    std::optional<double> selfValue(int layer, const QString &counter) const;
    // Σ over layers of the layer's own (self) values: every counted event once. nullopt when no layer has the counter.
    std::optional<double> selfTotal(const QString &counter) const;
    double selfTotalCycles() const; // selfTotal(cycles), 0 when none
    QString validity() const; // valid | degraded | invalid (§5.9)

    struct CyclesSpread {
        double min = 0;
        double max = 0;
        int passes = 0; // passes that measured this layer's cycles
        double relative() const { return max > 0 ? (max - min) / max : 0.0; } // (max - min) / max
    };
    // How far apart the passes' cycle aggregates for one layer are; nullopt when fewer than two passes
    // measured it.
    std::optional<CyclesSpread> cyclesSpread(int layer) const;
};

} // namespace hpx::model
