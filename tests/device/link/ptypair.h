#pragma once

#include <QByteArray>
#include <QString>

namespace hpx::test {

// A pseudo-terminal pair from openpty(): the code under test opens slavePath() as a serial port, the test
// plays the board on the master side. Raw mode, so bytes pass unchanged.
class PtyPair {
public:
    PtyPair();
    ~PtyPair();
    PtyPair(const PtyPair &) = delete;
    PtyPair &operator=(const PtyPair &) = delete;

    bool isValid() const { return m_master >= 0; }
    QString slavePath() const { return m_slavePath; }
    int masterFd() const { return m_master; }

    bool write(const QByteArray &bytes);
    // Writes what fits now without waiting; returns the count (0 when full, -1 on error).
    qint64 writeSome(const QByteArray &bytes);
    // Whatever the host has written so far (non-blocking).
    QByteArray readAvailable();
    // Reads until `needle` arrived or `timeoutMs` passed; returns everything read.
    QByteArray readUntil(const QByteArray &needle, int timeoutMs);
    // Bytes written on the master that the host has not read yet.
    int pendingForHost() const;
    // Closes the master: the host's port sees a hang-up, as when a USB board is unplugged.
    void closeMaster();

private:
    int m_master = -1;
    int m_slave = -1; // kept open so the pty survives until the host opens it
    QString m_slavePath;
};

} // namespace hpx::test
