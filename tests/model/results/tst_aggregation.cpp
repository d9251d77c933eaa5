#include "capturebuilder.h"
#include "model/results/aggregation.h"
#include "model/results/passsamples.h"

#include <QTest>

#include <cmath>
#include <cstring>
#include <limits>

using namespace hpx::model;
using hpx::test::PassBuilder;
using hpx::test::RowSpec;

using Samples = QVector<double>;
Q_DECLARE_METATYPE(hpx::model::Aggregation)

class TestAggregation : public QObject {
    Q_OBJECT
private slots:
    void methods_data()
    {
        QTest::addColumn<Samples>("samples");
        QTest::addColumn<Aggregation>("method");
        QTest::addColumn<double>("expected");
        QTest::newRow("median odd") << Samples { 3, 1, 2 } << Aggregation::Median << 2.0;
        QTest::newRow("median even = mean of middle two") << Samples { 7398, 7412 } << Aggregation::Median << 7405.0;
        QTest::newRow("median even unsorted") << Samples { 4, 1, 3, 2 } << Aggregation::Median << 2.5;
        QTest::newRow("median one") << Samples { 9 } << Aggregation::Median << 9.0;
        // A count that does not vary takes a shortcut: it must give what the selection gives.
        QTest::newRow("median of a count that does not vary")
            << Samples { 1489, 1489, 1489, 1489, 1489 } << Aggregation::Median << 1489.0;
        QTest::newRow("median, the first value differs") << Samples { 9, 6, 6, 6, 6 } << Aggregation::Median << 6.0;
        QTest::newRow("median, the last value differs") << Samples { 6, 6, 6, 9 } << Aggregation::Median << 6.0;
        QTest::newRow("median, two values alternate") << Samples { 6, 9, 6, 9 } << Aggregation::Median << 7.5;
        QTest::newRow("mean") << Samples { 1000, 3000 } << Aggregation::Mean << 2000.0;
        QTest::newRow("mean fraction") << Samples { 1, 2 } << Aggregation::Mean << 1.5;
        QTest::newRow("trimmed drops one min and one max")
            << Samples { 1, 5, 6, 7, 100 } << Aggregation::Trimmed << 6.0;
        QTest::newRow("trimmed with duplicates") << Samples { 5, 5, 5, 9 } << Aggregation::Trimmed << 5.0;
        QTest::newRow("trimmed of two is the mean") << Samples { 1, 100 } << Aggregation::Trimmed << 50.5;
        QTest::newRow("trimmed of three is the middle") << Samples { 1, 50, 100 } << Aggregation::Trimmed << 50.0;
        QTest::newRow("empty") << Samples {} << Aggregation::Mean << 0.0;
    }
    void methods()
    {
        QFETCH(Samples, samples);
        QFETCH(Aggregation, method);
        QFETCH(double, expected);
        QCOMPARE(aggregateSamples(samples, method), expected);
    }

    // The compact store keeps counts in 32 bits and everything else aside: every value comes back bit for bit,
    // also after a dropped iteration reused its rows.
    void samplesKeepEveryValueExactly()
    {
        const double values[] = { 0.0, 1.0, 123456.0, 4294967293.0, 4294967294.0, 4294967295.0, 4294967296.0, 1.5, -1.0,
            -0.0, 1e300, 9007199254740993.0, std::numeric_limits<double>::denorm_min(), PassSamples::missing() };
        const int n = int(std::size(values));
        QStringList counters;
        for (int c = 0; c < n; ++c)
            counters << QStringLiteral("C%1").arg(c);
        const auto bits = [](double v) {
            quint64 b;
            std::memcpy(&b, &v, sizeof b);
            return b;
        };
        PassSamples samples;
        samples.reset(QStringLiteral("cpu_0"));
        samples.setCounters(counters);
        samples.beginIteration(0);
        double rotated[std::size(values)];
        for (int r = 0; r < n; ++r) {
            for (int c = 0; c < n; ++c)
                rotated[c] = values[(r + c) % n];
            samples.addRow(r, r + 1, QString::number(r), QStringLiteral("ADD"), false, rotated);
        }
        samples.endIteration(false); // dropped: its rows are written again below
        samples.beginIteration(1);
        const double plain[std::size(values)] = {};
        for (int r = 0; r < n; ++r)
            samples.addRow(r, r + 100, QString::number(r), QStringLiteral("ADD"), false, r % 2 ? plain : values);
        samples.endIteration(true);
        QCOMPARE(samples.rowCount(), n);
        double out[std::size(values)];
        for (int r = 0; r < n; ++r) {
            samples.rowValues(r, out);
            for (int c = 0; c < n; ++c) {
                const double expected = r % 2 ? 0.0 : values[c];
                QVERIFY2(bits(out[c]) == bits(expected), qPrintable(QStringLiteral("row %1 column %2").arg(r).arg(c)));
            }
        }
    }

