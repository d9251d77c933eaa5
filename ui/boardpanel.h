#pragma once

#include "device/portdiscovery.h"
#include "model/modelinfo.h"
#include "ui/runconfig.h"

#include <QVariant>
#include <QVector>
#include <QWidget>

class QComboBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QPushButton;
class QToolButton;

namespace hpx::ui {

// The "Board" dock: pick the simulated board, a serial port (refreshed on hot-plug, with descriptions and
// VID:PID) or a TCP address; baud; Connect for a passive console outside runs; and, once a stream arrives,
// what the board says about itself.
class BoardPanel : public QWidget {
    Q_OBJECT
public:
    explicit BoardPanel(QWidget *parent = nullptr);

    BoardTarget target() const;
    void setTargetPort(const QString &port); // restores the last port from settings when it is present
    void setBaud(int baud);
    // Firmware metadata from the stream (HPX_SYSTEM_CLOCK_HZ, HPX_ENGINE, HPX_ARENA_SIZE, HPX_MODEL_SIZE...)
    // and the open model, to warn when the board runs a different model.
    void showBoardMetadata(const QVector<QPair<QString, QVariant>> &metadata, const hpx::model::ModelInfo *model);
    QString modelMismatchWarning() const { return m_mismatch; }
    void setRunning(bool running);
    enum class Connection { Disconnected, Connecting, Connected };
    // The passive console's state; `text` says where (or why it ended) under the button.
    void setConnection(Connection state, const QString &text = QString());
    Connection connection() const { return m_connection; }
    QPushButton *connectButton() const { return m_connect; }

signals:
    void targetChanged(const hpx::ui::BoardTarget &target);
    // The user pressed Connect (true) or Disconnect (false).
    void connectRequested(bool connect);

private:
    void refreshPorts(const QList<hpx::device::PortInfo> &ports);
    void updateVisibility();
    void updateEnabled();

    hpx::device::PortWatcher m_watcher;
    QComboBox *m_port;
    QLineEdit *m_tcpAddress;
    QComboBox *m_board;
    QComboBox *m_engine;
    QComboBox *m_baud;
    QComboBox *m_link;
    QToolButton *m_refresh;
    QLabel *m_metadata;
    QPushButton *m_connect;
    QLabel *m_connectionText;
    QFormLayout *m_form;
    QString m_mismatch;
    Connection m_connection = Connection::Disconnected;
    bool m_running = false;
};

} // namespace hpx::ui

Q_DECLARE_METATYPE(hpx::ui::BoardTarget)
