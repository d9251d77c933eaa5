// The simulated board's power windows (docs/power.md "Without hardware"): its stream carries the power terminal
// record, and the recording hpx-board-sim writes matches it: measured back with hpx power's own analysis, the energy
// per inference and per layer are what the documented current model gives.
#include "device/sim/simpower.h"
#include "device/sim/simstream.h"
#include "device/wire/wireparser.h"
#include "model/power/poweranalysis.h"
#include "model/results/merge.h"
#include "simtestsupport.h"

#include <QTemporaryDir>
#include <QTest>

using namespace hpx::device;
using namespace hpx::model;
using namespace hpx::model::power;

namespace {

// Energy per inference and per layer that the current model of docs/power.md gives, from the ground truth alone.
struct ModelAnswer {
    double perInference = 0.0;
    QVector<double> perRow; // by the Layer cell (the row's position)
    double maxCurrent = 0.0;
};

ModelAnswer answerFromTruth(const GroundTruth &truth, double avgUs)
{
    ModelAnswer a;
    const GroundTruthPass &pass = truth.passes.first();
    const int cycles = int(pass.counters.indexOf(QStringLiteral("ARM_PMU_CPU_CYCLES")));
    const QVector<GroundTruthRow> &rows = pass.iterations.first().rows;
    QVector<double> self;
    for (const GroundTruthRow &r : rows)
        self.append(double(r.trueValues.at(cycles)));
    for (int r = 0; r < rows.size(); ++r) {
        const int parent = truth.layers.at(rows.at(r).layer).parent;
        if (parent >= 0)
            self[parent] -= double(rows.at(r).trueValues.at(cycles));
    }
    double total = 0.0, largest = 0.0;
    for (double &s : self) {
        s = std::max(s, 1.0);
        total += s;
        largest = std::max(largest, s);
    }
    a.perRow.fill(0.0, int(rows.size()));
    for (int r = 0; r < rows.size(); ++r) {
        const double current = SimPower::kBaseA + SimPower::kSpanA * self.at(r) / largest;
        const double e = current * SimPower::kSupplyV * avgUs * 1e-6 * self.at(r) / total;
        a.perInference += e;
        a.perRow[rows.at(r).layer] += e;
        a.maxCurrent = std::max(a.maxCurrent, current);
    }
    return a;
}

} // namespace

class TstSimPower : public QObject {
    Q_OBJECT

    void check(const ModelInfo &model, const QString &suffix)
    {
        SimulatorConfig c;
        c.model = model;
        c.powerInferences = 10;
        const QByteArray stream = renderSimulatedStream(c);
        const Capture cap = WireParser::parse(stream);
        QVERIFY2(cap.powerTerminal, qPrintable(cap.powerTerminalError));
        QCOMPARE(cap.powerTerminal->completedCount, 10);
        const qint64 avgUs = cap.meta(QStringLiteral("clean_infer_avg_us")).toLongLong();
        QVERIFY(avgUs > 0);
        QCOMPARE(cap.powerTerminal->elapsedUs, 10 * avgUs);
        MergeOptions options;
        options.engine = c.engine;
        options.model = &c.model; // the layers' nesting (WHILE encloses its bodies) comes from the model
        const MergeOutcome merged = mergeCapture(cap, options);
        QVERIFY(merged.result);

        const GroundTruth truth = SimStreamRenderer(c).groundTruth(SimStreamRenderer(c).builtInPlan());
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("sim") + suffix);
        QString error;
        QVERIFY2(SimPower::writeRecording(truth, c.clockHz, 10, path, &error), qPrintable(error));
        const ModelAnswer want = answerFromTruth(truth, double(avgUs));

        // The live merge (rows known) and the same result read back from a bundle (rows not kept).
        ProfileResult readBack = *merged.result;
        for (LayerResult &l : readBack.layers)
            l.rows.clear();
        const ProfileResult *live = &*merged.result;
        for (const ProfileResult *result : { live, const_cast<const ProfileResult *>(&readBack) }) {
            auto source = PowerRecording::open(path, &error);
            QVERIFY2(source, qPrintable(error));
            QVERIFY(source->simulated());
            PowerOptions o;
            o.gate = QStringLiteral("gate");
            o.marker = QStringLiteral("marker");
            const PowerContext context = powerContext(*result, cap.powerTerminal, double(avgUs));
            auto scan = PowerScanner::scan(*source, o, &error, {}, nullptr, int(context.eventLayers.size()));
            QVERIFY2(scan, qPrintable(error));
            const double rate = double(scan->samples) / scan->durationS;
            const PowerMeasurement m = PowerAnalysis::measure(std::move(*scan), context, o, int(result->layers.size()));
            QVERIFY2(m.issues.isEmpty(), qPrintable(m.issues.value(0).message));
            QCOMPARE(m.inferenceSource, QStringLiteral("terminal_record"));
            QVERIFY2(std::fabs(*m.energyPerInferenceJ - want.perInference) < 2e-3 * want.perInference,
                qPrintable(QStringLiteral("%1 vs %2").arg(*m.energyPerInferenceJ).arg(want.perInference)));
            // A merged layer holds the rows the live merge summed into it (a loop body's runs). Each event's edges
            // fall on whole samples: a row may gain or lose half a sample at each of its ends.
            for (const LayerResult &l : live->layers) {
                const QVector<int> rows = l.rows.isEmpty() ? QVector<int> { l.position } : l.rows;
                double expected = 0.0;
                for (int r : rows)
                    expected += want.perRow.value(r);
                const double slack = rows.size() * want.maxCurrent * SimPower::kSupplyV / rate;
                const auto got = m.layerSelfEnergyJ.at(l.position);
                QVERIFY2(got, qPrintable(QString::number(l.position)));
                QVERIFY2(std::fabs(*got - expected) <= slack,
                    qPrintable(QStringLiteral("layer %1 %2: %3 vs %4 (slack %5)")
                                   .arg(l.position)
                                   .arg(l.op)
                                   .arg(*got)
                                   .arg(expected)
                                   .arg(slack)));
            }
        }
    }

private slots:
    void smallModelCsv() { check(hpx::simtest::smallModel(), QStringLiteral(".csv")); }
    void whileModelCsv() { check(hpx::simtest::whileModel(), QStringLiteral(".csv")); }
    void whileModelJls()
    {
        if (!PowerRecording::jlsSupported())
            QSKIP("Built without Jetperch's jls library (HPX_JLS_DIR not set and ../shared/third_party/jls absent)");
        check(hpx::simtest::whileModel(), QStringLiteral(".jls"));
    }
    void noPowerWindowsByDefault()
    {
        SimulatorConfig c;
        c.model = hpx::simtest::smallModel();
        const QByteArray stream = renderSimulatedStream(c);
        QVERIFY(!stream.contains("HPX_POWER_TERMINAL"));
        QVERIFY(stream.contains("HPX_POWER_SYNC=none"));
        c.powerInferences = 3;
        QVERIFY(renderSimulatedStream(c).contains("HPX_POWER_SYNC=gpio"));
    }
};

QTEST_GUILESS_MAIN(TstSimPower)
#include "tst_simpower.moc"
