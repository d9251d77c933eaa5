#include "capturebuilder.h"
#include "model/board/counters.h"
#include "model/results/derivedmetrics.h"
#include "model/results/merge.h"
#include "model/results/summarydata.h"
#include "streamreader.h"
#include "tests/support/testdata.h"

#include <QRandomGenerator>
#include <QTest>

#include <charconv>
#include <cmath>
#include <cstring>

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
        QCOMPARE(top[0].pct, std::optional<double>(62.1));
        QCOMPARE(top[1].pct, std::optional<double>(25.1));
        QCOMPARE(top[2].pct, std::optional<double>(12.8));

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
        QCOMPARE(top[0].pct, std::optional<double>(29.0)); // 9 / 31
        QCOMPARE(topLayers(result, -1).size(), 7);
        const ProfileResult none = resultWith({ QStringLiteral("ARM_PMU_MVE_STALL") }, { { 5.0 }, { 7.0 } });
        const QVector<TopLayer> zero = topLayers(none);
        QCOMPARE(zero.size(), 2);
        QCOMPARE(zero[0].cycles, 0.0);
        QVERIFY(!zero[0].pct); // no cycles: summary.json writes the int 0, not a percentage
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

    // pythonRound's fast path (value × 10^n away from a tie) gives the very double the exact digits give, for
    // magnitudes and places the bundle and the table use, ties and near-ties included.
    void pythonRoundingFastPathIsExact()
    {
        const auto exact = [](double value, int digits) {
            char buf[400];
            const auto r = std::to_chars(buf, buf + sizeof(buf), value, std::chars_format::fixed, digits);
            double out = value;
            std::from_chars(buf, r.ptr, out);
            return out;
        };
        QRandomGenerator rng(38);
        int checked = 0;
        for (int i = 0; i < 400000; ++i) {
            const int digits = int(rng.bounded(7));
            double value = 0;
            switch (i % 4) {
            case 0: // any magnitude
                value = (rng.generateDouble() - 0.3) * std::pow(10.0, int(rng.bounded(16)) - 6);
                break;
            case 1: // a decimal tie: k + 0.5 in the last place, as written (mostly not exact in binary)
                value = (double(rng.bounded(2000000)) + 0.5) / std::pow(10.0, digits);
                break;
            case 2: // an exact binary tie (ties to even)
                value = double(rng.bounded(1 << 20)) / 1024.0;
                break;
            default: // a ratio as the metrics compute it
                value = double(rng.bounded(1000000)) / double(1 + rng.bounded(100000)) * 100.0;
                break;
            }
            const double fast = pythonRound(value, digits);
            const double reference = exact(value, digits);
            if (std::memcmp(&fast, &reference, sizeof(double)) != 0)
                QFAIL(qPrintable(QStringLiteral("pythonRound(%1, %2) = %3, the digits say %4")
                                     .arg(value, 0, 'g', 17)
                                     .arg(digits)
                                     .arg(fast, 0, 'g', 17)
                                     .arg(reference, 0, 'g', 17)));
            ++checked;
        }
        QCOMPARE(checked, 400000);
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

    // Control flow: self_costs.top_layers ranks each layer's own cycles against their sum.
    void topLayersBySelfCycles()
    {
        ProfileResult result = resultWith({ cyclesCounterName() }, { { 1000.0 }, { 300.0 }, { 500.0 }, { 100.0 } });
        result.layers[0].selfValues = { 100.0 }; // a WHILE around layers 1 and 2: 900 of its 1000 cycles are theirs
        const QVector<TopLayer> top = topLayers(result, 3, TopBy::SelfCycles);
        QCOMPARE(top.size(), 3);
        QCOMPARE(top[0].layer, 2);
        QCOMPARE(top[0].pct, std::optional<double>(50.0)); // 500 of 1000 counted once
        QCOMPARE(top[2].layer, 0); // 100 own cycles, tied with layer 3 and first in execution order
        QCOMPARE(top[2].cycles, 100.0);
        QCOMPARE(top[2].inclusive, 1000.0);
        QCOMPARE(topLayers(result, 1).first().pct, std::optional<double>(52.6)); // 1000 / 1900, heliaPROFILER's total
    }

    void cacheSumsInTheOrderTheLayersHaveThem()
    {
        // Layer 0 lacks L1D_CACHE: summary.json's keys follow the layers (Python's dict order), not cacheCounters().
        const ProfileResult result
            = resultWith({ QStringLiteral("ARM_PMU_L1D_CACHE"), QStringLiteral("ARM_PMU_BUS_ACCESS") },
                { { std::nullopt, 4.0 }, { 10.0, 6.0 } });
        const QVector<QPair<QString, double>> sums = cacheSums(result);
        QCOMPARE(sums.size(), 2);
        QCOMPARE(sums[0], qMakePair(QStringLiteral("ARM_PMU_BUS_ACCESS"), 10.0));
        QCOMPARE(sums[1], qMakePair(QStringLiteral("ARM_PMU_L1D_CACHE"), 10.0));
        QCOMPARE(cacheCounters().size(), 13);
    }

    void mveRatios()
    {
        const ProfileResult result
            = resultWith({ QStringLiteral("ARM_PMU_CPU_CYCLES"), QStringLiteral("ARM_PMU_INST_RETIRED"),
                             QStringLiteral("ARM_PMU_MVE_INST_RETIRED"), QStringLiteral("ARM_PMU_MVE_INT_MAC_RETIRED"),
                             QStringLiteral("ARM_PMU_MVE_LDST_RETIRED"), QStringLiteral("ARM_PMU_MVE_STALL") },
                { { 1000.0, 800.0, 200.0, 50.0, 120.0, 100.0 }, { 3000.0, 1200.0, 100.0, 25.0, 30.0, 200.0 } });
        QVERIFY(!runMetrics(result).cyclesPerMac); // no MACs known
        QCOMPARE(runMetrics(result, 8000, 16000).cyclesPerMac, std::optional<double>(0.5));
        QCOMPARE(runMetrics(result, 8000, 16000).cyclesPerOp, std::optional<double>(0.25));
        const DerivedInputs inputs(result);
        const LayerResult &first = result.layers.at(0);
        QCOMPARE(inputs.value(DerivedMetric::MveShare, first), std::optional<double>(25.0)); // 200 / 800
        QCOMPARE(inputs.value(DerivedMetric::MveMacDensity, first), std::optional<double>(0.25)); // 50 / 200
        QCOMPARE(inputs.value(DerivedMetric::MveLdStDensity, first), std::optional<double>(0.6)); // 120 / 200
        QCOMPARE(inputs.value(DerivedMetric::MveStallShare, first), std::optional<double>(10.0)); // 100 / 1000
        QCOMPARE(inputs.value(DerivedMetric::MveShare, result.layers.at(1)), std::optional<double>(8.3)); // 100 / 1200
        QCOMPARE(inputs.availableCounterRatios(),
            QVector<DerivedMetric>({ DerivedMetric::MveShare, DerivedMetric::MveMacDensity,
                DerivedMetric::MveLdStDensity, DerivedMetric::MveStallShare })); // no L1D counters
        QVERIFY(!inputs.available(DerivedMetric::CyclesPerMac)); // no MACs
        QCOMPARE(derivedMetricId(DerivedMetric::MveShare), QStringLiteral("mve_share_pct"));
        QCOMPARE(derivedMetricId(DerivedMetric::MveStallShare), QStringLiteral("mve_stall_share_pct"));
        QCOMPARE(derivedMetricId(DerivedMetric::L1dHitRate), QStringLiteral("l1d_hit_rate_pct"));
        // Nothing captured -> nothing derived (never 0).
        const ProfileResult bare = resultWith({ cyclesCounterName() }, { { 10.0 } });
        QVERIFY(!runMetrics(bare).l1dHitRatePct);
        QVERIFY(DerivedInputs(bare).availableCounterRatios().isEmpty());
        QVERIFY(!DerivedInputs(bare).value(DerivedMetric::MveShare, bare.layers.at(0)));
    }

    // A counter the board did not count feeds no metric, though its column is there.
    void notCountedFeedsNothing()
    {
        ProfileResult result
            = resultWith({ QStringLiteral("ARM_PMU_INST_RETIRED"), QStringLiteral("ARM_PMU_MVE_INST_RETIRED") },
                { { 800.0, 200.0 } });
        QVERIFY(DerivedInputs(result).available(DerivedMetric::MveShare));
        result.notCounted = QStringList { QStringLiteral("ARM_PMU_INST_RETIRED") };
        QVERIFY(!DerivedInputs(result).available(DerivedMetric::MveShare));
        QVERIFY(!DerivedInputs(result).value(DerivedMetric::MveShare, result.layers.at(0)));
    }

    void layerCyclesPerMac()
    {
        ProfileResult result = resultWith({ cyclesCounterName() }, { { 1000.0 }, { 0.0 }, { 7.0 } });
        result.layers[0].macs = 300;
        result.layers[1].macs = 10;
        result.layers[2].macs = 0;
        const DerivedInputs inputs(result);
        QVERIFY(inputs.available(DerivedMetric::CyclesPerMac));
        QCOMPARE(inputs.value(DerivedMetric::CyclesPerMac, result.layers.at(0)), std::optional<double>(3.33));
        QVERIFY(!inputs.value(DerivedMetric::CyclesPerMac, result.layers.at(1))); // cycles 0
        QVERIFY(!inputs.value(DerivedMetric::CyclesPerMac, result.layers.at(2))); // macs 0
        QCOMPARE(inputs.value(DerivedMetric::MacsPerCycle, result.layers.at(0)), std::optional<double>(0.3));
        QVERIFY(!inputs.value(DerivedMetric::MacsPerCycle, result.layers.at(1))); // cycles 0
        QCOMPARE(cyclesPer(1000.0, 300), std::optional<double>(3.33));
        QVERIFY(!cyclesPer(std::nullopt, 300));
        QCOMPARE(runMetrics(result).cyclesPerMac, std::optional<double>(3.25)); // 1007 / 310 = 3.248
    }
};

QTEST_GUILESS_MAIN(TestSummaryData)
#include "tst_summarydata.moc"
