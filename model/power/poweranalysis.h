#pragma once

#include "model/power/currenthistogram.h"
#include "model/power/powersource.h"
#include "model/results/powerterminal.h"
#include "model/results/profileresult.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>
#include <QVector>

#include <atomic>
#include <functional>
#include <optional>

namespace hpx::model::power {

// What the user says about a recording (hpx power's options, the window's Add Power Recording dialog).
struct PowerOptions {
    QString gate; // digital channel (name or 0-based index) the gate GPIO is wired to; empty: the first one
    QString marker; // the marker GPIO's channel; empty: none (no per-layer energy)
    std::optional<double> supplyVoltageV; // used when the recording has no voltage
    std::optional<qint64> inferences; // inferences per gate window, when neither the record nor the pulses say
    QString powerFirmware = QStringLiteral("profiling"); // profiling | dedicated (summary power_firmware)
};

// One stretch of the recording with the gate high.
struct GateWindow {
    double startS = 0.0; // first gated sample's time
    double durationS = 0.0; // Σ sample durations while high
    double energyJ = 0.0;
    double chargeC = 0.0;
    double peakA = 0.0;
    qint64 samples = 0;
    int markerEdges = 0; // > 0: a marker window (per-layer shares), 0: a clean window (energy per inference)
    qint64 gapSamples = 0; // samples the instrument lost (NaN current) while the gate was high: not integrated
    bool cutOff = false; // the recording ended with the gate still high
};

// The energy and time between two marker edges (or the gate's rise and the first edge): closed by the edge, so it
// belongs to the operator whose event ended there.
struct MarkerInterval {
    double energyJ = 0.0;
    double durationS = 0.0;
    double endS = 0.0; // the edge's time
};

// A min/max/mean envelope of the current over the whole recording, for the Power view: at most 2 × kBuckets
// buckets whatever the recording's length (buckets merge pairwise when full).
struct CurrentTrace {
    static constexpr int kBuckets = 8192;
    struct Bucket {
        double startS = 0.0, endS = 0.0;
        float minA = 0.0f, maxA = 0.0f;
        double sumA = 0.0;
        qint64 samples = 0;
    };
    QVector<Bucket> buckets;
    qint64 samplesPerBucket = 1;
    void add(double t, double dt, float current);
};

// One pass over a recording: gate windows, marker intervals, the clean windows' current histogram, whole-recording
// figures. Fed block by block; memory does not grow with the recording's length (only with windows and edges).
struct RecordingScan {
    QString format;
    QString instrument;
    bool simulated = false;
    QStringList digitalChannels;
    QString gateChannel;
    QString markerChannel; // empty: none
    bool voltageRecorded = false;
    double supplyVoltageV = 0.0; // when not recorded
    qint64 samples = 0;
    qint64 gapSamples = 0; // samples without a current (the instrument's gaps), not integrated
    double durationS = 0.0;
    double energyJ = 0.0;
    double chargeC = 0.0;
    double peakA = 0.0;
    QVector<GateWindow> windows;
    // The marker windows, in bounded memory whatever their length: every edge counted, its interval added to the
    // slot of its operator event (edge j of the windows -> slot j % eventsPerInference), each inference's energy
    // kept; only the first kKeptIntervals intervals themselves are kept (the Power view's layer boundaries).
    static constexpr int kKeptIntervals = 20000;
    int eventsPerInference = 0; // 0: not known when scanning (no slots)
    qint64 markerEdgeCount = 0;
    QVector<double> slotEnergyJ, slotDurationS; // per operator event of an inference, summed over inferences
    QVector<double> inferenceEnergiesJ; // per inference of the marker windows (whole groups of edges)
    QVector<MarkerInterval> markerIntervals; // the first kKeptIntervals, in order
    CurrentHistogram cleanCurrent; // samples of the clean windows
    CurrentTrace trace;
    // Every sample of the first marker window (at most kDetailSamples), for the Power view's zoom to one inference.
    struct Sample {
        double t;
        float currentA;
    };
    static constexpr int kDetailSamples = 400000;
    QVector<Sample> markerDetail;
};

class PowerScanner {
    Q_DECLARE_TR_FUNCTIONS(hpx::model::power::PowerScanner)
public:
    using Progress = std::function<void(double fraction)>;
    // Reads `source` to its end. nullopt with `error` (translated) when the source fails, a channel is not there, or
    // there is no voltage and no supply voltage. `cancel` stops it (error "cancelled").
    // `eventsPerInference`: the operator events of one inference (PowerContext::eventLayers.size()), so the marker
    // windows' intervals are summed per event as they stream by; 0 when not known (no per-layer energy then).
    static std::optional<RecordingScan> scan(PowerSource &source, const PowerOptions &options, QString *error,
        const Progress &progress = {}, const std::atomic_bool *cancel = nullptr, int eventsPerInference = 0);
    // The channel a name or index means, -1 when none.
    static int channelIndex(const QStringList &channels, const QString &nameOrIndex);
};

// What a bundle tells the measurement: the firmware's own words and the operators' events.
struct PowerContext {
    std::optional<PowerTerminalRecord> terminal; // the stream's power terminal record (last complete one)
    std::optional<double> cleanInferAvgUs; // summary latency.device_clean_infer_avg_us
    // Per inference, the layer whose event ends at each marker edge, in time order (markerEventOrder); empty with
    // eventOrderProblem set when it cannot be known.
    QVector<int> eventLayers;
    QString eventOrderProblem;
    QVector<int> parentLayer; // per layer, the layer enclosing it or -1
};

// The layers' event ends in time order for one inference: the rows in begin order (TFLM opens an event per
// operator, its index fixed at begin), an enclosing layer's event ending after every event it encloses.
// nullopt with `why` set when the result cannot say (an operator run several times per inference read back
// from a bundle, whose row order is not kept).
std::optional<QVector<int>> markerEventOrder(const ProfileResult &result, QString *why);
PowerContext powerContext(const ProfileResult &result, const std::optional<PowerTerminalRecord> &terminal,
    std::optional<double> cleanInferAvgUs);

// The measurement: heliaPROFILER's figures from the clean windows, per-layer shares from the marker windows, and
// the health checks as issues.
struct PowerMeasurement {
    RecordingScan scan;
    QString powerFirmware;
    int cleanWindows = 0;
    int markerWindows = 0;
    std::optional<qint64> inferences;
    QString inferenceSource; // terminal_record | gate_pulses | option | ""
    double cleanDurationS = 0.0;
    double cleanEnergyJ = 0.0;
    double cleanChargeC = 0.0;
    double cleanPeakA = 0.0;
    std::optional<double> avgCurrentA, avgPowerW, medianA, p95A, p99A;
    std::optional<double> energyPerInferenceJ, inferencesPerJoule;
    std::optional<double> durationRatio;
    bool durationSuspect = false;
    std::optional<bool> gatedAboveWhole;
    std::optional<double> expectedDurationS;
    QVector<double> inferenceEnergiesJ; // per inference of the marker windows (or per pulse), for the histogram
    // Per layer (the result's positions): energy and mean power per inference; nullopt = not measured.
    QVector<std::optional<double>> layerEnergyJ; // inclusive (a control-flow operator's own and its bodies')
    QVector<std::optional<double>> layerSelfEnergyJ;
    QVector<std::optional<double>> layerPowerW; // inclusive energy ÷ inclusive time
    QVector<std::optional<double>> layerSelfPowerW;
    std::optional<qint64> markerInferences;
    QVector<Issue> issues; // power.* codes
    QString integrity() const; // valid | degraded | invalid
    bool hasLayerEnergy() const;
};

class PowerAnalysis {
public:
    static PowerMeasurement measure(
        RecordingScan scan, const PowerContext &context, const PowerOptions &options, int layerCount);
    static constexpr double kDurationTolerance = 0.01; // gated_window_duration_ratio healthy within 0.99..1.01
    static constexpr double kClockTolerance = 0.05; // the firmware's ELAPSED_US against the gate
};

} // namespace hpx::model::power
