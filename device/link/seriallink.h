#pragma once

#include "device/link/link.h"

#include <QSerialPort>

namespace hpx::device {

// A board on a serial port (J-Link VCOM UART, USB CDC, a pty from hpx-board-sim --pty). 8N1, no flow control.
class SerialLink : public Link {
    Q_OBJECT
public:
    explicit SerialLink(const QString &portName, qint32 baud = 115200, QObject *parent = nullptr);
    ~SerialLink() override;

    bool open() override;
    void close() override;
    bool isOpen() const override;
    bool write(const QByteArray &bytes) override;
    bool setDtr(bool on) override;
    QString description() const override;
    bool hasModemLines() const override { return true; }

    QString portName() const { return m_portName; }
    qint32 baud() const { return m_baud; }

    // The user-facing text for a QSerialPort error on `portName`; `systemText` is QSerialPort::errorString(),
    // used to tell a busy port from a forbidden one (Qt reports both as PermissionError). Empty for NoError.
    static QString errorMessage(QSerialPort::SerialPortError error, const QString &portName,
        const QString &systemText = {}, bool duringRun = false);

private:
    void onReadyRead();
    void onError(QSerialPort::SerialPortError error);

    QSerialPort m_port;
    QString m_portName;
    qint32 m_baud;
    bool m_failed = false;
};

} // namespace hpx::device
