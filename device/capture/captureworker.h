#pragma once

#include "device/capture/capturetiming.h"
#include "device/capture/capturevalues.h"
#include "device/capture/streamtracker.h"
#include "device/link/link.h"
#include "device/wire/wireparser.h"

#include <QElapsedTimer>
#include <QFile>
#include <QTimer>

#include <memory>

namespace hpx::device {

// The part of a CaptureSession that runs on the session's thread. Internal: use CaptureSession.
class CaptureWorker : public QObject {
    Q_OBJECT
public:
    CaptureWorker(LinkFactory factory, SessionOptions options);
    ~CaptureWorker() override;

    void run();
    void cancel();

Q_SIGNALS:
    void progress(const hpx::device::CaptureProgress &progress);
    void message(const QString &text);
    void finished(const hpx::device::CaptureResult &result);

private:
    void onBytes(const QByteArray &bytes);
    void onLinkError(const QString &message);
    void onLinkClosed();
    void onTick();
    void handle(const StreamTracker::Event &event);
    void sendPlan();
    void emitProgress(bool force);
    void finish(CaptureResult::Status status, const QString &error = {});
    void parseInto(CaptureResult &result);
    void noteParserEvents(const QVector<WireEvent> &events);
    QString whereNow(bool sentence = false) const; // " during pass cpu_1 (iteration 2)" or ""

    LinkFactory m_factory;
    SessionOptions m_options;
    std::unique_ptr<Link> m_link;
    QFile m_raw;
    QByteArray m_stream;
    StreamTracker m_tracker;
    WireParser m_parser;
    int m_lastStartLine = 0; // parser line of the last --- HPX_START ---
    QVector<QPair<int, QString>> m_passStarts; // (line, pass) from the parser, to name a damaged line's pass
    QElapsedTimer m_clock;
    QTimer m_tick;
    QTimer m_drain;
    std::optional<CaptureDeadlines> m_deadlines; // from the moment the link is open
    bool m_cleanWindowSeen = false;
    qint64 m_cleanWindowEstMs = -1;
    qint64 m_cleanWindowAtMs = -1; // m_clock when the clean window was announced
    qint64 m_startMs = -1;
    qint64 m_endMs = -1;
    qint64 m_lastProgressMs = -1;
    bool m_done = false;
    bool m_planSupported = false;
    bool m_planSent = false;
    std::optional<PlanReply> m_planReply;
    QStringList m_warnings;
    CaptureProgress m_lastProgress;
};

} // namespace hpx::device
