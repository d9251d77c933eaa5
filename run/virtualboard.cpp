#include "run/virtualboard.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QStandardPaths>

namespace hpx::run {

VirtualBoard::VirtualBoard(QObject *parent)
    : QObject(parent)
{
    connect(&m_process, &QProcess::readyReadStandardOutput, this, &VirtualBoard::readOutput);
    connect(&m_process, &QProcess::readyReadStandardError, this, &VirtualBoard::readErrors);
    connect(&m_process, &QProcess::finished, this, &VirtualBoard::finished);
    connect(&m_process, &QProcess::errorOccurred, this, [this](QProcess::ProcessError e) {
        if (e == QProcess::FailedToStart)
            Q_EMIT failed(tr("The virtual board's script could not be started: %1").arg(m_process.errorString()));
    });
}

VirtualBoard::~VirtualBoard()
{
    stop();
}

QStringList VirtualBoard::kernelSets()
{
    return { QStringLiteral("cmsis-nn"), QStringLiteral("reference") };
}

QString VirtualBoard::defaultKernels()
{
    return QStringLiteral("cmsis-nn");
}

QString VirtualBoard::boardName()
{
    return QStringLiteral("qemu_an547");
}

QString VirtualBoard::portName()
{
    return QStringLiteral("qemu");
}

QString VirtualBoard::installedKit()
{
    // An installed hpx Studio carries the virtual board's kit next to its programs (packaging/virtualboard-kit.cmake):
    // <prefix>/bin/hpx -> <prefix>/lib/hpx-studio/virtual-board.
    const QString kit = QCoreApplication::applicationDirPath() + QStringLiteral("/../lib/hpx-studio/virtual-board");
    return QFileInfo(kit + QStringLiteral("/scripts/qemu-board.sh")).isExecutable() ? QFileInfo(kit).canonicalFilePath()
                                                                                    : QString();
}

QString VirtualBoard::script(QString *error)
{
    const QString fromEnv = qEnvironmentVariable("HPX_QEMU_BOARD_SCRIPT");
    if (!fromEnv.isEmpty() && QFileInfo(fromEnv).isExecutable())
        return fromEnv;
    if (const QString kit = installedKit(); !kit.isEmpty())
        return kit + QStringLiteral("/scripts/qemu-board.sh");
    const QString path = !fromEnv.isEmpty() ? fromEnv : QStringLiteral(HPX_SOURCE_DIR "/scripts/qemu-board.sh");
    if (QFileInfo(path).isExecutable())
        return path;
    *error = tr("The virtual board needs scripts/qemu-board.sh of hpx Studio's source tree or an installed hpx "
                "Studio's virtual-board kit (not found at %1); set HPX_QEMU_BOARD_SCRIPT to it.")
                 .arg(path);
    return {};
}

QString VirtualBoard::qemuVersion()
{
    if (QStandardPaths::findExecutable(QStringLiteral("qemu-system-arm")).isEmpty())
        return {};
    QProcess p;
    p.start(QStringLiteral("qemu-system-arm"), { QStringLiteral("--version") });
    if (!p.waitForFinished(10000))
        return {};
    return QString::fromLocal8Bit(p.readAllStandardOutput()).section(QLatin1Char('\n'), 0, 0).trimmed();
}

model::JsonValue VirtualBoard::emulatorJson(const QString &kernels)
{
    using model::JsonValue;
    JsonValue emulator = JsonValue::object();
    emulator.appendMember(QStringLiteral("name"), JsonValue(QStringLiteral("qemu-system-arm")));
    emulator.appendMember(QStringLiteral("version"), JsonValue(qemuVersion()));
    emulator.appendMember(QStringLiteral("machine"), JsonValue(QStringLiteral("mps3-an547")));
    emulator.appendMember(QStringLiteral("kernels"), JsonValue(kernels));
    emulator.appendMember(QStringLiteral("cycles"), JsonValue(QStringLiteral("instructions (emulated), not cycles")));
    return emulator;
}

void VirtualBoard::start(const QString &model, const QString &kernels, const QString &hpxBinary)
{
    stop();
    m_url.clear();
    m_lastError.clear();
    m_errors.clear();
    m_stopping = false;
    if (!kernelSets().contains(kernels)) {
        Q_EMIT failed(tr("Unknown kernel set '%1': choose cmsis-nn or reference.").arg(kernels));
        return;
    }
    QString error;
    const QString path = script(&error);
    if (path.isEmpty()) {
        Q_EMIT failed(error);
        return;
    }
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    // The source trees this build was configured with, unless the environment names others. An installed kit has its
    // kernel sets prebuilt and needs none.
    const bool kit = !installedKit().isEmpty() && path.startsWith(installedKit());
    for (const QString &setting : QStringLiteral(HPX_TFLM_TREES).split(QLatin1Char('|'), Qt::SkipEmptyParts)) {
        if (kit)
            break;
        const QString name = setting.section(QLatin1Char('='), 0, 0);
        const QString value = setting.section(QLatin1Char('='), 1);
        if (!value.isEmpty() && !env.contains(name))
            env.insert(name, value);
    }
    // The script reads the model's operators with `hpx model-info`: this build's hpx, unless HPX_BIN names one.
    if (!env.contains(QStringLiteral("HPX_BIN")) && QFileInfo(hpxBinary).isExecutable())
        env.insert(QStringLiteral("HPX_BIN"), hpxBinary);
    m_process.setProcessEnvironment(env);
    m_process.start(path, { model, QStringLiteral("--kernels"), kernels });
}

void VirtualBoard::stop()
{
    if (m_process.state() == QProcess::NotRunning)
        return;
    m_stopping = true;
    m_process.terminate(); // the script stops QEMU on SIGTERM
    if (!m_process.waitForFinished(10000)) {
        m_process.kill();
        m_process.waitForFinished(5000);
    }
}

bool VirtualBoard::isRunning() const
{
    return m_process.state() != QProcess::NotRunning && !m_url.isEmpty();
}

void VirtualBoard::readOutput()
{
    while (m_url.isEmpty() && m_process.canReadLine()) {
        const QString line = QString::fromLocal8Bit(m_process.readLine()).trimmed();
        if (line.startsWith(QLatin1String("tcp://"))) {
            m_url = line;
            Q_EMIT started(m_url);
        }
    }
}

void VirtualBoard::readErrors()
{
    m_errors += m_process.readAllStandardError();
    for (int end = m_errors.indexOf('\n'); end >= 0; end = m_errors.indexOf('\n')) {
        QString line = QString::fromLocal8Bit(m_errors.left(end)).trimmed();
        m_errors.remove(0, end + 1);
        if (line.startsWith(QLatin1String("qemu-board: ")))
            line = line.mid(12);
        if (line.isEmpty())
            continue;
        m_lastError = line;
        Q_EMIT progress(line);
    }
}

void VirtualBoard::finished(int exitCode, QProcess::ExitStatus status)
{
    readErrors();
    if (m_stopping)
        return;
    if (m_url.isEmpty()) {
        Q_EMIT failed(m_lastError.isEmpty()
                ? tr("The virtual board stopped before it was ready (exit code %1).").arg(exitCode)
                : m_lastError);
        return;
    }
    Q_EMIT failed(status == QProcess::CrashExit ? tr("QEMU stopped unexpectedly.")
                                                : tr("The virtual board stopped (exit code %1).").arg(exitCode));
}

} // namespace hpx::run
