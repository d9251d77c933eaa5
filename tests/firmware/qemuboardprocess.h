#pragma once

// scripts/qemu-board.sh as a child process: the virtual board (TFLM on QEMU mps3-an547), its UART on a TCP port.

#include <QElapsedTimer>
#include <QProcess>
#include <QStandardPaths>
#include <QString>

namespace hpx::firmwaretest {

class QemuBoardProcess {
public:
    static bool qemuInstalled() { return !QStandardPaths::findExecutable(QStringLiteral("qemu-system-arm")).isEmpty(); }

    // Why the virtual board cannot be built or run here (a missing tool, package or source tree, as the script's
    // own check says it), or an empty string when it can. Tests skip with this message, and only then.
    static QString whyUnavailable(const QString &kernels = QStringLiteral("cmsis-nn"))
    {
        if (!qemuInstalled())
            return QStringLiteral("qemu-system-arm is not installed (Debian package qemu-system-arm)");
        if (QStandardPaths::findExecutable(QStringLiteral("arm-none-eabi-gcc")).isEmpty())
            return QStringLiteral("arm-none-eabi-gcc is not installed (Debian package gcc-arm-none-eabi)");
        QProcess key;
        key.start(QStringLiteral("cmake"),
            { QStringLiteral("-DKERNELS=") + kernels, QStringLiteral("-P"),
                QStringLiteral(HPX_SOURCE_DIR "/firmware/examples/qemu-an547/tflm_key.cmake") });
        if (!key.waitForFinished(60000))
            return QStringLiteral("cmake did not run");
        if (key.exitStatus() != QProcess::NormalExit || key.exitCode() != 0)
            return QString::fromLocal8Bit(key.readAllStandardError()).trimmed();
        return {};
    }

    // Starts the script for `model` and waits for its first line (the first start of a kernel set builds its TFLM
    // library, several CPU-minutes; later ones only link the model). Returns the tcp:// address, or an empty string
    // with *error set.
    QString start(const QString &model, QString *error, const QString &kernels = QStringLiteral("cmsis-nn"))
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("HPX_BIN"), QStringLiteral(HPX_BIN));
        env.insert(QStringLiteral("HPX_FW_BUILD"), QStringLiteral(HPX_FW_BUILD));
        env.insert(QStringLiteral("HPX_TFLM_CACHE"), QStringLiteral(HPX_TFLM_CACHE));
        m_process.setProcessEnvironment(env);
        m_process.start(
            QStringLiteral(HPX_SOURCE_DIR "/scripts/qemu-board.sh"), { model, QStringLiteral("--kernels"), kernels });
        QElapsedTimer timer;
        timer.start();
        while (!m_process.canReadLine() && m_process.state() != QProcess::NotRunning && timer.elapsed() < 1500000)
            m_process.waitForReadyRead(1000);
        const QString url = QString::fromLatin1(m_process.readLine()).trimmed();
        if (!url.startsWith(QLatin1String("tcp://127.0.0.1:"))) {
            *error = QStringLiteral("qemu-board.sh printed '%1'; stderr: %2")
                         .arg(url, QString::fromLocal8Bit(m_process.readAllStandardError()));
            return {};
        }
        return url;
    }

    void stop()
    {
        if (m_process.state() == QProcess::NotRunning)
            return;
        m_process.terminate(); // the script stops QEMU on SIGTERM
        if (!m_process.waitForFinished(10000)) {
            m_process.kill();
            m_process.waitForFinished();
        }
    }

    ~QemuBoardProcess() { stop(); }

private:
    QProcess m_process;
};

} // namespace hpx::firmwaretest
