#include "device/link/linkspec.h"
#include "device/link/seriallink.h"
#include "device/link/tcplink.h"
#include "ptypair.h"

#include <QFile>
#include <QSerialPort>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

using namespace hpx::device;
using hpx::test::PtyPair;

class TstLinks : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void serialBothDirections();
    void serialDtrIsBestEffortOnPty();
    void serialNoSuchPort();
    void serialNoSuchPortWhileItsLockIsHeld();
    void serialBusy();
    void serialUnpluggedDuringRun();
    void serialErrorMessages_data();
    void serialErrorMessages();
    void tcpBothDirections();
    void tcpPeerCloses();
    void tcpRefused();
    void tcpUrl_data();
    void tcpUrl();
    void linkSpecs();
};

void TstLinks::serialBothDirections()
{
    PtyPair pty;
    QVERIFY(pty.isValid());
    SerialLink serial(pty.slavePath(), 921600);
    QVERIFY2(serial.open(), qPrintable(serial.errorString()));
    QVERIFY(serial.isOpen());
    QVERIFY(serial.description().contains(pty.slavePath()));
    QVERIFY(serial.description().contains(QLatin1String("921600")));

    QSignalSpy received(&serial, &Link::bytesReceived);
    const QByteArray board = "HPX_READY\n--- HPX_START ---\n";
    QVERIFY(pty.write(board));
    QByteArray got;
    while (got.size() < board.size() && (received.count() > 0 || received.wait(2000))) {
        while (!received.isEmpty())
            got += received.takeFirst().at(0).toByteArray();
    }
    QCOMPARE(got, board);

    QVERIFY(serial.write("HPX_PLAN iterations=1\n"));
    QCOMPARE(pty.readUntil("\n", 2000), QByteArray("HPX_PLAN iterations=1\n"));

    QSignalSpy closed(&serial, &Link::closed);
    serial.close();
    QCOMPARE(closed.count(), 1);
    QVERIFY(!serial.isOpen());
    QVERIFY(!serial.write("x"));
}

void TstLinks::serialDtrIsBestEffortOnPty()
{
    PtyPair pty;
    SerialLink serial(pty.slavePath());
    QVERIFY(serial.open());
    QSignalSpy errors(&serial, &Link::errorOccurred);
    // A pty has no modem lines: the call fails ("Inappropriate ioctl") but must leave the link usable.
    QVERIFY(!serial.setDtr(true));
    QVERIFY(serial.hasModemLines());
    QSignalSpy received(&serial, &Link::bytesReceived);
    QVERIFY(pty.write("after dtr\n"));
    QVERIFY(received.wait(2000));
    QCOMPARE(received.first().at(0).toByteArray(), QByteArray("after dtr\n"));
    QCOMPARE(errors.count(), 0);
    QVERIFY(serial.write("ok\n"));
    QCOMPARE(pty.readUntil("\n", 2000), QByteArray("ok\n"));
}

void TstLinks::serialNoSuchPort()
{
    SerialLink serial(QStringLiteral("/dev/ttyHPXDOESNOTEXIST9"));
    QVERIFY(!serial.open());
    QVERIFY2(serial.errorString().contains(QLatin1String("does not exist")), qPrintable(serial.errorString()));
    QVERIFY(serial.errorString().contains(QLatin1String("/dev/ttyHPXDOESNOTEXIST9")));
}

void TstLinks::serialNoSuchPortWhileItsLockIsHeld()
{
    // QSerialPort takes a lock file named after the port before it opens the device, so another process opening
    // the same missing port at that moment (two test runs, two hpx instances retrying) made this one fail with
    // "Permission error while locking the device" -> "busy". Reproduced deterministically: a port that is open
    // (and so holds its lock) under a name that is then removed.
    PtyPair pty;
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString name = dir.filePath(QStringLiteral("ttyHPXGONE"));
    QVERIFY(QFile::link(pty.slavePath(), name));
    QSerialPort holder(name);
    QVERIFY2(holder.open(QIODevice::ReadWrite), qPrintable(holder.errorString()));
    QVERIFY(QFile::remove(name));

    SerialLink serial(name);
    QVERIFY(!serial.open());
    QVERIFY2(serial.errorString().contains(QLatin1String("does not exist")), qPrintable(serial.errorString()));
    QVERIFY(serial.errorString().contains(name));
}

void TstLinks::serialBusy()
{
    PtyPair pty;
    SerialLink first(pty.slavePath());
    QVERIFY(first.open());
    SerialLink second(pty.slavePath());
    QVERIFY(!second.open());
    QVERIFY2(second.errorString().contains(QLatin1String("busy")), qPrintable(second.errorString()));
    QVERIFY(first.isOpen());
}

void TstLinks::serialUnpluggedDuringRun()
{
    PtyPair pty;
    SerialLink serial(pty.slavePath());
    QVERIFY(serial.open());
    QSignalSpy errors(&serial, &Link::errorOccurred);
    QSignalSpy closed(&serial, &Link::closed);
    pty.closeMaster();
    QVERIFY(errors.wait(3000));
    QCOMPARE(errors.count(), 1);
    QVERIFY2(errors.first().at(0).toString().contains(QLatin1String("went away")),
        qPrintable(errors.first().at(0).toString()));
    QVERIFY(closed.count() == 1 || closed.wait(1000));
    QVERIFY(!serial.isOpen());
}

