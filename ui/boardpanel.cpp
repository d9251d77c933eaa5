#include "ui/boardpanel.h"

#include "model/config.h"
#include "model/socprofile.h"

#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QStyle>
#include <QToolButton>

namespace hpx::ui {

using namespace hpx::model;

namespace {
const QString SimPort = QStringLiteral("sim");
const QString TcpPort = QStringLiteral("tcp");

QVariant metaValue(const QVector<QPair<QString, QVariant>> &metadata, const QString &key)
{
    QVariant value;
    for (const auto &entry : metadata) {
        if (entry.first == key)
            value = entry.second; // last wins, as the parser stores it
    }
    return value;
}
} // namespace

BoardPanel::BoardPanel(QWidget *parent)
    : QWidget(parent)
    , m_port(new QComboBox(this))
    , m_tcpAddress(new QLineEdit(this))
    , m_board(new QComboBox(this))
    , m_engine(new QComboBox(this))
    , m_baud(new QComboBox(this))
    , m_link(new QComboBox(this))
    , m_refresh(new QToolButton(this))
    , m_metadata(new QLabel(this))
    , m_connect(new QPushButton(this))
    , m_connectionText(new QLabel(this))
    , m_form(new QFormLayout)
{
    m_tcpAddress->setPlaceholderText(QStringLiteral("tcp://127.0.0.1:19021"));
    m_tcpAddress->setToolTip(tr("J-Link RTT telnet server (port 19021), a ser2net bridge or a board emulator"));
    m_refresh->setIcon(style()->standardIcon(QStyle::SP_BrowserReload));
    m_refresh->setToolTip(tr("Refresh the port list"));
    for (int baud : { 115200, 230400, 460800, 921600, 1000000, 2000000 })
        m_baud->addItem(QString::number(baud), baud);
    m_baud->setEditable(true);
    m_baud->setToolTip(tr("Line rate of UART links; USB CDC ignores it"));
    m_link->addItem(tr("Automatic"), QString());
    m_link->addItem(tr("UART (J-Link VCOM)"), QStringLiteral("uart"));
    m_link->addItem(tr("USB CDC (asserts DTR)"), QStringLiteral("usb_cdc"));
    m_link->addItem(tr("RTT over TCP"), QStringLiteral("rtt"));
    for (const QString &engine : { QStringLiteral("helia-rt"), QStringLiteral("tflm"), QStringLiteral("helia-aot"),
             QStringLiteral("executorch") })
        m_engine->addItem(engine, engine);
    m_metadata->setWordWrap(true);
    m_metadata->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_connect->setToolTip(tr("Open the link and show what the board sends in the console, without running a "
                             "profile (Ctrl+K)"));
    m_connectionText->setWordWrap(true);
    m_connectionText->setForegroundRole(QPalette::PlaceholderText);

    auto *portRow = new QHBoxLayout;
    portRow->addWidget(m_port, 1);
    portRow->addWidget(m_refresh);
    auto *portLabel = new QLabel(tr("&Port:"), this);
    portLabel->setBuddy(m_port);
    m_form->addRow(portLabel, portRow);
    m_form->addRow(tr("&Address:"), m_tcpAddress);
    m_form->addRow(tr("B&oard:"), m_board);
    m_form->addRow(tr("&Engine:"), m_engine);
    m_form->addRow(tr("&Baud:"), m_baud);
    m_form->addRow(tr("&Link:"), m_link);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addLayout(m_form);
    auto *connectRow = new QHBoxLayout;
    connectRow->addWidget(m_connect);
    connectRow->addWidget(m_connectionText, 1);
    layout->addLayout(connectRow);
    layout->addWidget(m_metadata);
    layout->addStretch(1);

    connect(&m_watcher, &hpx::device::PortWatcher::portsChanged, this, &BoardPanel::refreshPorts);
    connect(m_refresh, &QToolButton::clicked, &m_watcher, &hpx::device::PortWatcher::poll);
    auto changed = [this] {
        updateVisibility();
        emit targetChanged(target());
    };
    connect(m_port, qOverload<int>(&QComboBox::currentIndexChanged), this, changed);
    connect(m_board, qOverload<int>(&QComboBox::currentIndexChanged), this, changed);
    connect(m_engine, qOverload<int>(&QComboBox::currentIndexChanged), this, changed);
    connect(m_link, qOverload<int>(&QComboBox::currentIndexChanged), this, changed);
    connect(m_tcpAddress, &QLineEdit::editingFinished, this, changed);
    connect(m_baud, &QComboBox::currentTextChanged, this, changed);
    connect(m_connect, &QPushButton::clicked, this,
        [this] { emit connectRequested(m_connection == Connection::Disconnected); });

    refreshPorts({});
    m_baud->setCurrentText(QString::number(Config().baud())); // target.baud's default, as `hpx profile` uses
    m_watcher.start(1500);
    m_watcher.poll();
    updateVisibility();
    setConnection(Connection::Disconnected);
}

void BoardPanel::refreshPorts(const QList<hpx::device::PortInfo> &ports)
{
    const QString current = m_port->currentData().toString();
    QSignalBlocker blocker(m_port);
    m_port->clear();
    m_port->addItem(tr("Simulated board"), SimPort);
    for (const auto &port : ports) {
        m_port->addItem(port.label(), port.systemLocation);
        m_port->setItemData(m_port->count() - 1, port.kindLabel(), Qt::ToolTipRole);
    }
    m_port->addItem(tr("Network (TCP)…"), TcpPort);
    const int index = m_port->findData(current);
    m_port->setCurrentIndex(index >= 0 ? index : 0);
    if (index < 0 && !current.isEmpty() && current != SimPort && current != TcpPort)
        m_metadata->setText(tr("The port %1 went away.").arg(current));
    blocker.unblock();
    updateVisibility();
}

void BoardPanel::updateVisibility()
{
    const QString port = m_port->currentData().toString();
    const bool sim = port == SimPort;
    m_form->setRowVisible(m_tcpAddress, port == TcpPort);
    m_form->setRowVisible(m_engine, sim);
    m_form->setRowVisible(m_baud, !sim && port != TcpPort);
    m_form->setRowVisible(m_link, !sim);

    // Real boards pick an hpx board name; the simulated board offers its two SoC profiles.
    const QString board = m_board->currentData().toString();
    const bool simItems = m_board->property("sim").toBool();
    if (m_board->count() == 0 || simItems != sim) {
        const QSignalBlocker blocker(m_board);
        m_board->clear();
        if (sim) {
            for (const QString &name : { socs::simulatedM55Board(), socs::simulatedM4Board() }) {
                const SocProfile *soc = socs::forBoard(name);
                m_board->addItem(soc ? soc->displayName : name, name);
            }
        } else {
            for (const BoardInfo &info : socs::boards()) {
                const SocProfile *soc = socs::byName(info.soc);
                if (soc && !soc->simulated)
                    m_board->addItem(info.name + QStringLiteral(" — ") + soc->displayName, info.name);
            }
        }
        m_board->setProperty("sim", sim);
        const int index = m_board->findData(board);
        m_board->setCurrentIndex(index >= 0 ? index : 0);
    }
}

BoardTarget BoardPanel::target() const
{
    BoardTarget t;
    const QString port = m_port->currentData().toString();
    t.kind = port == SimPort ? BoardTarget::Kind::Simulated
        : port == TcpPort    ? BoardTarget::Kind::Tcp
                             : BoardTarget::Kind::Serial;
    t.port = t.kind == BoardTarget::Kind::Tcp ? m_tcpAddress->text().trimmed() : port;
    t.baud = m_baud->currentText().toInt();
    t.board = m_board->currentData().toString();
    const SocProfile *soc = socs::forBoard(t.board);
    t.soc = soc ? soc->name : QString();
    if (t.kind == BoardTarget::Kind::Simulated)
        t.engine = engineFromName(m_engine->currentData().toString());
    // Automatic leaves the link to the run request, which chooses it from the port as `hpx profile` does.
    t.link = firmwareTransportFromName(m_link->currentData().toString());
    return t;
}

void BoardPanel::setTargetPort(const QString &port)
{
    if (port.startsWith(QLatin1String("tcp://"))) {
        m_tcpAddress->setText(port);
        m_port->setCurrentIndex(m_port->findData(TcpPort));
        return;
    }
    const int index = m_port->findData(port);
    if (index >= 0)
        m_port->setCurrentIndex(index);
}

void BoardPanel::setBaud(int baud)
{
    m_baud->setCurrentText(QString::number(baud));
}

void BoardPanel::setRunning(bool running)
{
    m_running = running;
    updateEnabled();
}

void BoardPanel::setConnection(Connection state, const QString &text)
{
    m_connection = state;
    m_connect->setText(state == Connection::Disconnected ? tr("Connect") : tr("Disconnect"));
    m_connectionText->setText(text);
    updateEnabled();
}

void BoardPanel::updateEnabled()
{
    // The link's settings are fixed while it is open, by a run or by the console.
    const bool busy = m_running || m_connection != Connection::Disconnected;
    for (QWidget *w : { static_cast<QWidget *>(m_port), static_cast<QWidget *>(m_tcpAddress),
             static_cast<QWidget *>(m_board), static_cast<QWidget *>(m_engine), static_cast<QWidget *>(m_baud),
             static_cast<QWidget *>(m_link), static_cast<QWidget *>(m_refresh) })
        w->setEnabled(!busy);
    m_connect->setEnabled(!m_running);
}

void BoardPanel::showBoardMetadata(
    const QVector<QPair<QString, QVariant>> &metadata, const hpx::model::ModelInfo *model)
{
    const QLocale locale;
    QStringList lines;
    const QVariant clock = metaValue(metadata, QStringLiteral("system_clock_hz"));
    if (clock.isValid())
        lines << tr("Clock: %1 MHz").arg(locale.toString(clock.toDouble() / 1e6, 'f', 1));
    const QVariant engine = metaValue(metadata, QStringLiteral("engine"));
    if (engine.isValid())
        lines << tr("Engine: %1").arg(engine.toString());
    const QVariant arena = metaValue(metadata, QStringLiteral("arena_size"));
    const QVariant used = metaValue(metadata, QStringLiteral("allocated_arena"));
    if (arena.isValid())
        lines << (used.isValid()
                ? tr("Arena: %1 of %2 used")
                      .arg(locale.formattedDataSize(used.toLongLong()), locale.formattedDataSize(arena.toLongLong()))
                : tr("Arena: %1").arg(locale.formattedDataSize(arena.toLongLong())));
    const QVariant modelSize = metaValue(metadata, QStringLiteral("model_size"));
    if (modelSize.isValid())
        lines << tr("Model on the board: %1 bytes").arg(locale.toString(modelSize.toLongLong()));
    m_mismatch.clear();
    if (modelSize.isValid() && model && modelSize.toLongLong() != model->sizeBytes) {
        m_mismatch
            = tr("The board runs a different model: it reports %1 bytes, %2 has %3 bytes. Per-layer "
                 "results will not match this model's operators.")
                  .arg(locale.toString(modelSize.toLongLong()), model->fileName, locale.toString(model->sizeBytes));
    }
    QString html = lines.join(QStringLiteral("<br>"));
    if (!m_mismatch.isEmpty())
        html += QStringLiteral("<br><b style='color:#ef4444'>") + m_mismatch.toHtmlEscaped() + QStringLiteral("</b>");
    m_metadata->setText(html);
}

} // namespace hpx::ui
