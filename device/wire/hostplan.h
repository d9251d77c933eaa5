#pragma once

#include <QByteArray>
#include <QCoreApplication>
#include <QString>
#include <QStringList>
#include <QVector>

#include <optional>

namespace hpx::device {

// The host's request for which passes a board runs (docs/protocol.md, "Host plan"). Boards that announce
// `HPX_PLAN_SUPPORTED=1` before `--- HPX_START ---` accept one line
//   HPX_PLAN iterations=<n> warmup=<n> pass=<name>:<EVENT>,<EVENT> ...
// and answer `HPX_PLAN_ACK passes=<k>` or `HPX_PLAN_NAK reason=<text>`.
struct WirePass {
    QString name; // cpu_0: no spaces, no ':'
    QStringList events; // counter names as the board prints them in the CSV header (ARM_PMU_CPU_CYCLES, ...)
};

struct HostPlan {
    int iterations = 1;
    int warmup = 0;
    QVector<WirePass> passes;

    // The command line, LF-terminated. Empty (and `error` set) when the plan cannot be put on the wire.
    QByteArray commandLine(QString *error = nullptr) const;

    Q_DECLARE_TR_FUNCTIONS(hpx::device::HostPlan)
};

// The board's answer to a plan, from one trimmed line; nullopt when the line is not an answer.
struct PlanReply {
    bool accepted = false;
    int passes = 0; // ACK passes=<k>
    QString reason; // NAK reason=<text> (the rest of the line)
};
std::optional<PlanReply> parsePlanReply(const QString &line);

inline constexpr char PlanSupportedLine[] = "HPX_PLAN_SUPPORTED=1";

} // namespace hpx::device
