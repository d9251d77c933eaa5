// The window against the emulated board: the Board dock's tcp:// address, the counter picker's choice sent as the host
// plan, Run, and the per-layer result, exactly as a user does it (docs/firmware.md). Skipped when qemu-system-arm is
// not installed. HPX_QEMU_WINDOW_SHOT=<file.png> saves a picture of the finished window.
#include "qemuboardprocess.h"
#include "tests/support/testdata.h"
#include "ui/run/boardpanel.h"
#include "ui/run/counterpicker.h"
#include "ui/window/mainwindow.h"

#include <QApplication>
#include <QComboBox>
#include <QSpinBox>
#include <QStandardPaths>
#include <QtTest>

class TestQemuWindow : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void runFromTheBoardDock()
    {
        if (!hpx::firmwaretest::QemuBoardProcess::qemuInstalled())
            QSKIP("qemu-system-arm is not installed (scripts/setup.sh installs it): no emulated board to profile");
        QStandardPaths::setTestModeEnabled(true); // fresh settings, none of the user's
        QCoreApplication::setOrganizationName(QStringLiteral("hpx-studio-tests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_qemuwindow"));

        const QString model = hpx::test::dataPath(QStringLiteral("models/kws_ref_model.tflite"));
        hpx::firmwaretest::QemuBoardProcess board;
        QString error;
        const QString url = board.start(model, &error);
        QVERIFY2(!url.isEmpty(), qPrintable(error));

        hpx::ui::MainWindow window;
        window.resize(1440, 900);
        window.show();
        QVERIFY(window.openModel(model));
        window.boardPanel()->setTargetPort(url);
        // A Cortex-M55 board profile, so the counters are planned for the Armv8.1-M PMU, as a user picks it.
        bool picked = false;
        for (QComboBox *box : window.boardPanel()->findChildren<QComboBox *>())
            if (const int index = box->findData(QStringLiteral("apollo510_evb")); index >= 0) {
                box->setCurrentIndex(index);
                picked = true;
            }
        QVERIFY(picked);
        QCOMPARE(window.boardPanel()->target().soc, QStringLiteral("apollo510"));
        QCOMPARE(window.boardPanel()->target().kind, hpx::ui::BoardTarget::Kind::Tcp);
        QCOMPARE(window.boardPanel()->target().port, url);
        window.counterPicker()->setSelectedCounters(
            { QStringLiteral("ARM_PMU_CPU_CYCLES"), QStringLiteral("ARM_PMU_INST_RETIRED"),
                QStringLiteral("ARM_PMU_MEM_ACCESS"), QStringLiteral("ARM_PMU_BUS_ACCESS") });
        window.iterationsBox()->setValue(2);
        bool finished = false, ok = false;
        QObject::connect(&window, &hpx::ui::MainWindow::runFinished, [&](bool success) {
            finished = true;
            ok = success;
        });
        window.startRun();
        QTRY_VERIFY_WITH_TIMEOUT(finished, 120000);
        if (const QByteArray shot = qgetenv("HPX_QEMU_WINDOW_SHOT"); !shot.isEmpty())
            window.grab().save(QString::fromLocal8Bit(shot), "PNG");
        QVERIFY(ok);
        const auto result = window.result();
        QVERIFY(result);
        QCOMPARE(result->layers.size(), 13); // every operator of the model
        // Both passes the picker's choice needs ran: the host plan reached the board.
        QCOMPARE(result->passes.size(), 2);
        // QEMU counts cycles only: the events it does not count are not in the result (never as zeros).
        QVERIFY(result->counters.contains(QStringLiteral("ARM_PMU_CPU_CYCLES")));
        for (const QString &counter : { QStringLiteral("ARM_PMU_INST_RETIRED"), QStringLiteral("ARM_PMU_MEM_ACCESS"),
                 QStringLiteral("ARM_PMU_BUS_ACCESS") })
            QVERIFY2(!result->counters.contains(counter), qPrintable(counter));
        for (const auto &layer : result->layers)
            QVERIFY(layer.subgraph == 0 && layer.sourceIndex == layer.position);
    }
};

QTEST_MAIN(TestQemuWindow)
#include "tst_qemuwindow.moc"
