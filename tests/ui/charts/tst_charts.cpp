#include "tests/ui/uitestdata.h"
#include "ui/charts/layerchart.h"
#include "ui/charts/opsharechart.h"
#include "ui/common/countercombo.h"
#include "ui/common/heatgradient.h"
#include "ui/common/qcustomplotinclude.h"

#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QHorizontalBarSeries>
#include <QPieSeries>
#include <QSignalSpy>
#include <QTest>

#include <cmath>

using namespace hpx;
using ui::LayerChart;
using ui::OpShareChart;

class TestCharts : public QObject {
    Q_OBJECT
private:
    static QVector<int> layers(const LayerChart &c)
    {
        QVector<int> out;
        for (int k = 0; k < c.barCount(); ++k)
            out.append(c.layerAt(k));
        return out;
    }
    static int plottedBars(const LayerChart &c)
    {
        int n = 0;
        for (int i = 0; i < c.plot()->plottableCount(); ++i) {
            auto *bars = qobject_cast<QCPBars *>(c.plot()->plottable(i));
            if (bars && bars->brush().style() != Qt::NoBrush)
                n += bars->data()->size();
        }
        return n;
    }

private Q_SLOTS:
    void layerBarsOrderAndScale()
    {
        LayerChart chart;
        chart.resize(800, 400);
        chart.setResult(test::diamondResult());
        QCOMPARE(chart.currentCounter(), QStringLiteral("ARM_PMU_CPU_CYCLES"));
        QCOMPARE(chart.barCount(), 7);
        QCOMPARE(layers(chart), QVector<int>({ 0, 1, 2, 3, 4, 5, 6 }));
        QCOMPARE(chart.barValue(2), 10000.0);
        QCOMPARE(plottedBars(chart), 7);

        chart.setOrder(LayerChart::Order::Sorted);
        QCOMPARE(layers(chart), QVector<int>({ 2, 0, 4, 1, 5, 6, 3 }));
        for (int k = 1; k < chart.barCount(); ++k)
            QVERIFY(chart.barValue(k) <= chart.barValue(k - 1));

        // A layer without the counter comes last and is not drawn.
        QSignalSpy counterSpy(&chart, &LayerChart::currentCounterChanged);
        chart.setCurrentCounter(QStringLiteral("ARM_PMU_MVE_INST_RETIRED"));
        QCOMPARE(counterSpy.count(), 1);
        QCOMPARE(chart.layerAt(chart.barCount() - 1), 5);
        QVERIFY(std::isnan(chart.barValue(chart.barCount() - 1)));
        QCOMPARE(plottedBars(chart), 6);

        // Log scale: zero values cannot be drawn (MVE_STALL of layer 3 is 0).
        chart.setCurrentCounter(QStringLiteral("ARM_PMU_MVE_STALL"));
        QCOMPARE(plottedBars(chart), 6);
        chart.setLogScale(true);
        QCOMPARE(chart.plot()->yAxis->scaleType(), QCPAxis::stLogarithmic);
        QCOMPARE(plottedBars(chart), 5);
        chart.setLogScale(false);
        QCOMPARE(chart.plot()->yAxis->scaleType(), QCPAxis::stLinear);
    }

    // Issue 24 (2.3): in a low plot (scale 2, default layout) five value labels overlapped, and "600000" took six
    // digits of a narrow plot: fewer labels, never closer than a line and a half, written as the heat graph writes
    // them.
    void valueLabelsFitALowPlot()
    {
        auto result = test::diamondResult();
        for (int i = 0; i < result.layers.size(); ++i)
            result.layers[i].values[0] = 100000.0 * (i + 1);
        LayerChart chart;
        chart.resize(800, 400);
        chart.setResult(result);
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        auto labels = [&chart] {
            chart.plot()->replot();
            QVector<double> ticks;
            QVector<QString> texts;
            const QCPRange range = chart.plot()->yAxis->range();
            chart.plot()->yAxis->ticker()->generate(range, QLocale(), QLatin1Char('g'), 6, ticks, nullptr, &texts);
            QVector<QString> shown; // generate() keeps one tick beyond each end, which is not drawn
            for (int i = 0; i < ticks.size(); ++i)
                if (range.contains(ticks.at(i)))
                    shown << texts.at(i);
            return shown;
        };
        const QVector<QString> tall = labels();
        QVERIFY(tall.contains(QStringLiteral("600k")));
        QVERIFY2(tall.size() >= 4, qPrintable(QStringList(tall.begin(), tall.end()).join(QLatin1Char(' '))));
        chart.resize(800, 170);
        QTRY_VERIFY(chart.plot()->height() < 150);
        const QVector<QString> low = labels();
        const int lineHeight = chart.fontMetrics().height();
        const int pixelsPerLabel = chart.plot()->axisRect()->height() / std::max<int>(1, low.size() - 1);
        QVERIFY2(pixelsPerLabel >= 3 * lineHeight / 2 - 2 || low.size() <= 2,
            qPrintable(QStringLiteral("%1 labels (%4) in %2 px, a line is %3 px")
                           .arg(low.size())
                           .arg(chart.plot()->axisRect()->height())
                           .arg(lineHeight)
                           .arg(QStringList(low.begin(), low.end()).join(QLatin1Char(' ')))));
        QVERIFY(low.size() < tall.size());
    }