    void names()
    {
        for (Aggregation a : { Aggregation::Median, Aggregation::Mean, Aggregation::Trimmed })
            QCOMPARE(aggregationFromName(aggregationName(a)), a);
        QVERIFY(!aggregationFromName(QStringLiteral("average")));
        QCOMPARE(passGroupName(QStringLiteral("cpu_0")), QStringLiteral("cpu"));
        QCOMPARE(passGroupName(QStringLiteral("mve_12")), QStringLiteral("mve"));
        QCOMPARE(passGroupName(QStringLiteral("basic_cpu")), QStringLiteral("basic_cpu"));
        QCOMPARE(passGroupName(QStringLiteral("Cpu_0")), QStringLiteral("Cpu_0"));
        QCOMPARE(passGroupName(QStringLiteral("_default")), QString());
        // Only "<a-z letters>_<digits>" groups (the rule the wire names follow, docs/merging.md).
        for (const char *whole : { "cpu_", "cpu_1x", "a_b_1", "cpu1_2", "cpu_-1", "x" })
            QCOMPARE(passGroupName(QLatin1String(whole)), QLatin1String(whole));
        QCOMPARE(opTypeOf(QStringLiteral("CONV_2D:3")), QStringLiteral("CONV_2D"));
        QCOMPARE(opTypeOf(QStringLiteral("OPERATOR_CALL:c0i7")), QStringLiteral("OPERATOR_CALL"));
        QCOMPARE(layerIdOf(QStringLiteral("12")), QVariant(12));
        QCOMPARE(layerIdOf(QStringLiteral("x1")), QVariant(QStringLiteral("x1")));
    }

    // Frozen rows (every counter 0) are left out, unless every row at that position is frozen.
    void frozenRows()
    {
        const CapturePass pass
            = PassBuilder(QStringLiteral("cpu_0"), { QStringLiteral("A"), QStringLiteral("B") })
                  .iteration({ { QStringLiteral("CONV_2D"), { 0.0, 0.0 } }, { QStringLiteral("ADD"), { 0.0, 0.0 } } })
                  .iteration(
                      { { QStringLiteral("CONV_2D"), { 600.0, 10.0 } }, { QStringLiteral("ADD"), { 0.0, 0.0 } } })
                  .iteration(
                      { { QStringLiteral("CONV_2D"), { 602.0, 0.0 } }, { QStringLiteral("ADD"), { 0.0, 0.0 } } });
        const PassAggregation out = aggregatePass(pass, Aggregation::Median);
        QCOMPARE(out.pass.layers.size(), 2);
        QCOMPARE(out.pass.layers[0].values[0], std::optional<double>(601.0));
        QCOMPARE(out.pass.layers[0].values[1], std::optional<double>(5.0)); // 0 of a live row is a sample
        QCOMPARE(out.pass.layers[1].values[0], std::optional<double>(0.0)); // all frozen: kept
        QCOMPARE(out.stats.frozenRejected, 1);
        QCOMPARE(out.stats.wrapRejected, 0);
        QCOMPARE(out.pass.iterationCount, 3);
        QCOMPARE(out.pass.group, QStringLiteral("cpu"));
    }

