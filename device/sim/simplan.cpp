#include "device/sim/simplan.h"

#include "device/sim/simevents.h"

namespace hpx::device {

namespace {
QByteArray num(qint64 v)
{
    return QByteArray::number(v);
}
} // namespace

std::optional<SimPlanReply> answerPlanCommand(const QByteArray &rawLine, const SimulatorConfig &config)
{
    const QByteArray line = rawLine.trimmed();
    if (line != "HPX_PLAN" && !line.startsWith("HPX_PLAN ") && !line.startsWith("HPX_PLAN\t"))
        return std::nullopt;
    auto nak = [](const QString &reason) { return SimPlanReply { "HPX_PLAN_NAK reason=" + reason.toLatin1(), {} }; };
    SimPlan plan;
    plan.iterations = config.iterations;
    plan.warmup = config.warmup;
    plan.fromHost = true;
    const QList<QByteArray> tokens = line.simplified().split(' ');
    for (int i = 1; i < tokens.size(); ++i) {
        const QByteArray &token = tokens.at(i);
        const int eq = token.indexOf('=');
        if (eq <= 0)
            return nak(QStringLiteral("malformed token=") + QString::fromLatin1(token));
        const QByteArray key = token.left(eq);
        const QString value = QString::fromLatin1(token.mid(eq + 1));
        if (key == "iterations" || key == "warmup") {
            bool ok = false;
            const int n = value.toInt(&ok);
            if (!ok || n < (key == "iterations" ? 1 : 0) || n > (key == "iterations" ? 100000 : 10000))
                return nak(QStringLiteral("bad_number field=") + QString::fromLatin1(key));
            (key == "iterations" ? plan.iterations : plan.warmup) = n;
        } else if (key == "pass") {
            const auto pass = parseSimPass(value);
            if (!pass)
                return nak(QStringLiteral("malformed_pass pass=") + value);
            plan.passes.append(*pass);
        } else {
            return nak(QStringLiteral("unknown_field field=") + QString::fromLatin1(key));
        }
    }
    QString reason;
    if (!validateSimPasses(plan.passes, config.soc, &reason).isEmpty())
        return nak(reason);
    return SimPlanReply { "HPX_PLAN_ACK passes=" + num(plan.passes.size()), plan };
}

QByteArray simPlanCommand(const SimPlan &plan)
{
    QByteArray line = "HPX_PLAN iterations=" + num(plan.iterations) + " warmup=" + num(plan.warmup);
    for (const WirePass &p : plan.passes)
        line += " pass=" + p.name.toLatin1() + ':' + p.events.join(QLatin1Char(',')).toLatin1();
    return line;
}

} // namespace hpx::device
