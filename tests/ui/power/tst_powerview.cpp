// File → Add Power Recording… and the Power view: the bundle gets the measurement, the reopened result has energy
// per layer as a counter (the table's column, the heat graph's counter), the view shows the figures, the trace with
// its gate windows and layer boundaries, zoom to one inference, the per-inference histogram; a bundle with a power
// section shows its figures; a simulated recording says so.
#include "../../model/bundle/bundletestdata.h"
#include "model/bundle/bundlereader.h"
#include "model/bundle/bundlewriter.h"
#include "model/json/jsonparser.h"
#include "powertestdata.h"
#include "ui/common/qcustomplotinclude.h"
#include "ui/common/viewstate.h"
#include "ui/power/powercontroller.h"
#include "ui/power/powerview.h"
#include "ui/window/mainwindow.h"

#include <QAction>
#include <QLabel>
#include <QMenuBar>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace hpx;
using namespace hpx::ui;
using hpx::test::PowerScenario;

namespace {

bool writeFile(const QString &path, const QByteArray &data)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(data) == data.size();
}

} // namespace

class TstPowerView : public QObject {
    Q_OBJECT
private slots:
    void addRecordingShowsMeasurement()
    {
        QTemporaryDir dir;
        model::RunContext ctx = hpx::test::fixedContext();
        ctx.rawCapture = hpx::test::terminalStream(5, 5000);
        const QString bundle = dir.filePath(QStringLiteral("b"));
        QVERIFY(model::BundleWriter::write(hpx::test::powerScenarioResult(), ctx, bundle).ok);
        PowerScenario s;
        const QString recording = dir.filePath(QStringLiteral("sim.csv"));
        QVERIFY(writeFile(recording, s.plainCsv(true, QStringLiteral("source: hpx-board-sim (simulated)"))));

        ViewState state;
        QWidget window;
        PowerView view(&window);
        PowerController controller(&state, &view, &window);
        QVERIFY(!controller.addRecordingAction()->isEnabled()); // nothing shown yet
        const auto open = [&state](const QString &directory) {
            const model::BundleReadResult read = model::BundleReader::read(directory);
            if (!read.bundle)
                return false;
            state.setResult(std::make_shared<const model::ProfileResult>(read.bundle->result), directory);
            return true;
        };
        controller.openBundle = open;
        QVERIFY(open(bundle));
        QVERIFY(controller.addRecordingAction()->isEnabled());
        QVERIFY(!view.hasTrace());
        QVERIFY(view.findChild<QLabel *>(QStringLiteral("PowerSummary"))->text().contains(QStringLiteral("No power")));

        QSignalSpy added(&controller, &PowerController::measurementAdded);
        model::power::PowerOptions o;
        o.gate = QStringLiteral("gate");
        o.marker = QStringLiteral("marker");
        controller.addRecording(recording, o);
        QVERIFY(added.wait(20000));
        QCOMPARE(added.first().at(0).toBool(), true);
        QVERIFY(view.hasTrace());
        // The reopened result: energy per layer is a counter like any other.
        QVERIFY(state.result()->counterIndex(QStringLiteral("energy_j")) >= 0);
        const QString summary = view.findChild<QLabel *>(QStringLiteral("PowerSummary"))->text();
        QVERIFY2(summary.contains(QStringLiteral("23.4 µJ")), qPrintable(summary));
        QVERIFY(summary.contains(QStringLiteral("SIMULATED")));
        QCustomPlot *trace = view.tracePlot();
        QVERIFY(trace->graphCount() >= 3); // envelope, its other side, every sample of the first marker window
        QCOMPARE(trace->itemCount(), 2 + 4 * 5); // two gate windows, one line per marker edge
        view.zoomToAll();
        const double whole = trace->xAxis->range().size();
        view.zoomToInference();
        const QCPRange one = trace->xAxis->range();
        QVERIFY(one.size() < whole / 5);
        QVERIFY(std::fabs(one.size() - 1.0 * 1.1) < 0.01); // 1 ms of inference, 5 % margin on each side
        auto *histogram = view.findChild<QCustomPlot *>(QStringLiteral("PowerHistogram"));
        QCOMPARE(histogram->plottableCount(), 1);
        // In the Charts dock at the height the window gives it (about 20 lines, less its tab bar: 18 here) the
        // histogram is whole; stacked under the trace it was cut off at the bottom.
        view.resize(1400, view.fontMetrics().height() * 18);
        window.resize(view.size());
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        const QRect histogramInView(histogram->mapTo(&view, QPoint(0, 0)), histogram->size());
        QVERIFY2(view.rect().contains(histogramInView),
            qPrintable(QStringLiteral("histogram at %1,%2 %3x%4 in a view of %5x%6")
                           .arg(histogramInView.x())
                           .arg(histogramInView.y())
                           .arg(histogramInView.width())
                           .arg(histogramInView.height())
                           .arg(view.width())
                           .arg(view.height())));
        QVERIFY(view.tracePlot()->isVisible() && histogram->isVisible());
        QVERIFY(view.findChild<QLabel *>(QStringLiteral("PowerSummary"))->width()
            >= view.fontMetrics().averageCharWidth() * 40);
        // Nothing asks for more height than that: the summary's text scrolls instead of pushing the plots down.
        QVERIFY2(view.minimumSizeHint().height() <= view.height(),
            qPrintable(QString::number(view.minimumSizeHint().height())));

        // Reopened later (or a heliaPROFILER bundle with a power section): the figures, no trace.
        QVERIFY(open(bundle));
        QVERIFY(!view.hasTrace());
        QVERIFY(view.findChild<QLabel *>(QStringLiteral("PowerSummary"))->text().contains(QStringLiteral("23.4 µJ")));
    }
    void failureKeepsBundle()
    {
        QTemporaryDir dir;
        const QString bundle = dir.filePath(QStringLiteral("b"));
        QVERIFY(model::BundleWriter::write(hpx::test::powerScenarioResult(), hpx::test::fixedContext(), bundle).ok);
        ViewState state;
        QWidget window;
        PowerView view(&window);
        PowerController controller(&state, &view, &window);
        state.setResult(std::make_shared<const model::ProfileResult>(hpx::test::powerScenarioResult()), bundle);
        const QString recording = dir.filePath(QStringLiteral("bad.csv"));
        QVERIFY(writeFile(recording, "time_s,current_a,voltage_v,gate\n0,x,1,1\n"));
        QSignalSpy added(&controller, &PowerController::measurementAdded);
        // The warning box would block: answer it as soon as it shows.
        QTimer closer;
        connect(&closer, &QTimer::timeout, this, [] {
            if (QWidget *w = QApplication::activeModalWidget())
                w->close();
        });
        closer.start(50);
        controller.addRecording(recording, {});
        QVERIFY(added.wait(20000));
        QCOMPARE(added.first().at(0).toBool(), false);
        QVERIFY(added.first().at(1).toString().contains(QStringLiteral("Line 2")));
        QVERIFY(!view.hasTrace());
    }
    void heliaProfilerSection()
    {
        // heliaPROFILER's own power section (its keys only, values of its docs): the figures show, nothing invented.
        QString error;
        const model::JsonValue power = model::parseJson(
            "{\"measurement_scope\": \"gpio_gated_clean_window\", \"avg_current_a\": 0.012345, \"avg_power_w\": "
            "0.022222,"
            " \"median_current_a\": 0.0123, \"p95_current_a\": 0.0129, \"p99_current_a\": 0.0131,"
            " \"energy_per_inference_j\": 1.305e-05, \"inferences_per_joule\": 76628.4, \"gated_window_count\": 1,"
            " \"gated_window_duration_ratio\": 0.998, \"gated_vs_whole_current_ok\": true,"
            " \"power_firmware\": \"dedicated\"}",
            &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        PowerView view;
        view.showSummary(power);
        const QString text = view.findChild<QLabel *>(QStringLiteral("PowerSummary"))->text();
        QVERIFY2(text.contains(QStringLiteral("13.05 µJ")), qPrintable(text));
        QVERIFY(text.contains(QStringLiteral("22.22 mW")));
        QVERIFY(text.contains(QStringLiteral("76628.4")));
        QVERIFY(text.contains(QStringLiteral("0.9980")));
        QVERIFY(!text.contains(QStringLiteral("SIMULATED")));
        QVERIFY(!view.hasTrace());
        view.showSummary(model::JsonValue());
        QVERIFY(view.findChild<QLabel *>(QStringLiteral("PowerSummary"))->text().contains(QStringLiteral("No power")));
    }
    void menuHasTheAction()
    {
        MainWindow w;
        QAction *action = w.findChild<QAction *>(QStringLiteral("AddPowerRecordingAction"));
        QVERIFY(action);
        const QList<QAction *> file = w.menuBar()->actions().first()->menu()->actions();
        QVERIFY(file.contains(action));
        QVERIFY(!action->isEnabled());
        QVERIFY(w.findChild<PowerView *>());
    }
};

QTEST_MAIN(TstPowerView)
#include "tst_powerview.moc"
