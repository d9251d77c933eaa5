#pragma once

#include "device/sim/simconfig.h"
#include "device/sim/simgroundtruth.h"
#include "device/sim/simstream.h"

#include <QByteArray>
#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

#include <memory>
#include <optional>

namespace hpx::device {

// A board running heliaPROFILER firmware, in-process (docs/simulator.md). Event driven (QTimer, no blocking
// sleeps): it runs in whatever thread it lives in. reset() powers it on; it then "prints" its v1 stream through
// deviceBytes() in chunks, optionally paced at a baud rate, and answers a host plan (docs/protocol.md) when
// hostPlanSupport is set.
class SimulatedBoard : public QObject {
    Q_OBJECT
public:
    explicit SimulatedBoard(const SimulatorConfig &config, QObject *parent = nullptr);
    ~SimulatedBoard() override;

    const SimulatorConfig &config() const { return m_config; }
    // Non-empty when the config cannot run (reset() then prints nothing and emits finished()).
    QString configError() const { return m_configError; }
    bool isRunning() const { return m_running; }
    bool dtr() const { return m_dtr; }
    // The plan in effect: built-in until a host plan was accepted.
    SimPlan activePlan() const;
    // Exact per pass/iteration/layer values of the session with the plan in effect, plus the faults injected
    // so far.
    GroundTruth groundTruth() const;
    // Bytes printed since the last reset().
    qint64 bytesEmitted() const { return m_bytesEmitted; }

public Q_SLOTS:
    // Power-on (or reset by the probe): the stream starts from the preamble.
    void reset();
    // Power off: stops printing, emits nothing more.
    void stop();
    // USB CDC firmware waits for DTR before it prints anything.
    void setDtr(bool on);
    // Bytes from the host (HPX_PLAN commands while the board waits for one; anything else is ignored).
    void hostWrite(const QByteArray &bytes);

Q_SIGNALS:
    void deviceBytes(const QByteArray &bytes);
    // The board decided what to run: `fromHost` tells whether a host plan was accepted.
    void planDecided(bool fromHost, int passes);
    // Injected disconnect: the link is gone (finished() follows).
    void disconnected();
    // The board printed its last byte of this power-on: END, a fatal error, a disconnect, or stop().
    void finished();

private:
    void pump();
    void decidePlan(const std::optional<QByteArray> &line);
    void startSession();
    void finish();
    void schedule(double ms);

    SimulatorConfig m_config;
    QString m_configError;
    std::unique_ptr<SimStreamRenderer> m_renderer;
    std::optional<SimPlan> m_acceptedPlan; // survives an injected reset (retained RAM)
    QVector<SimFaultEvent> m_faults;
    QVector<SimStep> m_steps;
    int m_pos = 0;
    int m_offset = 0;
    bool m_running = false;
    bool m_dtr = false;
    bool m_waitingPlan = false;
    QByteArray m_hostLine;
    QVector<QByteArray> m_hostLines;
    QTimer m_timer;
    QTimer m_planTimer;
    QElapsedTimer m_paceClock;
    qint64 m_pacedBytes = 0;
    qint64 m_bytesEmitted = 0;
};

} // namespace hpx::device
