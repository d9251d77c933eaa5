// The window against the virtual board: the Board dock's "Virtual Cortex-M55 (QEMU, TFLM)" entry with its kernel
// choice, Run (which builds and starts the board, then stops it), and the per-layer result, exactly as a user does it
// (docs/virtual-board.md). Skipped, saying what is missing, without QEMU, the Arm toolchain or the TFLM trees.
// HPX_QEMU_WINDOW_SHOT=<file.png> saves a picture of the finished window.
#include "qemuboardprocess.h"
#include "tests/support/testdata.h"
#include "ui/run/boardpanel.h"
#include "ui/run/counterpicker.h"
#include "ui/window/mainwindow.h"

#include <QApplication>
#include <QComboBox>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSpinBox>
#include <QStandardPaths>
#include <QtTest>

#include <algorithm>

class TestQemuWindow : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void runFromTheBoardDock()
    {
        const QString unavailable = hpx::firmwaretest::QemuBoardProcess::whyUnavailable();
        if (!unavailable.isEmpty())
            QSKIP(qPrintable(QStringLiteral("no virtual board to profile: ") + unavailable));
        QStandardPaths::setTestModeEnabled(true); // fresh settings, none of the user's
        QCoreApplication::setOrganizationName(QStringLiteral("hpx-studio-tests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_qemuwindow"));

        const QString model = hpx::test::dataPath(QStringLiteral("models/kws_ref_model.tflite"));
        // The same cache of TFLM libraries as the other virtual-board tests: built once.
        qputenv("HPX_BIN", HPX_BIN);
        qputenv("HPX_FW_BUILD", HPX_FW_BUILD);
        qputenv("HPX_TFLM_CACHE", HPX_TFLM_CACHE);

        hpx::ui::MainWindow window;
        window.resize(1440, 900);
        window.show();
        QVERIFY(window.openModel(model));
        // The Board dock's own entry: the window builds and starts the virtual board for the run, then stops it.
        window.boardPanel()->setTargetPort(QStringLiteral("qemu"));
        QVERIFY(window.boardPanel()->setKernels(QStringLiteral("cmsis-nn")));
        const hpx::ui::BoardTarget target = window.boardPanel()->target();
        QCOMPARE(target.kind, hpx::ui::BoardTarget::Kind::Virtual);
        QCOMPARE(target.board, QStringLiteral("qemu_an547")); // its own profile, never an Ambiq board
        QCOMPARE(target.kernels, hpx::model::KernelSet::CmsisNn);
        window.iterationsBox()->setValue(2);
        bool finished = false, ok = false;
        QObject::connect(&window, &hpx::ui::MainWindow::runFinished, [&](bool success) {
            finished = true;
            ok = success;
        });
        window.startRun();
        QTRY_VERIFY_WITH_TIMEOUT(finished, 1500000); // the first start builds TFLM's library (several CPU-minutes)
        if (const QByteArray shot = qgetenv("HPX_QEMU_WINDOW_SHOT"); !shot.isEmpty())
            window.grab().save(QString::fromLocal8Bit(shot), "PNG");
        QVERIFY(ok);
        const auto result = window.result();
        QVERIFY(result);
        QCOMPARE(result->layers.size(), 13); // every operator of the model
        // QEMU counts instructions only: one pass, of the cycle column.
        QCOMPARE(result->passes.size(), 1);
        QVERIFY(result->counters.contains(QStringLiteral("ARM_PMU_CPU_CYCLES")));
        for (const auto &layer : result->layers)
            QVERIFY(layer.subgraph == 0 && layer.sourceIndex == layer.position);
        // The stream's own metadata: TFLM with the chosen kernels.
        QString kernels;
        for (const auto &entry : result->firmware)
            if (entry.first == QLatin1String("kernels"))
                kernels = entry.second.toString();
        QCOMPARE(kernels, QStringLiteral("cmsis-nn"));
        // The bundle names the emulator and what its cycle column counts, and never an Ambiq board.
        QFile metadata(window.resultBundleDirectory() + QStringLiteral("/run_metadata.json"));
        QVERIFY(metadata.open(QIODevice::ReadOnly));
        const QJsonObject meta = QJsonDocument::fromJson(metadata.readAll()).object();
        const QJsonObject emulator
            = meta.value(QStringLiteral("hpx_studio")).toObject().value(QStringLiteral("emulator")).toObject();
        QCOMPARE(emulator.value(QStringLiteral("kernels")).toString(), QStringLiteral("cmsis-nn"));
        QCOMPARE(
            emulator.value(QStringLiteral("cycles")).toString(), QStringLiteral("instructions (emulated), not cycles"));
        QVERIFY(
            emulator.value(QStringLiteral("version")).toString().startsWith(QLatin1String("QEMU emulator version")));
        QCOMPARE(meta.value(QStringLiteral("platform")).toObject().value(QStringLiteral("board")).toString(),
            QStringLiteral("qemu_an547"));
        QCOMPARE(meta.value(QStringLiteral("engine")).toObject().value(QStringLiteral("type")).toString(),
            QStringLiteral("tflm"));
    }
};

QTEST_MAIN(TestQemuWindow)
#include "tst_qemuwindow.moc"
