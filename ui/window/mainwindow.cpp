#include "ui/window/mainwindow.h"

#include "model/bundle/bundlereader.h"
#include "model/tflite/tflitemodel.h"
#include "model/version.h"
#include "ui/charts/layerchart.h"
#include "ui/charts/opsharechart.h"
#include "ui/common/appsettings.h"
#include "ui/common/dockscrollarea.h"
#include "ui/common/elidingstatusbar.h"
#include "ui/common/glyphicon.h"
#include "ui/common/messagebanner.h"
#include "ui/common/viewstate.h"
#include "ui/compare/comparecontroller.h"
#include "ui/compare/comparesummarystrip.h"
#include "ui/graph/heatgraphview.h"
#include "ui/memory/memoryview.h"
#include "ui/power/powercontroller.h"
#include "ui/power/powerview.h"
#include "ui/run/boardconnection.h"
#include "ui/run/boardpanel.h"
#include "ui/run/consolepane.h"
#include "ui/run/counterpicker.h"
#include "ui/run/runchoices.h"
#include "ui/run/runcontroller.h"
#include "ui/run/runpanel.h"
#include "ui/run/runsummary.h"
#include "ui/table/layertableview.h"
#include "ui/window/exportmenu.h"
#include "ui/window/issuelist.h"
#include "ui/window/languagemenu.h"
#include "ui/window/modelsummarywidget.h"
#include "ui/window/windowplacement.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QScrollArea>
#include <QSpinBox>
#include <QSplitter>
#include <QStatusBar>
#include <QTabWidget>
#include <QTimer>
#include <QToolBar>
#include <QVBoxLayout>

// The resources live in the static hpx_ui library, so they must be registered explicitly (and outside
// any namespace).
static void initUiResources()
{
    Q_INIT_RESOURCE(resources);
}

