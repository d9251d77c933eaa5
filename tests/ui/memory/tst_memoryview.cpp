// The Memory view (ui/memory/): what it shows for a model, selection both ways, the AOT placement rows of a bundle,
// a run's arena against the plan, export, and the heat graph colouring by live memory in the window.
#include "model/memory/boardplacement.h"
#include "model/tflite/tflitemodel.h"
#include "tests/support/testdata.h"
#include "ui/common/countercombo.h"
#include "ui/common/elidinglabel.h"
#include "ui/common/qcustomplotinclude.h"
#include "ui/graph/heatgraphview.h"
#include "ui/memory/memoryview.h"
#include "ui/table/layertableview.h"
#include "ui/window/mainwindow.h"
#include "ui/window/viewexport.h"

#include <QCheckBox>
#include <QHeaderView>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace hpx;

namespace {

ui::ModelPtr personDetect()
{
    const model::ModelLoadResult r = model::loadModel(test::dataPath(QStringLiteral("models/person_detect.tflite")));
    return r.model ? std::make_shared<const model::ModelInfo>(*r.model) : nullptr;
}

} // namespace

class TestMemoryView : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    // Issue 24 (2.4): at scale 2 the summary ran under the check boxes ("… · Boa") and the peak's and plan's labels
    // ran into each other in the narrow plot. The summary is elided (whole in the tooltip); colliding labels merge.
    void aNarrowViewCutsNoText()
    {
        ui::MemoryView view;
        view.setModel(personDetect());
        view.resize(1200, 300);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        const model::MemoryPlan &plan = *view.plan();
        const QString peak = QStringLiteral("peak %1 B").arg(QLocale().toString(plan.peakLiveBytes));
        const QString planned = QStringLiteral("plan %1 B").arg(QLocale().toString(plan.plannedBytes));
        auto *summary = view.findChild<ui::ElidingLabel *>();
        QVERIFY(summary);
        QTRY_COMPARE(view.plotLabelsText(), peak + QLatin1Char('|') + planned);
        QCOMPARE(summary->shownText(), view.summaryText());

        view.resize(560, 300);
        auto *plot = view.findChild<QCustomPlot *>();
        QTRY_VERIFY(plot->width() < 400);
        plot->replot();
        QVERIFY2(view.plotLabelsText() == peak + QStringLiteral(" · ") + planned
                || view.plotLabelsText() == peak + QLatin1Char('\n') + planned,
            qPrintable(view.plotLabelsText()));
        for (int i = 0; i < plot->itemCount(); ++i) {
            auto *text = qobject_cast<QCPItemText *>(plot->item(i));
            if (text && text->visible())
                QVERIFY2(text->topLeft->pixelPosition().x() >= plot->axisRect()->left()
                        && text->bottomRight->pixelPosition().x() <= plot->axisRect()->right() + 1,
                    qPrintable(text->text()));
        }
        QVERIFY(summary->shownText().endsWith(QChar(0x2026)));
        QVERIFY2(summary->geometry().right() < view.findChild<QCheckBox *>()->geometry().left(),
            qPrintable(summary->shownText()));
        QVERIFY(summary->toolTip().contains(view.summaryText()));
        QVERIFY(view.summaryText().startsWith(QStringLiteral("Peak ")));
    }

    void showsThePlan()
    {
        ui::MemoryView view;
        QSignalSpy planChanged(&view, &ui::MemoryView::planChanged);
        QVERIFY(view.summaryText().contains(QLatin1String("Open a model")));
        view.setModel(personDetect());
        QCOMPARE(planChanged.count(), 1);
        QVERIFY(view.plan());
        QVERIFY(view.planError().isEmpty());
        // person_detect: the peak is 55,296 bytes at CONV_2D #2 (tests/model/memory/tst_memoryplan_tflm: TFLM agrees).
        QVERIFY2(view.summaryText().startsWith(
                     QStringLiteral("Peak %1 B at CONV_2D (main #2)").arg(QLocale().toString(55296))),
            qPrintable(view.summaryText()));
        QVERIFY(view.largestRowCount() > 10);
        QCOMPARE(view.aotRowCount(), 0);
        const auto live = view.liveBytesBySubgraph();
        QCOMPARE(live.value(0).size(), 31);
        QCOMPARE(live.value(0).at(2).value_or(-1), 55296.0);

        // The tooltip at the peak step names the operator and the bar under the point.
        const model::MemoryPlan &plan = *view.plan();
        const model::TensorMemory &largest = plan.tensors.at(plan.largestTensors(1).first());
        const QString tip = view.toolTipAt(plan.peakStep, double(largest.offset) + 8);
        QVERIFY2(tip.contains(QLatin1String("CONV_2D (main #2)")), qPrintable(tip));
        QVERIFY2(tip.contains(QLatin1String("Conv2d_1_pointwise")), qPrintable(tip));
        QCOMPARE(view.tensorAt(plan.peakStep, double(largest.offset) + 8), plan.largestTensors(1).first());

        view.setModel(nullptr);
        QVERIFY(!view.plan());
        QCOMPARE(view.largestRowCount(), 0);
    }

    // Issue 37 (3): the peak's line sat at step 2 under a label naming CONV_2D #1, the live bytes looked a step late
    // and long tensor names were cut at their end. The axis names each step's operator as the summary does, the line
    // holds each step's bytes over the step's whole slot (under its bars), and names are cut in the middle.
    void theAxisNamesTheOperatorsOfTheSteps()
    {
        ui::MemoryView view;
        view.resize(1400, 320);
        view.setModel(personDetect());
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.plot()->replot();
        const model::MemoryPlan &plan = *view.plan();
        QCPAxis *x = view.plot()->xAxis;
        const QVector<double> ticks = x->tickVector();
        const QVector<QString> labels = x->tickVectorLabels();
        QVERIFY(ticks.size() >= 3);
        for (int i = 0; i < ticks.size(); ++i) {
            const int step = int(std::lround(ticks.at(i)));
            const model::MemoryStep s = plan.steps.at(step);
            QCOMPARE(labels.at(i), s.op < 0 ? QStringLiteral("start of main") : QStringLiteral("main #%1").arg(s.op));
        }
        // The labels do not run into each other.
        const QFontMetrics fm(x->tickLabelFont());
        for (int i = 1; i < ticks.size(); ++i) {
            const double room = x->coordToPixel(ticks.at(i)) - x->coordToPixel(ticks.at(i - 1));
            QVERIFY2(room > (fm.horizontalAdvance(labels.at(i)) + fm.horizontalAdvance(labels.at(i - 1))) / 2.0,
                qPrintable(labels.at(i)));
        }
        // The peak's line is drawn over the step whose operator the summary names.
        const model::MemoryStep peak = plan.steps.at(plan.peakStep);
        QVERIFY(view.summaryText().contains(QStringLiteral("(main #%1)").arg(peak.op)));

        // The live bytes: each step's level from s - 0.5 to s + 0.5, the first and the last included.
        const QCPGraph *live = view.plot()->graph(0);
        QVERIFY(live);
        QCOMPARE(live->data()->size(), plan.steps.size() + 1);
        for (int s = 0; s < plan.steps.size(); ++s) {
            QCOMPARE((live->data()->constBegin() + s)->key, s - 0.5);
            QCOMPARE((live->data()->constBegin() + s)->value, double(plan.liveBytesPerStep.at(s)));
        }
        QCOMPARE((live->data()->constEnd() - 1)->key, plan.steps.size() - 0.5);

        auto *largest = view.findChild<QTableWidget *>(QStringLiteral("MemoryLargestTensors"));
        QVERIFY(largest);
        QCOMPARE(largest->textElideMode(), Qt::ElideMiddle);

        // In a narrow dock (scale 2) every header of the table stays in view, Alive last and filling what is left;
        // the names give way first.
        view.resize(700, 320);
        QCoreApplication::processEvents();
        QHeaderView *header = largest->horizontalHeader();
        QCOMPARE(largest->horizontalHeaderItem(4)->text(), QStringLiteral("Alive"));
        QVERIFY(largest->isColumnHidden(3)); // one subgraph: no Subgraph column
        auto cut = [&] {
            QStringList out;
            for (int c = 0; c < header->count(); ++c) {
                if (largest->isColumnHidden(c))
                    continue;
                const QString text = largest->horizontalHeaderItem(c)->text();
                const int right = header->sectionViewportPosition(c) + header->sectionSize(c);
                if (right > header->viewport()->width() + 1
                    || header->sectionSize(c) < header->fontMetrics().horizontalAdvance(text))
                    out << QStringLiteral("%1 %2..%3 of %4")
                               .arg(text)
                               .arg(header->sectionViewportPosition(c))
                               .arg(right)
                               .arg(header->viewport()->width());
            }
            return out.join(QStringLiteral(", "));
        };
        QTRY_COMPARE(cut(), QString());
    }

    void selectionBothWays()
    {
        ui::MemoryView view;
        view.resize(900, 300);
        view.setModel(personDetect());
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QSignalSpy selected(&view, &ui::MemoryView::operatorSelected);
        QVERIFY(view.selectOperator(0, 5));
        QCOMPARE(view.selectedOperator()->second, 5);
        QCOMPARE(selected.count(), 0); // setting from outside does not echo
        QVERIFY(!view.selectOperator(0, 999));

        // A click on step 4 selects operator 3 (step 0 is the start of subgraph 0).
        view.plot()->replot();
        const QPoint at(int(view.plot()->xAxis->coordToPixel(4)), int(view.plot()->yAxis->coordToPixel(100)));
        QTest::mouseClick(view.plot(), Qt::LeftButton, {}, at);
        QCOMPARE(selected.count(), 1);
        QCOMPARE(selected.first().at(0).toInt(), 0);
        QCOMPARE(selected.first().at(1).toInt(), 3);
        QCOMPARE(view.selectedOperator()->second, 3);
    }

    void placementOfAVirtualBoardRun()
    {
        // Issue 33 item 5: summary.json's memory_plan as a "Placement" tab, one row per region, only when there is one.
        ui::MemoryView view;
        view.setModel(personDetect());
        const auto tabs = view.findChild<QTabWidget *>();
        QVERIFY(tabs);
        const auto tabTexts = [&] {
            QStringList texts;
            for (int i = 0; i < tabs->count(); ++i)
                texts << tabs->tabText(i);
            return texts;
        };
        QVERIFY(!tabTexts().contains(QStringLiteral("Placement")));
        const model::BoardPlacementResult placed
            = model::placeOnVirtualBoard(*personDetect(), model::KernelSet::CmsisNn, QStringLiteral("psram"));
        QVERIFY2(placed.ok(), qPrintable(placed.error));
        view.setMemoryPlan(placed.placement->memoryPlanJson());
        QVERIFY(tabTexts().contains(QStringLiteral("Placement")));
        QCOMPARE(view.placementRowCount(), 4);
        const QStringList rows = view.placementText().split(QLatin1Char('\n'));
        QCOMPARE(rows.size(), 4);
        QVERIFY2(rows.at(0).startsWith(QStringLiteral("tcm|")) && rows.at(0).contains(QStringLiteral("model weights: "))
                && rows.at(0).contains(QStringLiteral("firmware (kept): ")),
            qPrintable(rows.at(0)));
        QVERIFY2(rows.at(3).startsWith(QStringLiteral("psram|"))
                && rows.at(3).contains(
                    QStringLiteral("tensor arena: %1 B").arg(QLocale().toString(placed.placement->arenaBytes))),
            qPrintable(rows.at(3)));
        QVERIFY2(rows.at(1).endsWith(QStringLiteral("|nothing")), qPrintable(rows.at(1)));
        view.setMemoryPlan({});
        QCOMPARE(view.placementRowCount(), 0);
        QVERIFY(!tabTexts().contains(QStringLiteral("Placement")));
    }

    void aotRowsAndTheBoardsArena()
    {
        ui::MemoryView view;
        view.setModel(personDetect());
        model::AotMemoryRow row;
        row.layerIdx = QStringLiteral("0");
        row.layerId = QStringLiteral("0");
        row.tensorRole = QStringLiteral("output");
        row.memory = QStringLiteral("sram");
        view.setAotRows({ row, row });
        QCOMPARE(view.aotRowCount(), 2);
        view.setAotRows({});
        QCOMPARE(view.aotRowCount(), 0);

        auto result = std::make_shared<model::ProfileResult>();
        result->firmware = { { QStringLiteral("arena_size"), 40000 }, { QStringLiteral("allocated_arena"), 39000 } };
        view.setResult(result);
        QVERIFY2(view.warningText().contains(QLatin1String("AllocateTensors fails")), qPrintable(view.warningText()));
        QVERIFY(view.summaryText().contains(QStringLiteral("board used %1 B").arg(QLocale().toString(39000))));

        result = std::make_shared<model::ProfileResult>();
        result->firmware = { { QStringLiteral("arena_size"), 60000 } }; // above the plan, below the estimate
        view.setResult(result);
        QVERIFY2(view.warningText().contains(QLatin1String("may be too small")), qPrintable(view.warningText()));

        result = std::make_shared<model::ProfileResult>();
        result->firmware = { { QStringLiteral("arena_size"), 200000 } };
        view.setResult(result);
        QVERIFY(view.warningText().isEmpty());
        view.setResult(nullptr);
        QVERIFY(view.warningText().isEmpty());
    }

    void exportsPngAndSvg()
    {
        ui::MemoryView view;
        view.resize(900, 300);
        view.setModel(personDetect());
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QTemporaryDir dir;
        QString error;
        QVERIFY2(ui::ViewExport::save(&view, dir.filePath(QStringLiteral("memory.svg")), &error), qPrintable(error));
        QVERIFY2(ui::ViewExport::save(&view, dir.filePath(QStringLiteral("memory.png")), &error), qPrintable(error));
        QFile svg(dir.filePath(QStringLiteral("memory.svg")));
        QVERIFY(svg.open(QIODevice::ReadOnly));
        const QByteArray text = svg.readAll();
        QVERIFY(text.contains("<svg"));
        QVERIFY(text.contains("peak")); // the peak label, as vector text
        QImage png(dir.filePath(QStringLiteral("memory.png")));
        QVERIFY(!png.isNull());
        // The plot, at least the export size of every chart, at twice that.
        QCOMPARE(png.width(), ui::ViewExport::chartExportSize(view.plot()->size()).width() * 2);
    }

    void heatGraphGivesLiveMemoryWayToARunUnlessChosen()
    {
        ui::HeatGraphView graph;
        const ui::ModelPtr model = personDetect();
        graph.setModel(model);
        ui::MemoryView memory;
        memory.setModel(model);
        graph.setModelMetric(
            QStringLiteral("MEMORY_LIVE_BYTES"), QStringLiteral("Live memory (bytes)"), memory.liveBytesBySubgraph());
        QCOMPARE(graph.currentCounter(), QStringLiteral("MEMORY_LIVE_BYTES")); // the only thing known before a run

        auto result = std::make_shared<model::ProfileResult>();
        result->counters = { ui::kCyclesCounter };
        graph.setResult(result);
        QCOMPARE(graph.currentCounter(), ui::kCyclesCounter); // a run shows its own default

        graph.setCurrentCounter(QStringLiteral("MEMORY_LIVE_BYTES")); // chosen by hand: kept over the next run
        QCOMPARE(graph.currentCounter(), QStringLiteral("MEMORY_LIVE_BYTES"));
        graph.setResult(std::make_shared<model::ProfileResult>(*result));
        QCOMPARE(graph.currentCounter(), QStringLiteral("MEMORY_LIVE_BYTES"));

        graph.setModelMetric(QStringLiteral("MEMORY_LIVE_BYTES"), QString(), {}); // removed with its model
        QCOMPARE(graph.currentCounter(), ui::kCyclesCounter);
    }

    void windowLinksTheViews()
    {
        ui::MainWindow window;
        QVERIFY(window.openModel(test::dataPath(QStringLiteral("models/person_detect.tflite"))));
        auto *memory = window.charts()->findChild<ui::MemoryView *>();
        QVERIFY(memory);
        QVERIFY(memory->plan());
        QCOMPARE(window.charts()->tabText(window.charts()->indexOf(memory)), QStringLiteral("Memory"));

        // The heat graph lists live memory like a counter and colours by it before any run.
        auto *combo = window.heatGraph()->findChild<ui::CounterCombo *>();
        QVERIFY(combo);
        QVERIFY(combo->findData(QStringLiteral("MEMORY_LIVE_BYTES")) >= 0);
        QCOMPARE(combo->itemText(combo->findData(QStringLiteral("MEMORY_LIVE_BYTES"))),
            QStringLiteral("Live memory (bytes)"));
        QCOMPARE(window.heatGraph()->currentCounter(), QStringLiteral("MEMORY_LIVE_BYTES"));

        // Graph -> memory view, and memory view -> graph. The views' setters do not emit (no echo); a user's click
        // emits operatorSelected, as here.
        Q_EMIT window.heatGraph()->operatorSelected(0, 7);
        QCOMPARE(memory->selectedOperator()->second, 7);
        QTRY_VERIFY_WITH_TIMEOUT(!window.heatGraph()->isLayoutPending(), 30000);
        Q_EMIT memory->operatorSelected(0, 9);
        QTRY_VERIFY(window.heatGraph()->selectedOperator().has_value());
        QCOMPARE(window.heatGraph()->selectedOperator()->second, 9);
    }
};

QTEST_MAIN(TestMemoryView)
#include "tst_memoryview.moc"