    void barsUseTheHeatColours()
    {
        LayerChart chart;
        chart.setResult(test::diamondResult());
        // The highest bar (layer 2) sits in the reddest series, the lowest (layer 3) in the greenest.
        for (int i = 0; i < chart.plot()->plottableCount(); ++i) {
            auto *bars = qobject_cast<QCPBars *>(chart.plot()->plottable(i));
            if (!bars || bars->data()->isEmpty() || bars->brush().style() == Qt::NoBrush)
                continue;
            const QColor c = bars->brush().color();
            for (auto it = bars->data()->constBegin(); it != bars->data()->constEnd(); ++it) {
                if (it->key == 2)
                    QVERIFY(std::abs(c.red() - 0xef) < 4 && std::abs(c.green() - 0x44) < 12);
                if (it->key == 3)
                    QVERIFY(std::abs(c.green() - 0xc5) < 6 && c.red() < 0x40);
            }
        }
    }

    void tooltipAndSelection()
    {
        LayerChart chart;
        chart.resize(800, 400);
        chart.setModel(test::diamondModel());
        chart.setResult(test::diamondResult());
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        const QString tip = chart.toolTipForBar(4);
        QVERIFY2(tip.contains(QStringLiteral("FULLY_CONNECTED (main #4)")), qPrintable(tip));
        QVERIFY2(tip.contains(ui::formatNumber(2500.5)), qPrintable(tip));
        QVERIFY2(chart.toolTipForBar(6).contains(QStringLiteral("ADD (body #0)")), qPrintable(chart.toolTipForBar(6)));

        QSignalSpy spy(&chart, &LayerChart::operatorSelected);
        QVERIFY(chart.selectOperator(0, 2));
        QCOMPARE(*chart.selectedLayer(), 2);
        QCOMPARE(spy.count(), 0);
        QVERIFY(!chart.selectOperator(3, 0));

        chart.plot()->replot();
        const QPoint p(int(chart.plot()->xAxis->coordToPixel(4)), int(chart.plot()->yAxis->coordToPixel(1000)));
        QTest::mouseClick(chart.plot(), Qt::LeftButton, {}, p);
        QCOMPARE(spy.count(), 1);
        QCOMPARE(spy.at(0).at(0).toInt(), 0);
        QCOMPARE(spy.at(0).at(1).toInt(), 4);
        QCOMPARE(*chart.selectedLayer(), 4);
    }

    // Issue 21: the virtual board's cycle column is emulated instructions in the charts' axis, tooltips, titles and
    // counter lists too; a board with a cycle counter keeps its name.
    void emulatedInstructionsAreNotCalledCycles()
    {
        const QString emulated = QStringLiteral("Instructions (emulated)");
        LayerChart chart;
        chart.resize(800, 400);
        chart.setModel(test::diamondModel());
        chart.setResult(test::diamondResultOnTheVirtualBoard());
        QCOMPARE(chart.plot()->yAxis->label(), QStringLiteral("Instructions\n(emulated)")); // two lines: fits
        QVERIFY2(chart.toolTipForBar(4).contains(emulated), qPrintable(chart.toolTipForBar(4)));
        auto *combo = chart.findChild<ui::CounterCombo *>();
        QVERIFY(combo);
        QVERIFY(combo->findText(emulated) >= 0);
        QCOMPARE(combo->findText(QStringLiteral("CPU_CYCLES")), -1);
        chart.setResult(test::diamondResult());
        QCOMPARE(chart.plot()->yAxis->label(), QStringLiteral("CPU_CYCLES"));
        QVERIFY(!chart.toolTipForBar(4).contains(emulated));

        OpShareChart shares;
        shares.setResult(test::diamondResultOnTheVirtualBoard());
        QCOMPARE(shares.chartView()->chart()->title(), emulated + QStringLiteral(" by op type"));
        shares.setResult(test::diamondResult());
        QCOMPARE(shares.chartView()->chart()->title(), QStringLiteral("CPU_CYCLES by op type"));
    }

    // A new model without a result shows empty axes, not the ranges of the last result's 100 layers.
    void noResultMeansEmptyAxes()
    {
        model::ProfileResult many = test::diamondResult();
        while (many.layers.size() < 100)
            many.layers += test::diamondResult().layers;
        LayerChart chart;
        chart.setResult(many);
        QVERIFY(chart.plot()->xAxis->range().upper > 90);
        QVERIFY(chart.plot()->yAxis->range().upper > 1000);
        QVERIFY(chart.emptyHint().isEmpty());
        chart.setResult(model::ProfileResult {});
        QVERIFY(chart.plot()->xAxis->range().upper < 10);
        QCOMPARE(chart.plot()->yAxis->range().upper, 1.0);
        QVERIFY(chart.plot()->yAxis->label().isEmpty());
        // Issue 37 (7): not a bare 0-1 plot; it says what fills it, and its axes carry no numbers nobody measured.
        QVERIFY2(chart.emptyHint().contains(QStringLiteral("after a run")), qPrintable(chart.emptyHint()));
        QVERIFY(!chart.plot()->yAxis->tickLabels());
        bool hintShown = false;
        for (int i = 0; i < chart.plot()->itemCount(); ++i) {
            auto *text = qobject_cast<QCPItemText *>(chart.plot()->item(i));
            hintShown = hintShown || (text && text->visible() && text->text() == chart.emptyHint());
        }
        QVERIFY(hintShown);
        chart.setResult(many);
        QVERIFY(chart.plot()->yAxis->tickLabels());
    }

