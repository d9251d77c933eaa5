#include "capturebuilder.h"
#include "model/board/counters.h"
#include "model/results/derivedmetrics.h"
#include "model/results/merge.h"
#include "model/results/summarydata.h"
#include "streamreader.h"
#include "tests/support/testdata.h"

#include <QTest>

using namespace hpx::model;
using hpx::test::PassBuilder;

namespace {

ProfileResult specExample()
{
    const Capture capture = hpx::test::readStream(hpx::test::readData(QStringLiteral("results/spec_1_10_stream.txt")));
    MergeOutcome outcome = mergeCapture(capture, MergeOptions());
    if (!outcome.ok())
        qFatal("%s", qPrintable(outcome.error));
    return *outcome.result;
}

ProfileResult resultWith(const QStringList &counters, const QVector<QVector<std::optional<double>>> &rows)
{
    PassBuilder pass(QStringLiteral("x_0"), counters);
    QVector<hpx::test::RowSpec> specs;
    for (int i = 0; i < rows.size(); ++i)
        specs.append({ QStringLiteral("OP%1").arg(i), rows.at(i) });
    pass.iteration(specs);
    return *mergeCapture(hpx::test::captureOf({ pass }), MergeOptions()).result;
}

} // namespace

class TestSummaryData : public QObject {
    Q_OBJECT
private slots:
    // docs/compatibility.md §1.10: what heliaPROFILER computes from its own example stream.
    void specExampleMatchesHpx()
    {
        const ProfileResult result = specExample();
        QCOMPARE(result.counters,
            QStringList({ QStringLiteral("ARM_PMU_CPU_CYCLES"), QStringLiteral("ARM_PMU_INST_RETIRED"),
                QStringLiteral("ARM_PMU_STALL_FRONTEND"), QStringLiteral("ARM_PMU_STALL_BACKEND"),
                QStringLiteral("ARM_PMU_MEM_ACCESS"), QStringLiteral("ARM_PMU_L1D_CACHE_REFILL"),
                QStringLiteral("ARM_PMU_BUS_ACCESS"), QStringLiteral("ARM_PMU_BUS_CYCLES") }));
        // profile_results.csv rows of §1.10.
        const QVector<QVector<double>> csv {
            { 7405.0, 5120.0, 306.0, 1201.5, 2210.0, 11.5, 95.5, 7403.0 },
            { 2989.5, 2210.0, 96.0, 403.5, 1020.0, 4.0, 33.0, 2988.5 },
            { 1528.5, 1104.0, 40.5, 187.0, 640.0, 9.0, 60.5, 1529.5 },
        };
        QCOMPARE(result.layers.size(), 3);
        for (int i = 0; i < 3; ++i)
            for (int c = 0; c < 8; ++c)
                QCOMPARE(result.layers[i].values[c], std::optional<double>(csv[i][c]));
        QCOMPARE(result.totalCycles(), 11923.0);

        const QVector<TopLayer> top = topLayers(result);
        QCOMPARE(top.size(), 3);
        QCOMPARE(top[0].op, QStringLiteral("CONV_2D"));
        QCOMPARE(top[0].cycles, 7405.0);
        QCOMPARE(top[0].pct, 62.1);
        QCOMPARE(top[1].pct, 25.1);
        QCOMPARE(top[2].pct, 12.8);

        const QVector<QPair<QString, double>> cache = cacheSums(result);
        QCOMPARE(cache.size(), 4);
        QCOMPARE(cache[0].first, QStringLiteral("ARM_PMU_L1D_CACHE_REFILL"));
        QCOMPARE(cache[0].second, 24.5);
        QCOMPARE(cache[1], qMakePair(QStringLiteral("ARM_PMU_MEM_ACCESS"), 3870.0));
        QCOMPARE(cache[3].first, QStringLiteral("ARM_PMU_BUS_CYCLES"));
        // No L1D_CACHE_RD / L1D_CACHE: no hit rate.
        QVERIFY(!runMetrics(result).l1dHitRatePct);
        // Firmware metadata in hpx's FirmwareMeta order.
        QCOMPARE(result.firmware.first().first, QStringLiteral("model_size"));
        QCOMPARE(result.firmware.last().first, QStringLiteral("presets"));
        QCOMPARE(result.firmware.last().second.toStringList(),
            QStringList({ QStringLiteral("cpu_0"), QStringLiteral("memory_0") }));
    }

    void topLayersAreStableAndCapped()
    {
        const ProfileResult result = resultWith(
            { cyclesCounterName() }, { { 5.0 }, { 9.0 }, { 5.0 }, { std::nullopt }, { 9.0 }, { 1.0 }, { 2.0 } });
        const QVector<TopLayer> top = topLayers(result);
        QCOMPARE(top.size(), 5);
        QVector<int> order;
        for (const TopLayer &t : top)
            order.append(t.layer);
        QCOMPARE(order, QVector<int>({ 1, 4, 0, 2, 6 }));
        QCOMPARE(top[0].pct, 29.0); // 9 / 31
        const ProfileResult none = resultWith({ QStringLiteral("ARM_PMU_MVE_STALL") }, { { 5.0 }, { 7.0 } });
        const QVector<TopLayer> zero = topLayers(none);
        QCOMPARE(zero.size(), 2);
        QCOMPARE(zero[0].cycles, 0.0);
        QCOMPARE(zero[0].pct, 0.0);
        QCOMPARE(zero[0].layer, 0);
    }

