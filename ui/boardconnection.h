#pragma once

#include "device/linkmonitor.h"
#include "model/modelinfo.h"
#include "ui/boardpanel.h"

#include <QObject>

#include <memory>

namespace hpx::ui {

// The Board dock's Connect: a passive console on the chosen link outside of runs (device::LinkMonitor).
// The bytes go to a file beside the runs' raw streams, which the console pane tails and can save.
class BoardConnection : public QObject {
    Q_OBJECT
public:
    explicit BoardConnection(QObject *parent = nullptr);

    // false + translated *error when the target names no usable link (bad TCP address, ...).
    bool open(const BoardTarget &target, std::shared_ptr<const hpx::model::ModelInfo> model, QString *error);
    void close();
    bool isActive() const { return m_monitor.isActive(); }
    bool isConnected() const { return m_monitor.isConnected(); }
    QString consolePath() const { return m_consolePath; }
    hpx::device::LinkMonitor *monitor() { return &m_monitor; }

private:
    hpx::device::LinkMonitor m_monitor;
    QString m_consolePath;
};

} // namespace hpx::ui
