// The real-board path in the window (issue 11): a typed port reaches a board outside the process, the user's
// board, link and counters survive port changes and restarts, and nothing of an old run or model lingers.
#include "ptypair.h"
#include "tests/support/testdata.h"
#include "ui/common/appsettings.h"
#include "ui/common/messagebanner.h"
#include "ui/run/boardconnection.h"
#include "ui/run/boardpanel.h"
#include "ui/run/boardsuggestion.h"
#include "ui/run/consolepane.h"
#include "ui/run/counterpicker.h"
#include "ui/run/runpanel.h"
#include "ui/run/runsummary.h"
#include "ui/table/frozencolumnsview.h"
#include "ui/table/layerfilterproxy.h"
#include "ui/table/layertablemodel.h"
#include "ui/table/layertableview.h"
#include "ui/window/exportmenu.h"
#include "ui/window/mainwindow.h"
#include "ui/window/windowplacement.h"

#include <QComboBox>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProcess>
#include <QProgressBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QScreen>
#include <QScrollBar>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QTextDocument>

#include <cmath>

using namespace hpx;

namespace {
const QString Example = QStringLiteral(HPX_EXAMPLES "/kws_ref_model.tflite");
// In catalogue order, as CounterPicker::selectedCounters() lists them.
const QStringList FourCounters { QStringLiteral("ARM_PMU_INST_RETIRED"), QStringLiteral("ARM_PMU_CPU_CYCLES"),
    QStringLiteral("ARM_PMU_MEM_ACCESS"), QStringLiteral("ARM_PMU_MVE_INST_RETIRED") };

// `hpx-board-sim --pty` serving `model`; returns the pty path it printed, or empty.
QString startBoardSim(QProcess &sim, const QString &model, const QStringList &extra)
{
    sim.start(QStringLiteral(HPX_BOARD_SIM),
        QStringList { model, QStringLiteral("--pty"), QStringLiteral("--transport"), QStringLiteral("uart") } + extra);
    if (!sim.waitForStarted(5000))
        return {};
    QByteArray out;
    while (!out.contains('\n') && sim.waitForReadyRead(10000))
        out += sim.readAllStandardOutput();
    const QString port = QString::fromLocal8Bit(out).section(QLatin1Char('\n'), 0, 0).trimmed();
    return port.startsWith(QLatin1String("/dev/")) ? port : QString();
}
} // namespace

