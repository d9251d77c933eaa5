#pragma once

#include "device/link/link.h"
#include "device/sim/simconfig.h"

#include <QPointer>

namespace hpx::device {

class SimulatedBoard;
struct GroundTruth;

// The built-in simulated board as a link: the in-process SimulatedBoard (docs/simulator.md), created and
// powered on by open(). Lives, like every link, in the capture session's thread.
class SimulatedLink : public Link {
    Q_OBJECT
public:
    explicit SimulatedLink(SimulatorConfig config, QObject *parent = nullptr);
    ~SimulatedLink() override;

    bool open() override;
    void close() override;
    bool isOpen() const override;
    bool write(const QByteArray &bytes) override;
    bool setDtr(bool on) override;
    QString description() const override;
    bool hasModemLines() const override { return true; }

    // The board, while open (tests read its ground truth).
    SimulatedBoard *board() const;

private:
    SimulatorConfig m_config;
    QPointer<SimulatedBoard> m_board;
};

} // namespace hpx::device
