#pragma once

// scripts/qemu-board.sh as a child process: the example firmware on QEMU mps3-an547, its UART on a TCP port.

#include <QElapsedTimer>
#include <QProcess>
#include <QStandardPaths>
#include <QString>

namespace hpx::firmwaretest {

class QemuBoardProcess {
public:
    static bool qemuInstalled() { return !QStandardPaths::findExecutable(QStringLiteral("qemu-system-arm")).isEmpty(); }

    // Starts the script for `model` and waits for its first line (the first start cross-compiles the firmware).
    // Returns the tcp:// address, or an empty string with *error set.
    QString start(const QString &model, QString *error)
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("HPX_BIN"), QStringLiteral(HPX_BIN));
        env.insert(QStringLiteral("HPX_FW_BUILD"), QStringLiteral(HPX_FW_BUILD));
        m_process.setProcessEnvironment(env);
        m_process.start(QStringLiteral(HPX_SOURCE_DIR "/scripts/qemu-board.sh"), { model });
        QElapsedTimer timer;
        timer.start();
        while (!m_process.canReadLine() && m_process.state() != QProcess::NotRunning && timer.elapsed() < 240000)
            m_process.waitForReadyRead(1000);
        const QString url = QString::fromLatin1(m_process.readLine()).trimmed();
        if (!url.startsWith(QLatin1String("tcp://127.0.0.1:"))) {
            *error = QStringLiteral("qemu-board.sh printed '%1'; stderr: %2")
                         .arg(url, QString::fromLocal8Bit(m_process.readAllStandardError()));
            return {};
        }
        return url;
    }

    ~QemuBoardProcess()
    {
        if (m_process.state() == QProcess::NotRunning)
            return;
        m_process.terminate(); // the script stops QEMU on SIGTERM
        if (!m_process.waitForFinished(10000)) {
            m_process.kill();
            m_process.waitForFinished();
        }
    }

private:
    QProcess m_process;
};

} // namespace hpx::firmwaretest
