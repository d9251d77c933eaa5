#include "run/virtualboard.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QThread>

#include <algorithm>
#include <csignal>
#include <sys/prctl.h>
#include <unistd.h>

namespace hpx::run {

namespace {

// The script with this build's source trees and hpx, unless the environment names others. An installed kit has its
// kernel sets prebuilt and needs none.
QProcessEnvironment boardEnvironment(const QString &script, const QString &hpxBinary)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    const bool kit = !VirtualBoard::installedKit().isEmpty() && script.startsWith(VirtualBoard::installedKit());
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
    return env;
}

// The script leads a process group of its own (everything it starts is in it, so one kill ends all of it) and gets
// SIGTERM when the thread that started it ends, however it ends (its trap then ends the group).
void prepareProcess(QProcess &process, const QString &script, const QString &hpxBinary)
{
    process.setProcessEnvironment(boardEnvironment(script, hpxBinary));
    const pid_t parent = ::getpid();
    process.setChildProcessModifier([parent] {
        ::setpgid(0, 0);
        ::prctl(PR_SET_PDEATHSIG, SIGTERM);
        if (::getppid() != parent) // the parent died before the line above: nobody would end this
            ::_exit(1);
    });
}

bool groupAlive(qint64 group)
{
    return group > 0 && ::kill(-pid_t(group), 0) == 0;
}

// Ends every process of the group `group` (the script's pid) and waits until none is left: SIGTERM first, so the
// script's trap stops QEMU and removes an unfinished build; then SIGKILL for whatever did not end.
void endGroup(QProcess &process, qint64 group)
{
    if (group <= 0)
        return;
    ::kill(-pid_t(group), SIGTERM);
    if (process.state() != QProcess::NotRunning && !process.waitForFinished(10000))
        process.kill();
    if (groupAlive(group))
        ::kill(-pid_t(group), SIGKILL);
    if (process.state() != QProcess::NotRunning)
        process.waitForFinished(5000);
    QElapsedTimer clock;
    clock.start();
    while (groupAlive(group) && clock.elapsed() < 5000)
        QThread::msleep(10);
}

QString stripPrefix(const QString &line)
{
    const QString t = line.trimmed();
    return t.startsWith(QLatin1String("qemu-board: ")) ? t.mid(12) : t;
}

} // namespace

BoardProgressReader::BoardProgressReader(model::KernelSet kernels)
    : m_kernels(kernels)
{
    m_clock.start();
}

BoardProgress BoardProgressReader::read(const QString &raw)
{
    return read(raw, m_clock.elapsed());
}

BoardProgress BoardProgressReader::read(const QString &raw, qint64 elapsedMs)
{
    static const QRegularExpression percentLine(QStringLiteral("^building TFLM \\(([^)]*)\\): (\\d+) %"));
    using Step = BoardProgress::Step;
    BoardProgress p = m_last;
    p.line = stripPrefix(raw);
    p.elapsedMs = elapsedMs;
    const QRegularExpressionMatch percent = percentLine.match(p.line);
    if (percent.hasMatch()) {
        p.step = Step::Building;
        p.percent = std::clamp(percent.captured(2).toInt(), 0, 100);
        // make's percentage counts objects compiled, and TFLM's objects take about alike, so the rest should take
        // as long per percent as the last minute's did. Said only once there is something to measure: 10 s, 2 %.
        constexpr qint64 windowMs = 60000;
        m_samples.append({ p.elapsedMs, p.percent });
        while (m_samples.size() > 2 && p.elapsedMs - m_samples.at(1).first >= windowMs)
            m_samples.removeFirst();
        const QPair<qint64, int> &oldest = m_samples.constFirst();
        const qint64 span = p.elapsedMs - oldest.first;
        const int done = p.percent - oldest.second;
        p.remainingMs = span >= 10000 && done >= 2 ? span * (100 - p.percent) / done : -1;
    } else if (p.line.startsWith(QLatin1String("building "))) {
        p.step = Step::Building;
        p.percent = std::max(p.percent, 0);
    } else if (p.line.startsWith(QLatin1String("linking "))) {
        p.step = Step::Linking;
        p.percent = -1;
        p.remainingMs = -1;
    } else if (p.line.startsWith(QLatin1String("QEMU "))) {
        p.step = Step::Starting;
        p.percent = -1;
        p.remainingMs = -1;
    }
    switch (p.step) {
    case Step::Building:
        p.text = tr("Building TFLM with %1 kernels (once): %2 %")
                     .arg(model::kernelSetDisplayName(m_kernels))
                     .arg(p.percent);
        break;
    case Step::Linking:
        p.text = tr("Linking the virtual board's firmware for the model");
        break;
    case Step::Starting:
        p.text = tr("Starting QEMU");
        break;
    case Step::Checking:
        p.text = tr("Preparing the virtual board");
        break;
    }
    m_last = p;
    return p;
}

