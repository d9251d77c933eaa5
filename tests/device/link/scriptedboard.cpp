#include "scriptedboard.h"

#include <unistd.h>

namespace hpx::test {

ScriptedBoard::ScriptedBoard(PtyPair &pty, QObject *parent)
    : QObject(parent)
    , m_pty(pty)
{
    m_timer.setInterval(1);
    connect(&m_timer, &QTimer::timeout, this, &ScriptedBoard::pump);
}

void ScriptedBoard::start()
{
    m_notifier = std::make_unique<QSocketNotifier>(m_pty.masterFd(), QSocketNotifier::Read);
    connect(m_notifier.get(), &QSocketNotifier::activated, this, &ScriptedBoard::readHost);
    m_queue = preamble;
    m_waiting = !waitForLine.isEmpty();
    m_inStream = !m_waiting;
    m_timer.start();
}

void ScriptedBoard::hangUp()
{
    m_timer.stop();
    m_notifier.reset();
    m_pty.closeMaster();
}

void ScriptedBoard::readHost()
{
    m_host += m_pty.readAvailable();
    if (!m_waiting)
        return;
    const qsizetype at = m_host.indexOf(waitForLine);
    if (at < 0)
        return;
    const qsizetype lf = m_host.indexOf('\n', at);
    if (lf < 0)
        return;
    m_waiting = false;
    if (answer)
        m_queue += answer(m_host.mid(at, lf - at));
    m_inStream = true;
    if (!m_timer.isActive())
        m_timer.start();
}

void ScriptedBoard::pump()
{
    if (m_pty.masterFd() < 0) {
        m_timer.stop();
        return;
    }
    if (!m_queue.isEmpty()) { // preamble and answers
        const qsizetype n = std::min<qsizetype>(chunkSize, m_queue.size());
        m_pty.write(m_queue.left(n));
        m_queue.remove(0, n);
        return;
    }
    if (!m_inStream)
        return; // waiting for the host
    qint64 n = std::min<qint64>(chunkSize, stream.size() - m_sent);
    for (const qint64 after : { stallAfter, hangUpAfter }) {
        if (after >= 0)
            n = std::min<qint64>(n, after - m_sent);
    }
    if (n > 0) {
        m_pty.write(stream.mid(m_sent, n));
        m_sent += n;
    }
    if (hangUpAfter >= 0 && m_sent >= hangUpAfter) {
        hangUp();
        Q_EMIT done();
    } else if ((stallAfter >= 0 && m_sent >= stallAfter) || m_sent >= stream.size()) {
        m_timer.stop();
        Q_EMIT done();
    }
}

} // namespace hpx::test
