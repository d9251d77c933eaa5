#include "device/link/seriallink.h"

#include "device/link/linklog.h"

#include <QCoreApplication>
#include <QFileInfo>

namespace hpx::device {

namespace {

// Whether the port's device node is known to be absent (Unix; a Windows COM name is not a file). Relative names
// resolve under /dev as QSerialPort resolves them ("ttyACM0").
bool deviceNodeMissing(const QString &portName)
{
#ifdef Q_OS_UNIX
    const bool path = portName.startsWith(QLatin1Char('/')) || portName.startsWith(QLatin1String("./"))
        || portName.startsWith(QLatin1String("../"));
    return !QFileInfo::exists(path ? portName : QStringLiteral("/dev/") + portName);
#else
    Q_UNUSED(portName);
    return false;
#endif
}

} // namespace

SerialLink::SerialLink(const QString &portName, qint32 baud, QObject *parent)
    : Link(parent)
    , m_port(this)
    , m_portName(portName)
    , m_baud(baud)
{
    m_port.setPortName(portName);
    connect(&m_port, &QSerialPort::readyRead, this, &SerialLink::onReadyRead);
    connect(&m_port, &QSerialPort::errorOccurred, this, &SerialLink::onError);
}

SerialLink::~SerialLink()
{
    // No closed() from a destructor: receivers may already be half torn down.
    m_port.blockSignals(true);
    m_port.close();
}

bool SerialLink::open()
{
    m_failed = false;
    setErrorString({});
    m_port.setBaudRate(m_baud);
    m_port.setDataBits(QSerialPort::Data8);
    m_port.setParity(QSerialPort::NoParity);
    m_port.setStopBits(QSerialPort::OneStop);
    m_port.setFlowControl(QSerialPort::NoFlowControl);
    if (!m_port.open(QIODevice::ReadWrite)) {
        QSerialPort::SerialPortError error = m_port.error();
        // QSerialPort locks the port's name before it opens the device, so a missing port whose lock another
        // process holds at that moment (a second hpx retrying it) fails as a locking "permission" error. The
        // device is missing either way, and that is what the user must hear.
        if (error == QSerialPort::PermissionError && deviceNodeMissing(m_portName))
            error = QSerialPort::DeviceNotFoundError;
        setErrorString(errorMessage(error, m_portName, m_port.errorString()));
        // The user hears it through errorString(); the raw Qt error is for debug logging only.
        qCDebug(lcLink) << "cannot open" << m_portName << m_port.error() << m_port.errorString();
        m_port.clearError();
        return false;
    }
    // No flush of what the OS buffered before open: the parser skips anything before --- HPX_START ---, and a
    // board (or hpx-board-sim --pty) that began streaming as the port opened must not lose its first lines.
    qCInfo(lcLink) << "opened" << description();
    return true;
}

void SerialLink::close()
{
    if (!m_port.isOpen())
        return;
    m_port.close();
    Q_EMIT closed();
}

bool SerialLink::isOpen() const
{
    return m_port.isOpen();
}

bool SerialLink::write(const QByteArray &bytes)
{
    if (!m_port.isOpen())
        return false;
    return m_port.write(bytes) == bytes.size();
}

bool SerialLink::setDtr(bool on)
{
    if (!m_port.isOpen())
        return false;
    if (m_port.setDataTerminalReady(on))
        return true;
    // ptys and some adapters have no modem lines ("Inappropriate ioctl for device"); the link still works,
    // so the error must not linger and be mistaken for a failure later.
    qCDebug(lcLink) << "DTR not available on" << m_portName << m_port.errorString();
    m_port.clearError();
    return false;
}

QString SerialLink::description() const
{
    return tr("Serial %1 at %2 baud").arg(m_portName).arg(m_baud);
}

void SerialLink::onReadyRead()
{
    const QByteArray bytes = m_port.readAll();
    if (!bytes.isEmpty())
        Q_EMIT bytesReceived(bytes);
}

void SerialLink::onError(QSerialPort::SerialPortError error)
{
    // Errors while opening are reported by open(); modem-line errors are handled in setDtr().
    if (error == QSerialPort::NoError || !m_port.isOpen() || m_failed)
        return;
    if (error == QSerialPort::UnsupportedOperationError || error == QSerialPort::TimeoutError) {
        m_port.clearError();
        return;
    }
    m_failed = true;
    const QString message = errorMessage(error, m_portName, m_port.errorString(), true);
    qCDebug(lcLink) << "serial error" << m_portName << error << m_port.errorString(); // errorOccurred says it
    setErrorString(message);
    Q_EMIT errorOccurred(message);
    // A read or resource error on an open port means the device is gone (unplugged, board reset).
    if (error == QSerialPort::ResourceError || error == QSerialPort::ReadError)
        close();
}

QString SerialLink::errorMessage(
    QSerialPort::SerialPortError error, const QString &portName, const QString &systemText, bool duringRun)
{
    const QString lower = systemText.toLower();
    switch (error) {
    case QSerialPort::NoError:
        return {};
    case QSerialPort::DeviceNotFoundError:
        return tr("Serial port %1 does not exist. Check that the board is plugged in and pick its port again.")
            .arg(portName);
    case QSerialPort::PermissionError:
        // Qt reports a port held by another program (lock file, TIOCEXCL, EBUSY) as a permission error too.
        if (lower.contains(QLatin1String("busy")) || lower.contains(QLatin1String("in use"))
            || lower.contains(QLatin1String("lock")))
            return tr("Serial port %1 is busy: another program (a terminal, another hpx Studio, a J-Link tool) "
                      "has it open. Close that program and try again.")
                .arg(portName);
#ifdef Q_OS_LINUX
        return tr("Permission denied opening serial port %1. Add your user to the 'dialout' group "
                  "(sudo usermod -aG dialout $USER), then log out and in again.")
            .arg(portName);
#else
        return tr("Permission denied opening serial port %1. Check that your user may use serial ports.").arg(portName);
#endif
    case QSerialPort::OpenError:
        return tr("Serial port %1 is already open.").arg(portName);
    case QSerialPort::ResourceError:
        if (duringRun)
            return tr("The board on %1 went away during the capture (unplugged, reset or powered off).").arg(portName);
        return tr("Serial port %1 is not available (unplugged?).").arg(portName);
    case QSerialPort::WriteError:
        return tr("Could not send to the board on %1.").arg(portName);
    case QSerialPort::ReadError:
        if (duringRun)
            return tr("The board on %1 went away during the capture: reading failed (unplugged or reset?).")
                .arg(portName);
        return tr("Could not read from the board on %1.").arg(portName);
    case QSerialPort::UnsupportedOperationError:
        return tr("Serial port %1 does not support this operation (%2).").arg(portName, systemText);
    case QSerialPort::TimeoutError:
        return tr("Serial port %1 timed out.").arg(portName);
    case QSerialPort::NotOpenError:
        return tr("Serial port %1 is not open.").arg(portName);
    case QSerialPort::UnknownError:
        break;
    }
    return tr("Serial port %1 failed: %2").arg(portName, systemText.isEmpty() ? tr("unknown error") : systemText);
}

} // namespace hpx::device
