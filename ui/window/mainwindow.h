#pragma once

#include "device/thread/jobtracker.h"
#include "model/bundle/bundlereader.h"
#include "model/results/profileresult.h"
#include "model/tflite/modelinfo.h"
#include "run/profilejob.h"
#include "ui/run/runconfig.h"

#include <QMainWindow>

#include <memory>
#include <optional>

class QAction;
class QDockWidget;
class QMenu;
class QSpinBox;
class QSplitter;
class QTabWidget;

namespace hpx::ui {

class BoardConnection;
class BoardPanel;
class CompareController;
class CounterPicker;
class HeatGraphView;
class LayerChart;
class OpShareChart;
class MemoryView;
class LayerTableView;
class IssueList;
class MessageBanner;
class ModelSummaryWidget;
class RunController;
class RunPanel;
class ExportMenu;
class ViewState;

// hpx Studio's main window: model, board and counter docks on the left, the heat graph and the per-layer
// table in the centre, run progress with the raw console and the charts below. Logic lives in model/ and
// device/; this class builds the views, binds them to one ViewState and sets its model and result.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    // Opens a .tflite; on failure the window shows the model library's message and returns false.
    bool openModel(const QString &path);
    // Starts reading a result bundle (ours or heliaPROFILER's) to browse without a board. The reading
    // (digests, tables, overlays) runs off the UI thread; bundleOpened() says how it ended. A newer
    // openBundle() or openModel() supersedes a read still in flight: its result is dropped.
    bool openBundle(const QString &directory);
    bool isOpeningBundle() const { return m_bundleRead.isBusy(); }
    std::shared_ptr<const hpx::model::ModelInfo> model() const;
    std::shared_ptr<const hpx::model::ProfileResult> result() const;
    QString resultBundleDirectory() const;
    // Shows the first-start welcome text (./run.sh opens an example model on the simulated board).
    void showWelcome(const QString &modelPath);

    // Parts, for tests and the screenshot tool.
    ViewState *viewState() const { return m_state; }
    MessageBanner *banner() const { return m_banner; }
    BoardPanel *boardPanel() const { return m_board; }
    CounterPicker *counterPicker() const { return m_counters; }
    RunPanel *runPanel() const { return m_runPanel; }
    HeatGraphView *heatGraph() const { return m_graph; }
    LayerTableView *layerTable() const { return m_table; }
    QTabWidget *charts() const { return m_charts; }
    ExportMenu *exportMenu() const { return m_export; }
    CompareController *compareController() const { return m_compare; }
    QSpinBox *iterationsBox() const { return m_iterations; }
    bool isRunning() const;
    BoardConnection *boardConnection() const { return m_connection; }

public slots:
    void startRun();
    void cancelRun();

signals:
    void runFinished(bool ok);
    void bundleOpened(bool ok);
    void resultChanged(); // the shown result (or its bundle) was replaced

protected:
    void closeEvent(QCloseEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    void startRunWith(const RunSettings &settings);
    void createViews();
    void createDocks();
    void createMemoryView();
    void createActions();
    QDockWidget *addDock(QWidget *widget, const QString &title, const QString &objectName, Qt::DockWidgetArea area);
    void restoreLayout();
    void resetLayout();
    void keepLayoutAroundCompareMode();
    void updateRecentFilesMenu();
    void updateTitle();
    void updateRunAvailability();
    void openModelDialog();
    void openBundleDialog();
    void showAbout();
    void showError(const QString &message); // plain text: shown escaped in the banner and the status bar
    void clearRunState(); // banners, board metadata, progress: what belonged to the previous run or model
    void setResult(std::shared_ptr<const hpx::model::ProfileResult> result, const QString &bundleDir);
    void onRunFinished(const hpx::run::ProfileOutcome &outcome);
    void showBundle(const QString &directory, const hpx::model::BundleReadResult &read);
    void wireBoardConnection();
    RunSettings runSettings() const; // the Board and Counters docks' choices
    void previewRun(); // the Run dock's "Next run: about ..." for those choices

    ViewState *m_state; // the model, the result and what the views show of them
    MessageBanner *m_banner = nullptr;
    IssueList *m_issues = nullptr;
    QSplitter *m_centralSplitter = nullptr;
    HeatGraphView *m_graph = nullptr;
    LayerTableView *m_table = nullptr;
    QTabWidget *m_charts = nullptr;
    LayerChart *m_layerChart = nullptr;
    OpShareChart *m_opShare = nullptr;
    MemoryView *m_memory = nullptr;
    ModelSummaryWidget *m_modelSummary = nullptr;
    BoardPanel *m_board = nullptr;
    CounterPicker *m_counters = nullptr;
    RunPanel *m_runPanel = nullptr;
    QSpinBox *m_iterations = nullptr;
    QSpinBox *m_warmup = nullptr;
    RunController *m_runs = nullptr;
    BoardConnection *m_connection = nullptr;
    QAction *m_connectAction = nullptr;
    bool m_runAfterDisconnect = false; // Run pressed while the console held the link
    bool m_previousRunShown = false; // the banner says the views hold the previous run's values
    hpx::device::JobTracker m_bundleRead; // the bundle being read, superseded by every open
    ExportMenu *m_export = nullptr;
    CompareController *m_compare = nullptr;
    QAction *m_runAction = nullptr;
    QAction *m_cancelAction = nullptr;
    QMenu *m_recentMenu = nullptr;
    QByteArray m_defaultState;
    // The layout of before compare mode: given back by Stop Comparing, and what a window closed in compare mode
    // saves, so a layout shaped for comparing never becomes the one the next start opens with.
    struct Layout {
        QByteArray window;
        QByteArray splitter;
    };
    std::optional<Layout> m_layoutBeforeCompare;
};

} // namespace hpx::ui