namespace hpx::ui {

using namespace hpx::model;

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
    , m_state(new ViewState(this))
    , m_runs(new RunController(this))
{
    initUiResources();
    setObjectName(QStringLiteral("MainWindow"));
    setAcceptDrops(true);
    setWindowIcon(QIcon(QStringLiteral(":/icons/hpx-studio.svg")));
    setStatusBar(new ElidingStatusBar(this));
    createViews();
    createDocks();
    createActions();
    m_defaultState = saveState();
    restoreLayout();

    connect(m_runs, &RunController::started, m_runPanel, &RunPanel::runStarted);
    connect(m_runs, &RunController::progress, m_runPanel, &RunPanel::showProgress);
    connect(m_runs, &RunController::boardProgress, this, [this](const hpx::run::BoardProgress &p) {
        m_runPanel->showBoardProgress(p);
        statusBar()->showMessage(p.text);
    });
    connect(m_runs, &RunController::estimated, m_runPanel, &RunPanel::setEstimate);
    connect(m_runs, &RunController::previewed, m_runPanel, &RunPanel::setIdleEstimate);
    connect(m_counters, &CounterPicker::selectionChanged, this, &MainWindow::previewRun);
    connect(m_board, &BoardPanel::targetChanged, this, &MainWindow::previewRun);
    connect(m_iterations, QOverload<int>::of(&QSpinBox::valueChanged), this, &MainWindow::previewRun);
    connect(m_warmup, QOverload<int>::of(&QSpinBox::valueChanged), this, &MainWindow::previewRun);
    connect(m_runs, &RunController::message, this, [this](const QString &text) { statusBar()->showMessage(text); });
    connect(m_runs, &RunController::finished, this, &MainWindow::onRunFinished);
    wireBoardConnection();
    statusBar()->showMessage(tr("Ready"));
    updateTitle();
    updateRunAvailability();
    m_runPanel->setPlanText(m_counters->planSummary(false));
}

MainWindow::~MainWindow() = default;

std::shared_ptr<const ModelInfo> MainWindow::model() const
{
    return m_state->model();
}

std::shared_ptr<const ProfileResult> MainWindow::result() const
{
    return m_state->result();
}

QString MainWindow::resultBundleDirectory() const
{
    return m_state->resultBundle();
}

void MainWindow::createViews()
{
    auto *central = new QWidget(this);
    auto *layout = new QVBoxLayout(central);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    m_banner = new MessageBanner(central);
    connect(m_banner, &MessageBanner::dismissed, this, [this] {
        if (m_banner->kind() == MessageBanner::Kind::Information)
            AppSettings().setWelcomeDismissed(true);
    });
    m_centralSplitter = new QSplitter(Qt::Horizontal, central);
    m_centralSplitter->setObjectName(QStringLiteral("CentralSplitter"));
    m_graph = new HeatGraphView(m_centralSplitter);
    m_table = new LayerTableView(m_centralSplitter);
    // One model, result, selection and counter across the views: each binds to the state, none to another.
    m_graph->bind(m_state);
    m_table->bind(m_state);
    m_centralSplitter->addWidget(m_graph);
    m_centralSplitter->addWidget(m_table);
    // Small minimums so the window fits a small or scaled screen (QT_SCALE_FACTOR=2 on 1440x900).
    m_graph->setMinimumWidth(160);
    m_graph->setScale(heatScaleFromKey(AppSettings().heatScale()));
    connect(m_graph, &HeatGraphView::scaleChanged, this,
        [](HeatScale scale) { AppSettings().setHeatScale(heatScaleKey(scale)); });
    m_table->setMinimumWidth(200);
    m_centralSplitter->setStretchFactor(0, 1);
    m_centralSplitter->setStretchFactor(1, 1);
    m_centralSplitter->setSizes({ 420, 640 });
    layout->addWidget(m_banner);
    m_issues = new IssueList(central);
    layout->addWidget(m_issues);
    layout->addWidget(m_centralSplitter, 1);
    setCentralWidget(central);
}

QDockWidget *MainWindow::addDock(
    QWidget *widget, const QString &title, const QString &objectName, Qt::DockWidgetArea area)
{
    auto *dock = new QDockWidget(title, this);
    dock->setObjectName(objectName);
    // A dock may get less height than its content asks for (a small screen, QT_SCALE_FACTOR=2 on 1440x900): the
    // content scrolls then, instead of its minimum size pushing the window past the screen's edge.
    auto *scroll = new DockScrollArea(dock);
    scroll->setObjectName(objectName + QStringLiteral("Scroll"));
    scroll->setWidget(widget);
    dock->setWidget(scroll);
    addDockWidget(area, dock);
    return dock;
}

void MainWindow::createDocks()
{
    m_modelSummary = new ModelSummaryWidget(this);
    connect(m_modelSummary, &ModelSummaryWidget::opTypeActivated, m_table, &LayerTableView::setOpTypeFilter);
    auto *modelDock = addDock(m_modelSummary, tr("Model"), QStringLiteral("ModelDock"), Qt::LeftDockWidgetArea);

    m_board = new BoardPanel(this);
    auto *boardDock = addDock(m_board, tr("Board"), QStringLiteral("BoardDock"), Qt::LeftDockWidgetArea);

    auto *countersPage = new QWidget(this);
    m_counters = new CounterPicker(countersPage);
    m_iterations = new QSpinBox(countersPage);
    m_iterations->setObjectName(QStringLiteral("IterationsSpin"));
    m_iterations->setRange(1, 100000);
    m_iterations->setValue(AppSettings::DefaultIterations);
    m_iterations->setToolTip(tr("Profiled inferences per pass; the per-layer value is their median"));
    m_warmup = new QSpinBox(countersPage);
    m_warmup->setObjectName(QStringLiteral("WarmupSpin"));
    m_warmup->setRange(0, 1000);
    m_warmup->setValue(AppSettings::DefaultWarmup);
    m_warmup->setToolTip(tr("Unrecorded inferences before each pass"));
    auto *form = new QFormLayout;
    form->setContentsMargins(6, 0, 6, 6); // aligned with the picker above, labels not clipped
    form->addRow(tr("&Iterations:"), m_iterations);
    form->addRow(tr("&Warmup:"), m_warmup);
    auto *countersLayout = new QVBoxLayout(countersPage);
    countersLayout->setContentsMargins(0, 0, 0, 0);
    countersLayout->addWidget(m_counters, 1);
    countersLayout->addLayout(form);
    auto *countersDock = addDock(countersPage, tr("Counters"), QStringLiteral("CountersDock"), Qt::LeftDockWidgetArea);
    tabifyDockWidget(boardDock, countersDock);
    boardDock->raise();

    auto applySoc = [this] {
        if (const SocProfile *soc = socs::byName(m_board->target().soc))
            m_counters->setSoc(*soc);
    };
    connect(m_board, &BoardPanel::targetChanged, this, applySoc);
    restoreRunChoices(AppSettings(), { m_board, m_counters, m_iterations, m_warmup });
    applySoc();
    connect(m_counters, &CounterPicker::selectionChanged, this, [this] {
        updateRunAvailability();
        m_runPanel->setPlanText(m_counters->planSummary(false));
    });

    m_runPanel = new RunPanel(this);
    connect(m_runPanel, &RunPanel::runRequested, this, &MainWindow::startRun);
    connect(m_runPanel, &RunPanel::cancelRequested, this, &MainWindow::cancelRun);
    auto *runDock = addDock(m_runPanel, tr("Run"), QStringLiteral("RunDock"), Qt::BottomDockWidgetArea);
    m_charts = new QTabWidget(this);
    m_layerChart = new LayerChart(m_charts);
    m_opShare = new OpShareChart(m_charts);
    m_charts->addTab(m_layerChart, tr("Per layer"));
    m_charts->addTab(m_opShare, tr("By operator type"));
    m_layerChart->bind(m_state);
    m_opShare->bind(m_state);
    createMemoryView();
    auto *chartsDock = addDock(m_charts, tr("Charts"), QStringLiteral("ChartsDock"), Qt::BottomDockWidgetArea);
    tabifyDockWidget(runDock, chartsDock);
    runDock->raise();
    placeDefaultDocks(this, { modelDock, boardDock, countersDock, runDock });
    keepChartsReadable(this, chartsDock, runDock);
}

void MainWindow::createMemoryView()
{
    // The arena the model needs (ui/memory/, docs/memory.md): one selection with the other views, and its live
    // bytes per operator offered to the heat graph like a counter (the state's model metric). Bound after the graph,
    // so a new model reaches the graph before the plan made for it.
    m_memory = new MemoryView(m_charts);
    m_charts->addTab(m_memory, tr("Memory"));
    m_memory->bind(m_state);
}

void MainWindow::createActions()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    QAction *open = file->addAction(tr("&Open Model…"), this, &MainWindow::openModelDialog);
    open->setShortcut(QKeySequence::Open);
    open->setIcon(QIcon::fromTheme(QStringLiteral("document-open")));
    QAction *openBundleAction = file->addAction(tr("Open &Bundle…"), this, &MainWindow::openBundleDialog);
    openBundleAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    updateRecentFilesMenu();
    file->addSeparator();
    m_compare = new CompareController(m_state, m_table, m_charts, m_banner, this);
    m_compare->openBundle = [this](const QString &directory) { return openBundle(directory); };
    // The summary strip sits right under the message banner, above the graph and the table.
    qobject_cast<QVBoxLayout *>(centralWidget()->layout())->insertWidget(1, m_compare->summaryStrip());
    connect(m_state, &ViewState::comparisonChanged, this, &MainWindow::keepLayoutAroundCompareMode);
    file->addAction(m_compare->compareAction());
    file->addAction(m_compare->profileAction());
    file->addAction(m_compare->exportAction());
    file->addAction(m_compare->stopAction());
    file->addSeparator();
    // A power meter's recording of the run's power windows (ui/power/, docs/power.md): a Charts tab of its own.
    m_powerView = new PowerView(m_charts);
    m_charts->addTab(m_powerView, tr("Power"));
    m_power = new PowerController(m_state, m_powerView, this);
    m_power->openBundle = [this](const QString &directory) { return openBundle(directory); };
    m_power->isBusy = [this] { return isRunning(); };
    file->addAction(m_power->addRecordingAction());
    file->addSeparator();
    m_export = new ExportMenu(this);
    m_export->currentCounter = [this] { return m_graph->currentCounter(); };
    m_export->graphWidget = [this] { return static_cast<QWidget *>(m_graph); };
    m_export->chartWidget = [this] { return m_charts->currentWidget(); };
    m_export->tableCsv = [this] { return m_table->tableCsv(); };
    file->addMenu(m_export);
    file->addSeparator();
    QAction *quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);
    quit->setMenuRole(QAction::QuitRole);

    QMenu *runMenu = menuBar()->addMenu(tr("&Run"));
    m_runAction = runMenu->addAction(tr("&Run Profile"), this, &MainWindow::startRun);
    m_runAction->setShortcut(QKeySequence(Qt::Key_F5));
    m_runAction->setIcon(glyphIcon(Glyph::Run));
    m_cancelAction = runMenu->addAction(tr("&Cancel Run"), this, &MainWindow::cancelRun);
    m_cancelAction->setShortcut(QKeySequence(Qt::Key_Escape));
    m_cancelAction->setIcon(glyphIcon(Glyph::Stop));
    m_cancelAction->setEnabled(false);
    runMenu->addSeparator();
    m_connectAction = runMenu->addAction(
        tr("C&onnect to Board"), this, [this] { m_connection->setConnected(!m_connection->isActive()); });
    m_connectAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_K));
    m_connectAction->setToolTip(tr("Show what the board sends in the console without running a profile"));

    QToolBar *toolbar = addToolBar(tr("Main"));
    toolbar->setObjectName(QStringLiteral("MainToolBar"));
    toolbar->addAction(open);
    toolbar->addAction(m_runAction);
    toolbar->addAction(m_cancelAction);

    QMenu *view = menuBar()->addMenu(tr("&View"));
    const QList<QDockWidget *> docks = findChildren<QDockWidget *>();
    for (QDockWidget *dock : docks)
        view->addAction(dock->toggleViewAction());
    view->addAction(toolbar->toggleViewAction());
    view->addSeparator();
    view->addAction(tr("&Fit Graph"), m_graph, &HeatGraphView::fitToView);
    view->addAction(tr("&Reset Layout"), this, &MainWindow::resetLayout);
    auto *language = new LanguageMenu(view);
    view->addMenu(language);
    connect(language, &LanguageMenu::languageChosen, this, [this](const QString &, const QString &name) {
        m_banner->showMessage(MessageBanner::Kind::Information,
            tr("hpx Studio will be in %1 from its next start.").arg(name.toHtmlEscaped()));
    });

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    QAction *about = help->addAction(tr("&About hpx Studio"), this, &MainWindow::showAbout);
    about->setMenuRole(QAction::AboutRole);
    QAction *aboutQt = help->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);
    aboutQt->setMenuRole(QAction::AboutQtRole);
}

