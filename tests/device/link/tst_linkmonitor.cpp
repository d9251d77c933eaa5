#include "device/link/linkmonitor.h"
#include "device/link/linkspec.h"
#include "device/sim/simlink.h"
#include "model/tflite/tflitemodel.h"
#include "ptypair.h"
#include "tests/support/testdata.h"

#include <QElapsedTimer>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace hpx::device;
using hpx::test::PtyPair;

using Metadata = QVector<QPair<QString, QVariant>>;

// The Board dock's passive console: it reads, never writes, keeps every byte in its file, picks the
// board's metadata out of the stream and frees the port when closed or when the board goes away.
class TstLinkMonitor : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void showsWhatTheBoardSendsAndNeverWrites();
    void metadataFollowsTheStreamAndResets();
    void unplugEndsTheMonitorWithAMessage();
    void missingPortFailsWithoutHanging();
    void simulatedBoardStreamsWhenConnected();
    void destroyWhileOpenDoesNotHang();

private:
    static QByteArray collect(QSignalSpy &spy, int atLeast, int timeoutMs = 5000)
    {
        QByteArray got;
        QElapsedTimer timer;
        timer.start();
        while (got.size() < atLeast && timer.elapsed() < timeoutMs) {
            while (!spy.isEmpty())
                got += spy.takeFirst().at(0).toByteArray();
            if (got.size() < atLeast)
                spy.wait(200);
        }
        return got;
    }
};

void TstLinkMonitor::showsWhatTheBoardSendsAndNeverWrites()
{
    PtyPair pty;
    QVERIFY(pty.isValid());
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("console.log"));
    LinkMonitor monitor;
    QSignalSpy opened(&monitor, &LinkMonitor::opened);
    QSignalSpy bytes(&monitor, &LinkMonitor::bytesReceived);
    QSignalSpy closed(&monitor, &LinkMonitor::closed);
    QSignalSpy failed(&monitor, &LinkMonitor::failed);
    monitor.open(linkFactory(*parseLinkSpec(pty.slavePath(), 921600)), path);
    QVERIFY(monitor.isActive());
    QVERIFY(opened.wait(5000));
    QVERIFY(monitor.isConnected());
    QVERIFY(opened.first().at(0).toString().contains(pty.slavePath()));

    // Split mid-line: the monitor hands on bytes as they come, not lines.
    const QByteArray first = "HPX_READY\nHPX_SYS";
    const QByteArray second = "TEM_CLOCK_HZ=96000000\r\n";
    QVERIFY(pty.write(first));
    QCOMPARE(collect(bytes, first.size()), first);
    QVERIFY(pty.write(second));
    QCOMPARE(collect(bytes, second.size()), second);

    monitor.close();
    QVERIFY(closed.wait(5000));
    QCOMPARE(closed.count(), 1);
    QCOMPARE(failed.count(), 0);
    QVERIFY(!monitor.isActive());
    QVERIFY(!monitor.isConnected());
    QCOMPARE(pty.readAvailable(), QByteArray()); // passive: nothing was sent to the board

    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll(), first + second);

    // The port is free again: a second monitor (or a run) can open it.
    LinkMonitor again;
    QSignalSpy openedAgain(&again, &LinkMonitor::opened);
    again.open(linkFactory(*parseLinkSpec(pty.slavePath(), 921600)));
    QVERIFY(openedAgain.wait(5000));
}

void TstLinkMonitor::metadataFollowsTheStreamAndResets()
{
    PtyPair pty;
    LinkMonitor monitor;
    QSignalSpy opened(&monitor, &LinkMonitor::opened);
    QSignalSpy metadata(&monitor, &LinkMonitor::boardMetadata);
    monitor.open(linkFactory(*parseLinkSpec(pty.slavePath(), 115200)));
    QVERIFY(opened.wait(5000));
    QVERIFY(pty.write("--- HPX_START ---\nHPX_SYSTEM_CLOCK_HZ=96000000\nHPX_ENGINE=helia_rt\n"));
    QTRY_VERIFY_WITH_TIMEOUT(!metadata.isEmpty() && metadata.last().at(0).value<Metadata>().size() == 2, 5000);
    const Metadata first = metadata.last().at(0).value<Metadata>();
    QCOMPARE(first.at(0).first, QStringLiteral("system_clock_hz"));
    QCOMPARE(first.at(0).second.toLongLong(), 96000000LL);
    QCOMPARE(first.at(1).first, QStringLiteral("engine"));
    QCOMPARE(first.at(1).second.toString(), QStringLiteral("helia_rt"));

    // The board resets: what it said before no longer describes it.
    metadata.clear();
    QVERIFY(pty.write("--- HPX_START ---\nHPX_ENGINE=tflm\n"));
    QTRY_VERIFY_WITH_TIMEOUT(!metadata.isEmpty() && metadata.last().at(0).value<Metadata>().size() == 1, 5000);
    QCOMPARE(metadata.last().at(0).value<Metadata>().at(0).second.toString(), QStringLiteral("tflm"));
}

