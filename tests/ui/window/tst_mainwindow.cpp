// The desktop flow end to end, offscreen: open a model, run it on the simulated board, read the table and
// the heat graph, export the bundle; selection sync; errors shown in the window.
#include "device/link/linkmonitor.h"
#include "model/bundle/bundlereader.h"
#include "model/json/jsonparser.h"
#include "model/json/jsonvalue.h"
#include "model/results/profileresult.h"
#include "ui/common/appsettings.h"
#include "ui/common/messagebanner.h"
#include "ui/graph/heatgraphview.h"
#include "ui/run/boardconnection.h"
#include "ui/run/boardpanel.h"
#include "ui/run/consolepane.h"
#include "ui/run/counterpicker.h"
#include "ui/run/runpanel.h"
#include "ui/table/layerfilterproxy.h"
#include "ui/table/layertablemodel.h"
#include "ui/table/layertableview.h"
#include "ui/window/exportmenu.h"
#include "ui/window/languagemenu.h"
#include "ui/window/mainwindow.h"
#include "ui/window/modelsummarywidget.h"

#include <QAbstractButton>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QGraphicsView>
#include <QItemSelectionModel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>

#include <algorithm>

using namespace hpx;

namespace {
const QString Example = QStringLiteral(HPX_EXAMPLES "/kws_ref_model.tflite");

// Model Explorer's colour for a value: the overlay's own gradient stops, interpolated in RGB across the
// min..max of the overlay's values (computed here independently of ui/common/heatgradient).
QColor overlayColour(const model::JsonValue &gradient, double value, double min, double max)
{
    const double t = max > min ? (value - min) / (max - min) : 0.5;
    for (int i = 0; i + 1 < gradient.size(); ++i) {
        const double s0 = gradient.at(i).value(QStringLiteral("stop")).toDouble();
        const double s1 = gradient.at(i + 1).value(QStringLiteral("stop")).toDouble();
        if (t < s0 || t > s1)
            continue;
        const QColor c0(gradient.at(i).value(QStringLiteral("bgColor")).toString());
        const QColor c1(gradient.at(i + 1).value(QStringLiteral("bgColor")).toString());
        const double f = s1 > s0 ? (t - s0) / (s1 - s0) : 0;
        return QColor::fromRgbF(float(c0.redF() + (c1.redF() - c0.redF()) * f),
            float(c0.greenF() + (c1.greenF() - c0.greenF()) * f), float(c0.blueF() + (c1.blueF() - c0.blueF()) * f));
    }
    return {};
}
} // namespace