class TestRealBoard : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("hpx-studio-tests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_realboard"));
    }
    void init() { QSettings().clear(); }

    void typedPtyPortRunsAFourCounterProfile()
    {
        QTemporaryDir dir;
        const QString truthPath = dir.filePath(QStringLiteral("truth.json"));
        QProcess sim;
        const QString port = startBoardSim(sim, Example,
            { QStringLiteral("--plan-support"), QStringLiteral("--time-scale"), QStringLiteral("0"),
                QStringLiteral("--ground-truth"), truthPath });
        QVERIFY2(!port.isEmpty(), qPrintable(QString::fromLocal8Bit(sim.readAllStandardError())));

        ui::MainWindow window;
        window.show();
        QVERIFY(window.openModel(Example));
        // Typed, as a user would: the pty is in no port list.
        QLineEdit *edit = window.boardPanel()->findChild<QComboBox *>()->lineEdit();
        QVERIFY(edit);
        edit->selectAll();
        QTest::keyClicks(edit, port);
        QVERIFY(window.boardPanel()->setBoard(QStringLiteral("apollo510_evb")));
        const ui::BoardTarget target = window.boardPanel()->target();
        QCOMPARE(target.kind, ui::BoardTarget::Kind::Serial);
        QCOMPARE(target.port, port);
        window.counterPicker()->setSelectedCounters(FourCounters);
        QVERIFY(window.counterPicker()->plan().ok());
        QVERIFY(window.counterPicker()->uncapturedCounters().isEmpty());
        window.iterationsBox()->setValue(3);

        QSignalSpy finished(&window, &ui::MainWindow::runFinished);
        window.startRun();
        QVERIFY(window.isRunning());
        QVERIFY(finished.wait(120000));
        QVERIFY2(finished.first().first().toBool(), qPrintable(window.runPanel()->statusText()));
        QCOMPARE(window.result()->layers.size(), 13);
        for (const QString &counter : FourCounters)
            QVERIFY2(window.result()->counters.contains(counter), qPrintable(counter));

        // The board on the other end of the pty ran it: the simulator process took the window's plan and
        // wrote what it sent.
        QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(truthPath), 10000);
        QFile truth(truthPath);
        QVERIFY(truth.open(QIODevice::ReadOnly));
        QVERIFY(truth.readAll().contains("\"host\""));
        sim.kill();
        sim.waitForFinished(5000);

        // The table export says where each row's operator is; the bundle export names the folder it wrote.
        QString error;
        QTemporaryDir exportDir;
        QVERIFY2(window.exportMenu()->exportCsv(exportDir.filePath(QStringLiteral("layers.csv")), &error),
            qPrintable(error));
        QFile csv(exportDir.filePath(QStringLiteral("layers.csv")));
        QVERIFY(csv.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = csv.readAll().split('\n');
        QVERIFY2(lines.first().startsWith("execution_order,op,subgraph,operator_index,"), lines.first().constData());
        QVERIFY2(lines.at(5).contains(",main,4,"), lines.at(5).constData());
        QVERIFY(window.exportMenu()->exportBundle(exportDir.path(), &error));
        QVERIFY(QFileInfo(window.exportMenu()->bundleExportPath(exportDir.path())).isDir());
        QCOMPARE(QDir(window.exportMenu()->bundleExportPath(exportDir.path())).dirName(),
            QDir(window.resultBundleDirectory()).dirName());
    }

    void switchingPortsKeepsBoardLinkAndCounters()
    {
        ui::MainWindow window;
        ui::BoardPanel *board = window.boardPanel();
        QVERIFY(board->setBoard(QStringLiteral("apollo510_evb")));
        board->setFirmwareTransport(QStringLiteral("usb_cdc"));
        window.counterPicker()->setSelectedCounters(FourCounters);
        for (const QString &port : { QStringLiteral("/dev/ttyS0"), QStringLiteral("tcp://127.0.0.1:19021"),
                 QStringLiteral("sim"), QStringLiteral("/dev/pts/42") }) {
            board->setTargetPort(port);
            QCOMPARE(board->target().port, port);
            QCOMPARE(board->target().board, QStringLiteral("apollo510_evb"));
            QCOMPARE(board->firmwareTransportChoice(), QStringLiteral("usb_cdc"));
            QCOMPARE(window.counterPicker()->selectedCounters(), FourCounters);
            QCOMPARE(window.counterPicker()->plan().plan->selected.size(), 4);
        }
        QCOMPARE(board->target().kind, ui::BoardTarget::Kind::Serial);

        // A board that cannot capture some of them: the plan says which, the selection stays, and the
        // counters come back with a board that can.
        QVERIFY(board->setBoard(QStringLiteral("apollo3p_evb")));
        QCOMPARE(window.counterPicker()->selectedCounters(), FourCounters);
        QCOMPARE(window.counterPicker()->uncapturedCounters().size(), 3); // all but the DWT cycle count
        QVERIFY(window.counterPicker()->plan().ok());
        QCOMPARE(window.counterPicker()->plan().plan->selected, QStringList { QStringLiteral("ARM_PMU_CPU_CYCLES") });
        QVERIFY2(window.counterPicker()->planSummary().contains(QStringLiteral("ARM_PMU_MVE_INST_RETIRED")),
            qPrintable(window.counterPicker()->planSummary()));
        QVERIFY(board->setBoard(QStringLiteral("apollo510_evb")));
        QCOMPARE(window.counterPicker()->plan().plan->selected.size(), 4);
        // The user decides: dropping them is one click, not a side effect.
        QVERIFY(board->setBoard(QStringLiteral("apollo3p_evb")));
        window.counterPicker()->deselectUncaptured();
        QCOMPARE(window.counterPicker()->selectedCounters(), QStringList { QStringLiteral("ARM_PMU_CPU_CYCLES") });
    }

    void runChoicesSurviveARestart()
    {
        {
            ui::MainWindow window;
            window.boardPanel()->setTargetPort(QStringLiteral("/dev/pts/77"));
            window.boardPanel()->setBaud(460800);
            QVERIFY(window.boardPanel()->setBoard(QStringLiteral("apollo3p_evb")));
            window.boardPanel()->setFirmwareTransport(QStringLiteral("usb_cdc"));
            QVERIFY(window.boardPanel()->setEngine(QStringLiteral("tflm")));
            window.boardPanel()->setTimeScale(1.0);
            window.counterPicker()->setSelectedCounters(FourCounters); // three of them not on apollo3p
            QVERIFY(window.close());
        }
        ui::MainWindow window;
        const ui::BoardTarget target = window.boardPanel()->target();
        QCOMPARE(target.port, QStringLiteral("/dev/pts/77"));
        QCOMPARE(target.baud, 460800);
        QCOMPARE(target.board, QStringLiteral("apollo3p_evb"));
        QCOMPARE(target.firmwareTransport, std::optional(hpx::model::FirmwareTransport::UsbCdc));
        QCOMPARE(window.boardPanel()->engineChoice(), QStringLiteral("tflm"));
        QCOMPARE(target.timeScale, 1.0);
        QCOMPARE(window.counterPicker()->selectedCounters(), FourCounters); // saved as chosen, not reduced
    }

    void bannerShowsMarkupAsText()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("<b>bold<b> &quot;o no&quot;.tflite"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("TFL3 not a model \"o no\" <i>");
        file.close();
        ui::MainWindow window;
        QVERIFY(!window.openModel(path));
        QCOMPARE(window.banner()->kind(), ui::MessageBanner::Kind::Error);
        const QString shown = window.banner()->plainText();
        QVERIFY2(shown.contains(QStringLiteral("<b>bold<b> &quot;o no&quot;.tflite")), qPrintable(shown));
        QVERIFY2(!shown.contains(QStringLiteral("&lt;")), qPrintable(shown));

        ui::MessageBanner banner;
        banner.showPlainText(ui::MessageBanner::Kind::Error, QStringLiteral("file identifier \"o no\" & <tag>"));
        QCOMPARE(banner.plainText(), QStringLiteral("file identifier \"o no\" & <tag>"));
    }

    void newModelAndNewRunStartClean()
    {
        ui::MainWindow window;
        window.show();
        QVERIFY(window.openModel(Example));
        window.counterPicker()->setSelectedCounters({ QStringLiteral("ARM_PMU_CPU_CYCLES") });
        window.iterationsBox()->setValue(2);
        window.boardPanel()->setTimeScale(0);

        // A failed run: a port with nothing behind it. Its error, progress and estimate must not outlive it.
        window.boardPanel()->setTargetPort(QStringLiteral("/dev/hpx-no-such-port"));
        QSignalSpy finished(&window, &ui::MainWindow::runFinished);
        window.startRun();
        QVERIFY(finished.wait(30000) || !finished.isEmpty());
        QCOMPARE(finished.first().first().toBool(), false);
        QVERIFY(window.banner()->isVisibleTo(&window));
        QCOMPARE(window.banner()->kind(), ui::MessageBanner::Kind::Error);
        QCOMPARE(window.runPanel()->progressPercent(), 0);

        // A new run clears the old error at once and runs clean.
        window.boardPanel()->setTargetPort(QStringLiteral("sim"));
        finished.clear();
        window.startRun();
        QVERIFY(window.isRunning());
        QVERIFY(!window.banner()->isVisibleTo(&window));
        QVERIFY(finished.wait(60000));
        QCOMPARE(finished.first().first().toBool(), true);
        QVERIFY(!window.banner()->isVisibleTo(&window));

        // A filter and board metadata from this model; an error banner on top.
        window.layerTable()->findChild<QLineEdit *>()->setText(QStringLiteral("CONV"));
        QVERIFY(window.layerTable()->proxy()->rowCount() < window.layerTable()->tableModel()->rowCount());
        QLabel *metadata = nullptr;
        for (QLabel *label : window.boardPanel()->findChildren<QLabel *>()) {
            if (label->text().contains(QStringLiteral("MHz")))
                metadata = label;
        }
        QVERIFY(metadata);
        // The stream's engine is named as the Engine box names it, not in the wire's spelling.
        QVERIFY2(metadata->text().contains(QStringLiteral("Engine: helia-rt")), qPrintable(metadata->text()));
        QVERIFY(!window.runPanel()->console()->text().isEmpty()); // what the board sent for this model
        QVERIFY(!window.openModel(QStringLiteral("/nonexistent/model.tflite")));
        QVERIFY(window.banner()->isVisibleTo(&window));

        // Another model: no old banner, filter, board metadata or progress.
        QVERIFY(window.openModel(test::dataPath(QStringLiteral("models/hello_world_int8.tflite"))));
        QVERIFY(!window.banner()->isVisibleTo(&window));
        QVERIFY(window.layerTable()->textFilter().isEmpty());
        QCOMPARE(window.layerTable()->proxy()->rowCount(), window.layerTable()->tableModel()->rowCount());
        QVERIFY(!metadata->text().contains(QStringLiteral("MHz")));
        QCOMPARE(window.runPanel()->progressPercent(), 0);
        QVERIFY2(window.runPanel()->console()->text().isEmpty(), qPrintable(window.runPanel()->console()->text()));
    }

    // Issue 33, item 7: a run whose result is invalid (the board on the port runs another model: model.mismatch) is
    // no success: the error banner says invalid and why, the run panel too; `hpx profile` exits 5 for the same.
    void anInvalidResultIsSaidInTheBanner()
    {
        QProcess sim;
        const QString port = startBoardSim(sim, test::dataPath(QStringLiteral("models/hello_world_int8.tflite")),
            { QStringLiteral("--time-scale"), QStringLiteral("0"), QStringLiteral("--iterations"),
                QStringLiteral("2") });
        QVERIFY2(!port.isEmpty(), qPrintable(QString::fromLocal8Bit(sim.readAllStandardError())));
        ui::MainWindow window;
        window.show();
        QVERIFY(window.openModel(Example));
        window.boardPanel()->setTargetPort(port);
        window.counterPicker()->setSelectedCounters({ QStringLiteral("ARM_PMU_CPU_CYCLES") });
        QSignalSpy finished(&window, &ui::MainWindow::runFinished);
        window.startRun();
        QVERIFY(finished.wait(60000));
        sim.kill();
        sim.waitForFinished(5000);
        QVERIFY(window.result());
        QCOMPARE(window.result()->validity(), QStringLiteral("invalid"));
        QVERIFY(window.banner()->isVisibleTo(&window));
        QCOMPARE(window.banner()->kind(), ui::MessageBanner::Kind::Error);
        const QString banner = window.banner()->plainText();
        QVERIFY2(banner.contains(QStringLiteral("The result is invalid")), qPrintable(banner));
        QVERIFY2(banner.contains(QStringLiteral("kws_ref_model.tflite")), qPrintable(banner)); // model.mismatch's words
        QVERIFY2(window.runPanel()->statusText().contains(QStringLiteral("invalid")),
            qPrintable(window.runPanel()->statusText()));

        // A valid result after it says nothing of the kind.
        window.boardPanel()->setTargetPort(QStringLiteral("sim"));
        window.boardPanel()->setTimeScale(0);
        window.iterationsBox()->setValue(2);
        finished.clear();
        window.startRun();
        QVERIFY(finished.wait(60000));
        QCOMPARE(window.result()->validity(), QStringLiteral("valid"));
        QVERIFY(!window.banner()->isVisibleTo(&window));
        QVERIFY(!window.runPanel()->statusText().contains(QStringLiteral("invalid")));
    }

    void cancelIsNeutralAndSaidOnce()
    {
        ui::MainWindow window;
        window.show();
        QVERIFY(window.openModel(Example));
        window.counterPicker()->setSelectedCounters({ QStringLiteral("ARM_PMU_CPU_CYCLES") });
        window.boardPanel()->setTimeScale(1.0);
        QSignalSpy finished(&window, &ui::MainWindow::runFinished);
        window.startRun();
        QTest::qWait(300);
        window.cancelRun();
        QVERIFY(finished.wait(10000));
        QVERIFY(!window.banner()->isVisibleTo(&window));
        QVERIFY(window.statusBar()->currentMessage().isEmpty()
            || !window.statusBar()->currentMessage().contains(QStringLiteral("ancel")));
        const QString status = window.runPanel()->statusText();
        QVERIFY2(status.contains(QStringLiteral("Cancelled")), qPrintable(status));
        QVERIFY2(!status.contains(QStringLiteral("#ef4444")), qPrintable(status));
    }

    // Issue 24 (2.10): a board unplugged mid-run is said once (the banner; the Run dock points to it, the status bar
    // does not repeat it), and that the raw stream was kept is said once, with its path.
    void anUnpluggedBoardIsSaidOnce()
    {
        QProcess sim;
        const QString port = startBoardSim(sim, Example,
            { QStringLiteral("--iterations"), QStringLiteral("400"), QStringLiteral("--time-scale"),
                QStringLiteral("1") });
        QVERIFY2(!port.isEmpty(), qPrintable(QString::fromLocal8Bit(sim.readAllStandardError())));
        ui::MainWindow window;
        window.show();
        QVERIFY(window.openModel(Example));
        window.boardPanel()->setTargetPort(port);
        window.counterPicker()->setSelectedCounters({ QStringLiteral("ARM_PMU_CPU_CYCLES") });
        QSignalSpy finished(&window, &ui::MainWindow::runFinished);
        window.startRun();
        QTRY_VERIFY_WITH_TIMEOUT(window.runPanel()->statusText().contains(QStringLiteral("Pass 1 of")), 30000);
        sim.kill(); // the cable is pulled
        sim.waitForFinished(5000);
        QVERIFY(finished.wait(30000));
        QVERIFY(!finished.first().first().toBool());
        const QString banner = window.banner()->text();
        QVERIFY2(banner.contains(QStringLiteral("went away during the capture")), qPrintable(banner));
        QCOMPARE(banner.count(QStringLiteral("went away")), 1);
        QCOMPARE(banner.count(QStringLiteral("kept")), 1);
        QVERIFY2(banner.contains(QRegularExpression(QStringLiteral("kept in \\S+\\.log"))), qPrintable(banner));
        QVERIFY(!window.statusBar()->currentMessage().contains(QStringLiteral("went away")));
        const QString status = window.runPanel()->statusText();
        QVERIFY2(!status.contains(QStringLiteral("went away")) && status.contains(QStringLiteral("message above")),
            qPrintable(status));
    }

    void aSilentPortGetsAHintAndCancelsAtOnce()
    {
        test::PtyPair pty; // nothing answers on the other side
        QVERIFY(pty.isValid());
        ui::MainWindow window;
        window.show();
        QVERIFY(window.openModel(Example));
        window.boardPanel()->setTargetPort(pty.slavePath());
        QSignalSpy finished(&window, &ui::MainWindow::runFinished);
        window.startRun();
        QVERIFY(window.isRunning());
        QTRY_VERIFY_WITH_TIMEOUT(window.runPanel()->showsSilentHint(), ui::RunPanel::SilentHintMs + 5000);
        QVERIFY(window.isRunning()); // still waiting for the board
        QVERIFY2(window.runPanel()->statusText().contains(QStringLiteral("baud")),
            qPrintable(window.runPanel()->statusText()));
        QElapsedTimer timer;
        timer.start();
        window.cancelRun();
        QVERIFY(finished.wait(5000) || !finished.isEmpty());
        QVERIFY2(timer.elapsed() < 2000, qPrintable(QString::number(timer.elapsed())));
        QVERIFY(!window.isRunning());
    }

    void theRunPanelEstimatesEveryPhase()
    {
        // The phases as a capture reports them, with an estimate of 1:30 from the board's start.
        ui::RunPanel panel;
        panel.setIterationsPerPass(10, 1);
        panel.setLayerCount(13);
        panel.runStarted(QString());
        QVERIFY2(panel.timeText().contains(QStringLiteral("estimating")), qPrintable(panel.timeText()));
        run::RunEstimate estimate;
        estimate.totalMs = 90000;
        estimate.passStartMs = { 10000, 50000 };
        panel.setEstimate(estimate);
        device::CaptureProgress progress;
        progress.phase = QStringLiteral("connecting");
        panel.showProgress(progress);
        QVERIFY2(panel.timeText().contains(QStringLiteral("about 1:30 once the board starts (estimate)")),
            qPrintable(panel.timeText()));
        progress.phase = QStringLiteral("clean_window"); // the board started: its first bytes arrived
        progress.bytes = 200;
        panel.showProgress(progress);
        QVERIFY2(panel.timeText().contains(QStringLiteral("left (estimate)")), qPrintable(panel.timeText()));
        progress.phase = QStringLiteral("profiling"); // the first pass, before any pass finished
        progress.passNumber = 1;
        progress.passCount = 2;
        progress.iteration = 2;
        progress.layer = 5;
        panel.showProgress(progress);
        QVERIFY2(panel.timeText().contains(QStringLiteral("about 1:1")), qPrintable(panel.timeText())); // 1:18
        QVERIFY2(panel.timeText().endsWith(QStringLiteral("left (estimate)")), qPrintable(panel.timeText()));
        // A pass has finished: from here the board's own pace scales the estimate, and it is no longer flagged.
        progress.passNumber = 2;
        panel.showProgress(progress);
        QVERIFY2(panel.timeText().endsWith(QStringLiteral(" left")), qPrintable(panel.timeText()));
        QVERIFY(!panel.timeText().contains(QStringLiteral("estimate")));
    }

    // Issue 37 (7): a board unplugged after 178 of 400 iterations left the bar at 0 % although those were kept; it
    // stays where the capture got to and says it stopped there. A cancelled run on a real board says the board runs on.
    void aRunThatStoppedKeepsItsProgressAndSaysWhy()
    {
        ui::RunPanel panel;
        panel.setIterationsPerPass(400, 1);
        panel.setLayerCount(13);
        panel.runStarted(QString());
        auto *bar = panel.findChild<QProgressBar *>();
        QVERIFY(bar);
        device::CaptureProgress progress;
        progress.phase = QStringLiteral("profiling");
        progress.bytes = 90000;
        progress.passCount = 1;
        progress.passNumber = 1;
        progress.iteration = 178;
        panel.showProgress(progress);
        QCOMPARE(bar->value(), 44);
        panel.runFinished(ui::RunEnd::Failed, QStringLiteral("The link broke."));
        QCOMPARE(bar->value(), 44);
        QVERIFY2(bar->text().contains(QStringLiteral("Stopped at 44")), qPrintable(bar->text()));
        panel.reset();
        QCOMPARE(bar->value(), 0);
        QCOMPARE(bar->format(), QStringLiteral("%p%"));

        run::ProfileOutcome cancelled;
        cancelled.capture.status = device::CaptureResult::Status::Cancelled;
        cancelled.capture.bytes = 5000;
        const QString real = ui::summarizeRun(cancelled, nullptr, QString(), QStringLiteral("/tmp/raw.txt"), true).text;
        QVERIFY2(real.contains(QStringLiteral("still mid-run")) && real.contains(QStringLiteral("reset it")),
            qPrintable(real));
        // The simulated and virtual boards stop with the run; a board that sent nothing has not started.
        QVERIFY(!ui::summarizeRun(cancelled, nullptr, QString(), QStringLiteral("/tmp/raw.txt"), false)
                     .text.contains(QStringLiteral("mid-run")));
        cancelled.capture.bytes = 0;
        QVERIFY(!ui::summarizeRun(cancelled, nullptr, QString(), QStringLiteral("/tmp/raw.txt"), true)
                     .text.contains(QStringLiteral("mid-run")));
    }

    // Issue 37 (2): at scale 2 the console's hint wrapped past its three lines and was cut through the letters. It is
    // the whole sentence, a short one or none: whatever is shown fits the console whole.
    void theConsoleHintIsNeverCut()
    {
        ui::ConsolePane pane;
        pane.resize(900, 300);
        pane.show();
        QVERIFY(QTest::qWaitForWindowExposed(&pane));
        const QString whole = pane.placeholderText();
        QVERIFY(whole.contains(QStringLiteral("Connect")));
        auto *view = pane.findChild<QPlainTextEdit *>();
        QVERIFY(view);
        // The console as low as it goes, its font as large as at scale 2 in a narrow dock.
        QFont large = view->font();
        large.setPointSizeF(large.pointSizeF() * 1.6);
        view->setFont(large);
        QStringList seen;
        for (const int width : { 1400, 900, 600, 400, 300 }) {
            pane.resize(width, pane.minimumSizeHint().height());
            QCoreApplication::processEvents();
            const QString shown = pane.placeholderText();
            seen << shown;
            if (shown.isEmpty())
                continue;
            const int margin = int(std::ceil(view->document()->documentMargin()));
            const QRect room = view->viewport()->rect().adjusted(margin, margin, -margin, -margin);
            const QRect needed = view->fontMetrics().boundingRect(
                QRect(room.topLeft(), QSize(room.width(), 100000)), Qt::TextWordWrap, shown);
            QVERIFY2(needed.height() <= room.height(),
                qPrintable(QStringLiteral("%1 px wide: \"%2\" needs %3 px of %4")
                               .arg(width)
                               .arg(shown)
                               .arg(needed.height())
                               .arg(room.height())));
        }
        QVERIFY2(seen.contains(whole) && QSet<QString>(seen.begin(), seen.end()).size() >= 2,
            qPrintable(seen.join(QLatin1Char('|'))));
    }

    // Issue 24 (2.6): during the board's clean timing window (it sends nothing for as long as it announced) the bar
    // moves and the status says what the board does and for how long.
    void theCleanWindowSaysWhatTheBoardDoesAndMoves()
    {
        ui::RunPanel panel;
        panel.setIterationsPerPass(10, 1);
        panel.setLayerCount(13);
        panel.runStarted(QString());
        auto *bar = panel.findChild<QProgressBar *>();
        QVERIFY(bar);
        device::CaptureProgress progress;
        progress.phase = QStringLiteral("clean_window");
        progress.bytes = 300;
        progress.passCount = 2;
        progress.cleanWindowEstMs = 10000;
        progress.cleanWindowSinceMs = 2000;
        panel.showProgress(progress);
        QVERIFY2(panel.statusText().contains(QStringLiteral("without per-layer counters: 0:02 of about 0:10")),
            qPrintable(panel.statusText()));
        QCOMPARE(bar->maximum(), 1000);
        const int first = bar->value();
        QVERIFY2(first >= 195 && first <= 260, qPrintable(QString::number(first)));
        // No new progress from the silent board: the panel's own clock moves the bar and the text.
        QTRY_VERIFY_WITH_TIMEOUT(bar->value() >= first + 100, 4000);
        QVERIFY2(panel.statusText().contains(QStringLiteral("of about 0:10")), qPrintable(panel.statusText()));
        // Past the announced time it says so, and the bar stays short of the end.
        progress.cleanWindowSinceMs = 12000;
        panel.showProgress(progress);
        QVERIFY2(panel.statusText().contains(QStringLiteral("longer than the 0:10 it announced")),
            qPrintable(panel.statusText()));
        QVERIFY(bar->value() < bar->maximum());
        // The first pass: a percentage again.
        progress.phase = QStringLiteral("profiling");
        progress.passNumber = 1;
        progress.iteration = 0;
        panel.showProgress(progress);
        QCOMPARE(bar->maximum(), 100);
        QCOMPARE(bar->format(), QStringLiteral("%p%"));
        QVERIFY(panel.statusText().contains(QStringLiteral("Pass 1 of 2")));
    }

    // Before Run: what a run with the current choices takes, following the choices; nothing for an instant board.
    void theWindowEstimatesTheNextRunWhileIdle()
    {
        ui::MainWindow window;
        window.show();
        QVERIFY(window.openModel(Example));
        window.counterPicker()->setSelectedCounters({ QStringLiteral("ARM_PMU_CPU_CYCLES") });
        window.boardPanel()->setTargetPort(QStringLiteral("sim"));
        window.boardPanel()->setTimeScale(1.0); // real time
        window.iterationsBox()->setValue(20);
        QTRY_VERIFY2(window.runPanel()->timeText().startsWith(QStringLiteral("Next run: about")),
            qPrintable(window.runPanel()->timeText()));
        const QString twenty = window.runPanel()->timeText();
        window.iterationsBox()->setValue(200);
        QTRY_VERIFY2(window.runPanel()->timeText() != twenty, qPrintable(window.runPanel()->timeText()));
        QVERIFY2(window.runPanel()->timeText().endsWith(QStringLiteral("(estimate)")),
            qPrintable(window.runPanel()->timeText()));
        window.boardPanel()->setTimeScale(0); // Fast: the run takes what the host needs, nothing to estimate
        QTRY_VERIFY2(window.runPanel()->timeText().isEmpty(), qPrintable(window.runPanel()->timeText()));
    }

    void theWindowEstimatesWhileConnectingAndInTheFirstPass()
    {
        {
            test::PtyPair pty; // connecting: nothing answers yet
            QVERIFY(pty.isValid());
            ui::MainWindow window;
            window.show();
            QVERIFY(window.openModel(Example));
            window.boardPanel()->setTargetPort(pty.slavePath());
            QSignalSpy finished(&window, &ui::MainWindow::runFinished);
            window.startRun();
            QTRY_VERIFY2_WITH_TIMEOUT(window.runPanel()->timeText().contains(QStringLiteral("(estimate)")),
                qPrintable(window.runPanel()->timeText()), 10000);
            QVERIFY(window.runPanel()->timeText().contains(QStringLiteral("once the board starts")));
            QVERIFY(window.isRunning());
            window.cancelRun();
            QVERIFY(finished.wait(10000) || !finished.isEmpty());
        }
        // The first pass on a real-time board behind a 115200-baud link: the estimate comes from the model, the
        // board's clock and the baud rate, and says it is one.
        QProcess sim;
        const QString port = startBoardSim(sim, Example,
            { QStringLiteral("--plan-support"), QStringLiteral("--time-scale"), QStringLiteral("1"),
                QStringLiteral("--baud"), QStringLiteral("115200") });
        QVERIFY2(!port.isEmpty(), qPrintable(QString::fromLocal8Bit(sim.readAllStandardError())));
        ui::MainWindow window;
        window.show();
        QVERIFY(window.openModel(Example));
        window.boardPanel()->setTargetPort(port);
        window.boardPanel()->setBaud(115200);
        QVERIFY(window.boardPanel()->setBoard(QStringLiteral("apollo510_evb")));
        window.counterPicker()->setSelectedCounters(FourCounters);
        window.iterationsBox()->setValue(60);
        QSignalSpy finished(&window, &ui::MainWindow::runFinished);
        window.startRun();
        QTRY_VERIFY2_WITH_TIMEOUT(window.runPanel()->statusText().contains(QStringLiteral("Pass 1 of"))
                && window.runPanel()->timeText().contains(QStringLiteral("left (estimate)")),
            qPrintable(window.runPanel()->statusText() + QStringLiteral(" | ") + window.runPanel()->timeText()), 30000);
        window.cancelRun();
        QVERIFY(finished.wait(10000) || !finished.isEmpty());
        sim.kill();
        sim.waitForFinished(5000);
    }

    void windowGeometryIsClampedToTheScreen()
    {
        const QRect available(0, 0, 1280, 720);
        QCOMPARE(ui::clampedGeometry(QRect(100, 50, 2880, 1800), available), available);
        QCOMPARE(ui::clampedGeometry(QRect(1000, 600, 800, 400), available), QRect(480, 320, 800, 400));
        QCOMPARE(ui::clampedGeometry(QRect(-50, -20, 400, 300), available), QRect(0, 0, 400, 300));
        QCOMPARE(ui::clampedGeometry(QRect(10, 10, 400, 300), available), QRect(10, 10, 400, 300));

        // A window saved larger than this screen (another machine, QT_SCALE_FACTOR=2) comes back on it.
        const QRect screen = QGuiApplication::primaryScreen()->availableGeometry();
        {
            ui::MainWindow big;
            big.setGeometry(QRect(screen.topLeft(), screen.size() * 2));
            ui::AppSettings().setWindowGeometry(big.saveGeometry());
        }
        ui::MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QTRY_VERIFY2(screen.contains(window.frameGeometry()),
            qPrintable(QStringLiteral("%1,%2 %3x%4 outside %5x%6")
                           .arg(window.frameGeometry().x())
                           .arg(window.frameGeometry().y())
                           .arg(window.frameGeometry().width())
                           .arg(window.frameGeometry().height())
                           .arg(screen.width())
                           .arg(screen.height())));
    }

    void theStreamSuggestsTheMatchingBoard()
    {
        using Meta = QVector<QPair<QString, QVariant>>;
        const Meta m55 { { QStringLiteral("system_clock_hz"), 96000000 }, { QStringLiteral("pmu_init_status"), 0 } };
        const Meta m4 { { QStringLiteral("system_clock_hz"), 48000000 } };
        QCOMPARE(ui::suggestedBoard(m55, QStringLiteral("apollo3p_evb")), QStringLiteral("apollo510_evb"));
        QCOMPARE(ui::suggestedBoard(m55, QStringLiteral("apollo510_evb")), QString());
        QCOMPARE(ui::suggestedBoard(m55, QStringLiteral("apollo5b_evb")), QString());
        QCOMPARE(ui::suggestedBoard(m4, QStringLiteral("apollo510_evb")), QStringLiteral("apollo3p_evb"));
        QCOMPARE(ui::suggestedBoard(
                     { { QStringLiteral("engine"), QStringLiteral("tflm") } }, QStringLiteral("apollo3p_evb")),
            QString());

        QCOMPARE(
            ui::suggestedBoard({ { QStringLiteral("system_clock_hz"), 96000000 } }, QStringLiteral("apollo510_evb")),
            QString()); // no PMU line: not proof of a DWT-only part

        ui::BoardPanel panel;
        panel.setTargetPort(QStringLiteral("/dev/ttyACM0"));
        QVERIFY(panel.setBoard(QStringLiteral("apollo3p_evb")));
        panel.showBoardMetadata(m55, nullptr);
        QCOMPARE(panel.suggestedBoard(), QStringLiteral("apollo510_evb"));
        panel.acceptSuggestedBoard();
        QCOMPARE(panel.target().board, QStringLiteral("apollo510_evb"));
        // The simulated board runs what it is told: nothing to suggest.
        panel.setTargetPort(QStringLiteral("sim"));
        QVERIFY(panel.setBoard(QStringLiteral("apollo3p_evb")));
        panel.showBoardMetadata(m55, nullptr);
        QVERIFY(panel.suggestedBoard().isEmpty());

        // The board's own words (issue 22): what QEMU's agent says about itself, and where it disagrees with the
        // chosen preset (32 MHz where apollo510_evb has 96 or 250; no PMU tier), shown rather than overridden.
        QVERIFY(panel.setBoard(QStringLiteral("apollo510_evb")));
        const Meta qemu { { QStringLiteral("engine"), QStringLiteral("tflm") },
            { QStringLiteral("core"), QStringLiteral("cortex-m55") },
            { QStringLiteral("cycle_source"), QStringLiteral("systick") }, { QStringLiteral("event_counters"), 0 },
            { QStringLiteral("kernels"), QStringLiteral("cmsis_nn") },
            { QStringLiteral("system_clock_hz"), 32000000 } };
        panel.showBoardMetadata(qemu, nullptr);
        QString text;
        for (QLabel *label : panel.findChildren<QLabel *>()) {
            if (label->text().contains(QStringLiteral("MHz")))
                text = label->text();
        }
        for (const char *part : { "Core: cortex-m55", "Cycles: systick", "not counted", "Kernels: cmsis_nn",
                 "Clock: 32.0 MHz", "disagrees with the apollo510_evb preset", "cpu_clock_mhz 32 MHz" })
            QVERIFY2(
                text.contains(QLatin1String(part)), qPrintable(QLatin1String(part) + QStringLiteral(" in ") + text));
    }

    void theVirtualBoardsDockSaysInstructionsAndNoClock()
    {
        // Issue 34: today's agent on QEMU says it counts instructions (-icount); its 32 MHz is nominal, so the Board
        // dock shows no clock and never says cycles.
        ui::BoardPanel panel;
        panel.setTargetPort(QStringLiteral("qemu"));
        const QVector<QPair<QString, QVariant>> qemu { { QStringLiteral("engine"), QStringLiteral("tflm") },
            { QStringLiteral("core"), QStringLiteral("cortex-m55") },
            { QStringLiteral("cycle_source"), QStringLiteral("qemu_icount_instructions") },
            { QStringLiteral("event_counters"), 0 }, { QStringLiteral("kernels"), QStringLiteral("cmsis-nn") },
            { QStringLiteral("system_clock_hz"), 32000000 } };
        panel.showBoardMetadata(qemu, nullptr);
        QString text;
        for (QLabel *label : panel.findChildren<QLabel *>()) {
            if (label->text().contains(QStringLiteral("Core:")))
                text = label->text();
        }
        QVERIFY2(text.contains(QLatin1String("Counts: instructions (emulated)")), qPrintable(text));
        QVERIFY2(text.contains(QLatin1String("Kernels: cmsis-nn")), qPrintable(text));
        for (const char *word : { "MHz", "Clock", "ycles" })
            QVERIFY2(
                !text.contains(QLatin1String(word)), qPrintable(QLatin1String(word) + QStringLiteral(" in ") + text));
    }

    void theVirtualBoardHasNothingToConnectTo()
    {
        // The virtual board is a process each run starts (issue 21): Connect is off with a reason, and the menu's
        // Connect says so instead of opening "qemu" as a serial port.
        ui::BoardPanel panel;
        panel.setTargetPort(QStringLiteral("qemu"));
        QCOMPARE(panel.target().kind, ui::BoardTarget::Kind::Virtual);
        QPushButton *connectButton = nullptr;
        for (QPushButton *b : panel.findChildren<QPushButton *>()) {
            if (b->text() == QStringLiteral("Connect"))
                connectButton = b;
        }
        QVERIFY(connectButton);
        QVERIFY(!connectButton->isEnabled());
        QVERIFY(connectButton->toolTip().contains(QStringLiteral("press Run")));
        panel.setTargetPort(QStringLiteral("sim"));
        QVERIFY(connectButton->isEnabled());

        ui::MainWindow window;
        window.boardPanel()->setTargetPort(QStringLiteral("qemu"));
        QSignalSpy failed(window.findChild<ui::BoardConnection *>(), &ui::BoardConnection::failed);
        QVERIFY(failed.isValid());
        window.findChild<ui::BoardConnection *>()->setConnected(true);
        QCOMPARE(failed.size(), 1);
        QVERIFY(failed.at(0).at(0).toString().contains(QStringLiteral("press Run")));
    }

    void theTableKeepsNumberAndOpInPlace()
    {
        ui::MainWindow window;
        window.resize(1440, 900);
        window.show();
        QVERIFY(window.openModel(Example));
        auto *view = qobject_cast<ui::FrozenColumnsView *>(window.layerTable()->tableView());
        QVERIFY(view);
        QTableView *frozen = view->frozenView();
        QVERIFY(frozen->isVisible());
        auto *table = window.layerTable()->tableModel();
        QVERIFY(!frozen->isColumnHidden(table->columnForId(QStringLiteral("position"))));
        QVERIFY(!frozen->isColumnHidden(table->columnForId(QStringLiteral("op"))));
        QVERIFY(frozen->isColumnHidden(table->columnForId(QStringLiteral("subgraph"))));
        // One subgraph run in order: the operator index repeats #, so it is left out.
        QVERIFY(view->isColumnHidden(table->columnForId(QStringLiteral("index"))));
        view->horizontalScrollBar()->setValue(view->horizontalScrollBar()->maximum());
        QCOMPARE(frozen->geometry().left(), view->frameWidth());
        QVERIFY(view->frozenWidth() > 0);
    }
};

QTEST_MAIN(TestRealBoard)
#include "tst_realboard.moc"