void MainWindow::restoreLayout()
{
    const AppSettings settings;
    if (!settings.windowGeometry().isEmpty())
        restoreGeometry(settings.windowGeometry());
    else
        resize(1440, 900);
    clampToScreen(this);
    clampToScreenOnceFramed(this); // again once the window manager has framed it
    if (!settings.windowState().isEmpty())
        restoreState(settings.windowState());
    if (!settings.splitterState().isEmpty())
        m_centralSplitter->restoreState(settings.splitterState());
}

void MainWindow::resetLayout()
{
    restoreState(m_defaultState);
    const QList<QDockWidget *> docks = findChildren<QDockWidget *>();
    for (QDockWidget *dock : docks)
        dock->show();
}

void MainWindow::keepLayoutAroundCompareMode()
{
    const bool comparing = m_state->comparison().isValid();
    if (comparing && !m_layoutBeforeCompare) {
        m_layoutBeforeCompare = Layout { saveState(), m_centralSplitter->saveState() };
    } else if (!comparing && m_layoutBeforeCompare) {
        restoreState(m_layoutBeforeCompare->window);
        m_centralSplitter->restoreState(m_layoutBeforeCompare->splitter);
        m_layoutBeforeCompare.reset();
    }
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (isRunning()) {
        const auto answer = QMessageBox::question(this, tr("Run in progress"),
            tr("A profile run is in progress. Cancel it and quit? What was "
               "captured so far stays in the run's raw stream file."));
        if (answer != QMessageBox::Yes) {
            event->ignore();
            return;
        }
        m_runs->cancel();
    }
    AppSettings settings;
    settings.setWindowGeometry(saveGeometry());
    settings.setWindowState(m_layoutBeforeCompare ? m_layoutBeforeCompare->window : saveState());
    settings.setSplitterState(m_layoutBeforeCompare ? m_layoutBeforeCompare->splitter : m_centralSplitter->saveState());
    saveRunChoices(settings, { m_board, m_counters, m_iterations, m_warmup });
    event->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent *event)
{
    const QList<QUrl> urls = event->mimeData()->urls();
    if (urls.size() == 1 && urls.first().isLocalFile())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent *event)
{
    const QList<QUrl> urls = event->mimeData()->urls();
    if (urls.isEmpty())
        return;
    const QString path = urls.first().toLocalFile();
    if (QFileInfo(path).isDir())
        openBundle(path);
    else
        openModel(path);
    event->acceptProposedAction();
}