void TstLinkMonitor::unplugEndsTheMonitorWithAMessage()
{
    PtyPair pty;
    LinkMonitor monitor;
    QSignalSpy opened(&monitor, &LinkMonitor::opened);
    QSignalSpy failed(&monitor, &LinkMonitor::failed);
    QSignalSpy closed(&monitor, &LinkMonitor::closed);
    monitor.open(linkFactory(*parseLinkSpec(pty.slavePath(), 115200)));
    QVERIFY(opened.wait(5000));
    pty.closeMaster();
    QTRY_COMPARE_WITH_TIMEOUT(closed.count(), 1, 10000);
    QCOMPARE(failed.count(), 1);
    QVERIFY(!failed.first().at(0).toString().isEmpty());
    QVERIFY(!monitor.isActive());
}

void TstLinkMonitor::missingPortFailsWithoutHanging()
{
    LinkMonitor monitor;
    QSignalSpy opened(&monitor, &LinkMonitor::opened);
    QSignalSpy failed(&monitor, &LinkMonitor::failed);
    QSignalSpy closed(&monitor, &LinkMonitor::closed);
    monitor.open(linkFactory(*parseLinkSpec(QStringLiteral("/dev/hpx-no-such-port"), 115200)));
    QVERIFY(closed.wait(5000));
    QCOMPARE(opened.count(), 0);
    QCOMPARE(failed.count(), 1);
    QVERIFY2(failed.first().at(0).toString().contains(QLatin1String("hpx-no-such-port")),
        qPrintable(failed.first().at(0).toString()));
    QVERIFY(!monitor.isActive());
}

void TstLinkMonitor::simulatedBoardStreamsWhenConnected()
{
    SimulatorConfig sim;
    auto loaded = hpx::model::loadModel(hpx::test::dataPath(QStringLiteral("models/hello_world_int8.tflite")));
    QVERIFY2(loaded.model, qPrintable(loaded.error));
    sim.model = *loaded.model;
    sim.iterations = 1;
    sim.warmup = 0;
    LinkMonitor monitor;
    QSignalSpy opened(&monitor, &LinkMonitor::opened);
    QSignalSpy bytes(&monitor, &LinkMonitor::bytesReceived);
    QSignalSpy metadata(&monitor, &LinkMonitor::boardMetadata);
    monitor.open(
        linkFactory(*parseLinkSpec(QStringLiteral("sim")), [sim] { return std::make_unique<SimulatedLink>(sim); }));
    QVERIFY(opened.wait(5000));
    QTRY_VERIFY_WITH_TIMEOUT(!metadata.isEmpty(), 10000);
    QByteArray got;
    for (const QList<QVariant> &args : std::as_const(bytes))
        got += args.at(0).toByteArray();
    QVERIFY2(got.contains("--- HPX_START ---"), got.left(400).constData());
}

void TstLinkMonitor::destroyWhileOpenDoesNotHang()
{
    PtyPair pty;
    auto monitor = std::make_unique<LinkMonitor>();
    QSignalSpy opened(monitor.get(), &LinkMonitor::opened);
    monitor->open(linkFactory(*parseLinkSpec(pty.slavePath(), 115200)));
    QVERIFY(opened.wait(5000));
    QVERIFY(pty.write("HPX_READY\n"));
    monitor.reset(); // closes the link and joins its thread
    // The port was released: it opens again.
    LinkMonitor again;
    QSignalSpy openedAgain(&again, &LinkMonitor::opened);
    again.open(linkFactory(*parseLinkSpec(pty.slavePath(), 115200)));
    QVERIFY(openedAgain.wait(5000));
    again.close();
    QSignalSpy closedAgain(&again, &LinkMonitor::closed);
    QVERIFY(closedAgain.wait(5000));
    // And a monitor destroyed before its thread ran at all.
    auto early = std::make_unique<LinkMonitor>();
    early->open(linkFactory(*parseLinkSpec(pty.slavePath(), 115200)));
    early.reset();
}

QTEST_GUILESS_MAIN(TstLinkMonitor)
#include "tst_linkmonitor.moc"
