#pragma once

#include "ptypair.h"

#include <QByteArray>
#include <QObject>
#include <QSocketNotifier>
#include <QTimer>

#include <functional>
#include <memory>

namespace hpx::test {

// A fake board on the master side of a pty, driven by the test's event loop: it sends a preamble, optionally
// waits for a host line (the plan) before the rest, and can stall or hang up after a number of bytes.
class ScriptedBoard : public QObject {
    Q_OBJECT
public:
    explicit ScriptedBoard(PtyPair &pty, QObject *parent = nullptr);

    QByteArray preamble; // sent first
    QByteArray waitForLine; // non-empty: after the preamble, wait for a host line starting with this
    std::function<QByteArray(const QByteArray &hostLine)> answer; // what to send once that line arrived
    QByteArray stream; // sent after the preamble (and the answer)
    int chunkSize = 61; // odd on purpose: lines split across reads
    qint64 stallAfter = -1; // stop sending after this many stream bytes (board hangs)
    qint64 hangUpAfter = -1; // close the master after this many stream bytes (cable pulled)

    void start();
    void hangUp(); // close the master now (stops listening first)
    QByteArray hostBytes() const { return m_host; }
    qint64 sent() const { return m_sent; }

Q_SIGNALS:
    void done();

private:
    void pump();
    void readHost();

    PtyPair &m_pty;
    std::unique_ptr<QSocketNotifier> m_notifier;
    QTimer m_timer;
    QByteArray m_queue;
    QByteArray m_host;
    qint64 m_sent = 0; // stream bytes sent
    bool m_waiting = false;
    bool m_inStream = false;
};

} // namespace hpx::test
