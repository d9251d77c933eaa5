#pragma once

#include "device/link/linkmonitor.h"
#include "model/tflite/modelinfo.h"

#include <QObject>

#include <memory>

namespace hpx::ui {

class BoardPanel;
class ConsolePane;

// The Board dock's Connect: a passive console on the chosen link outside of runs (device::LinkMonitor).
// The bytes go to a file beside the runs' raw streams, which the console pane tails and can save; the
// board's metadata goes to the Board dock as it arrives.
class BoardConnection : public QObject {
    Q_OBJECT
public:
    BoardConnection(BoardPanel *panel, ConsolePane *console, QObject *parent = nullptr);

    // The open model, to warn when the board runs a different one.
    void setModel(std::shared_ptr<const hpx::model::ModelInfo> model) { m_model = std::move(model); }
    // Opens the panel's target (true) or closes the link (false). Errors come as failed().
    void setConnected(bool connected);
    bool isActive() const { return m_monitor.isActive(); }
    bool isConnected() const { return m_monitor.isConnected(); }
    QString consolePath() const { return m_consolePath; }
    hpx::device::LinkMonitor *monitor() { return &m_monitor; }

signals:
    void opened(const QString &description);
    // Translated: the link could not be opened, broke, or the settings name no usable link.
    void failed(const QString &message);
    // The link is closed and the port free (after setConnected(false), a failure or the board leaving).
    void closed();

private:
    bool open(QString *error);

    BoardPanel *m_panel;
    ConsolePane *m_console;
    hpx::device::LinkMonitor m_monitor;
    std::shared_ptr<const hpx::model::ModelInfo> m_model;
    QString m_consolePath;
    QString m_lastError;
};

} // namespace hpx::ui
