#include "simonpty.h"

#include "device/sim/simulatedboard.h"

namespace hpx::test {

SimOnPty::SimOnPty(PtyPair &pty, hpx::device::SimulatorConfig config, QObject *parent)
    : QObject(parent)
    , m_pty(pty)
    , m_config(std::move(config))
{
}

SimOnPty::~SimOnPty()
{
    m_notifier.reset();
    m_writable.reset();
    if (m_board)
        m_board->stop();
}

void SimOnPty::start()
{
    m_board = new hpx::device::SimulatedBoard(m_config, this);
    connect(m_board, &hpx::device::SimulatedBoard::deviceBytes, this, [this](const QByteArray &bytes) {
        m_out += bytes;
        flush();
    });
    connect(m_board, &hpx::device::SimulatedBoard::disconnected, this, [this] {
        // At a real line rate everything printed before the cable was pulled has reached the host; here the
        // board renders instantly, so let the host drain the pty first, then hang up.
        m_hangUp.start(5);
    });
    connect(&m_hangUp, &QTimer::timeout, this, [this] {
        if (!m_out.isEmpty() || m_pty.pendingForHost() > 0)
            return;
        m_hangUp.stop();
        m_notifier.reset();
        m_writable.reset();
        m_pty.closeMaster();
    });
    m_writable = std::make_unique<QSocketNotifier>(m_pty.masterFd(), QSocketNotifier::Write);
    m_writable->setEnabled(false);
    connect(m_writable.get(), &QSocketNotifier::activated, this, &SimOnPty::flush);
    m_notifier = std::make_unique<QSocketNotifier>(m_pty.masterFd(), QSocketNotifier::Read);
    connect(m_notifier.get(), &QSocketNotifier::activated, this, &SimOnPty::readHost);
}

void SimOnPty::flush()
{
    while (!m_out.isEmpty() && m_pty.masterFd() >= 0) {
        const qint64 n = m_pty.writeSome(m_out.left(4096));
        if (n <= 0)
            break;
        m_out.remove(0, n);
    }
    if (m_writable)
        m_writable->setEnabled(!m_out.isEmpty() && m_pty.masterFd() >= 0);
}

void SimOnPty::readHost()
{
    const QByteArray bytes = m_pty.readAvailable();
    if (bytes.isEmpty() || !m_board)
        return;
    if (!m_poweredOn) {
        m_poweredOn = true;
        m_board->reset();
        m_board->setDtr(true);
    }
    m_board->hostWrite(bytes);
}

hpx::device::GroundTruth SimOnPty::groundTruth() const
{
    return m_board ? m_board->groundTruth() : hpx::device::GroundTruth();
}

} // namespace hpx::test
