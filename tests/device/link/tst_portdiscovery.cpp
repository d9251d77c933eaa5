#include "device/link/portdiscovery.h"

#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace hpx::device;

class TstPortDiscovery : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void classify_data();
    void classify();
    void labelAndVidPid();
    void stableByIdName();
    void listingDoesNotCrash();
    void watcherReportsHotPlug();
};

void TstPortDiscovery::classify_data()
{
    QTest::addColumn<QString>("location");
    QTest::addColumn<QString>("description");
    QTest::addColumn<QString>("manufacturer");
    QTest::addColumn<QString>("serial");
    QTest::addColumn<int>("vid");
    QTest::addColumn<int>("pid");
    QTest::addColumn<int>("kind");
    const int none = -1;
    QTest::newRow("jlink by vid") << "/dev/ttyACM0"
                                  << "CDC UART"
                                  << ""
                                  << "000261001234" << 0x1366 << 0x0105 << int(PortKind::JLinkVcom);
    QTest::newRow("jlink by text") << "/dev/ttyACM1"
                                   << "J-Link"
                                   << "SEGGER"
                                   << "" << none << none << int(PortKind::JLinkVcom);
    QTest::newRow("jlink spaced") << "COM3"
                                  << "JLink CDC UART Port"
                                  << ""
                                  << "" << none << none << int(PortKind::JLinkVcom);
    QTest::newRow("hpx serial") << "/dev/ttyACM2"
                                << ""
                                << ""
                                << "HPX-000261001234" << none << none << int(PortKind::HpxUsbCdc);
    QTest::newRow("hpx vid pid") << "/dev/ttyACM3"
                                 << ""
                                 << "Ambiq"
                                 << "" << 0xCAFE << 0x4011 << int(PortKind::HpxUsbCdc);
    QTest::newRow("hpx product") << "/dev/tty.usbmodem1101"
                                 << "NSX HPX Profiler"
                                 << "Ambiq"
                                 << "" << none << none << int(PortKind::HpxUsbCdc);
    QTest::newRow("other vid 0xcafe pid") << "/dev/ttyACM4"
                                          << ""
                                          << ""
                                          << "" << 0xCAFE << 0x4000 << int(PortKind::UsbCdcCandidate);
    QTest::newRow("acm") << "/dev/ttyACM5"
                         << "Pico"
                         << "Raspberry Pi"
                         << "E660" << 0x2E8A << 0x000A << int(PortKind::UsbCdcCandidate);
    QTest::newRow("usbmodem") << "/dev/tty.usbmodem14201"
                              << ""
                              << ""
                              << "" << none << none << int(PortKind::UsbCdcCandidate);
    QTest::newRow("ftdi") << "/dev/ttyUSB0"
                          << "FT232R USB UART"
                          << "FTDI"
                          << "A50285BI" << 0x0403 << 0x6001 << int(PortKind::Unknown);
    QTest::newRow("pty") << "/dev/pts/3"
                         << ""
                         << ""
                         << "" << none << none << int(PortKind::Unknown);
}

void TstPortDiscovery::classify()
{
    QFETCH(QString, location);
    QFETCH(QString, description);
    QFETCH(QString, manufacturer);
    QFETCH(QString, serial);
    QFETCH(int, vid);
    QFETCH(int, pid);
    QFETCH(int, kind);
    const auto v = vid < 0 ? std::nullopt : std::optional<quint16>(quint16(vid));
    const auto p = pid < 0 ? std::nullopt : std::optional<quint16>(quint16(pid));
    QCOMPARE(int(classifyPort(location, description, manufacturer, serial, v, p)), kind);
}

