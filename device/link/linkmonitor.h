#pragma once

#include "device/link/link.h"
#include "device/thread/workerthread.h"

#include <QObject>
#include <QPair>
#include <QString>
#include <QVariant>
#include <QVector>

namespace hpx::device {

class LinkMonitorWorker;

// A passive console on a board link outside of runs, like a serial terminal for bring-up: it opens the
// link, asserts DTR (best effort; USB CDC firmware waits for it) and hands on every byte the board sends.
// It never writes to the board, so it cannot start or steer a capture. Like a capture session it runs
// the link on its own thread; its signals arrive queued in the caller's thread. The stream's metadata
// lines (clock, engine, arena, model size) are parsed as they pass, so the board can be identified before
// any run.
class LinkMonitor : public QObject {
    Q_OBJECT
public:
    explicit LinkMonitor(QObject *parent = nullptr);
    ~LinkMonitor() override; // closes the link and waits for the thread

    // Opens a link built by `factory` (in the monitor's thread). Every received byte is also appended to
    // `rawStreamPath` when one is given (replaced at open), so a console can tail and save it.
    void open(LinkFactory factory, const QString &rawStreamPath = {});
    // Closes the link; closed() follows. Safe to call when not open.
    void close();
    // Between open() and closed(): connecting or connected.
    bool isActive() const { return m_thread.isStarted(); }
    bool isConnected() const { return m_connected; }
    QString description() const { return m_description; }

Q_SIGNALS:
    void opened(const QString &description);
    void bytesReceived(const QByteArray &bytes);
    // Every HPX_<KEY>=<value> line since the board last started, in stream order (key lower-case).
    void boardMetadata(const QVector<QPair<QString, QVariant>> &metadata);
    // The link did not open, broke (unplugged, peer closed) or the raw file could not be written.
    void failed(const QString &message);
    // The monitor ended (after close(), a failure, or the peer closing): the port is free again.
    void closed();

private:
    void finish();

    WorkerThread m_thread { QStringLiteral("hpx-monitor") }; // runs the LinkMonitorWorker (see WorkerThread's rule)
    bool m_connected = false;
    QString m_description;
};

} // namespace hpx::device
