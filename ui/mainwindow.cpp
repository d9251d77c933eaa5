#include "ui/mainwindow.h"

#include "model/tflitemodel.h"
#include "model/version.h"
#include "ui/appsettings.h"
#include "ui/messagebanner.h"
#include "ui/modelsummarywidget.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QDir>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QSplitter>
#include <QStatusBar>
#include <QVBoxLayout>

namespace hpx::ui {

namespace {
QLabel *placeholder(const QString &text, QWidget *parent)
{
    auto *label = new QLabel(text, parent);
    label->setAlignment(Qt::AlignCenter);
    label->setWordWrap(true);
    label->setEnabled(false);
    return label;
}
} // namespace

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
{
    setObjectName(QStringLiteral("MainWindow"));
    setAcceptDrops(true);
    setWindowIcon(QIcon(QStringLiteral(":/icons/hpx-studio.svg")));

    auto *central = new QWidget(this);
    auto *layout = new QVBoxLayout(central);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    m_banner = new MessageBanner(central);
    m_centralSplitter = new QSplitter(Qt::Horizontal, central);
    m_centralSplitter->setObjectName(QStringLiteral("CentralSplitter"));
    m_centralSplitter->addWidget(placeholder(tr("Heat graph"), m_centralSplitter));
    m_centralSplitter->addWidget(placeholder(tr("Per-layer table"), m_centralSplitter));
    m_centralSplitter->setStretchFactor(0, 3);
    m_centralSplitter->setStretchFactor(1, 2);
    layout->addWidget(m_banner);
    layout->addWidget(m_centralSplitter, 1);
    setCentralWidget(central);

    createDocks();
    createActions();
    m_defaultState = saveState();
    restoreLayout();
    statusBar()->showMessage(tr("Ready"));
    updateTitle();
}

MainWindow::~MainWindow() = default;

QDockWidget *MainWindow::addDock(QWidget *widget, const QString &title, const QString &objectName,
                                 Qt::DockWidgetArea area)
{
    auto *dock = new QDockWidget(title, this);
    dock->setObjectName(objectName);
    dock->setWidget(widget);
    addDockWidget(area, dock);
    return dock;
}

void MainWindow::createDocks()
{
    m_modelSummary = new ModelSummaryWidget(this);
    addDock(m_modelSummary, tr("Model"), QStringLiteral("ModelDock"), Qt::LeftDockWidgetArea);
    addDock(placeholder(tr("Board"), this), tr("Board"), QStringLiteral("BoardDock"), Qt::LeftDockWidgetArea);
    addDock(placeholder(tr("Counters"), this), tr("Counters"), QStringLiteral("CountersDock"),
            Qt::LeftDockWidgetArea);
    auto *run = addDock(placeholder(tr("Run"), this), tr("Run"), QStringLiteral("RunDock"), Qt::BottomDockWidgetArea);
    auto *charts =
        addDock(placeholder(tr("Charts"), this), tr("Charts"), QStringLiteral("ChartsDock"), Qt::BottomDockWidgetArea);
    tabifyDockWidget(run, charts);
    run->raise();
}

void MainWindow::createActions()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    QAction *open = file->addAction(tr("&Open Model…"), this, &MainWindow::openModelDialog);
    open->setShortcut(QKeySequence::Open);
    open->setIcon(QIcon::fromTheme(QStringLiteral("document-open")));
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    updateRecentFilesMenu();
    file->addSeparator();
    QAction *quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);
    quit->setMenuRole(QAction::QuitRole);

    m_viewMenu = menuBar()->addMenu(tr("&View"));
    const QList<QDockWidget *> docks = findChildren<QDockWidget *>();
    for (QDockWidget *dock : docks)
        m_viewMenu->addAction(dock->toggleViewAction());
    m_viewMenu->addSeparator();
    m_viewMenu->addAction(tr("&Reset Layout"), this, &MainWindow::resetLayout);

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
        resize(1400, 900);
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

void MainWindow::closeEvent(QCloseEvent *event)
{
    AppSettings settings;
    settings.setWindowGeometry(saveGeometry());
    settings.setWindowState(saveState());
    settings.setSplitterState(m_centralSplitter->saveState());
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
    openModel(urls.first().toLocalFile());
    event->acceptProposedAction();
}

bool MainWindow::openModel(const QString &path)
{
    const auto loaded = hpx::model::loadModel(path);
    if (!loaded.model) {
        showError(loaded.error);
        return false;
    }
    m_model = *loaded.model;
    m_modelSummary->setModel(*m_model);
    AppSettings().addRecentFile(QFileInfo(path).absoluteFilePath());
    updateRecentFilesMenu();
    updateTitle();
    if (m_banner->kind() == MessageBanner::Kind::Error)
        m_banner->hide();
    statusBar()->showMessage(tr("Opened %1").arg(QDir::toNativeSeparators(path)), 5000);
    return true;
}

void MainWindow::openModelDialog()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Open Model"), QString(),
                                                      tr("TensorFlow Lite models (*.tflite);;All files (*)"));
    if (!path.isEmpty())
        openModel(path);
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
    setWindowTitle(m_model ? tr("%1 — hpx Studio").arg(m_model->fileName) : tr("hpx Studio"));
}

void MainWindow::showWelcome(const QString &modelPath)
{
    m_banner->showMessage(MessageBanner::Kind::Information,
                          tr("<b>Welcome to hpx Studio.</b> The example model <i>%1</i> is open on the simulated "
                             "board. Pick counters on the left and press <b>Run</b> (F5) to profile it layer by "
                             "layer; open your own model with Ctrl+O or by dropping a .tflite file here.")
                              .arg(QFileInfo(modelPath).fileName().toHtmlEscaped()));
}

void MainWindow::showError(const QString &message)
{
    m_banner->showMessage(MessageBanner::Kind::Error, message.toHtmlEscaped());
    statusBar()->showMessage(message, 10000);
    if (!m_model)
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
