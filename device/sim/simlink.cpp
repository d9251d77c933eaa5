#include "device/sim/simlink.h"

#include "device/link/linklog.h"
#include "device/sim/simulatedboard.h"

namespace hpx::device {

SimulatedLink::SimulatedLink(SimulatorConfig config, QObject *parent)
    : Link(parent)
    , m_config(std::move(config))
{
}

SimulatedLink::~SimulatedLink()
{
    if (m_board) {
        m_board->disconnect(this);
        m_board->stop();
    }
}

bool SimulatedLink::open()
{
    setErrorString({});
    if (m_board)
        return true;
    const QString problem = validateSimulatorConfig(m_config);
    if (!problem.isEmpty()) {
        setErrorString(tr("The simulated board cannot run this configuration: %1").arg(problem));
        return false;
    }
    m_board = new SimulatedBoard(m_config, this);
    connect(m_board, &SimulatedBoard::deviceBytes, this, &Link::bytesReceived);
    connect(m_board, &SimulatedBoard::disconnected, this, [this] {
        // The injected "cable pulled" fault: same as a real port going away.
        const QString message = tr("The simulated board dropped the link (injected disconnect).");
        setErrorString(message);
        Q_EMIT errorOccurred(message);
        close();
    });
    m_board->reset();
    qCInfo(lcLink) << "opened" << description();
    return true;
}

void SimulatedLink::close()
{
    if (!m_board)
        return;
    SimulatedBoard *board = m_board;
    m_board = nullptr;
    board->disconnect(this);
    board->stop();
    board->deleteLater();
    Q_EMIT closed();
}

bool SimulatedLink::isOpen() const
{
    return !m_board.isNull();
}

SimulatedBoard *SimulatedLink::board() const
{
    return m_board.data();
}

bool SimulatedLink::write(const QByteArray &bytes)
{
    if (!m_board)
        return false;
    m_board->hostWrite(bytes);
    return true;
}

bool SimulatedLink::setDtr(bool on)
{
    if (!m_board)
        return false;
    m_board->setDtr(on);
    return true;
}

QString SimulatedLink::description() const
{
    return tr("Simulated board (%1, %2, %3)")
        .arg(m_config.soc.name, model::engineName(m_config.engine),
            model::firmwareTransportName(m_config.firmwareTransport));
}

} // namespace hpx::device