bool MainWindow::openModel(const QString &path)
{
    if (isRunning()) {
        showError(tr("Cancel the run before opening another model."));
        return false;
    }
    auto loaded = loadModel(path);
    if (!loaded.model) {
        showError(loaded.error);
        return false;
    }
    m_bundleRead.cancel(); // a bundle still being read no longer applies
    const auto model = std::make_shared<const ModelInfo>(std::move(*loaded.model));
    m_connection->setModel(model);
    m_modelSummary->setModel(*model);
    m_state->setModel(model);
    m_memory->setAotRows({});
    m_memory->setMemoryPlan({});
    setResult(nullptr, QString());
    m_runPanel->setIdleEstimate(std::nullopt); // the previous model's; this one's follows
    clearRunState(); // nothing of the previous model's runs or messages belongs to this one
    previewRun();
    if (!m_connection->isActive())
        m_runPanel->console()->clear(); // the previous model's board output; a live console link keeps its own
    AppSettings().addRecentFile(QFileInfo(path).absoluteFilePath());
    updateRecentFilesMenu();
    updateTitle();
    updateRunAvailability();
    statusBar()->showMessage(tr("Opened %1").arg(QDir::toNativeSeparators(path)), 5000);
    return true;
}

void MainWindow::openModelDialog()
{
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Open Model"), QString(), tr("TensorFlow Lite models (*.tflite);;All files (*)"));
    if (!path.isEmpty())
        openModel(path);
}

