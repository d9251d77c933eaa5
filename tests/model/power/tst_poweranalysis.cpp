// Energy per inference and per layer from recordings with a known answer (docs/power.md), and the health checks.
#include "model/power/csvpowersource.h"
#include "model/power/poweranalysis.h"
#include "powertestdata.h"

#include <QTemporaryDir>
#include <QTest>

#include <limits>

using namespace hpx::model;
using namespace hpx::model::power;
using hpx::test::PowerScenario;

namespace {

bool within(double got, double want, double relative = 1e-3)
{
    return std::fabs(got - want) <= relative * std::fabs(want);
}

bool hasIssue(const PowerMeasurement &m, const QString &code)
{
    return std::any_of(m.issues.cbegin(), m.issues.cend(), [&](const Issue &i) { return i.code == code; });
}

PowerMeasurement measureSource(PowerSource &src, const PowerOptions &options, std::optional<PowerTerminalRecord> t = {})
{
    QString error;
    const ProfileResult r = hpx::test::powerScenarioResult();
    const PowerContext context = powerContext(r, t, 1000.0);
    auto scan = PowerScanner::scan(src, options, &error, {}, nullptr, int(context.eventLayers.size()));
    if (!scan)
        qFatal("scan failed: %s", qPrintable(error));
    return PowerAnalysis::measure(std::move(*scan), context, options, int(r.layers.size()));
}

PowerMeasurement measureCsv(const QByteArray &csv, PowerOptions options)
{
    CsvPowerSource src;
    if (!src.openData(csv))
        qFatal("open failed: %s", qPrintable(src.error()));
    return measureSource(src, options);
}

PowerOptions markerOptions(const QString &gate, const QString &marker)
{
    PowerOptions o;
    o.gate = gate;
    o.marker = marker;
    o.inferences = 5;
    return o;
}

} // namespace

class TstPowerAnalysis : public QObject {
    Q_OBJECT

