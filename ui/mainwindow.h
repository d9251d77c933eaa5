#pragma once

#include "model/modelinfo.h"

#include <QMainWindow>

#include <optional>

class QDockWidget;
class QMenu;
class QSplitter;

namespace hpx::ui {

class MessageBanner;
class ModelSummaryWidget;

// hpx Studio's main window: the model and board docks on the left, the heat graph and per-layer table in
// the centre, run progress, console and charts below. Logic lives in model/ and device/; this class wires
// views to it.
class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    // Opens a .tflite; on failure the window shows the model library's message and returns false.
    bool openModel(const QString &path);
    const std::optional<hpx::model::ModelInfo> &model() const { return m_model; }
    // Shows the first-start welcome text (./run.sh opens an example model on the simulated board).
    void showWelcome(const QString &modelPath);
    MessageBanner *banner() const { return m_banner; }

protected:
    void closeEvent(QCloseEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    void createActions();
    QDockWidget *addDock(QWidget *widget, const QString &title, const QString &objectName, Qt::DockWidgetArea area);
    void createDocks();
    void restoreLayout();
    void resetLayout();
    void updateRecentFilesMenu();
    void updateTitle();
    void openModelDialog();
    void showAbout();
    void showError(const QString &message);

    std::optional<hpx::model::ModelInfo> m_model;
    MessageBanner *m_banner = nullptr;
    QSplitter *m_centralSplitter = nullptr;
    ModelSummaryWidget *m_modelSummary = nullptr;
    QMenu *m_recentMenu = nullptr;
    QMenu *m_viewMenu = nullptr;
    QByteArray m_defaultState;
};

} // namespace hpx::ui