void TstLinks::serialErrorMessages_data()
{
    QTest::addColumn<int>("error");
    QTest::addColumn<QString>("systemText");
    QTest::addColumn<bool>("duringRun");
    QTest::addColumn<QString>("expected");
    QTest::newRow("missing") << int(QSerialPort::DeviceNotFoundError) << QString() << false
                             << QStringLiteral("does not exist");
    QTest::newRow("permission") << int(QSerialPort::PermissionError) << QStringLiteral("Permission denied") << false
                                << QStringLiteral("dialout");
    QTest::newRow("busy lock") << int(QSerialPort::PermissionError)
                               << QStringLiteral("Permission error while locking the device") << false
                               << QStringLiteral("busy");
    QTest::newRow("busy errno") << int(QSerialPort::PermissionError) << QStringLiteral("Device or resource busy")
                                << false << QStringLiteral("busy");
    QTest::newRow("unplugged") << int(QSerialPort::ResourceError) << QStringLiteral("Input/output error") << true
                               << QStringLiteral("went away");
    QTest::newRow("gone at open") << int(QSerialPort::ResourceError) << QString() << false
                                  << QStringLiteral("not available");
    QTest::newRow("open twice") << int(QSerialPort::OpenError) << QString() << false << QStringLiteral("already open");
    QTest::newRow("write") << int(QSerialPort::WriteError) << QString() << true << QStringLiteral("send");
    QTest::newRow("read during run") << int(QSerialPort::ReadError) << QString() << true << QStringLiteral("went away");
    QTest::newRow("read") << int(QSerialPort::ReadError) << QString() << false << QStringLiteral("read");
    QTest::newRow("unknown") << int(QSerialPort::UnknownError) << QStringLiteral("weird") << true
                             << QStringLiteral("weird");
}

void TstLinks::serialErrorMessages()
{
    QFETCH(int, error);
    QFETCH(QString, systemText);
    QFETCH(bool, duringRun);
    QFETCH(QString, expected);
    const QString message = SerialLink::errorMessage(
        QSerialPort::SerialPortError(error), QStringLiteral("/dev/ttyACM7"), systemText, duringRun);
    QVERIFY2(message.contains(expected), qPrintable(message));
    QVERIFY(message.contains(QLatin1String("/dev/ttyACM7")));
    QVERIFY(SerialLink::errorMessage(QSerialPort::NoError, QStringLiteral("x")).isEmpty());
}

void TstLinks::tcpBothDirections()
{
    QTcpServer server;
    QVERIFY(server.listen(QHostAddress::LocalHost));
    TcpLink tcp(QStringLiteral("127.0.0.1"), server.serverPort());
    QVERIFY2(tcp.open(), qPrintable(tcp.errorString()));
    QVERIFY(server.waitForNewConnection(2000));
    QTcpSocket *peer = server.nextPendingConnection();
    QVERIFY(peer);

    QSignalSpy received(&tcp, &Link::bytesReceived);
    peer->write("SEGGER J-Link V7.94 - Real time terminal output\r\n--- HPX_START ---\n");
    QByteArray got;
    while (!got.endsWith("---\n") && received.wait(2000)) {
        while (!received.isEmpty())
            got += received.takeFirst().at(0).toByteArray();
    }
    QVERIFY(got.endsWith("--- HPX_START ---\n"));

    QVERIFY(!tcp.setDtr(true)); // no modem lines, still usable
    QVERIFY(tcp.write("HPX_GO\n"));
    QTRY_VERIFY_WITH_TIMEOUT(peer->waitForReadyRead(50) || peer->bytesAvailable() >= 7, 2000);
    QCOMPARE(peer->readAll(), QByteArray("HPX_GO\n"));
    QVERIFY(tcp.description().contains(QString::number(server.serverPort())));
}

void TstLinks::tcpPeerCloses()
{
    QTcpServer server;
    QVERIFY(server.listen(QHostAddress::LocalHost));
    TcpLink tcp(QStringLiteral("127.0.0.1"), server.serverPort());
    QVERIFY(tcp.open());
    QVERIFY(server.waitForNewConnection(2000));
    QTcpSocket *peer = server.nextPendingConnection();
    QSignalSpy errors(&tcp, &Link::errorOccurred);
    QSignalSpy closed(&tcp, &Link::closed);
    peer->close();
    QVERIFY(closed.wait(2000));
    QCOMPARE(errors.count(), 1);
    QVERIFY2(errors.first().at(0).toString().contains(QLatin1String("closed the connection")),
        qPrintable(errors.first().at(0).toString()));
    QVERIFY(!tcp.isOpen());
}