    void opShares()
    {
        const auto r = test::diamondResult();
        const auto shares = OpShareChart::computeShares(r, QStringLiteral("ARM_PMU_CPU_CYCLES"), 8);
        QStringList ops;
        double sum = 0;
        for (const auto &s : shares) {
            ops << s.opType;
            sum += s.fraction;
        }
        QCOMPARE(ops, test::strings({ "CONV_2D", "FULLY_CONNECTED", "DEPTHWISE_CONV_2D", "ADD", "SOFTMAX" }));
        QCOMPARE(shares[0].value, 14000.0);
        QCOMPARE(shares[0].layers, 2);
        QCOMPARE(shares[3].value, 1200.0); // ADD in both subgraphs
        QVERIFY(std::abs(sum - 1.0) < 1e-12);

        const auto top = OpShareChart::computeShares(r, QStringLiteral("ARM_PMU_CPU_CYCLES"), 3);
        QCOMPARE(top.size(), 3);
        QCOMPARE(top[2].opType, OpShareChart::otherLabel());
        QCOMPARE(top[2].value, 1500.0 + 1200.0 + 1000.0);
        QCOMPARE(top[2].layers, 4);

        // Layers without the counter are not part of the total.
        const auto mve = OpShareChart::computeShares(r, QStringLiteral("ARM_PMU_MVE_INST_RETIRED"), 8);
        for (const auto &s : mve)
            QVERIFY(s.opType != QLatin1String("SOFTMAX"));
        QVERIFY(OpShareChart::computeShares(r, QStringLiteral("ARM_PMU_NOPE"), 8).isEmpty());
    }

    // Issue 24 (2.3): in a low dock the pie was 60 px across under its title; the title (the counter box names the
    // counter) and the margins give way, and come back when there is room.
    void opSharePieUsesALowDock()
    {
        OpShareChart shares;
        shares.setResult(test::diamondResult());
        shares.resize(900, 420);
        shares.show();
        QVERIFY(QTest::qWaitForWindowExposed(&shares));
        const QString title = shares.chartView()->chart()->title();
        QVERIFY(!title.isEmpty());
        auto pieDiameter = [&shares] {
            QCoreApplication::processEvents();
            return shares.chartView()->chart()->plotArea().height();
        };
        shares.resize(900, 160);
        QTRY_VERIFY(shares.chartView()->chart()->title().isEmpty());
        const double low = pieDiameter();
        shares.chartView()->chart()->setTitle(title); // as before: title and QChart's margins
        shares.chartView()->chart()->setMargins(QMargins(20, 20, 20, 20));
        const double before = pieDiameter();
        qInfo("plot area %.0f px high without the title, %.0f px with it", low, before);
        QVERIFY(low > before * 1.3);
        shares.resize(900, 420);
        QTRY_COMPARE(shares.chartView()->chart()->title(), title);
    }

    void opShareWidget()
    {
        OpShareChart chart;
        chart.resize(700, 400);
        chart.setResult(test::diamondResult());
        QCOMPARE(chart.currentCounter(), QStringLiteral("ARM_PMU_CPU_CYCLES"));
        QCOMPARE(chart.chartView()->chart()->series().size(), 1);
        auto *pie = qobject_cast<QPieSeries *>(chart.chartView()->chart()->series().first());
        QVERIFY(pie);
        QCOMPARE(pie->count(), 5);
        QCOMPARE(pie->slices().first()->value(), 14000.0);
        QSignalSpy spy(&chart, &OpShareChart::opTypeActivated);
        Q_EMIT pie->slices().at(1)->clicked();
        QCOMPARE(spy.count(), 1);
        QCOMPARE(spy.at(0).at(0).toString(), QStringLiteral("FULLY_CONNECTED"));

        chart.setStyle(OpShareChart::Style::Bars);
        auto *bars = qobject_cast<QHorizontalBarSeries *>(chart.chartView()->chart()->series().first());
        QVERIFY(bars);
        QCOMPARE(bars->barSets().first()->count(), 5);
        QVERIFY(std::abs(bars->barSets().first()->at(4) - 14000.0 / 20200.5 * 100) < 1e-9); // largest on top

        chart.setCurrentCounter(QStringLiteral("ARM_PMU_MVE_STALL"));
        QCOMPARE(chart.shares().first().opType, QStringLiteral("CONV_2D"));
        chart.setResult(model::ProfileResult {});
        QVERIFY(chart.shares().isEmpty());
        QVERIFY(chart.chartView()->chart()->series().isEmpty());
    }
};

QTEST_MAIN(TestCharts)
#include "tst_charts.moc"
