// hpx power's bundle: the measurement added to a bundle, republished with its manifest, read back.
#include "../bundle/bundletestdata.h"
#include "model/bundle/bundlereader.h"
#include "model/bundle/bundlewriter.h"
#include "model/json/jsonparser.h"
#include "model/power/powerbundle.h"
#include "model/power/powersummary.h"
#include "powertestdata.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace hpx::model;
using namespace hpx::model::power;
using hpx::test::PowerScenario;

namespace {

bool within(double got, double want, double relative = 1e-3)
{
    return std::fabs(got - want) <= relative * std::fabs(want);
}

bool writeFile(const QString &path, const QByteArray &data)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(data) == data.size();
}

} // namespace

class TstPowerBundle : public QObject {
    Q_OBJECT

    QString makeBundle(const QTemporaryDir &dir, bool withTerminal)
    {
        RunContext ctx = hpx::test::fixedContext();
        if (withTerminal)
            ctx.rawCapture = hpx::test::terminalStream(5, 5000);
        const QString out = dir.filePath(QStringLiteral("bundle"));
        const BundleWriteResult w = BundleWriter::write(hpx::test::powerScenarioResult(), ctx, out);
        if (!w.ok)
            qFatal("bundle write failed: %s", qPrintable(w.error));
        return out;
    }

private slots:
    void attachAndReadBack()
    {
        QTemporaryDir dir;
        const QString bundle = makeBundle(dir, true);
        PowerScenario s;
        const QString recording = dir.filePath(QStringLiteral("board.csv"));
        QVERIFY(writeFile(recording, s.plainCsv(true)));
        PowerOptions o;
        o.gate = QStringLiteral("gate");
        o.marker = QStringLiteral("marker");
        const PowerBundle::Result r = PowerBundle::attach(bundle, recording, o);
        QVERIFY2(r.ok, qPrintable(r.error));
        QVERIFY(r.written.contains(QStringLiteral("summary.json")));
        QVERIFY(r.written.contains(powerSummaryPath()));
        QVERIFY(r.written.contains(PowerBundle::overlayPath()));
        QCOMPARE(r.written.last(), QStringLiteral("result_manifest.json"));

        // The bundle reads back verified: every digest in the manifest matches the republished files.
        const BundleReadResult read = BundleReader::read(bundle);
        QVERIFY2(read.bundle, qPrintable(read.error));
        const Bundle &b = *read.bundle;
        QVERIFY(b.verified);
        const JsonValue p = b.summary.value(QStringLiteral("power"));
        QVERIFY(p.isObject());
        QCOMPARE(p.value(QStringLiteral("measurement_scope")).toString(), QStringLiteral("gpio_gated_clean_window"));
        QCOMPARE(p.value(QStringLiteral("power_firmware")).toString(), QStringLiteral("profiling"));
        QCOMPARE(p.value(QStringLiteral("integrity")).toString(), QStringLiteral("valid"));
        QCOMPARE(p.value(QStringLiteral("inference_count_source")).toString(), QStringLiteral("terminal_record"));
        QCOMPARE(p.value(QStringLiteral("gated_window_count")).toInt(), 1);
        QVERIFY(within(p.value(QStringLiteral("energy_per_inference_j")).toDouble(), s.energyPerInference()));
        QVERIFY(within(p.value(QStringLiteral("energy_j")).toDouble(), s.energyPerInference() * 5));
        QVERIFY(within(p.value(QStringLiteral("gated_window_duration_ratio")).toDouble(), 1.0, 1e-6));
        QCOMPARE(p.value(QStringLiteral("simulated")).toBool(true), false);
        // Keys in heliaPROFILER's order first.
        const QStringList keys = p.keys();
        QCOMPARE(keys.mid(0, 12),
            QStringLiteral("measurement_scope,avg_current_a,avg_power_w,median_current_a,p95_current_a,p99_current_a,"
                           "energy_per_inference_j,inferences_per_joule,gated_window_count,"
                           "gated_window_duration_ratio,gated_vs_whole_current_ok,power_firmware")
                .split(QLatin1Char(',')));
        // The recording named, with its digest.
        const JsonValue rec = b.manifest.path(
            { QStringLiteral("extensions"), QStringLiteral("hpx_studio_power"), QStringLiteral("recording") });
        QCOMPARE(rec.value(QStringLiteral("name")).toString(), QStringLiteral("board.csv"));
        QCOMPARE(rec.value(QStringLiteral("sha256")).toString().size(), 64);
        QVERIFY(b.artifacts.contains(powerSummaryPath()));

        // Energy per layer is a counter column of the layer table, inclusive for IF; its own in the identities.
        const int energy = b.result.counterIndex(energyColumn());
        QVERIFY(energy >= 0);
        QVERIFY(b.result.counterIndex(powerColumn()) >= 0);
        for (int l = 0; l < 4; ++l)
            QVERIFY(within(*b.result.layers.at(l).valueAt(energy), s.layerEnergy(l)));
        QVERIFY(within(*b.result.layers.at(1).selfAt(energy), s.layerSelfEnergy(1)));
        // And an overlay colours the graph by it.
        const auto overlay = std::find_if(
            b.overlays.cbegin(), b.overlays.cend(), [](const BundleOverlay &o) { return o.counter == energyColumn(); });
        QVERIFY(overlay != b.overlays.cend());

        // power_summary.csv: metric,value rows.
        QFile csv(QDir(bundle).filePath(powerSummaryPath()));
        QVERIFY(csv.open(QIODevice::ReadOnly));
        const QByteArray text = csv.readAll();
        QVERIFY(text.startsWith("metric,value\r\nmeasurement_scope,gpio_gated_clean_window\r\n"));
        QVERIFY(text.contains("recording.name,board.csv\r\n"));
    }
    void againWithoutMarkerDropsLayerEnergy()
    {
        QTemporaryDir dir;
        const QString bundle = makeBundle(dir, true);
        PowerScenario s;
        const QString recording = dir.filePath(QStringLiteral("board.csv"));
        QVERIFY(writeFile(recording, s.plainCsv(true)));
        PowerOptions o;
        o.marker = QStringLiteral("marker");
        QVERIFY(PowerBundle::attach(bundle, recording, o).ok);
        // A second measurement of the same run, the marker left out (the edges are treated as noise).
        s.dropEdges = 2;
        QVERIFY(writeFile(recording, s.plainCsv(true)));
        const PowerBundle::Result r = PowerBundle::attach(bundle, recording, o);
        QVERIFY2(r.ok, qPrintable(r.error));
        const BundleReadResult read = BundleReader::read(bundle);
        QVERIFY2(read.bundle, qPrintable(read.error));
        QCOMPARE(read.bundle->result.counterIndex(energyColumn()), -1);
        QVERIFY(!QFile::exists(QDir(bundle).filePath(PowerBundle::overlayPath())));
        const JsonValue p = read.bundle->summary.value(QStringLiteral("power"));
        QCOMPARE(p.value(QStringLiteral("integrity")).toString(), QStringLiteral("degraded"));
        QCOMPARE(p.value(QStringLiteral("issues")).at(0).value(QStringLiteral("code")).toString(),
            QStringLiteral("power.marker_edges_mismatch"));
        QVERIFY(within(p.value(QStringLiteral("energy_per_inference_j")).toDouble(), s.energyPerInference()));
    }
    void failureLeavesBundle()
    {
        QTemporaryDir dir;
        const QString bundle = makeBundle(dir, false);
        QFile summary(QDir(bundle).filePath(QStringLiteral("summary.json")));
        QVERIFY(summary.open(QIODevice::ReadOnly));
        const QByteArray before = summary.readAll();
        summary.close();
        const QString recording = dir.filePath(QStringLiteral("bad.csv"));
        QVERIFY(writeFile(recording, "time_s,current_a,voltage_v,gate\n0,0.1,1.8,1\n0,zz,1.8,1\n"));
        const PowerBundle::Result r = PowerBundle::attach(bundle, recording, PowerOptions {});
        QVERIFY(!r.ok);
        QVERIFY2(r.error.contains(QStringLiteral("Line 3")), qPrintable(r.error));
        QVERIFY(summary.open(QIODevice::ReadOnly));
        QCOMPARE(summary.readAll(), before);
    }
    void virtualBoardCannotBeMeasured()
    {
        QTemporaryDir dir;
        ProfileResult r = hpx::test::powerScenarioResult();
        r.boardStatement.append({ QStringLiteral("cycle_source"), QStringLiteral("qemu_icount_instructions") });
        const QString bundle = dir.filePath(QStringLiteral("qemu"));
        QVERIFY(BundleWriter::write(r, hpx::test::fixedContext(), bundle).ok);
        PowerScenario s;
        const QString recording = dir.filePath(QStringLiteral("r.csv"));
        QVERIFY(writeFile(recording, s.plainCsv(true)));
        const PowerBundle::Result res = PowerBundle::attach(bundle, recording, PowerOptions {});
        QVERIFY(!res.ok);
        QVERIFY2(res.error.contains(QStringLiteral("emulator has no supply current")), qPrintable(res.error));
        const BundleReadResult read = BundleReader::read(bundle);
        QVERIFY(read.bundle);
        QVERIFY(!read.bundle->summary.contains(QStringLiteral("power")));
    }
    void simulatedRecordingSaysSo()
    {
        QTemporaryDir dir;
        const QString bundle = makeBundle(dir, false);
        PowerScenario s;
        const QString recording = dir.filePath(QStringLiteral("sim.csv"));
        QVERIFY(writeFile(recording, s.plainCsv(true, QStringLiteral("source: hpx-board-sim (simulated)"))));
        PowerOptions o;
        o.marker = QStringLiteral("marker");
        o.inferences = 5;
        const PowerBundle::Result r = PowerBundle::attach(bundle, recording, o);
        QVERIFY2(r.ok, qPrintable(r.error));
        const BundleReadResult read = BundleReader::read(bundle);
        QVERIFY(read.bundle);
        const JsonValue p = read.bundle->summary.value(QStringLiteral("power"));
        QCOMPARE(p.value(QStringLiteral("measurement_source")).toString(), QStringLiteral("simulated"));
        QVERIFY(p.value(QStringLiteral("simulated")).toBool());
        QCOMPARE(p.value(QStringLiteral("inference_count_source")).toString(), QStringLiteral("option"));
    }
};

QTEST_GUILESS_MAIN(TstPowerBundle)
#include "tst_powerbundle.moc"