    void checkAnswer(const PowerMeasurement &m, const PowerScenario &s)
    {
        QVERIFY2(m.issues.isEmpty(), qPrintable(m.issues.value(0).message));
        QCOMPARE(m.integrity(), QStringLiteral("valid"));
        QCOMPARE(m.cleanWindows, 1);
        QCOMPARE(m.markerWindows, 1);
        QVERIFY(m.energyPerInferenceJ);
        QVERIFY2(within(*m.energyPerInferenceJ, s.energyPerInference()),
            qPrintable(QStringLiteral("%1 vs %2").arg(*m.energyPerInferenceJ).arg(s.energyPerInference())));
        QVERIFY(within(*m.inferencesPerJoule, 1.0 / s.energyPerInference()));
        QVERIFY(within(m.cleanDurationS, s.cleanDurationS()));
        QVERIFY(within(*m.durationRatio, 1.0, 1e-6));
        QVERIFY(within(*m.avgPowerW, s.energyPerInference() * s.inferences / s.cleanDurationS()));
        QVERIFY(within(m.cleanPeakA, 0.020, 1e-6));
        QVERIFY(*m.gatedAboveWhole);
        // Percentiles of the clean window's 500 samples (numpy's linear rule): 10 % at 5 mA, 40 % 10 mA, 30 % 15 mA,
        // 20 % 20 mA; the median falls between the 250th (10 mA) and 251st (15 mA).
        QVERIFY(within(*m.medianA, 0.0125));
        QVERIFY(within(*m.p95A, 0.020));
        QVERIFY(within(*m.p99A, 0.020));
        for (int layer = 0; layer < 4; ++layer) {
            QVERIFY2(m.layerSelfEnergyJ.at(layer), qPrintable(QString::number(layer)));
            QVERIFY2(within(*m.layerSelfEnergyJ.at(layer), s.layerSelfEnergy(layer)),
                qPrintable(QStringLiteral("layer %1: %2 vs %3")
                               .arg(layer)
                               .arg(*m.layerSelfEnergyJ.at(layer))
                               .arg(s.layerSelfEnergy(layer))));
            QVERIFY(within(*m.layerEnergyJ.at(layer), s.layerEnergy(layer)));
        }
        // IF's inclusive energy is its own and ADD's; its own is only its rest after ADD ended.
        QVERIFY(within(*m.layerEnergyJ.at(1), 0.020 * 20 * s.voltage / 1e5 + 0.005 * 10 * s.voltage / 1e5));
        QVERIFY(within(*m.layerSelfPowerW.at(3), 0.015 * s.voltage));
        QCOMPARE(m.inferenceEnergiesJ.size(), s.inferences);
        for (double e : m.inferenceEnergiesJ)
            QVERIFY(within(e, s.energyPerInference()));
    }

private slots:
    void eventOrder()
    {
        QString why;
        const auto order = markerEventOrder(hpx::test::powerScenarioResult(), &why);
        QVERIFY2(order, qPrintable(why));
        // ADD ends inside IF, so before it.
        QCOMPARE(*order, (QVector<int> { 0, 2, 1, 3 }));
        // A WHILE read back from a bundle (no row order): cond runs once more than the body, cond first.
        ProfileResult loop = hpx::test::powerScenarioResult();
        loop.layers[1].op = QStringLiteral("WHILE");
        LayerResult body = loop.layers.at(2);
        body.position = 3;
        body.op = QStringLiteral("MUL");
        loop.layers.insert(3, body);
        loop.layers[4].position = 4;
        loop.layers[2].invocations = 3; // cond (ADD)
        loop.layers[3].invocations = 2; // body (MUL)
        const auto rounds = markerEventOrder(loop, &why);
        QVERIFY2(rounds, qPrintable(why));
        QCOMPARE(*rounds, (QVector<int> { 0, 2, 3, 2, 3, 2, 1, 4 }));
        // A body that runs more often than its cond is not a pattern this guesses.
        loop.layers[3].invocations = 4;
        QVERIFY(!markerEventOrder(loop, &why));
        QVERIFY2(why.contains(QStringLiteral("4 times")), qPrintable(why));
        // With the rows' order (a live run's merge), it is read from them.
        ProfileResult rows = hpx::test::powerScenarioResult();
        rows.layers[0].rows = { 0 };
        rows.layers[1].rows = { 1 };
        rows.layers[2].rows = { 2, 3 };
        rows.layers[2].invocations = 2;
        rows.layers[3].rows = { 4 };
        const auto fromRows = markerEventOrder(rows, &why);
        QVERIFY2(fromRows, qPrintable(why));
        QCOMPARE(*fromRows, (QVector<int> { 0, 2, 2, 1, 3 }));
    }
    void plainCsvWithVoltage()
    {
        PowerScenario s;
        checkAnswer(measureCsv(s.plainCsv(true), markerOptions(QStringLiteral("gate"), QStringLiteral("marker"))), s);
    }
    void plainCsvSupplyVoltage()
    {
        PowerScenario s;
        s.voltage = 3.3;
        PowerOptions o = markerOptions(QStringLiteral("0"), QStringLiteral("1"));
        o.supplyVoltageV = 3.3;
        const PowerMeasurement m = measureCsv(s.plainCsv(false), o);
        checkAnswer(m, s);
        QVERIFY(!m.scan.voltageRecorded);
    }
    void noVoltageNoSupply()
    {
        PowerScenario s;
        CsvPowerSource src;
        QVERIFY(src.openData(s.plainCsv(false)));
        QString error;
        QVERIFY(!PowerScanner::scan(src, PowerOptions {}, &error));
        QVERIFY(error.contains(QStringLiteral("--supply-voltage")));
    }
    void unknownChannel()
    {
        PowerScenario s;
        CsvPowerSource src;
        QVERIFY(src.openData(s.plainCsv(true)));
        QString error;
        PowerOptions o;
        o.gate = QStringLiteral("gpi[3]");
        QVERIFY(!PowerScanner::scan(src, o, &error));
        QVERIFY2(error.contains(QStringLiteral("gate, marker")), qPrintable(error));
    }
    void ppkCsv_data()
    {
        QTest::addColumn<bool>("separate");
        QTest::newRow("D0-D7") << false;
        QTest::newRow("D0..D7") << true;
    }
    void ppkCsv()
    {
        QFETCH(bool, separate);
        PowerScenario s;
        PowerOptions o = markerOptions(QStringLiteral("D0"), QStringLiteral("D1"));
        o.supplyVoltageV = s.voltage;
        checkAnswer(measureCsv(s.ppkCsv(separate), o), s);
    }
    void jls()
    {
        if (!PowerRecording::jlsSupported())
            QSKIP("Built without Jetperch's jls library (HPX_JLS_DIR not set and ../shared/third_party/jls absent)");
        PowerScenario s;
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("r.jls"));
        QString error;
        QVERIFY2(s.writeJls(path, &error), qPrintable(error));
        auto src = PowerRecording::open(path, &error);
        QVERIFY2(src, qPrintable(error));
        checkAnswer(measureSource(*src, markerOptions(QStringLiteral("gpi[0]"), QStringLiteral("gpi[1]"))), s);
    }
    void edgeInTheSampleTheGateFalls()
    {
        PowerScenario s;
        s.markerCoincidesWithGateFall = true;
        checkAnswer(measureCsv(s.plainCsv(true), markerOptions(QStringLiteral("gate"), QStringLiteral("marker"))), s);
    }
    void terminalRecordCount()
    {
        PowerScenario s;
        CsvPowerSource src;
        QVERIFY(src.openData(s.plainCsv(true)));
        PowerTerminalRecord t;
        t.ok = true;
        t.requestedCount = t.completedCount = 5;
        t.elapsedUs = 5000;
        t.finalPhase = QStringLiteral("done");
        t.gateAsserted = t.gateLowered = true;
        PowerOptions o;
        o.marker = QStringLiteral("marker");
        const PowerMeasurement m = measureSource(src, o, t);
        QCOMPARE(m.inferenceSource, QStringLiteral("terminal_record"));
        QCOMPARE(*m.inferences, 5);
        QVERIFY(within(*m.energyPerInferenceJ, s.energyPerInference()));
        QVERIFY(m.issues.isEmpty());
    }
    void gatePulsePerInference()
    {
        // Five clean windows, one inference each: the count comes from the pulses.
        QByteArray csv = "time_s,current_a,voltage_v,gate\n";
        int k = 0;
        for (int n = 0; n < 5; ++n) {
            for (int i = 0; i < 10; ++i, ++k)
                csv += QByteArray::number(k * 1e-5, 'g', 12) + ",0.001,2.0,0\n";
            for (int i = 0; i < 100; ++i, ++k)
                csv += QByteArray::number(k * 1e-5, 'g', 12) + ",0.01,2.0,1\n";
        }
        csv += QByteArray::number(k * 1e-5, 'g', 12) + ",0.001,2.0,0\n";
        CsvPowerSource src;
        QVERIFY(src.openData(csv));
        QString error;
        auto scan = PowerScanner::scan(src, {}, &error);
        QVERIFY(scan);
        PowerContext c;
        c.cleanInferAvgUs = 1000.0;
        const PowerMeasurement m = PowerAnalysis::measure(std::move(*scan), c, {}, 0);
        QCOMPARE(m.inferenceSource, QStringLiteral("gate_pulses"));
        QCOMPARE(*m.inferences, 5);
        QVERIFY(within(*m.energyPerInferenceJ, 0.01 * 2.0 * 100 * 1e-5));
        QCOMPARE(m.inferenceEnergiesJ.size(), 5);
    }
    void gateNeverHigh()
    {
        PowerScenario s;
        s.gate = false;
        const PowerMeasurement m
            = measureCsv(s.plainCsv(true), markerOptions(QStringLiteral("gate"), QStringLiteral("marker")));
        QVERIFY(hasIssue(m, QStringLiteral("power.gate_never_high")));
        QCOMPARE(m.integrity(), QStringLiteral("invalid"));
        QVERIFY(!m.energyPerInferenceJ);
        QVERIFY(!m.hasLayerEnergy());
    }
    void markerEdgesMismatch()
    {
        PowerScenario s;
        s.dropEdges = 1;
        const PowerMeasurement m
            = measureCsv(s.plainCsv(true), markerOptions(QStringLiteral("gate"), QStringLiteral("marker")));
        QVERIFY(hasIssue(m, QStringLiteral("power.marker_edges_mismatch")));
        QVERIFY(!m.hasLayerEnergy());
        // Energy per inference comes from the clean window and is kept.
        QVERIFY(m.energyPerInferenceJ);
        QVERIFY(within(*m.energyPerInferenceJ, s.energyPerInference()));
        QCOMPARE(m.integrity(), QStringLiteral("degraded"));
    }
    void durationSuspect()
    {
        PowerScenario s;
        CsvPowerSource src;
        QVERIFY(src.openData(s.plainCsv(true)));
        QString error;
        const PowerOptions o = markerOptions(QStringLiteral("gate"), QStringLiteral("marker"));
        auto scan = PowerScanner::scan(src, o, &error, {}, nullptr, 4);
        QVERIFY(scan);
        const ProfileResult r = hpx::test::powerScenarioResult();
        // The firmware says its clean inferences take 900 µs: the gate (1000 µs each) does not frame them.
        const PowerMeasurement m = PowerAnalysis::measure(std::move(*scan), powerContext(r, std::nullopt, 900.0), o, 4);
        QVERIFY(hasIssue(m, QStringLiteral("power.gated_window_duration_suspect")));
        QVERIFY(m.durationSuspect);
        QVERIFY(!m.energyPerInferenceJ);
        QVERIFY(within(*m.durationRatio, 1000.0 / 900.0));
        QVERIFY(m.avgPowerW); // the window's own figures stay
    }
    void unknownInferenceCount()
    {
        PowerScenario s;
        PowerOptions o;
        o.marker = QStringLiteral("marker");
        const PowerMeasurement m = measureCsv(s.plainCsv(true), o);
        QVERIFY(hasIssue(m, QStringLiteral("power.inference_count_unknown")));
        QVERIFY(!m.energyPerInferenceJ);
        QVERIFY(m.avgCurrentA);
    }
    void clockMismatch()
    {
        PowerScenario s;
        CsvPowerSource src;
        QVERIFY(src.openData(s.plainCsv(true)));
        PowerTerminalRecord t;
        t.ok = true;
        t.requestedCount = t.completedCount = 5;
        t.elapsedUs = 6000; // 20 % longer than the gate
        t.finalPhase = QStringLiteral("done");
        t.gateAsserted = t.gateLowered = true;
        PowerOptions o;
        o.marker = QStringLiteral("marker");
        const PowerMeasurement m = measureSource(src, o, t);
        QVERIFY(hasIssue(m, QStringLiteral("power.window_clock_mismatch")));
        QVERIFY(!hasIssue(m, QStringLiteral("power.window_clock_frozen")));
        t.elapsedUs = 0;
        CsvPowerSource again;
        QVERIFY(again.openData(s.plainCsv(true)));
        QVERIFY(hasIssue(measureSource(again, o, t), QStringLiteral("power.window_clock_frozen")));
    }
    void gapsAreCountedNotIntegrated()
    {
        // Two samples of the clean window lost (NaN, as a Joulescope marks them): no charge, an issue, time passes.
        PowerScenario s;
        CsvPowerSource src;
        // The plain CSV dialect refuses text in a number cell: gaps come from JLS, so the samples go in as a block.
        QVERIFY(src.openData(s.plainCsv(true)));
        PowerBlock all;
        {
            PowerBlock b;
            while (src.next(b, 100000)) {
                all.timeS += b.timeS, all.currentA += b.currentA, all.voltageV += b.voltageV, all.digital += b.digital;
            }
        }
        // The clean window starts at sample 100; samples 110 and 111 are in the first inference's CONV_2D (10 mA).
        all.currentA[110] = std::numeric_limits<float>::quiet_NaN();
        all.currentA[111] = std::numeric_limits<float>::quiet_NaN();
        struct OneBlock : PowerSource {
            PowerBlock block;
            bool given = false;
            QString format() const override { return QStringLiteral("test"); }
            QStringList digitalChannels() const override
            {
                return { QStringLiteral("gate"), QStringLiteral("marker") };
            }
            bool hasVoltage() const override { return true; }
            bool simulated() const override { return false; }
            QString instrument() const override { return {}; }
            bool next(PowerBlock &b, int) override
            {
                if (given)
                    return false;
                given = true;
                b = block;
                return true;
            }
            QString error() const override { return {}; }
            double progress() const override { return 1.0; }
        } one;
        one.block = all;
        const PowerMeasurement m = measureSource(one, markerOptions(QStringLiteral("gate"), QStringLiteral("marker")));
        QVERIFY(hasIssue(m, QStringLiteral("power.recording_gaps")));
        QCOMPARE(m.scan.gapSamples, 2);
        // Two 10 mA samples (CONV_2D) missing from the clean window's energy.
        const double missing = 2 * 0.010 * s.voltage / s.rateHz / s.inferences;
        QVERIFY(within(*m.energyPerInferenceJ, s.energyPerInference() - missing, 1e-4));
        QVERIFY(within(m.cleanDurationS, s.cleanDurationS()));
    }
    void histogram()
    {
        CurrentHistogram h;
        QVERIFY(!h.percentile(50));
        for (int i = 1; i <= 1000; ++i)
            h.add(i * 1e-6);
        QVERIFY(within(*h.percentile(50), 500.5e-6, 2.5e-4)); // numpy.percentile(range(1, 1001), 50) = 500.5
        QVERIFY(within(*h.percentile(95), 950.05e-6, 2.5e-4));
        QVERIFY(within(*h.percentile(100), 1000e-6, 2.5e-4));
        h.add(-5e-3);
        h.add(0.0);
        QVERIFY(within(*h.percentile(0), -5e-3, 2.5e-4));
        CurrentHistogram g;
        g.merge(h);
        QCOMPARE(g.count(), 1002);
        h.clear();
        QCOMPARE(h.count(), 0);
        QVERIFY(!h.percentile(50));
    }
};

QTEST_GUILESS_MAIN(TstPowerAnalysis)
#include "tst_poweranalysis.moc"
