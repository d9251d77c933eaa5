// The window on the virtual board while its build runs (issue 34, items 3 and 5): the Run dock's bar shows the build's
// percentage and its status line what is being built, the console gets every line, Cancel is live and Run is not,
// the banner says the views still hold the previous run, and Cancel ends the build with nothing of it left running.
// tests/data/virtualboard/fake-qemu-board.sh stands in for scripts/qemu-board.sh (a slow make-like build, no TFLM).
// HPX_VIRTUALBOARD_WINDOW_SHOT=<file.png> saves a picture of the window during the build.
#include "tests/support/testdata.h"
#include "ui/run/boardpanel.h"
#include "ui/run/consolepane.h"
#include "ui/run/runpanel.h"
#include "ui/window/mainwindow.h"

#include <QDir>
#include <QFile>
#include <QLabel>
#include <QProcess>
#include <QProgressBar>
#include <QPushButton>
#include <QRandomGenerator>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

class TestVirtualBoardWindow : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("hpx-studio-tests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_virtualboardwindow"));
    }

    void theBuildShowsItsProgressAndCancelEndsIt()
    {
        QTemporaryDir dir;
        const QString marker
            = QStringLiteral("hpxfakeboard%1").arg(QRandomGenerator::global()->generate(), 8, 16, QLatin1Char('0'));
        const QString script = dir.filePath(marker + QStringLiteral(".sh"));
        QVERIFY(QFile::copy(hpx::test::dataPath(QStringLiteral("virtualboard/fake-qemu-board.sh")), script));
        QFile::setPermissions(script, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        QVERIFY(QDir().mkpath(dir.filePath(marker)));
        qputenv("HPX_QEMU_BOARD_SCRIPT", script.toLocal8Bit());
        qputenv("HPX_FAKE_BOARD_MARKER", marker.toLocal8Bit());
        qputenv("HPX_FAKE_BOARD_DIR", dir.filePath(marker).toLocal8Bit());
        qputenv("HPX_FAKE_BOARD_URL", "tcp://127.0.0.1:9"); // never reached: the run is cancelled in the build
        qputenv("HPX_FAKE_BOARD_STEP", "0.3");
        const auto ours = [&marker] {
            QProcess pgrep;
            pgrep.start(QStringLiteral("pgrep"), { QStringLiteral("-a"), QStringLiteral("-f"), marker });
            pgrep.waitForFinished();
            return QString::fromLocal8Bit(pgrep.readAllStandardOutput()).trimmed();
        };

        hpx::ui::MainWindow window;
        window.resize(1440, 900);
        window.show();
        QVERIFY(window.openModel(hpx::test::dataPath(QStringLiteral("models/kws_ref_model.tflite"))));
        // A previous run on the simulated board, whose values the views keep while the next one builds.
        window.boardPanel()->setTargetPort(QStringLiteral("sim"));
        QSignalSpy finished(&window, &hpx::ui::MainWindow::runFinished);
        window.startRun();
        QVERIFY(finished.wait(60000));
        QVERIFY(finished.first().at(0).toBool());
        QVERIFY(window.result());
        finished.clear();

        window.boardPanel()->setTargetPort(QStringLiteral("qemu"));
        window.startRun();
        hpx::ui::RunPanel *panel = window.runPanel();
        auto *bar = panel->findChild<QProgressBar *>();
        QVERIFY(bar);
        QTRY_VERIFY_WITH_TIMEOUT(bar->maximum() == 100 && bar->value() >= 15, 20000);
        QVERIFY2(panel->statusText().contains(QLatin1String("Building TFLM with CMSIS-NN kernels (once): ")),
            qPrintable(panel->statusText()));
        QVERIFY2(panel->console()->text().contains(QLatin1String("[virtual board: building TFLM (cmsis-nn): 15 %]")),
            qPrintable(panel->console()->text()));
        QVERIFY(panel->timeText().startsWith(QLatin1String("Elapsed ")));
        QPushButton *run = nullptr;
        QPushButton *cancel = nullptr;
        for (QPushButton *b : panel->findChildren<QPushButton *>()) {
            if (b->text() == QLatin1String("&Run"))
                run = b;
            if (b->text() == QLatin1String("&Cancel"))
                cancel = b;
        }
        QVERIFY(run && cancel);
        QVERIFY(cancel->isEnabled());
        QVERIFY(!run->isEnabled());
        // The views still hold the simulated board's run, and the banner says so.
        bool said = false;
        for (QLabel *l : window.findChildren<QLabel *>())
            said = said || (l->isVisible() && l->text().contains(QLatin1String("show the previous run")));
        QVERIFY(said);
        QVERIFY(!ours().isEmpty());
        if (const QByteArray shot = qgetenv("HPX_VIRTUALBOARD_WINDOW_SHOT"); !shot.isEmpty())
            window.grab().save(QString::fromLocal8Bit(shot), "PNG");

        QTest::mouseClick(cancel, Qt::LeftButton);
        QVERIFY(finished.wait(15000));
        QVERIFY(!finished.first().at(0).toBool());
        QVERIFY2(ours().isEmpty(), qPrintable(ours()));
        QVERIFY(run->isEnabled());
        QVERIFY(!cancel->isEnabled());
        QVERIFY(window.result()); // the previous run's values stay
        // Nothing was captured, so nothing is said to be kept.
        QVERIFY2(panel->statusText().contains(QLatin1String("being built")), qPrintable(panel->statusText()));
    }

    // Issue 33, item 4: the Board dock offers the virtual board's input (fixed, files, a seed) and hands it to the run
    // request; a file of the wrong size is refused in the window's banner before the board's script runs.
    // HPX_INPUT_DOCK_SHOT=<file.png> saves a picture of the window with the input row.
    void theInputComesFromTheBoardDock()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString mark = dir.filePath(QStringLiteral("script-ran"));
        const QString script = dir.filePath(QStringLiteral("qemu-board.sh"));
        {
            QFile f(script);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("#!/bin/sh\ntouch '" + mark.toLocal8Bit() + "'\nexit 1\n");
        }
        QFile::setPermissions(script, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        qputenv("HPX_QEMU_BOARD_SCRIPT", script.toLocal8Bit());
        const QString twoBytes = dir.filePath(QStringLiteral("two.bin"));
        {
            QFile f(twoBytes);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("\x01\x02", 2);
        }

        hpx::ui::MainWindow window;
        window.resize(1440, 900);
        window.show();
        QVERIFY(window.openModel(hpx::test::dataPath(QStringLiteral("models/hello_world_int8.tflite"))));
        hpx::ui::BoardPanel *board = window.boardPanel();
        board->setTargetPort(QStringLiteral("qemu"));
        QVERIFY(board->target().input.isFixed()); // the default: the board's fixed input
        board->setInput({ {}, 42 });
        QCOMPARE(board->target().input.seed.value_or(0), quint64(42));
        QVERIFY(board->target().input.files.isEmpty());
        board->setInput({ { twoBytes }, std::nullopt });
        QCOMPARE(board->target().input.files, QStringList { twoBytes });
        QVERIFY(!board->target().input.seed);
        // The simulated board takes no input, whatever the rows held.
        board->setTargetPort(QStringLiteral("sim"));
        QVERIFY(board->target().input.isFixed());
        board->setTargetPort(QStringLiteral("qemu"));
        if (const QByteArray shot = qgetenv("HPX_INPUT_DOCK_SHOT"); !shot.isEmpty())
            window.grab().save(QString::fromLocal8Bit(shot), "PNG");

        QSignalSpy finished(&window, &hpx::ui::MainWindow::runFinished);
        window.startRun();
        bool said = false;
        QTRY_VERIFY_WITH_TIMEOUT(
            [&] {
                for (QLabel *l : window.findChildren<QLabel *>())
                    said = said
                        || (l->isVisible()
                            && l->text().contains(
                                QLatin1String("two.bin is 2 bytes; input 0 (serving_default_dense_input:0, INT8 (1, "
                                              "1)) is 1 bytes")));
                return said;
            }(),
            5000);
        QVERIFY2(!QFile::exists(mark), "the virtual board's script ran for a bad input");
        qunsetenv("HPX_QEMU_BOARD_SCRIPT");
    }
};

QTEST_MAIN(TestVirtualBoardWindow)
#include "tst_virtualboardwindow.moc"
