#pragma once

#include "device/sim/simconfig.h"

#include <QByteArray>
#include <QVector>

#include <optional>

namespace hpx::device {

// The passes a board runs: its built-in ones or a host plan it accepted.
struct SimPlan {
    QVector<WirePass> passes;
    int iterations = 1;
    int warmup = 0;
    bool fromHost = false;
};

// The board's answer to one host line (docs/protocol.md). `reply` is the ACK or NAK line (without LF);
// `plan` is set on ACK.
struct SimPlanReply {
    QByteArray reply;
    std::optional<SimPlan> plan;
};
// The HPX_PLAN line (without LF) a host sends for this plan.
QByteArray simPlanCommand(const SimPlan &plan);
// nullopt when the line is not an HPX_PLAN command at all (the board ignores it).
std::optional<SimPlanReply> answerPlanCommand(const QByteArray &line, const SimulatorConfig &config);

} // namespace hpx::device