void TstPortDiscovery::labelAndVidPid()
{
    PortInfo port;
    port.name = QStringLiteral("ttyACM0");
    port.systemLocation = QStringLiteral("/dev/ttyACM0");
    port.serialNumber = QStringLiteral("HPX-261001234");
    port.vendorId = 0xCAFE;
    port.productId = 0x4011;
    port.kind = PortKind::HpxUsbCdc;
    QCOMPARE(port.vidPid(), QStringLiteral("cafe:4011"));
    QVERIFY(port.needsDtr());
    QVERIFY(port.label().contains(QLatin1String("/dev/ttyACM0")));
    QVERIFY(port.label().contains(QLatin1String("NSX HPX Profiler")));
    QVERIFY(port.label().contains(QLatin1String("HPX-261001234")));
    port.productId.reset();
    QVERIFY(port.vidPid().isEmpty());
    port.kind = PortKind::JLinkVcom;
    QVERIFY(!port.needsDtr());
}

void TstPortDiscovery::listingDoesNotCrash()
{
    // Whatever this machine has (often nothing): every entry has a name and a consistent kind.
    const auto ports = availablePorts();
    for (const PortInfo &port : ports) {
        QVERIFY(!port.name.isEmpty());
        QCOMPARE(port.kind,
            classifyPort(port.systemLocation, port.description, port.manufacturer, port.serialNumber, port.vendorId,
                port.productId));
    }
}

void TstPortDiscovery::watcherReportsHotPlug()
{
    PortInfo a;
    a.name = QStringLiteral("ttyACM0");
    a.systemLocation = QStringLiteral("/dev/ttyACM0");
    a.kind = PortKind::UsbCdcCandidate;
    PortInfo b = a;
    b.name = QStringLiteral("ttyACM1");
    b.systemLocation = QStringLiteral("/dev/ttyACM1");
    b.serialNumber = QStringLiteral("HPX-1");
    b.kind = PortKind::HpxUsbCdc;

    QList<PortInfo> current { a };
    PortWatcher watcher;
    watcher.setLister([&current] { return current; });
    QSignalSpy added(&watcher, &PortWatcher::portAdded);
    QSignalSpy removed(&watcher, &PortWatcher::portRemoved);
    QSignalSpy changed(&watcher, &PortWatcher::portsChanged);
    watcher.start(10);
    QCOMPARE(changed.count(), 1); // the initial list
    QCOMPARE(added.count(), 0); // ...is not a hot-plug event

    current.append(b);
    QVERIFY(added.wait(1000));
    QCOMPARE(added.count(), 1);
    QCOMPARE(added.first().at(0).value<PortInfo>().serialNumber, QStringLiteral("HPX-1"));
    QCOMPARE(watcher.ports().size(), 2);

    current.removeFirst();
    QVERIFY(removed.wait(1000));
    QCOMPARE(removed.first().at(0).value<PortInfo>().name, QStringLiteral("ttyACM0"));
    QCOMPARE(added.count(), 1);
    const int changes = changed.count();
    QTest::qWait(50); // nothing moves: no more signals
    QCOMPARE(changed.count(), changes);
    watcher.stop();
}

void TstPortDiscovery::stableByIdName()
{
    // udev's /dev/serial/by-id links survive re-plugging; the picker offers them instead of ttyACMn.
    QTemporaryDir dir;
    const QString device = dir.filePath(QStringLiteral("ttyACM7"));
    QFile file(device);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.close();
    const QString byId = dir.filePath(QStringLiteral("by-id"));
    QVERIFY(QDir().mkpath(byId));
    const QString other = byId + QStringLiteral("/usb-Other_Board-if00");
    const QString link = byId + QStringLiteral("/usb-SEGGER_J-Link_000123456-if00");
    QVERIFY(QFile::link(dir.filePath(QStringLiteral("missing")), other));
    QVERIFY(QFile::link(QStringLiteral("../ttyACM7"), link));
    QCOMPARE(stablePortLocation(device, byId), link);
    QCOMPARE(stablePortLocation(dir.filePath(QStringLiteral("ttyACM8")), byId), QString());

    PortInfo port;
    port.systemLocation = device;
    port.stableLocation = link;
    QCOMPARE(port.preferredLocation(), link);
    QVERIFY(port.isAt(device) && port.isAt(link));
    QVERIFY(port.label().contains(link));
    port.stableLocation.clear();
    QCOMPARE(port.preferredLocation(), device);
}

QTEST_GUILESS_MAIN(TstPortDiscovery)
#include "tst_portdiscovery.moc"
