#include "tests/ui/overlaycolors.h"
#include "ui/common/heatgradient.h"

#include <QTest>

#include <cmath>

using hpx::ui::HeatGradient;
using hpx::ui::HeatRange;

class TestHeatGradient : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void stops_data()
    {
        QTest::addColumn<double>("t");
        QTest::addColumn<QColor>("color");
        QTest::newRow("min green") << 0.0 << QColor(QStringLiteral("#22c55e"));
        QTest::newRow("mid yellow") << 0.5 << QColor(QStringLiteral("#eab308"));
        QTest::newRow("max red") << 1.0 << QColor(QStringLiteral("#ef4444"));
        // Linear RGB interpolation between neighbouring stops, rounded to the nearest integer:
        // 0.25 = halfway green..yellow = (0x22+0xea)/2, (0xc5+0xb3)/2, (0x5e+0x08)/2.
        QTest::newRow("quarter") << 0.25 << QColor(134, 188, 51);
        QTest::newRow("three quarters") << 0.75 << QColor(237, 124, 38);
        QTest::newRow("clamped below") << -3.0 << QColor(QStringLiteral("#22c55e"));
        QTest::newRow("clamped above") << 7.0 << QColor(QStringLiteral("#ef4444"));
    }
    void stops()
    {
        QFETCH(double, t);
        QFETCH(QColor, color);
        QCOMPARE(HeatGradient::colorAt(t), color);
    }

    void normalizeAgainstRange()
    {
        QCOMPARE(HeatGradient::normalize(150, 100, 200), 0.5);
        QCOMPARE(HeatGradient::colorFor(100, 100, 200), QColor(QStringLiteral("#22c55e")));
        QCOMPARE(HeatGradient::colorFor(200, 100, 200), QColor(QStringLiteral("#ef4444")));
        // Equal values (documented): every node gets the middle stop, never transparent.
        QCOMPARE(HeatGradient::normalize(5, 5, 5), 0.5);
        QCOMPARE(HeatGradient::colorFor(5, 5, 5), QColor(QStringLiteral("#eab308")));
        HeatRange r;
        QVERIFY(!r.valid);
        r.add(7);
        QVERIFY(r.allEqual());
        r.add(3);
        r.add(NAN);
        QCOMPARE(r.min, 3.0);
        QCOMPARE(r.max, 7.0);
        QVERIFY(!r.allEqual());
    }

    // Issue 24 (3): one very hot operator must not paint all others the same green. A conformer-like
    // spread: one 369,000-cycle CONV and 137 operators between 200 and 14,000 cycles.
    void logAndRankScalesSpreadAHeavyTail()
    {
        QVector<double> values { 369000 };
        for (int i = 0; i < 137; ++i)
            values << 200 + i * 100.0;
        auto rangeOf = [&values](hpx::ui::HeatScale scale) {
            HeatRange r;
            r.scale = scale;
            for (double v : values)
                r.add(v);
            r.finish();
            return r;
        };
        const HeatRange linear = rangeOf(hpx::ui::HeatScale::Linear);
        const HeatRange log = rangeOf(hpx::ui::HeatScale::Logarithmic);
        const HeatRange rank = rangeOf(hpx::ui::HeatScale::Rank);
        // Linear: every one of the 137 sits in the bottom 4 % of the gradient.
        QVERIFY(linear.normalize(values.last()) < 0.04);
        // Log: log(value / min) / log(max / min).
        QCOMPARE(log.normalize(200), 0.0);
        QCOMPARE(log.normalize(369000), 1.0);
        QVERIFY(qAbs(log.normalize(13800) - std::log(13800.0 / 200) / std::log(369000.0 / 200)) < 1e-12);
        QVERIFY(log.normalize(13800) > 0.5);
        // Rank: index among the 138 sorted values over 137; the largest of the 137 just below the top.
        QCOMPARE(rank.normalize(200), 0.0);
        QCOMPARE(rank.normalize(369000), 1.0);
        QCOMPARE(rank.normalize(200 + 68 * 100.0), 68.0 / 137);
        QCOMPARE(rank.normalize(13800), 136.0 / 137);
        // Both keep the order: hotter never looks cooler.
        for (int i = 2; i < values.size(); ++i) {
            QVERIFY(log.normalize(values[i]) > log.normalize(values[i - 1]));
            QVERIFY(rank.normalize(values[i]) > rank.normalize(values[i - 1]));
        }
    }

    void rankTiesAndLogWithZero()
    {
        HeatRange rank;
        rank.scale = hpx::ui::HeatScale::Rank;
        for (double v : { 5.0, 1.0, 5.0, 9.0, 5.0 })
            rank.add(v);
        rank.finish();
        // Sorted 1 5 5 5 9: the three 5s share their middle rank (2 of 0..4).
        QCOMPARE(rank.normalize(5), 0.5);
        QCOMPARE(rank.normalize(1), 0.0);
        QCOMPARE(rank.normalize(9), 1.0);
        QCOMPARE(rank.normalize(3), (1 - 0.5) / 4); // not shown: between the ranks of 1 and 5
        // A zero in the range (a RESHAPE's MACs): log(1 + value - min) instead of a log of zero.
        HeatRange log;
        log.scale = hpx::ui::HeatScale::Logarithmic;
        log.add(0);
        log.add(999);
        QCOMPARE(log.normalize(0), 0.0);
        QCOMPARE(log.normalize(999), 1.0);
        QVERIFY(qAbs(log.normalize(9) - std::log(10.0) / std::log(1000.0)) < 1e-12);
        // Keys round-trip; an unknown one is linear.
        for (hpx::ui::HeatScale s : hpx::ui::allHeatScales())
            QCOMPARE(hpx::ui::heatScaleFromKey(hpx::ui::heatScaleKey(s)), s);
        QCOMPARE(hpx::ui::heatScaleFromKey(QStringLiteral("cubic")), hpx::ui::HeatScale::Linear);
    }

    void monotoneRedness()
    {
        // Red rises and green falls from min to max: hotter never looks cooler.
        QColor prev = HeatGradient::colorAt(0);
        for (int i = 1; i <= 100; ++i) {
            const QColor c = HeatGradient::colorAt(i / 100.0);
            QVERIFY(c.red() >= prev.red());
            if (i > 50)
                QVERIFY(c.green() <= prev.green());
            prev = c;
        }
    }

    void textContrast()
    {
        QCOMPARE(HeatGradient::textColorFor(QColor(Qt::white)), QColor(Qt::black));
        QCOMPARE(HeatGradient::textColorFor(QColor(Qt::black)), QColor(Qt::white));
        // All three heat stops are light enough for black text.
        for (double t : { 0.0, 0.5, 1.0 })
            QCOMPARE(HeatGradient::textColorFor(HeatGradient::colorAt(t)), QColor(Qt::black));
        QCOMPARE(HeatGradient::textColorFor(QColor(30, 30, 60)), QColor(Qt::white));
    }

    void matchesOverlayFile()
    {
        // The shape and gradient of docs/compatibility.md §6 (values from its example plus more).
        const QByteArray json = R"({
  "main": {
    "results": {"0": {"value": 7405.0}, "1": {"value": 2989.5}, "2": {"value": 1528.5},
                "3": {"value": 4466.75}, "4": {"value": 1528.5}, "5": {"value": 6000}},
    "gradient": [{"stop": 0, "bgColor": "#22c55e"}, {"stop": 0.5, "bgColor": "#eab308"},
                 {"stop": 1, "bgColor": "#ef4444"}],
    "name": "ARM_PMU_CPU_CYCLES"
  }
})";
        const QJsonObject doc = QJsonDocument::fromJson(json).object();
        const auto expected = hpx::test::overlayColors(doc, QStringLiteral("main"));
        QCOMPARE(expected.size(), 6);
        HeatRange range;
        const QJsonObject results
            = doc.value(QStringLiteral("main")).toObject().value(QStringLiteral("results")).toObject();
        for (auto it = results.begin(); it != results.end(); ++it)
            range.add(it.value().toObject().value(QStringLiteral("value")).toDouble());
        for (auto it = results.begin(); it != results.end(); ++it) {
            const double v = it.value().toObject().value(QStringLiteral("value")).toDouble();
            QCOMPARE(range.colorFor(v), expected.value(it.key()));
        }
        QCOMPARE(expected.value(QStringLiteral("0")), QColor(QStringLiteral("#ef4444")));
        QCOMPARE(expected.value(QStringLiteral("2")), QColor(QStringLiteral("#22c55e")));
        QCOMPARE(expected.value(QStringLiteral("3")), QColor(QStringLiteral("#eab308"))); // exact midpoint
    }
};

QTEST_GUILESS_MAIN(TestHeatGradient)
#include "tst_heatgradient.moc"
