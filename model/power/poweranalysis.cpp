// Energy from a power recording (docs/power.md): gate windows, the clean windows' figures as heliaPROFILER computes
// them, per-layer shares from the marker windows, and the health checks.
#include "model/power/poweranalysis.h"

#include <QJsonValue>

#include <algorithm>
#include <cmath>

namespace hpx::model::power {

void CurrentTrace::add(double t, double dt, float current)
{
    if (buckets.isEmpty() || buckets.last().samples >= samplesPerBucket) {
        if (buckets.size() >= 2 * kBuckets) {
            QVector<Bucket> merged;
            merged.reserve(kBuckets + 1);
            for (int i = 0; i + 1 < buckets.size(); i += 2) {
                Bucket b = buckets.at(i);
                const Bucket &c = buckets.at(i + 1);
                b.endS = c.endS, b.minA = std::min(b.minA, c.minA), b.maxA = std::max(b.maxA, c.maxA);
                b.sumA += c.sumA, b.samples += c.samples;
                merged.append(b);
            }
            buckets = merged;
            samplesPerBucket *= 2;
        }
        buckets.append(Bucket { t, t + dt, current, current, 0.0, 0 });
    }
    Bucket &b = buckets.last();
    b.endS = t + dt;
    b.minA = std::min(b.minA, current);
    b.maxA = std::max(b.maxA, current);
    b.sumA += current;
    ++b.samples;
}

int PowerScanner::channelIndex(const QStringList &channels, const QString &nameOrIndex)
{
    const int byName = int(channels.indexOf(nameOrIndex));
    if (byName >= 0)
        return byName;
    for (int i = 0; i < channels.size(); ++i) {
        if (channels.at(i).compare(nameOrIndex, Qt::CaseInsensitive) == 0)
            return i;
    }
    bool ok = false;
    const int index = nameOrIndex.toInt(&ok);
    return ok && index >= 0 && index < channels.size() ? index : -1;
}

namespace {

// Issue messages land in summary.json's power section, shared with heliaPROFILER: English whatever the UI language
// (as model/results/runissues.cpp's).
QString english(const char *text)
{
    return QString::fromUtf8(text);
}

// The state carried from sample to sample.
struct ScanState {
    RecordingScan &out;
    int gateBit;
    int markerBit;
    double voltage; // supply voltage when none is recorded
    bool inWindow = false;
    quint8 markerLevel = 0;
    double sinceEdgeJ = 0.0, sinceEdgeS = 0.0;
    double inferenceJ = 0.0; // the marker windows' inference being summed
    CurrentHistogram windowCurrent;
    QVector<RecordingScan::Sample> windowDetail; // until the first marker window is kept