    // Values >= 2^31 are left out one by one; when nothing else remains the raw samples are used.
    void wrappedValues()
    {
        const CapturePass pass = PassBuilder(QStringLiteral("cpu_0"), { QStringLiteral("A"), QStringLiteral("B") })
                                     .iteration({ { QStringLiteral("CONV_2D"), { 3221837689.0, 2147483648.0 } } })
                                     .iteration({ { QStringLiteral("CONV_2D"), { 1000.0, 2147483649.0 } } })
                                     .iteration({ { QStringLiteral("CONV_2D"), { 1200.0, 2147483650.0 } } });
        const PassAggregation out = aggregatePass(pass, Aggregation::Mean);
        QCOMPARE(out.pass.layers[0].values[0], std::optional<double>(1100.0));
        QCOMPARE(out.pass.layers[0].values[1], std::optional<double>(2147483649.0)); // fallback to raw
        QCOMPARE(out.stats.wrapRejected, 4);
        QCOMPARE(2147483647.0 < kWrapThreshold, true);
    }

    void overflowAndMissingCells()
    {
        const CapturePass pass = PassBuilder(QStringLiteral("cpu_0"), { QStringLiteral("A"), QStringLiteral("B") })
                                     .iteration({ { QStringLiteral("CONV_2D"), { 10.0, std::nullopt } } })
                                     .iteration({ { QStringLiteral("CONV_2D"), { 20.0, std::nullopt }, true } })
                                     .iteration({ { QStringLiteral("CONV_2D"), { 30.0, std::nullopt } } });
        const PassAggregation out = aggregatePass(pass, Aggregation::Median);
        QCOMPARE(out.pass.layers[0].values[0], std::optional<double>(20.0));
        QVERIFY(!out.pass.layers[0].values[1]);
        QVERIFY(out.pass.layers[0].overflow);
    }

    // First iteration fixes the layers; shorter iterations give fewer samples, longer ones are cut, and one
    // whose op tags disagree is left out instead of shifting values onto the wrong layers.
    void iterationShapes()
    {
        const CapturePass pass
            = PassBuilder(QStringLiteral("cpu_0"), { QStringLiteral("A") })
                  .iteration({ { QStringLiteral("CONV_2D"), { 10.0 } }, { QStringLiteral("ADD"), { 100.0 } } })
                  .iteration({ { QStringLiteral("CONV_2D"), { 12.0 } } })
                  .iteration({ { QStringLiteral("CONV_2D"), { 14.0 } }, { QStringLiteral("ADD"), { 102.0 } },
                      { QStringLiteral("SOFTMAX"), { 5.0 } } })
                  .iteration({ { QStringLiteral("ADD"), { 999.0 } }, { QStringLiteral("SOFTMAX"), { 999.0 } } });
        const PassAggregation out = aggregatePass(pass, Aggregation::Median);
        QCOMPARE(out.pass.layers.size(), 2);
        QCOMPARE(out.pass.layers[0].op, QStringLiteral("CONV_2D"));
        QCOMPARE(out.pass.layers[0].values[0], std::optional<double>(12.0));
        QCOMPARE(out.pass.layers[1].values[0], std::optional<double>(101.0));
        QCOMPARE(out.droppedIterations, QVector<int> { 3 });
        QCOMPARE(out.warnings.size(), 2);
        QVERIFY2(out.warnings.join(QLatin1Char('\n')).contains(QStringLiteral("iteration 3")),
            qPrintable(out.warnings.join(QLatin1Char('\n'))));
        QVERIFY(out.warnings.join(QLatin1Char('\n')).contains(QStringLiteral("[2, 1, 3, 2]")));
    }

    void emptyPass()
    {
        const PassAggregation out
            = aggregatePass(PassBuilder(QStringLiteral("mve_0"), { QStringLiteral("A") }), Aggregation::Median);
        QVERIFY(out.pass.layers.isEmpty());
        QCOMPARE(out.pass.iterationCount, 0);
    }
};

QTEST_GUILESS_MAIN(TestAggregation)
#include "tst_aggregation.moc"