void MainWindow::openBundleDialog()
{
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Open Result Bundle"));
    if (!dir.isEmpty())
        openBundle(dir);
}

bool MainWindow::openBundle(const QString &directory)
{
    if (isRunning()) {
        showError(tr("Cancel the run before opening a bundle."));
        return false;
    }
    statusBar()->showMessage(tr("Reading the bundle %1…").arg(QDir::toNativeSeparators(directory)));
    // Dropped if the user opens something else meanwhile.
    m_bundleRead.run([directory] { return BundleReader::read(directory); },
        [this, directory](const BundleReadResult &read) { showBundle(directory, read); });
    return true;
}

void MainWindow::showBundle(const QString &directory, const BundleReadResult &read)
{
    if (!read.bundle) {
        // The views keep what they showed: the banner says so, or it would read as a verdict on that valid view.
        const QString name = QDir(directory).dirName();
        QString message = tr("The bundle %1 could not be opened: %2").arg(name, read.error);
        if (m_state->result()) {
            const QString shown = m_state->resultBundle();
            message += QLatin1Char('\n')
                + (shown.isEmpty() ? tr("The views still show the last run.")
                                   : tr("The views still show the bundle %1.").arg(QDir(shown).dirName()));
        }
        showError(message);
        emit bundleOpened(false);
        return;
    }
    if (isRunning()) { // a run started while the bundle was read: it owns the views now
        emit bundleOpened(false);
        return;
    }
    const Bundle &bundle = *read.bundle;
    // The bundle names its model by SHA-256; keep the open model only when it is that one.
    const QString sha = bundle.metadata.value(QStringLiteral("model")).value(QStringLiteral("sha256")).toString();
    if (model() && !sha.isEmpty() && sha != model()->sha256) {
        m_modelSummary->clear();
        m_state->setModel(nullptr);
    }
    m_memory->setAotRows(bundle.aotMemory);
    m_memory->setMemoryPlan(bundle.summary.value(QStringLiteral("memory_plan")));
    setResult(std::make_shared<const ProfileResult>(bundle.result), directory);
    // What the board said about itself when the bundle was made (run_metadata.json: hpx_studio.board_says and the
    // firmware values), against the preset of the board the bundle ran on.
    m_board->showBoardMetadata(bundle.result.boardStatement + bundle.result.firmware, model().get(),
        bundle.metadata.value(QStringLiteral("platform")).value(QStringLiteral("board")).toString());
    QStringList notes = bundle.warnings;
    if (!model())
        notes << tr("Open the model this bundle profiled (%1) to see the heat graph and MACs.")
                     .arg(bundle.metadata.value(QStringLiteral("model")).value(QStringLiteral("name")).toString());
    m_banner->showMessage(MessageBanner::Kind::Information,
        tr("Browsing the %1 bundle <i>%2</i> (%3, %4).")
                .arg(bundle.producer.toHtmlEscaped(), QDir(directory).dirName().toHtmlEscaped(),
                    bundle.verified ? tr("verified") : tr("not verified"), bundle.validity)
            + (notes.isEmpty() ? QString()
                               : QStringLiteral("<br>") + notes.join(QStringLiteral("<br>")).toHtmlEscaped()));
    statusBar()->showMessage(tr("Opened %1").arg(QDir::toNativeSeparators(directory)), 5000);
    updateTitle();
    emit bundleOpened(true);
}

