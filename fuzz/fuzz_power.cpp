// The power recording readers and the power terminal record on arbitrary bytes (docs/fuzzing.md, docs/power.md):
//  - fuzz_powercsv: the CSV dialects (plain and the Power Profiler export) read in memory, then scanned and measured;
//  - fuzz_powerjls: Joulescope JLS through Jetperch's jls reader, which opens paths: the input goes through a
//    temporary file (a finding inside the unmodified jls tree is reported upstream and guarded on our side, see
//    docs/fuzzing.md);
//  - fuzz_powerterminal: the terminal record's parser, fed line by line.
// Invariants: a reader either fails with a message or yields samples with non-decreasing time; a measurement's
// figures are finite, its windows' durations not negative, every marker edge one interval.
#include "fuzz/fuzzpower.h"
#include "fuzz/fuzzsupport.h"
#include "model/power/csvpowersource.h"
#include "model/power/poweranalysis.h"
#include "model/results/powerterminal.h"

#include <QDir>
#include <QFile>
#include <QTemporaryFile>

#include <cmath>

namespace hpx::fuzz {

namespace {

// Three layers, the second enclosing the third (a control-flow operator), for the marker window's order.
model::ProfileResult fuzzResult()
{
    model::ProfileResult r;
    for (int i = 0; i < 3; ++i) {
        model::LayerResult l;
        l.position = i;
        l.op = i == 1 ? QStringLiteral("IF") : QStringLiteral("ADD");
        l.opType = l.op;
        r.layers.append(l);
    }
    r.layers[2].parentLayer = 1;
    return r;
}

void measureAndCheck(model::power::PowerSource &source, const QByteArray &input)
{
    using namespace model::power;
    // Options from the input, so gate and marker land on every channel.
    const quint8 pick = input.isEmpty() ? 0 : quint8(input.back());
    PowerOptions o;
    o.gate = QString::number(pick & 3);
    if (pick & 4)
        o.marker = QString::number((pick >> 3) & 3);
    o.supplyVoltageV = 1.8;
    if (pick & 0x40)
        o.inferences = 1 + (pick & 7);
    QString error;
    const model::ProfileResult result = fuzzResult();
    const PowerContext context = powerContext(result, std::nullopt, 1000.0);
    std::optional<RecordingScan> scan
        = PowerScanner::scan(source, o, &error, {}, nullptr, int(context.eventLayers.size()));
    if (!scan) {
        if (error.isEmpty())
            fail("a failed scan must say why", input.left(200));
        return;
    }
    const PowerMeasurement m = PowerAnalysis::measure(std::move(*scan), context, o, int(result.layers.size()));
    const auto finite = [&](const std::optional<double> &v, const char *what) {
        if (v && !std::isfinite(*v))
            fail(what, input.left(200));
    };
    finite(m.energyPerInferenceJ, "energy per inference not finite");
    finite(m.avgCurrentA, "average current not finite");
    finite(m.medianA, "median not finite");
    int edges = 0;
    for (const GateWindow &w : m.scan.windows) {
        if (w.durationS < 0 || w.samples < 0)
            fail("a gate window with a negative duration", input.left(200));
        if (w.markerEdges > 0)
            edges += w.markerEdges;
    }
    if (edges != m.scan.markerEdgeCount
        || m.scan.markerIntervals.size() != std::min<qint64>(edges, RecordingScan::kKeptIntervals))
        fail("marker edges and kept intervals disagree", input.left(200));
    double sum = 0.0;
    for (double e : m.scan.slotEnergyJ)
        sum += e;
    if (!std::isfinite(sum))
        fail("the per-event sums are not finite", input.left(200));
    if (m.scan.markerDetail.size() > RecordingScan::kDetailSamples)
        fail("the marker detail outgrew its bound", input.left(200));
}

} // namespace

int powerCsvOneInput(const uint8_t *data, size_t size)
{
    const QByteArray input(reinterpret_cast<const char *>(data), qsizetype(size));
    model::power::CsvPowerSource source;
    if (!source.openData(input)) {
        if (source.error().isEmpty())
            fail("a refused CSV must say why", input.left(200));
        return 0;
    }
    // Time never goes back in what the reader hands on.
    {
        model::power::CsvPowerSource again;
        again.openData(input);
        model::power::PowerBlock block;
        double last = -1e300;
        while (again.next(block, 97)) {
            for (double t : block.timeS) {
                if (!(t >= last))
                    fail("time went back in the samples handed on", input.left(200));
                last = t;
            }
            if (block.digital.size() != block.size() || block.timeS.size() != block.size())
                fail("a block's columns differ in length", input.left(200));
        }
    }
    measureAndCheck(source, input);
    return 0;
}

int powerJlsOneInput(const uint8_t *data, size_t size)
{
    const QByteArray input(reinterpret_cast<const char *>(data), qsizetype(size));
    QTemporaryFile file(QDir::tempPath() + QStringLiteral("/hpx-fuzz-XXXXXX.jls"));
    if (!file.open())
        return 0;
    file.write(input);
    file.flush();
    QString error;
    std::unique_ptr<model::power::PowerSource> source = model::power::PowerRecording::open(file.fileName(), &error);
    if (!source) {
        if (error.isEmpty())
            fail("a refused recording must say why", input.left(64).toHex());
        return 0;
    }
    measureAndCheck(*source, input);
    return 0;
}

int powerTerminalOneInput(const uint8_t *data, size_t size)
{
    const QByteArray input(reinterpret_cast<const char *>(data), qsizetype(size));
    model::power::PowerTerminalParser parser;
    for (const QByteArray &line : input.split('\n'))
        parser.feed(line);
    if (const auto &r = parser.record()) {
        if (r->completedCount > r->requestedCount || r->completedCount < 0 || r->elapsedUs < 0 || r->errorCode < 0)
            fail("a record that breaks the rules was accepted", input.left(400));
        if (r->ok != (r->errorCode == 0) || r->finalPhase.trimmed().isEmpty())
            fail("status, error code and phase disagree in an accepted record", input.left(400));
    }
    return 0;
}

} // namespace hpx::fuzz

#if defined(HPX_FUZZ_POWER_CSV)
HPX_FUZZ_TARGET(hpx::fuzz::powerCsvOneInput)
#elif defined(HPX_FUZZ_POWER_JLS)
HPX_FUZZ_TARGET(hpx::fuzz::powerJlsOneInput)
#elif defined(HPX_FUZZ_POWER_TERMINAL)
HPX_FUZZ_TARGET(hpx::fuzz::powerTerminalOneInput)
#endif