VirtualBoard::VirtualBoard(QObject *parent)
    : QObject(parent)
{
    qRegisterMetaType<hpx::run::BoardProgress>();
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
    // Asked once per process: every run request for the virtual board (the window's estimates too) records it.
    static const QString version = [] {
        if (QStandardPaths::findExecutable(QStringLiteral("qemu-system-arm")).isEmpty())
            return QString();
        QProcess p;
        p.start(QStringLiteral("qemu-system-arm"), { QStringLiteral("--version") });
        if (!p.waitForFinished(10000))
            return QString();
        return QString::fromLocal8Bit(p.readAllStandardOutput()).section(QLatin1Char('\n'), 0, 0).trimmed();
    }();
    return version;
}

model::JsonValue VirtualBoard::emulatorJson(model::KernelSet kernels)
{
    using model::JsonValue;
    JsonValue emulator = JsonValue::object();
    emulator.appendMember(QStringLiteral("name"), JsonValue(QStringLiteral("qemu-system-arm")));
    emulator.appendMember(QStringLiteral("version"), JsonValue(qemuVersion()));
    emulator.appendMember(QStringLiteral("machine"), JsonValue(QStringLiteral("mps3-an547")));
    emulator.appendMember(QStringLiteral("kernels"), JsonValue(model::kernelSetName(kernels)));
    emulator.appendMember(QStringLiteral("cycles"), JsonValue(QStringLiteral("instructions (emulated), not cycles")));
    return emulator;
}

VirtualBoard::Build VirtualBoard::build(const QString &model, model::KernelSet kernels, const QString &hpxBinary,
    const device::CancelToken &token, const std::function<void(const BoardProgress &)> &progress,
    const QStringList &arguments)
{
    Build out;
    QString error;
    const QString path = script(&error);
    if (path.isEmpty()) {
        out.error = error;
        return out;
    }
    QProcess process;
    prepareProcess(process, path, hpxBinary);
    process.start(path,
        QStringList {
            model, QStringLiteral("--kernels"), model::kernelSetName(kernels), QStringLiteral("--build-only") }
            + arguments);
    if (!process.waitForStarted(30000)) {
        out.error = tr("The virtual board's script could not be started: %1").arg(process.errorString());
        return out;
    }
    const qint64 group = process.processId();
    BoardProgressReader reader(kernels);
    QByteArray pending;
    QString lastLine;
    const auto readLines = [&] {
        pending += process.readAllStandardError();
        for (qsizetype end = pending.indexOf('\n'); end >= 0; end = pending.indexOf('\n')) {
            const QString line = stripPrefix(QString::fromLocal8Bit(pending.left(end)));
            pending.remove(0, end + 1);
            if (line.isEmpty())
                continue;
            lastLine = line;
            if (progress)
                progress(reader.read(line));
        }
    };
    while (!process.waitForFinished(100) && process.state() != QProcess::NotRunning) {
        readLines();
        if (token.isCancelled()) {
            endGroup(process, group);
            out.cancelled = true;
            return out;
        }
    }
    readLines();
    endGroup(process, group); // anything the script left behind
    if (token.isCancelled()) {
        out.cancelled = true;
        return out;
    }
    out.ok = process.exitStatus() == QProcess::NormalExit && process.exitCode() == 0;
    if (!out.ok)
        out.error = !lastLine.isEmpty()
            ? lastLine
            : tr("The virtual board's build stopped (exit code %1).").arg(process.exitCode());
    return out;
}

QStringList VirtualBoard::placementArguments(const std::optional<QString> &arenaLocation,
    const std::optional<QString> &weightsLocation, std::optional<qint64> arenaSize)
{
    QStringList arguments;
    if (arenaSize)
        arguments << QStringLiteral("--arena-size") << QString::number(*arenaSize);
    if (arenaLocation)
        arguments << QStringLiteral("--arena-location") << *arenaLocation;
    if (weightsLocation)
        arguments << QStringLiteral("--weights-location") << *weightsLocation;
    return arguments;
}

void VirtualBoard::start(
    const QString &model, model::KernelSet kernels, const QString &hpxBinary, const QStringList &arguments)
{
    stop();
    m_url.clear();
    m_lastError.clear();
    m_errors.clear();
    m_stopping = false;
    m_reader.emplace(kernels);
    QString error;
    const QString path = script(&error);
    if (path.isEmpty()) {
        Q_EMIT failed(error);
        return;
    }
    prepareProcess(m_process, path, hpxBinary);
    m_process.start(
        path, QStringList { model, QStringLiteral("--kernels"), model::kernelSetName(kernels) } + arguments);
}

void VirtualBoard::stop()
{
    if (m_process.state() == QProcess::NotRunning)
        return;
    m_stopping = true;
    endGroup(m_process, m_process.processId());
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
    for (qsizetype end = m_errors.indexOf('\n'); end >= 0; end = m_errors.indexOf('\n')) {
        const QString line = stripPrefix(QString::fromLocal8Bit(m_errors.left(end)));
        m_errors.remove(0, end + 1);
        if (line.isEmpty())
            continue;
        m_lastError = line;
        if (m_reader)
            Q_EMIT progress(m_reader->read(line));
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
