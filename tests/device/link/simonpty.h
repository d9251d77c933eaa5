#pragma once

#include "device/sim/simconfig.h"
#include "device/sim/simgroundtruth.h"
#include "ptypair.h"

#include <QObject>
#include <QPointer>
#include <QSocketNotifier>
#include <QTimer>

#include <memory>

namespace hpx::device {
class SimulatedBoard;
}

namespace hpx::test {

// The in-process SimulatedBoard served on the master side of a pty, the way `hpx-board-sim --pty` serves it: a pty
// carries no DTR, so the board powers on at the host's first byte; host bytes after that go to the board (HPX_PLAN).
// An injected disconnect closes the master, as pulling the cable would.
class SimOnPty : public QObject {
    Q_OBJECT
public:
    SimOnPty(PtyPair &pty, hpx::device::SimulatorConfig config, QObject *parent = nullptr);
    ~SimOnPty() override;

    void start();
    hpx::device::GroundTruth groundTruth() const;
    bool poweredOn() const { return m_poweredOn; }

private:
    void readHost();
    void flush();

    PtyPair &m_pty;
    hpx::device::SimulatorConfig m_config;
    QPointer<hpx::device::SimulatedBoard> m_board;
    std::unique_ptr<QSocketNotifier> m_notifier;
    std::unique_ptr<QSocketNotifier> m_writable;
    QTimer m_hangUp; // after an injected disconnect: close once the host has read what was sent before it
    QByteArray m_out; // board bytes the pty could not take yet, in order
    bool m_poweredOn = false;
};

} // namespace hpx::test