void TstLinks::tcpRefused()
{
    // A port that was just free: nothing listens there any more.
    quint16 port = 0;
    {
        QTcpServer probe;
        QVERIFY(probe.listen(QHostAddress::LocalHost));
        port = probe.serverPort();
    }
    TcpLink tcp(QStringLiteral("127.0.0.1"), port);
    QVERIFY(!tcp.open());
    QVERIFY2(tcp.errorString().contains(QLatin1String("Nothing accepts connections")), qPrintable(tcp.errorString()));
    QVERIFY(tcp.errorString().contains(QString::number(port)));
    const QString rtt = TcpLink::errorMessage(
        QAbstractSocket::ConnectionRefusedError, QStringLiteral("localhost"), TcpLink::JLinkRttPort);
    QVERIFY2(rtt.contains(QLatin1String("J-Link")), qPrintable(rtt));
}

void TstLinks::tcpUrl_data()
{
    QTest::addColumn<QString>("url");
    QTest::addColumn<bool>("valid");
    QTest::addColumn<QString>("host");
    QTest::addColumn<int>("port");
    QTest::newRow("rtt") << QStringLiteral("tcp://localhost:19021") << true << QStringLiteral("localhost") << 19021;
    QTest::newRow("ip") << QStringLiteral("tcp://192.168.1.20:2000") << true << QStringLiteral("192.168.1.20") << 2000;
    QTest::newRow("v6") << QStringLiteral("tcp://[::1]:4000") << true << QStringLiteral("::1") << 4000;
    QTest::newRow("slash") << QStringLiteral("tcp://h:1/") << true << QStringLiteral("h") << 1;
    QTest::newRow("no port") << QStringLiteral("tcp://localhost") << false << QString() << 0;
    QTest::newRow("bad port") << QStringLiteral("tcp://localhost:99999") << false << QString() << 0;
    QTest::newRow("serial") << QStringLiteral("/dev/ttyACM0") << false << QString() << 0;
    QTest::newRow("path") << QStringLiteral("tcp://h:1/x") << false << QString() << 0;
}

void TstLinks::tcpUrl()
{
    QFETCH(QString, url);
    QFETCH(bool, valid);
    QFETCH(QString, host);
    QFETCH(int, port);
    const auto address = TcpLink::parseUrl(url);
    QCOMPARE(address.has_value(), valid);
    if (valid) {
        QCOMPARE(address->host, host);
        QCOMPARE(int(address->port), port);
    }
}

void TstLinks::linkSpecs()
{
    QString error;
    auto sim = parseLinkSpec(QStringLiteral(" SIM "));
    QVERIFY(sim);
    QCOMPARE(sim->kind, LinkSpec::Kind::Simulated);
    QCOMPARE(sim->text(), QStringLiteral("sim"));

    auto rtt = parseLinkSpec(QStringLiteral("tcp://localhost:19021"));
    QVERIFY(rtt);
    QCOMPARE(rtt->kind, LinkSpec::Kind::Tcp);
    QCOMPARE(rtt->tcpPort, quint16(19021));
    QCOMPARE(rtt->text(), QStringLiteral("tcp://localhost:19021"));
    QCOMPARE(suggestedFirmwareTransport(*rtt, {}), hpx::model::FirmwareTransport::Rtt);

    QVERIFY(!parseLinkSpec(QStringLiteral("tcp://localhost"), 115200, &error));
    QVERIFY2(error.contains(QLatin1String("tcp://HOST:PORT")), qPrintable(error));
    QVERIFY(!parseLinkSpec(QString(), 115200, &error));
    QVERIFY(!parseLinkSpec(QStringLiteral("/dev/ttyACM0"), 0, &error));

    auto acm = parseLinkSpec(QStringLiteral("/dev/ttyACM0"), 921600);
    QVERIFY(acm);
    QCOMPARE(acm->kind, LinkSpec::Kind::Serial);
    QCOMPARE(acm->baud, 921600);
    QCOMPARE(
        suggestedFirmwareTransport(*acm, {}), hpx::model::FirmwareTransport::UsbCdc); // hpx's USB CDC fallback: ttyACM*
    PortInfo jlink;
    jlink.name = QStringLiteral("ttyACM0");
    jlink.systemLocation = QStringLiteral("/dev/ttyACM0");
    jlink.kind = PortKind::JLinkVcom;
    QCOMPARE(suggestedFirmwareTransport(*acm, { jlink }),
        hpx::model::FirmwareTransport::Uart); // a J-Link VCOM is a UART link
    QCOMPARE(suggestedFirmwareTransport(*parseLinkSpec(QStringLiteral("/dev/ttyUSB0")), {}),
        hpx::model::FirmwareTransport::Uart);

    // The factory builds what the spec names, in the caller's (the session's) thread.
    auto link = linkFactory(*acm)();
    QVERIFY(link->description().contains(QLatin1String("/dev/ttyACM0")));
    QVERIFY(link->description().contains(QLatin1String("921600")));
    QVERIFY(linkFactory(*rtt)()->description().contains(QLatin1String("19021")));
}

QTEST_GUILESS_MAIN(TstLinks)
#include "tst_links.moc"