class TestMainWindow : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("hpx-studio-tests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_mainwindow"));
    }

    void badModelShowsTheLibraryMessageInTheWindow()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("broken.tflite"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("this is not a flatbuffer at all");
        file.close();
        ui::MainWindow window;
        QVERIFY(!window.openModel(path));
        QVERIFY(window.banner()->isVisibleTo(&window));
        QCOMPARE(window.banner()->kind(), ui::MessageBanner::Kind::Error);
        QVERIFY2(
            window.banner()->text().contains(QStringLiteral("broken.tflite")), qPrintable(window.banner()->text()));
        QVERIFY(!window.model());
    }

    void openRunReadExport()
    {
        ui::MainWindow window;
        window.show();
        QVERIFY(window.openModel(Example));
        QCOMPARE(window.model()->operatorCount(), 13);
        QCOMPARE(window.boardPanel()->target().kind, ui::BoardTarget::Kind::Simulated);
        window.counterPicker()->setSelectedCounters({ QStringLiteral("ARM_PMU_CPU_CYCLES"),
            QStringLiteral("ARM_PMU_INST_RETIRED"), QStringLiteral("ARM_PMU_MEM_ACCESS") });
        QVERIFY(window.counterPicker()->plan().ok());
        window.iterationsBox()->setValue(3);

        QSignalSpy finished(&window, &ui::MainWindow::runFinished);
        window.startRun();
        QVERIFY(window.isRunning());
        QVERIFY(finished.wait(120000));
        QCOMPARE(finished.first().first().toBool(), true);

        // The table holds one row per operator, in execution order, with the model's op names.
        const auto result = window.result();
        QVERIFY(result);
        QCOMPARE(result->layers.size(), 13);
        auto *table = window.layerTable()->tableModel();
        QCOMPARE(table->rowCount(), 13);
        for (int i = 0; i < 13; ++i)
            QCOMPARE(result->layers.at(i).opType, window.model()->subgraphs.first().operators.at(i).op);

        // The heat graph paints each node with the colour Model Explorer gives the bundle's overlay.
        const QString bundle = window.resultBundleDirectory();
        QVERIFY(!bundle.isEmpty());
        QFile overlayFile(bundle + QStringLiteral("/model_explorer/me_overlay_ARM_PMU_CPU_CYCLES.json"));
        QVERIFY(overlayFile.open(QIODevice::ReadOnly));
        const model::JsonValue overlay = model::parseJson(overlayFile.readAll()).value(QStringLiteral("main"));
        const model::JsonValue results = overlay.value(QStringLiteral("results"));
        QCOMPARE(results.size(), 13);
        double min = 1e300, max = -1e300;
        for (int i = 0; i < 13; ++i) {
            const double v = results.value(QString::number(i)).value(QStringLiteral("value")).toDouble();
            min = qMin(min, v);
            max = qMax(max, v);
        }
        window.heatGraph()->setCurrentCounter(QStringLiteral("ARM_PMU_CPU_CYCLES"));
        if (window.heatGraph()->isLayoutPending())
            QVERIFY(QSignalSpy(window.heatGraph(), &ui::HeatGraphView::layoutFinished).wait(30000));
        for (int i = 0; i < 13; ++i) {
            const double v = results.value(QString::number(i)).value(QStringLiteral("value")).toDouble();
            const QColor expected = overlayColour(overlay.value(QStringLiteral("gradient")), v, min, max);
            const QColor actual = window.heatGraph()->nodeColor(i);
            QVERIFY2(qAbs(actual.red() - expected.red()) <= 1 && qAbs(actual.green() - expected.green()) <= 1
                    && qAbs(actual.blue() - expected.blue()) <= 1,
                qPrintable(QStringLiteral("node %1: %2 vs overlay %3").arg(i).arg(actual.name(), expected.name())));
        }

        // Selection sync, both ways.
        QSignalSpy fromGraph(window.heatGraph(), &ui::HeatGraphView::operatorSelected);
        QVERIFY(window.heatGraph()->find(QStringLiteral("#4")));
        QCOMPARE(fromGraph.size(), 1);
        const QModelIndexList rows = window.layerTable()->tableView()->selectionModel()->selectedRows();
        QCOMPARE(rows.size(), 1);
        QCOMPARE(
            table->data(table->index(window.layerTable()->proxy()->mapToSource(rows.first()).row(), 0), Qt::DisplayRole)
                .toInt(),
            4);
        QVERIFY(window.layerTable()->selectOperator(0, 7));
        emit window.layerTable()->operatorSelected(0, 7);
        QCOMPARE(window.heatGraph()->selectedOperator().value_or(QPair<int, int>(-1, -1)), qMakePair(0, 7));

        // Export writes the bundle, which verifies when read back.
        QTemporaryDir exportDir;
        QString error;
        QVERIFY2(window.exportMenu()->exportBundle(exportDir.path(), &error), qPrintable(error));
        const QString copied = exportDir.path() + QLatin1Char('/') + QDir(bundle).dirName();
        // Only the bundle is left behind (it was staged under a hidden name and renamed).
        QCOMPARE(QDir(exportDir.path()).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot),
            QStringList { QDir(bundle).dirName() });
        // Exporting again does not overwrite it.
        QVERIFY(!window.exportMenu()->exportBundle(exportDir.path(), &error));
        QVERIFY2(error.contains(QStringLiteral("already exists")), qPrintable(error));
        const model::BundleReadResult read = model::BundleReader::read(copied);
        QVERIFY2(read.bundle, qPrintable(read.error));
        QVERIFY(read.bundle->verified);
        QCOMPARE(read.bundle->result.layers.size(), 13);
        QVERIFY(window.exportMenu()->exportAllOverlays(exportDir.path(), &error) >= 3);
        QVERIFY(window.exportMenu()->exportCsv(exportDir.filePath(QStringLiteral("layers.csv")), &error));
        QFile csv(exportDir.filePath(QStringLiteral("layers.csv")));
        QVERIFY(csv.open(QIODevice::ReadOnly));
        const QByteArray exported = csv.readAll();
        QCOMPARE(exported.count("\r\n"), 14);
        // The table's columns and shares (issue 37), not the bundle's heliaPROFILER file with its cycles_pct.
        QVERIFY2(exported.startsWith("execution_order,op,subgraph,operator_index,"), exported.left(200).constData());
        QVERIFY(exported.contains(",ARM_PMU_CPU_CYCLES,ARM_PMU_CPU_CYCLES_pct_of_self_total,"));
        QVERIFY(!exported.contains("cycles_pct"));

        // A bundle opens again without a board; it is read off the UI thread.
        ui::MainWindow browser;
        QSignalSpy opened(&browser, &ui::MainWindow::bundleOpened);
        QVERIFY(browser.openBundle(copied));
        QVERIFY(opened.wait(30000));
        QCOMPARE(opened.first().first().toBool(), true);
        QVERIFY(!browser.isOpeningBundle());
        QCOMPARE(browser.result()->layers.size(), 13);
        QCOMPARE(browser.resultBundleDirectory(), copied);
        // The Board dock shows what the board said when the bundle was made (issue 22), as after the run itself.
        QCOMPARE(browser.boardPanel()->boardMetadataText(), window.boardPanel()->boardMetadataText());
        QVERIFY(!browser.boardPanel()->boardMetadataText().isEmpty());

        // A damaged bundle says which file is at fault, and the result on screen stays.
        QTemporaryDir damagedDir;
        const QString damaged = damagedDir.filePath(QStringLiteral("broken-run"));
        QVERIFY(QDir().mkpath(damaged));
        QFile summary(damaged + QStringLiteral("/summary.json"));
        QVERIFY(summary.open(QIODevice::WriteOnly));
        summary.write("{ not json");
        summary.close();
        opened.clear();
        QVERIFY(browser.openBundle(damaged));
        QVERIFY(opened.wait(30000));
        QCOMPARE(opened.first().first().toBool(), false);
        QCOMPARE(browser.banner()->kind(), ui::MessageBanner::Kind::Error);
        // Issue 24 (2.9): the banner names the damaged bundle and says that the views still show the one before,
        // so it does not read as a verdict on the valid view kept under it.
        const QString said = browser.banner()->plainText();
        QVERIFY2(said.contains(QStringLiteral("broken-run")) && said.contains(QStringLiteral("summary.json")),
            qPrintable(said));
        QVERIFY2(said.contains(QFileInfo(copied).fileName()), qPrintable(said));
        QCOMPARE(browser.result()->layers.size(), 13);
        QCOMPARE(browser.resultBundleDirectory(), copied);
        // The Board dock shows what the board said when the bundle was made (issue 22), as after the run itself.
        QCOMPARE(browser.boardPanel()->boardMetadataText(), window.boardPanel()->boardMetadataText());
        QVERIFY(!browser.boardPanel()->boardMetadataText().isEmpty());

        // Opening a model while a bundle is still being read drops the stale bundle.
        ui::MainWindow racer;
        QSignalSpy racerOpened(&racer, &ui::MainWindow::bundleOpened);
        QVERIFY(racer.openBundle(copied));
        QVERIFY(racer.openModel(Example));
        QTRY_VERIFY_WITH_TIMEOUT(!racer.isOpeningBundle(), 30000);
        QCoreApplication::processEvents();
        QCOMPARE(racerOpened.count(), 0);
        QVERIFY(!racer.result());
        QVERIFY(racer.layerTable()->tableModel()->isPreview());
    }

    void beforeARunTheTableListsTheModelsOperators()
    {
        ui::MainWindow window;
        window.show();
        QVERIFY(window.openModel(Example));
        auto *table = window.layerTable()->tableModel();
        QVERIFY(table->isPreview());
        QCOMPARE(table->rowCount(), 13);
        QCOMPARE(
            table->index(0, table->columnForId(QStringLiteral("op"))).data().toString(), QStringLiteral("CONV_2D"));
        // Selecting in the graph selects the operator's row before any run.
        if (window.heatGraph()->isLayoutPending())
            QVERIFY(QSignalSpy(window.heatGraph(), &ui::HeatGraphView::layoutFinished).wait(30000));
        QVERIFY(window.heatGraph()->find(QStringLiteral("#5")));
        const QModelIndexList rows = window.layerTable()->tableView()->selectionModel()->selectedRows();
        QCOMPARE(rows.size(), 1);
        QCOMPARE(rows.first().data(ui::LayerTableModel::SourceIndexRole).toInt(), 5);

        // The Model dock's operator types filter the table: kws has five CONV_2D.
        QTreeWidget *types = window.findChild<ui::ModelSummaryWidget *>()->opTypeList();
        QCOMPARE(types->topLevelItemCount(), 6);
        QTreeWidgetItem *conv = types->findItems(QStringLiteral("CONV_2D"), Qt::MatchExactly).value(0);
        QVERIFY(conv);
        QCOMPARE(conv->text(1), QStringLiteral("5"));
        emit types->itemActivated(conv, 0);
        QCOMPARE(window.layerTable()->proxy()->rowCount(), 5);
    }

    // Issue 14: at the default window size (1440x900, default splitter) every control of the heat graph's
    // toolbar is shown whole: inside the pane and at least as wide as its minimum size hint (the counter
    // and subgraph combos used to show one letter, the Overview button was cut off).
    void heatGraphToolbarFitsTheDefaultWindow()
    {
        ui::MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        // The default size; the offscreen screen is smaller than that and the window is kept on it at start.
        window.resize(1440, 900);
        QTRY_COMPARE(window.width(), 1440);
        // Two subgraphs (the subgraph switcher is shown) and long counter names.
        QVERIFY(window.openModel(
            QString::fromLocal8Bit(qgetenv("HPX_TEST_DATA")) + QStringLiteral("/models/multi_subgraphs_while.tflite")));
        model::ProfileResult r;
        r.counters = { QStringLiteral("ARM_PMU_CPU_CYCLES"), QStringLiteral("ARM_PMU_INST_RETIRED") };
        window.heatGraph()->setResult(r);
        QCoreApplication::processEvents();
        ui::HeatGraphView *graph = window.heatGraph();
        QVERIFY(graph->width() < 700); // the default splitter: the graph has the narrower side
        int checked = 0;
        for (QWidget *w : graph->findChildren<QWidget *>()) {
            const bool control
                = qobject_cast<QComboBox *>(w) || qobject_cast<QLineEdit *>(w) || qobject_cast<QAbstractButton *>(w);
            if (!control || !w->isVisibleTo(graph) || graph->graphicsView()->isAncestorOf(w)
                || qobject_cast<QComboBox *>(w->parentWidget()) || qobject_cast<QLineEdit *>(w->parentWidget()))
                continue;
            ++checked;
            const QRect inGraph(w->mapTo(graph, QPoint()), w->size());
            QVERIFY2(graph->rect().contains(inGraph),
                qPrintable(QStringLiteral("%1 at %2,%3 %4x%5 outside the %6 px pane")
                               .arg(QLatin1String(w->metaObject()->className()))
                               .arg(inGraph.x())
                               .arg(inGraph.y())
                               .arg(inGraph.width())
                               .arg(inGraph.height())
                               .arg(graph->width())));
            QVERIFY2(w->width() >= w->minimumSizeHint().width(),
                qPrintable(QStringLiteral("%1 is %2 px, needs %3")
                               .arg(QLatin1String(w->metaObject()->className()))
                               .arg(w->width())
                               .arg(w->minimumSizeHint().width())));
            // The whole current text, not a letter. A combo that was just filled asks for a new layout by a
            // posted event, so this waits for the layout to catch up (a combo left clipped still fails).
            if (auto *combo = qobject_cast<QComboBox *>(w))
                QTRY_VERIFY2(w->width() >= w->sizeHint().width(), qPrintable(combo->currentText()));
        }
        QVERIFY(checked >= 9); // two combos, the search field and the buttons
        // The graph's canvas keeps most of the pane.
        QVERIFY(graph->graphicsView()->height() > graph->height() / 2);
    }

    void connectShowsTheBoardAndRunTakesTheLinkOver()
    {
        ui::MainWindow window;
        window.show();
        QVERIFY(window.openModel(Example));
        window.counterPicker()->setSelectedCounters({ QStringLiteral("ARM_PMU_CPU_CYCLES") });
        window.iterationsBox()->setValue(2);
        device::LinkMonitor *monitor = window.boardConnection()->monitor();
        QSignalSpy opened(monitor, &device::LinkMonitor::opened);
        QSignalSpy closed(monitor, &device::LinkMonitor::closed);

        window.boardPanel()->connectButton()->click();
        QVERIFY(opened.wait(10000));
        QCOMPARE(window.boardPanel()->connection(), ui::BoardPanel::Connection::Connected);
        QVERIFY(!window.boardPanel()->connectButton()->text().isEmpty());
        // The simulated board streams on power-up; the console shows it as it arrives.
        QTRY_VERIFY_WITH_TIMEOUT(
            window.runPanel()->console()->text().contains(QStringLiteral("--- HPX_START ---")), 20000);

        // Run frees the link first, then runs on it; the console and the result come from the run.
        QSignalSpy finished(&window, &ui::MainWindow::runFinished);
        window.startRun();
        QVERIFY(closed.wait(10000));
        QCOMPARE(window.boardPanel()->connection(), ui::BoardPanel::Connection::Disconnected);
        QVERIFY(finished.wait(120000));
        QCOMPARE(finished.first().first().toBool(), true);
        QCOMPARE(window.result()->layers.size(), 13);
        QVERIFY(!window.boardConnection()->isActive());
        QVERIFY(window.boardPanel()->connectButton()->isEnabled());

        // Connect again, then Disconnect with the same button.
        window.boardPanel()->connectButton()->click();
        QVERIFY(opened.wait(10000));
        window.boardPanel()->connectButton()->click();
        QVERIFY(closed.wait(10000));
        QCOMPARE(window.boardPanel()->connection(), ui::BoardPanel::Connection::Disconnected);
    }

    // Issue 24 (2.5): iterations and warmup are kept with the other run choices, and the preset label names
    // the restored selection instead of falling back to "Custom selection".
    void runChoicesAndPresetLabelSurviveARestart()
    {
        QString presetText;
        {
            ui::MainWindow window;
            auto *picker = window.findChild<ui::CounterPicker *>();
            QVERIFY(picker);
            auto *presets = picker->findChild<QComboBox *>();
            QVERIFY(presets);
            const int memoryAll = presets->findText(QStringLiteral("Memory: all"));
            QVERIFY(memoryAll > 0);
            presets->setCurrentIndex(memoryAll);
            emit presets->activated(memoryAll);
            QCOMPARE(presets->currentIndex(), memoryAll);
            QVERIFY(picker->selectedCounters().size() > 2);
            presetText = presets->currentText();
            window.findChild<QSpinBox *>(QStringLiteral("IterationsSpin"))->setValue(7);
            window.findChild<QSpinBox *>(QStringLiteral("WarmupSpin"))->setValue(0);
            QVERIFY(window.close());
        }
        ui::MainWindow window;
        auto *picker = window.findChild<ui::CounterPicker *>();
        QCOMPARE(picker->findChild<QComboBox *>()->currentText(), presetText);
        QCOMPARE(window.findChild<QSpinBox *>(QStringLiteral("IterationsSpin"))->value(), 7);
        QCOMPARE(window.findChild<QSpinBox *>(QStringLiteral("WarmupSpin"))->value(), 0);

        // Unticking one counter makes it a custom selection; ticking it again names the preset once more.
        auto *tree = picker->findChild<QTreeWidget *>();
        QTreeWidgetItem *memoryCounter = nullptr;
        for (int g = 0; g < tree->topLevelItemCount() && !memoryCounter; ++g)
            for (int i = 0; i < tree->topLevelItem(g)->childCount(); ++i)
                if (tree->topLevelItem(g)->child(i)->checkState(0) == Qt::Checked
                    && tree->topLevelItem(g)->child(i)->text(0) != QStringLiteral("CPU_CYCLES")) {
                    memoryCounter = tree->topLevelItem(g)->child(i);
                    break;
                }
        QVERIFY(memoryCounter);
        memoryCounter->setCheckState(0, Qt::Unchecked);
        QCOMPARE(picker->findChild<QComboBox *>()->currentText(), QStringLiteral("Custom selection"));
        memoryCounter->setCheckState(0, Qt::Checked);
        QCOMPARE(picker->findChild<QComboBox *>()->currentText(), presetText);
        ui::AppSettings().setIterations(ui::AppSettings::DefaultIterations);
        ui::AppSettings().setWarmup(ui::AppSettings::DefaultWarmup);
        ui::AppSettings().setCounters({});
    }

    // Issue 24 (2.11): export dialogs start in the last export folder and propose file names; the table's
    // default name is the one docs/studio.md gives.
    void exportDialogsStartInTheLastExportFolder()
    {
        ui::AppSettings().setLastExportFolder(QString());
        const QString before = ui::ExportMenu::suggestedPath(QStringLiteral("x.csv"));
        QVERIFY2(QFileInfo(before).absoluteDir().exists(), qPrintable(before));
        QTemporaryDir dir;
        ui::ExportMenu::rememberExportFolder(dir.path());
        QCOMPARE(ui::AppSettings().lastExportFolder(), QDir(dir.path()).absolutePath());
        QCOMPARE(ui::ExportMenu::suggestedPath(), QDir(dir.path()).absolutePath());
        QCOMPARE(ui::ExportMenu::suggestedPath(ui::ExportMenu::tableFileName()),
            QDir(dir.path()).filePath(QStringLiteral("layer_table.csv")));
        QCOMPARE(ui::ExportMenu::imageFileName(QStringLiteral("heat_graph"), QStringLiteral("ARM_PMU_CPU_CYCLES")),
            QStringLiteral("heat_graph_ARM_PMU_CPU_CYCLES.png"));
        QFile docs(QStringLiteral(HPX_SOURCE_DIR "/docs/studio.md"));
        QVERIFY(docs.open(QIODevice::ReadOnly));
        QVERIFY(docs.readAll().contains(
            QByteArray("the table as CSV (`" + ui::ExportMenu::tableFileName().toUtf8() + "`")));
        // A folder that has gone since falls back to one that exists.
        dir.remove();
        QVERIFY(QFileInfo(ui::ExportMenu::suggestedPath()).isDir());
        QVERIFY(ui::ExportMenu::suggestedPath() != QDir(dir.path()).absolutePath());
        ui::AppSettings().setLastExportFolder(QString());
    }

    void languageChoiceIsKeptForTheNextStart()
    {
        ui::AppSettings().setLanguage(QString());
        ui::MainWindow window;
        auto *menu = window.findChild<ui::LanguageMenu *>();
        QVERIFY(menu);
        QAction *german = nullptr;
        for (QAction *action : menu->actions())
            if (action->text() == QStringLiteral("Deutsch"))
                german = action;
        QVERIFY(german);
        QVERIFY(!german->isChecked());
        german->trigger();
        QVERIFY(german->isChecked());
        QCOMPARE(ui::AppSettings().language(), QStringLiteral("de"));
        QVERIFY(window.banner()->text().contains(QStringLiteral("Deutsch")));
        ui::AppSettings().setLanguage(QString());
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