    // A marker edge at time t closes the interval since the previous edge (or the gate's rise).
    void edge(double t)
    {
        const qint64 j = out.markerEdgeCount++;
        if (out.markerIntervals.size() < RecordingScan::kKeptIntervals)
            out.markerIntervals.append(MarkerInterval { sinceEdgeJ, sinceEdgeS, t });
        const int per = out.eventsPerInference;
        if (per > 0) {
            const int slot = int(j % per);
            out.slotEnergyJ[slot] += sinceEdgeJ;
            out.slotDurationS[slot] += sinceEdgeS;
            inferenceJ += sinceEdgeJ;
            if (slot == per - 1) {
                out.inferenceEnergiesJ.append(inferenceJ);
                inferenceJ = 0.0;
            }
        }
        sinceEdgeJ = 0.0, sinceEdgeS = 0.0;
        ++out.windows.last().markerEdges;
    }
    // One sample lasting dt.
    void take(double t, double dt, float current, float volts, quint8 bits)
    {
        // A lost sample (NaN: the instrument's gap) carries no charge or energy; its time still passes.
        const bool gap = !std::isfinite(current) || !std::isfinite(volts);
        if (gap) {
            ++out.gapSamples;
            current = 0.0f;
            volts = 0.0f;
        }
        const double power = double(current) * double(volts);
        const double e = power * dt;
        out.samples++;
        out.durationS += dt;
        out.energyJ += e;
        out.chargeC += double(current) * dt;
        out.peakA = std::max(out.peakA, double(current));
        out.trace.add(t, dt, current);
        const bool gate = (bits >> gateBit) & 1u;
        if (gate && !inWindow) {
            open(t, bits);
        } else if (!gate && inWindow) {
            // A marker edge in the very sample the gate falls in (both GPIOs written back to back, a slower meter)
            // still closes its operator's interval.
            if (markerBit >= 0 && ((bits >> markerBit) & 1u) != markerLevel)
                edge(t);
            close(false);
        }
        if (!gate)
            return;
        GateWindow &w = out.windows.last();
        if (markerBit >= 0) {
            const quint8 m = (bits >> markerBit) & 1u;
            if (m != markerLevel) {
                edge(t);
                markerLevel = m;
            }
        }
        sinceEdgeJ += e, sinceEdgeS += dt;
        w.durationS += dt;
        w.energyJ += e;
        w.chargeC += double(current) * dt;
        w.peakA = std::max(w.peakA, double(current));
        ++w.samples;
        if (gap) {
            ++w.gapSamples;
            return;
        }
        windowCurrent.add(current);
        if (out.markerDetail.isEmpty() && markerBit >= 0 && windowDetail.size() < RecordingScan::kDetailSamples)
            windowDetail.append({ t, current });
    }
    void open(double t, quint8 bits)
    {
        inWindow = true;
        GateWindow w;
        w.startS = t;
        out.windows.append(w);
        markerLevel = markerBit >= 0 ? quint8((bits >> markerBit) & 1u) : 0;
        sinceEdgeJ = 0.0, sinceEdgeS = 0.0;
        windowCurrent.clear();
        windowDetail.clear();
    }
    // The gate fell (or the recording ended): a window without marker edges is a clean one.
    void close(bool cutOff)
    {
        inWindow = false;
        GateWindow &w = out.windows.last();
        w.cutOff = cutOff;
        if (w.markerEdges == 0)
            out.cleanCurrent.merge(windowCurrent);
        if (w.markerEdges > 0 && out.markerDetail.isEmpty())
            out.markerDetail = std::move(windowDetail);
        windowDetail.clear();
        windowCurrent.clear();
    }
};

} // namespace

std::optional<RecordingScan> PowerScanner::scan(PowerSource &source, const PowerOptions &options, QString *error,
    const Progress &progress, const std::atomic_bool *cancel, int eventsPerInference)
{
    RecordingScan out;
    out.format = source.format();
    out.instrument = source.instrument();
    out.simulated = source.simulated();
    out.digitalChannels = source.digitalChannels();
    out.voltageRecorded = source.hasVoltage();
    if (out.digitalChannels.isEmpty()) {
        *error = tr("The recording has no digital channel, so no gate: wire the board's gate GPIO to one of the "
                    "meter's digital inputs and record it.");
        return std::nullopt;
    }
    const int gate = options.gate.isEmpty() ? 0 : channelIndex(out.digitalChannels, options.gate);
    if (gate < 0) {
        *error = tr("The recording has no digital channel \"%1\" for the gate; it has %2.")
                     .arg(options.gate, out.digitalChannels.join(QStringLiteral(", ")));
        return std::nullopt;
    }
    int marker = -1;
    if (!options.marker.isEmpty()) {
        marker = channelIndex(out.digitalChannels, options.marker);
        if (marker < 0) {
            *error = tr("The recording has no digital channel \"%1\" for the marker; it has %2.")
                         .arg(options.marker, out.digitalChannels.join(QStringLiteral(", ")));
            return std::nullopt;
        }
        if (marker == gate) {
            *error = tr("The gate and the marker cannot be the same channel (%1).").arg(out.digitalChannels.at(gate));
            return std::nullopt;
        }
    }
    out.gateChannel = out.digitalChannels.at(gate);
    out.markerChannel = marker >= 0 ? out.digitalChannels.at(marker) : QString();
    if (!out.voltageRecorded) {
        if (!options.supplyVoltageV || !(*options.supplyVoltageV > 0) || !std::isfinite(*options.supplyVoltageV)) {
            *error = tr("The recording has no voltage: give the board's supply voltage (--supply-voltage).");
            return std::nullopt;
        }
        out.supplyVoltageV = *options.supplyVoltageV;
    }

    out.eventsPerInference = std::max(0, eventsPerInference);
    out.slotEnergyJ.fill(0.0, out.eventsPerInference);
    out.slotDurationS.fill(0.0, out.eventsPerInference);
    ScanState s { out, gate, marker, out.supplyVoltageV, false, 0, 0.0, 0.0, 0.0, {}, {} };
    // A sample lasts until the next one starts; the last one as long as the one before it.
    bool pending = false;
    double pt = 0.0, lastDt = 0.0;
    float pi = 0.0f, pv = 0.0f;
    quint8 pb = 0;
    PowerBlock block;
    int blocks = 0;
    while (source.next(block, 1 << 16)) {
        const bool voltage = !block.voltageV.isEmpty();
        for (int k = 0; k < block.size(); ++k) {
            const double t = block.timeS.at(k);
            if (pending) {
                lastDt = t - pt;
                s.take(pt, lastDt, pi, pv, pb);
            }
            pending = true;
            pt = t, pi = block.currentA.at(k), pv = voltage ? block.voltageV.at(k) : float(s.voltage);
            pb = block.digital.at(k);
        }
        if (cancel && cancel->load()) {
            *error = tr("cancelled");
            return std::nullopt;
        }
        if (progress && (++blocks % 16) == 0)
            progress(source.progress());
    }
    if (!source.error().isEmpty()) {
        *error = source.error();
        return std::nullopt;
    }
    if (pending)
        s.take(pt, lastDt, pi, pv, pb);
    if (s.inWindow)
        s.close(true);
    if (progress)
        progress(1.0);
    return out;
}

namespace {

QString orderProblem(const LayerResult &l)
{
    return english(
        "Layer %1 (%2) runs %3 times per inference in an order the layer table does not say, so marker edges "
        "cannot be matched to layers.")
        .arg(l.position)
        .arg(l.op)
        .arg(l.invocations);
}

// Without the rows' order (a result read back from a bundle): the layers' enclosure tree, each enclosing layer's
// children run in rounds in position order, as TFLM runs WHILE (cond, body, cond, ..., cond: children that run once
// more per round than the others come first) and IF or CALL_ONCE (every child once). Anything else is not guessed.
bool treeOrder(const ProfileResult &result, int layer, const QVector<QVector<int>> &children, int depth,
    QVector<int> *order, QString *why)
{
    const LayerResult &l = result.layers.at(layer);
    const QVector<int> &kids = children.at(layer);
    if (!kids.isEmpty()) {
        if (depth > 64)
            return false;
        QVector<int> per;
        int rounds = 0;
        for (int k : kids) {
            const int inv = std::max(1, result.layers.at(k).invocations);
            const int own = std::max(1, l.invocations);
            if (inv % own != 0) {
                *why = orderProblem(result.layers.at(k));
                return false;
            }
            per.append(inv / own);
            rounds = std::max(rounds, inv / own);
        }
        bool fewer = false; // a child of rounds - 1 seen: no child of `rounds` may follow
        for (int i = 0; i < kids.size(); ++i) {
            const bool full = per.at(i) == rounds;
            if (!(full || per.at(i) == rounds - 1) || (full && fewer)) {
                *why = orderProblem(result.layers.at(kids.at(i)));
                return false;
            }
            fewer = fewer || !full;
        }
        for (int r = 0; r < rounds; ++r) {
            for (int i = 0; i < kids.size(); ++i) {
                if (per.at(i) > r && !treeOrder(result, kids.at(i), children, depth + 1, order, why))
                    return false;
            }
        }
    }
    order->append(layer);
    return true;
}

} // namespace

std::optional<QVector<int>> markerEventOrder(const ProfileResult &result, QString *why)
{
    // A control-flow operator's event encloses its bodies' events: without the nesting (a result merged without the
    // model), the edges' order cannot be known, and guessing would shift energy between layers unseen.
    const bool nesting = std::any_of(
        result.layers.cbegin(), result.layers.cend(), [](const LayerResult &l) { return l.parentLayer >= 0; });
    if (!nesting) {
        for (const LayerResult &l : result.layers) {
            if (l.opType == QLatin1String("WHILE") || l.opType == QLatin1String("IF")
                || l.opType == QLatin1String("CALL_ONCE")) {
                *why = english(
                    "Layer %1 (%2) encloses other operators' events, and which ones is not known (the run was "
                    "merged without its model), so marker edges cannot be matched to layers.")
                           .arg(l.position)
                           .arg(l.op);
                return std::nullopt;
            }
        }
    }
    const bool rowsKnown = std::any_of(
        result.layers.cbegin(), result.layers.cend(), [](const LayerResult &l) { return !l.rows.isEmpty(); });
    if (!rowsKnown) {
        const int n = int(result.layers.size());
        QVector<QVector<int>> children(n);
        QVector<int> roots;
        for (const LayerResult &l : result.layers) {
            if (!l.observed)
                continue;
            if (l.parentLayer >= 0 && l.parentLayer < l.position)
                children[l.parentLayer].append(l.position);
            else
                roots.append(l.position);
        }
        QVector<int> order;
        for (int root : std::as_const(roots)) {
            if (result.layers.at(root).invocations > 1) {
                *why = orderProblem(result.layers.at(root));
                return std::nullopt;
            }
            if (!treeOrder(result, root, children, 0, &order, why))
                return std::nullopt;
        }
        return order;
    }
    // Rows (per-inference events in begin order) and the layer of each.
    QVector<int> rowLayer;
    for (const LayerResult &l : result.layers) {
        if (!l.observed)
            continue;
        const QVector<int> rows = l.rows.isEmpty() ? QVector<int> { l.position } : l.rows;
        for (int r : rows) {
            if (r < 0 || r > 1'000'000) {
                *why = orderProblem(l);
                return std::nullopt;
            }
            if (r >= rowLayer.size())
                rowLayer.resize(r + 1, -1);
            rowLayer[r] = l.position;
        }
    }
    QVector<int> compact;
    for (int layer : std::as_const(rowLayer)) {
        if (layer >= 0)
            compact.append(layer);
    }
    // End order: an event ends before the next one begins unless it encloses it.
    QVector<int> order;
    QVector<int> stack; // open events' layers
    for (int layer : std::as_const(compact)) {
        const int parent = layer >= 0 && layer < result.layers.size() ? result.layers.at(layer).parentLayer : -1;
        while (!stack.isEmpty() && stack.last() != parent) {
            order.append(stack.last());
            stack.removeLast();
        }
        stack.append(layer);
    }
    while (!stack.isEmpty()) {
        order.append(stack.last());
        stack.removeLast();
    }
    return order;
}

PowerContext powerContext(const ProfileResult &result, const std::optional<PowerTerminalRecord> &terminal,
    std::optional<double> cleanInferAvgUs)
{
    PowerContext c;
    c.terminal = terminal;
    c.cleanInferAvgUs = cleanInferAvgUs;
    QString why;
    if (const auto order = markerEventOrder(result, &why))
        c.eventLayers = *order;
    else
        c.eventOrderProblem = why;
    for (const LayerResult &l : result.layers)
        c.parentLayer.append(l.parentLayer);
    return c;
}

QString PowerMeasurement::integrity() const
{
    bool any = false;
    for (const Issue &i : issues) {
        if (i.severity == QStringLiteral("error"))
            return QStringLiteral("invalid");
        any = true;
    }
    return any ? QStringLiteral("degraded") : QStringLiteral("valid");
}

bool PowerMeasurement::hasLayerEnergy() const
{
    return std::any_of(layerEnergyJ.cbegin(), layerEnergyJ.cend(), [](const auto &v) { return bool(v); });
}

namespace {

Issue powerIssue(const char *code, const char *severity, const QString &message)
{
    return Issue::make(QString::fromLatin1(code), QString::fromLatin1(severity), message);
}

} // namespace

PowerMeasurement PowerAnalysis::measure(
    RecordingScan scan, const PowerContext &context, const PowerOptions &options, int layerCount)
{
    PowerMeasurement m;
    m.powerFirmware = options.powerFirmware;
    for (const GateWindow &w : std::as_const(scan.windows)) {
        if (w.markerEdges > 0) {
            ++m.markerWindows;
            continue;
        }
        ++m.cleanWindows;
        m.cleanDurationS += w.durationS;
        m.cleanEnergyJ += w.energyJ;
        m.cleanChargeC += w.chargeC;
        m.cleanPeakA = std::max(m.cleanPeakA, w.peakA);
    }
    m.layerEnergyJ.resize(layerCount);
    m.layerSelfEnergyJ.resize(layerCount);
    m.layerPowerW.resize(layerCount);
    m.layerSelfPowerW.resize(layerCount);

    if (scan.windows.isEmpty()) {
        m.issues.append(powerIssue("power.gate_never_high", "error",
            english("The gate (%1) is never high in the recording: no window to measure. Check the wiring of the gate "
                    "GPIO to the meter's digital input and that the firmware ran its power window while recording.")
                .arg(scan.gateChannel)));
        m.scan = std::move(scan);
        return m;
    }
    for (const GateWindow &w : std::as_const(scan.windows)) {
        if (w.cutOff) {
            Issue i = powerIssue("power.gate_window_cut_off", "warning",
                english("The recording ends with the gate still high: the last window is not whole."));
            i.put(QStringLiteral("start_s"), w.startS);
            m.issues.append(i);
        }
    }
    qint64 gaps = 0;
    for (const GateWindow &w : std::as_const(scan.windows))
        gaps += w.gapSamples;
    if (gaps > 0) {
        Issue i = powerIssue("power.recording_gaps", "warning",
            english("The recording lost %1 samples while the gate was high (the instrument's gaps): their energy is "
                    "missing, so the figures are low.")
                .arg(gaps));
        i.put(QStringLiteral("gap_samples"), double(gaps));
        m.issues.append(i);
    }
    if (m.cleanWindows == 0) {
        m.issues.append(powerIssue("power.clean_window_missing", "error",
            english("Every gate window has marker edges: there is no clean window for the energy per inference.")));
    }

    // The inference count: the firmware's record, else one gate pulse per inference, else the option.
    if (context.terminal) {
        m.inferences = context.terminal->completedCount;
        m.inferenceSource = QStringLiteral("terminal_record");
        if (options.inferences && *options.inferences != context.terminal->completedCount) {
            Issue i = powerIssue("power.inference_count_mismatch", "warning",
                english("--inferences says %1, the firmware's power record %2; the record's count is used.")
                    .arg(*options.inferences)
                    .arg(context.terminal->completedCount));
            m.issues.append(i);
        }
    } else if (m.cleanWindows > 1) {
        m.inferences = m.cleanWindows;
        m.inferenceSource = QStringLiteral("gate_pulses");
    } else if (options.inferences) {
        m.inferences = *options.inferences;
        m.inferenceSource = QStringLiteral("option");
    } else if (m.cleanWindows == 1) {
        m.issues.append(powerIssue("power.inference_count_unknown", "warning",
            english("How many inferences the gate window holds is not known (no power terminal record in the bundle's "
                    "stream, a single gate pulse): give --inferences. Energy per inference is left out.")));
    }

    if (m.cleanWindows > 0 && m.cleanDurationS > 0) {
        m.avgCurrentA = m.cleanChargeC / m.cleanDurationS;
        m.avgPowerW = m.cleanEnergyJ / m.cleanDurationS;
        m.medianA = scan.cleanCurrent.percentile(50);
        m.p95A = scan.cleanCurrent.percentile(95);
        m.p99A = scan.cleanCurrent.percentile(99);
        if (scan.durationS > 0) {
            const double whole = scan.chargeC / scan.durationS;
            m.gatedAboveWhole = *m.avgCurrentA > whole;
            if (!*m.gatedAboveWhole) {
                Issue i = powerIssue("power.gated_current_not_above_whole", "warning",
                    english(
                        "The gated average current (%1 A) is not above the whole recording's (%2 A): usually a gate "
                        "or timing problem (it can be right for a very light model).")
                        .arg(*m.avgCurrentA, 0, 'g', 6)
                        .arg(whole, 0, 'g', 6));
                m.issues.append(i);
            }
        }
    }

    // The gate's duration against the firmware's clean-window time.
    if (m.inferences && *m.inferences > 0 && m.cleanWindows > 0) {
        if (context.cleanInferAvgUs && *context.cleanInferAvgUs > 0)
            m.expectedDurationS = double(*m.inferences) * *context.cleanInferAvgUs * 1e-6;
        else if (context.terminal && context.terminal->elapsedUs > 0)
            m.expectedDurationS = double(context.terminal->elapsedUs) * 1e-6;
        if (m.expectedDurationS) {
            m.durationRatio = m.cleanDurationS / *m.expectedDurationS;
            if (std::fabs(*m.durationRatio - 1.0) > kDurationTolerance) {
                m.durationSuspect = true;
                Issue i = powerIssue("power.gated_window_duration_suspect", "warning",
                    english(
                        "The gate was high %1 s, the firmware's clean inferences take %2 s (ratio %3, healthy "
                        "0.99-1.01): the gate does not frame the inferences, so per-inference figures are left out.")
                        .arg(m.cleanDurationS, 0, 'g', 6)
                        .arg(*m.expectedDurationS, 0, 'g', 6)
                        .arg(*m.durationRatio, 0, 'f', 4));
                i.put(QStringLiteral("gated_window_duration_ratio"), *m.durationRatio);
                m.issues.append(i);
            }
        }
    }
    if (context.terminal) {
        const PowerTerminalRecord &t = *context.terminal;
        if (!t.ok) {
            Issue i = powerIssue("power.firmware_error", "error",
                english("The firmware's power window ended with error %1 in phase %2.")
                    .arg(t.errorCode)
                    .arg(t.finalPhase));
            i.put(QStringLiteral("error_code"), double(t.errorCode));
            m.issues.append(i);
        }
        if (t.elapsedUs == 0 && t.completedCount > 0) {
            m.issues.append(powerIssue("power.window_clock_frozen", "warning",
                english(
                    "The firmware timed its power window as 0 µs for %1 completed inferences: its clock did not run.")
                    .arg(t.completedCount)));
        } else if (t.elapsedUs > 0 && m.cleanWindows > 0
            && std::fabs(m.cleanDurationS - t.elapsedUs * 1e-6) > kClockTolerance * t.elapsedUs * 1e-6) {
            m.issues.append(powerIssue("power.window_clock_mismatch", "warning",
                english(
                    "The firmware timed its power window as %1 µs, the meter saw the gate high for %2 µs (more than "
                    "5 % apart).")
                    .arg(t.elapsedUs)
                    .arg(m.cleanDurationS * 1e6, 0, 'f', 0)));
        }
        if (!t.gateAsserted || !t.gateLowered)
            m.issues.append(powerIssue("power.gate_not_cycled", "warning",
                english("The firmware says it did not both raise and lower the gate.")));
    }
    if (m.inferences && *m.inferences > 0 && m.cleanWindows > 0 && !m.durationSuspect && m.cleanEnergyJ > 0) {
        m.energyPerInferenceJ = m.cleanEnergyJ / double(*m.inferences);
        m.inferencesPerJoule = double(*m.inferences) / m.cleanEnergyJ;
    }

    // Per-layer shares from the marker windows.
    if (!scan.markerChannel.isEmpty()) {
        const qint64 edges = scan.markerEdgeCount;
        const int perInference = int(context.eventLayers.size());
        if (m.markerWindows == 0) {
            m.issues.append(powerIssue("power.marker_window_missing", "warning",
                english("No gate window has edges on the marker channel %1: no per-layer energy.")
                    .arg(scan.markerChannel)));
        } else if (perInference == 0) {
            Issue i = powerIssue("power.marker_order_unknown", "warning",
                english("Per-layer energy is left out: %1").arg(context.eventOrderProblem));
            m.issues.append(i);
        } else if (scan.eventsPerInference != perInference) {
            m.issues.append(powerIssue("power.marker_order_unknown", "warning",
                english(
                    "Per-layer energy is left out: the recording was scanned without the operators' event order.")));
        } else {
            m.markerInferences = m.markerWindows > 1 ? std::optional<qint64>(m.markerWindows) : m.inferences;
            const qint64 expected = m.markerInferences ? *m.markerInferences * perInference : -1;
            if (expected != edges) {
                Issue i = powerIssue("power.marker_edges_mismatch", "warning",
                    m.markerInferences
                        ? english(
                            "The marker window has %1 edges, %2 were expected (%3 operator events per inference × "
                            "%4 inferences): per-layer energy is left out (energy per inference comes from the "
                            "clean window and does not depend on it).")
                              .arg(edges)
                              .arg(expected)
                              .arg(perInference)
                              .arg(*m.markerInferences)
                        : english("The marker window has %1 edges and its inference count is not known: per-layer "
                                  "energy is left out.")
                              .arg(edges));
                i.put(QStringLiteral("edges"), double(edges));
                i.put(QStringLiteral("events_per_inference"), perInference);
                if (m.markerInferences)
                    i.put(QStringLiteral("inferences"), double(*m.markerInferences));
                m.issues.append(i);
            } else {
                m.inferenceEnergiesJ = scan.inferenceEnergiesJ;
                QVector<double> selfJ(layerCount, 0.0), selfS(layerCount, 0.0);
                QVector<bool> seen(layerCount, false);
                for (int slot = 0; slot < perInference; ++slot) {
                    const int layer = context.eventLayers.at(slot);
                    if (layer < 0 || layer >= layerCount)
                        continue;
                    selfJ[layer] += scan.slotEnergyJ.at(slot);
                    selfS[layer] += scan.slotDurationS.at(slot);
                    seen[layer] = true;
                }
                const double n = double(*m.markerInferences);
                QVector<double> inclJ = selfJ, inclS = selfS;
                for (int l = layerCount - 1; l >= 0; --l) {
                    const int p = l < context.parentLayer.size() ? context.parentLayer.at(l) : -1;
                    if (p >= 0 && p < l && seen[l]) {
                        inclJ[p] += inclJ[l], inclS[p] += inclS[l];
                    }
                }
                for (int l = 0; l < layerCount; ++l) {
                    if (!seen[l])
                        continue;
                    m.layerSelfEnergyJ[l] = selfJ[l] / n;
                    m.layerEnergyJ[l] = inclJ[l] / n;
                    if (selfS[l] > 0)
                        m.layerSelfPowerW[l] = selfJ[l] / selfS[l];
                    if (inclS[l] > 0)
                        m.layerPowerW[l] = inclJ[l] / inclS[l];
                }
            }
        }
    }
    if (m.inferenceEnergiesJ.isEmpty() && m.cleanWindows > 1 && m.inferenceSource == QStringLiteral("gate_pulses")) {
        for (const GateWindow &w : std::as_const(scan.windows)) {
            if (w.markerEdges == 0)
                m.inferenceEnergiesJ.append(w.energyJ);
        }
    }
    m.scan = std::move(scan);
    return m;
}

} // namespace hpx::model::power