void MainWindow::setResult(std::shared_ptr<const ProfileResult> result, const QString &bundleDir)
{
    m_state->setResult(result, bundleDir); // the views, and compare mode, follow
    m_export->setData(model(), result, bundleDir);
    // The same issue list as the bundle's summary.json, after a run and for an opened bundle.
    if (result)
        m_issues->setIssues(result->issues, result->validity());
    else
        m_issues->clear();
    Q_EMIT resultChanged();
}

bool MainWindow::isRunning() const
{
    return m_runs->isRunning();
}

void MainWindow::updateRunAvailability()
{
    QString reason;
    if (!model())
        reason = tr("Open a model first.");
    else if (!m_counters->plan().ok())
        reason = m_counters->plan().error;
    const bool can = reason.isEmpty() && !isRunning();
    m_runAction->setEnabled(can);
    m_runPanel->setRunEnabled(can, reason);
    if (m_connectAction)
        m_connectAction->setEnabled(!isRunning());
}

void MainWindow::startRun()
{
    if (isRunning() || !model())
        return;
    if (!m_counters->plan().ok()) {
        showError(m_counters->plan().error);
        return;
    }
    if (m_connection->isActive()) {
        // A port has one reader: free it from the console first, then run (see wireBoardConnection).
        m_runAfterDisconnect = true;
        statusBar()->showMessage(tr("Closing the console's link for the run…"));
        m_connection->setConnected(false);
        return;
    }
    startRunWith(runSettings());
}

void MainWindow::startRunWith(const RunSettings &settings)
{
    m_runPanel->setIterationsPerPass(settings.iterations, settings.warmup);
    m_runPanel->setLayerCount(model()->operatorCount());
    clearRunState();
    QString error;
    if (!m_runs->start(settings, model(), &error)) {
        showError(error);
        m_board->setRunning(false);
        m_cancelAction->setEnabled(false);
        updateRunAvailability();
        return;
    }
    m_board->setRunning(true);
    m_runAction->setEnabled(false);
    m_connectAction->setEnabled(false);
    m_cancelAction->setEnabled(true);
    findChild<QDockWidget *>(QStringLiteral("RunDock"))->raise();
    // A run can take minutes before its first value (the virtual board's first build): until it finishes, the views
    // hold the previous run's values, and say so.
    if (const std::shared_ptr<const ProfileResult> previous = result()) {
        QString kernels;
        for (const auto &entry : previous->boardStatement)
            if (entry.first == QLatin1String("kernels"))
                kernels = entry.second.toString();
        m_banner->showMessage(MessageBanner::Kind::Information,
            (kernels.isEmpty() ? tr("The table, graph and charts show the previous run until this one finishes.")
                               : tr("The table, graph and charts show the previous run (%1 kernels) until this one "
                                    "finishes.")
                                     .arg(kernels.toHtmlEscaped())));
        m_previousRunShown = true;
    }
}

void MainWindow::cancelRun()
{
    if (isRunning())
        m_runs->cancel(); // a virtual board's build or QEMU too: the run ends once nothing of it is left running
}