    void pythonRounding_data()
    {
        QTest::addColumn<double>("value");
        QTest::addColumn<int>("digits");
        QTest::addColumn<double>("expected");
        QTest::newRow("exact tie to even") << 0.125 << 2 << 0.12;
        QTest::newRow("binary below the tie") << 2.675 << 2 << 2.67;
        QTest::newRow("62.1") << 7405.0 / 11923.0 * 100.0 << 1 << 62.1;
        QTest::newRow("negative") << -1.005 << 2 << -1.0;
        QTest::newRow("integer") << 7.0 << 1 << 7.0;
    }
    void pythonRounding()
    {
        QFETCH(double, value);
        QFETCH(int, digits);
        QFETCH(double, expected);
        QCOMPARE(pythonRound(value, digits), expected);
    }

    void hitRateFallbacks()
    {
        // L1D_CACHE_RD and L1D_CACHE_MISS_RD win over L1D_CACHE / L1D_CACHE_REFILL.
        const ProfileResult both
            = resultWith({ QStringLiteral("ARM_PMU_L1D_CACHE"), QStringLiteral("ARM_PMU_L1D_CACHE_REFILL"),
                             QStringLiteral("ARM_PMU_L1D_CACHE_RD"), QStringLiteral("ARM_PMU_L1D_CACHE_MISS_RD") },
                { { 1000.0, 100.0, 600.0, 30.0 }, { 1000.0, 100.0, 200.0, 10.0 } });
        QCOMPARE(runMetrics(both).l1dHitRatePct, std::optional<double>(95.0));
        const ProfileResult fallback
            = resultWith({ QStringLiteral("ARM_PMU_L1D_CACHE"), QStringLiteral("ARM_PMU_L1D_CACHE_REFILL") },
                { { 1000.0, 100.0 }, { 1000.0, 33.0 } });
        QCOMPARE(runMetrics(fallback).l1dHitRatePct, std::optional<double>(93.35));
        const ProfileResult noMisses = resultWith({ QStringLiteral("ARM_PMU_L1D_CACHE") }, { { 10.0 } });
        QCOMPARE(runMetrics(noMisses).l1dHitRatePct, std::optional<double>(100.0));
        const ProfileResult zero = resultWith({ QStringLiteral("ARM_PMU_L1D_CACHE") }, { { 0.0 } });
        QVERIFY(!runMetrics(zero).l1dHitRatePct);
    }

    void mveRatios()
    {
        const ProfileResult result
            = resultWith({ QStringLiteral("ARM_PMU_CPU_CYCLES"), QStringLiteral("ARM_PMU_INST_RETIRED"),
                             QStringLiteral("ARM_PMU_MVE_INST_RETIRED"), QStringLiteral("ARM_PMU_MVE_INT_MAC_RETIRED"),
                             QStringLiteral("ARM_PMU_MVE_LDST_RETIRED"), QStringLiteral("ARM_PMU_MVE_STALL") },
                { { 1000.0, 800.0, 200.0, 50.0, 120.0, 100.0 }, { 3000.0, 1200.0, 100.0, 25.0, 30.0, 200.0 } });
        const RunMetrics run = runMetrics(result);
        QCOMPARE(run.mveSharePct, std::optional<double>(15.0)); // 300 / 2000
        QCOMPARE(run.mveMacDensity, std::optional<double>(0.25)); // 75 / 300
        QCOMPARE(run.mveLdStDensity, std::optional<double>(0.5)); // 150 / 300
        QCOMPARE(run.mveStallSharePct, std::optional<double>(7.5)); // 300 / 4000
        QVERIFY(!run.cyclesPerMac); // no MACs known
        QCOMPARE(runMetrics(result, 8000, 16000).cyclesPerMac, std::optional<double>(0.5));
        QCOMPARE(runMetrics(result, 8000, 16000).cyclesPerOp, std::optional<double>(0.25));
        const RunMetrics first = layerMetrics(result, 0);
        QCOMPARE(first.mveSharePct, std::optional<double>(25.0));
        QCOMPARE(first.mveStallSharePct, std::optional<double>(10.0));
        QCOMPARE(derivedValue(first, QStringLiteral("mve_mac_density")), std::optional<double>(0.25));
        const QVector<DerivedColumn> columns = availableDerivedColumns(result);
        QCOMPARE(columns.size(), 4); // no L1D counters, no MACs
        QCOMPARE(columns.first().id, QStringLiteral("mve_share_pct"));
        // Nothing captured -> nothing derived (never 0).
        const ProfileResult bare = resultWith({ cyclesCounterName() }, { { 10.0 } });
        const RunMetrics none = runMetrics(bare);
        QVERIFY(!none.mveSharePct && !none.mveMacDensity && !none.mveLdStDensity && !none.mveStallSharePct
            && !none.l1dHitRatePct);
        QVERIFY(availableDerivedColumns(bare).isEmpty());
    }

    void layerCyclesPerMac()
    {
        ProfileResult result = resultWith({ cyclesCounterName() }, { { 1000.0 }, { 0.0 }, { 7.0 } });
        result.layers[0].macs = 300;
        result.layers[1].macs = 10;
        result.layers[2].macs = 0;
        QCOMPARE(layerMetrics(result, 0).cyclesPerMac, std::optional<double>(3.33));
        QVERIFY(!layerMetrics(result, 1).cyclesPerMac); // cycles 0
        QVERIFY(!layerMetrics(result, 2).cyclesPerMac); // macs 0
        QCOMPARE(runMetrics(result).cyclesPerMac, std::optional<double>(3.25)); // 1007 / 310 = 3.248
        QCOMPARE(availableDerivedColumns(result).last().id, QStringLiteral("cycles_per_mac"));
    }
};

QTEST_GUILESS_MAIN(TestSummaryData)
#include "tst_summarydata.moc"
