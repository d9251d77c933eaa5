#pragma once

#include "device/link/portdiscovery.h"
#include "model/tflite/modelinfo.h"
#include "ui/run/runconfig.h"

#include <QVariant>
#include <QVector>
#include <QWidget>

class QComboBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QToolButton;

namespace hpx::ui {

class ElidingComboBox;

// The "Board" dock: the port is an editable list of the simulated board and the serial ports (refreshed on
// hot-plug, by their stable /dev/serial/by-id names where present) that also takes any typed device path
// (/dev/pts/3) or tcp://host:port. Board, engine, baud, firmware transport and speed are the user's and never follow
// the port. Connect opens a passive console outside runs; once a stream arrives, the dock shows what the board says
// about itself and offers the board that matches it.
class BoardPanel : public QWidget {
    Q_OBJECT
public:
    explicit BoardPanel(QWidget *parent = nullptr);

    BoardTarget target() const;
    // The serial ports as the last hot-plug poll found them.
    QList<hpx::device::PortInfo> knownPorts() const { return m_watcher.ports(); }
    QString firmwareTransportChoice() const; // "" = automatic
    QString engineChoice() const; // kept while a real port hides it
    // "sim", a listed port, any device path or tcp://host:port; a typed one is kept as typed.
    void setTargetPort(const QString &port);
    void setBaud(int baud);
    bool setBoard(const QString &board); // false when no such board
    bool setEngine(const QString &engine);
    bool setKernels(const QString &kernels); // the virtual board's: cmsis-nn | reference
    // The virtual board's input: its fixed input (InputChoice{}), files (one per model input, in order) or a seed.
    void setInput(const hpx::model::InputChoice &input);
    void setFirmwareTransport(const QString &firmwareTransport); // "" = automatic
    void setTimeScale(double scale);
    // Forgets what the last stream said (a new model or run starts clean).
    void clearBoardMetadata();
    QString suggestedBoard() const { return m_suggested; }
    void acceptSuggestedBoard();
    // Firmware metadata from the stream (HPX_SYSTEM_CLOCK_HZ, HPX_ENGINE, HPX_ARENA_SIZE, HPX_MODEL_SIZE...)
    // and the open model, to warn when the board runs a different model. What the board says is compared with the
    // preset of `presetBoard`, else with the chosen target's (an opened bundle names the board it ran on).
    void showBoardMetadata(const QVector<QPair<QString, QVariant>> &metadata, const hpx::model::ModelInfo *model,
        const QString &presetBoard = QString());
    QString boardMetadataText() const; // what the dock shows of it, as plain text
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
    void updateNote();
    QString portText() const; // the chosen item's port, else the typed text
    void chooseInputFiles();

    hpx::device::PortWatcher m_watcher;
    QComboBox *m_port;
    ElidingComboBox *m_board;
    ElidingComboBox *m_engine;
    ElidingComboBox *m_speed;
    QComboBox *m_baud;
    ElidingComboBox *m_firmwareTransport; // how the board's firmware sends (target.transport)
    ElidingComboBox *m_kernels;
    ElidingComboBox *m_input; // the virtual board's input: fixed, files or seed
    QWidget *m_inputFilesRow;
    QLineEdit *m_inputFiles; // the files, separated by ';', one per model input in order
    QToolButton *m_inputBrowse;
    QSpinBox *m_inputSeed;
    QToolButton *m_refresh;
    QLabel *m_metadata;
    QLabel *m_note; // port gone, simulated profile on a real port, the board the stream suggests
    QPushButton *m_connect;
    QLabel *m_connectionText;
    QFormLayout *m_form;
    QString m_mismatch;
    QString m_gonePort;
    QList<hpx::device::PortInfo> m_lastListed;
    QString m_suggested;
    Connection m_connection = Connection::Disconnected;
    bool m_running = false;
};

} // namespace hpx::ui

Q_DECLARE_METATYPE(hpx::ui::BoardTarget)