void MainWindow::onRunFinished(const hpx::run::ProfileOutcome &outcome)
{
    if (std::exchange(m_previousRunShown, false) && outcome.result)
        m_banner->hide(); // the views now show this run
    m_board->setRunning(false);
    m_cancelAction->setEnabled(false);
    m_board->showBoardMetadata(outcome.capture.capture.metadata, model().get());
    m_memory->setMemoryPlan(outcome.memoryPlan);
    if (outcome.result)
        setResult(std::make_shared<const ProfileResult>(*outcome.result),
            outcome.bundle && outcome.bundle->ok ? outcome.bundle->directory : QString());
    const BoardTarget::Kind board = m_board->target().kind;
    const RunSummary summary = summarizeRun(outcome, result().get(), resultBundleDirectory(), m_runs->rawStreamPath(),
        board == BoardTarget::Kind::Serial || board == BoardTarget::Kind::Tcp);
    // A failure is said once, in the banner over the views; the Run dock points there, and the status bar drops
    // the run's last progress message instead of repeating it.
    if (summary.end == RunEnd::Failed) {
        m_banner->showPlainText(MessageBanner::Kind::Error, summary.text);
        statusBar()->clearMessage();
    } else if (summary.end == RunEnd::Done)
        statusBar()->showMessage(summary.text, 10000);
    else
        statusBar()->clearMessage(); // the user's own Cancel is said once, in the run panel, not "Merging passes"
    // An invalid result is no success: said in the error banner, with the board's own mismatch warning when it has one.
    QStringList problems;
    if (summary.invalid)
        problems << summary.text;
    if (summary.end == RunEnd::Done && !m_board->modelMismatchWarning().isEmpty())
        problems << m_board->modelMismatchWarning();
    if (!problems.isEmpty())
        m_banner->showPlainText(MessageBanner::Kind::Error, problems.join(QLatin1Char('\n')));
    m_runPanel->runFinished(summary.end,
        summary.end == RunEnd::Failed ? tr("The run failed: the message above the graph says why and what was kept.")
                                      : summary.text);
    updateRunAvailability();
    emit runFinished(outcome.ok);
}

void MainWindow::wireBoardConnection()
{
    m_connection = new BoardConnection(m_board, m_runPanel->console(), this);
    connect(m_connection, &BoardConnection::opened, this, [this] {
        m_connectAction->setText(tr("Disc&onnect from Board"));
        findChild<QDockWidget *>(QStringLiteral("RunDock"))->raise();
    });
    connect(m_connection, &BoardConnection::failed, this, [this](const QString &message) {
        m_runAfterDisconnect = false;
        showError(message);
    });
    connect(m_connection, &BoardConnection::closed, this, [this] {
        m_connectAction->setText(tr("C&onnect to Board"));
        if (std::exchange(m_runAfterDisconnect, false))
            startRun();
    });
}

void MainWindow::updateRecentFilesMenu()
{
    m_recentMenu->clear();
    const QStringList files = AppSettings().recentFiles();
    for (const QString &path : files) {
        QAction *action = m_recentMenu->addAction(QDir::toNativeSeparators(path));
        connect(action, &QAction::triggered, this, [this, path] {
            if (!QFileInfo::exists(path)) {
                AppSettings().removeRecentFile(path);
                updateRecentFilesMenu();
            }
            openModel(path);
        });
    }
    m_recentMenu->setEnabled(!files.isEmpty());
}

void MainWindow::updateTitle()
{
    setWindowTitle(model() ? tr("%1 — hpx Studio").arg(model()->fileName) : tr("hpx Studio"));
}

void MainWindow::showWelcome(const QString &modelPath)
{
    m_banner->showMessage(MessageBanner::Kind::Information,
        tr("<b>Welcome to hpx Studio.</b> The example model <i>%1</i> is open on the simulated "
           "board. Pick counters on the left and press <b>Run</b> (F5) to profile it layer by "
           "layer; open your own model with Ctrl+O or by dropping a .tflite file here.")
            .arg(QFileInfo(modelPath).fileName().toHtmlEscaped()));
}

RunSettings MainWindow::runSettings() const
{
    RunSettings settings;
    settings.target = m_board->target();
    settings.knownPorts = m_board->knownPorts();
    settings.counters = m_counters->selection();
    settings.iterations = m_iterations->value();
    settings.warmup = m_warmup->value();
    return settings;
}

void MainWindow::previewRun()
{
    if (model())
        m_runs->preview(runSettings(), model());
}

void MainWindow::clearRunState()
{
    m_banner->hide();
    m_board->clearBoardMetadata();
    m_runPanel->reset();
}

void MainWindow::showError(const QString &message)
{
    m_banner->showPlainText(MessageBanner::Kind::Error, message);
    statusBar()->showMessage(message, 10000);
    if (!model())
        m_modelSummary->setError(message);
}

void MainWindow::showAbout()
{
    QMessageBox::about(this, tr("About hpx Studio"),
        tr("<h3>hpx Studio %1</h3><p>Profile TensorFlow Lite models on microcontroller boards, "
           "layer by layer.</p><p>Git commit %2<br>Qt %3 (built with %4)</p>")
            .arg(hpx::model::versionString(), hpx::model::gitCommit(), QLatin1String(qVersion()),
                QStringLiteral(QT_VERSION_STR)));
}

} // namespace hpx::ui
