#include "device/wire/hostplan.h"

#include <QCoreApplication>
#include <QRegularExpression>

namespace hpx::device {

namespace {
bool isToken(const QString &text)
{
    static const QRegularExpression token(QStringLiteral("^[A-Za-z0-9_.\\-]+$"));
    return token.match(text).hasMatch();
}
} // namespace

QByteArray HostPlan::commandLine(QString *error) const
{
    auto fail = [error](const QString &message) {
        if (error)
            *error = message;
        return QByteArray();
    };
    if (iterations < 1)
        return fail(HostPlan::tr("A plan needs at least one iteration."));
    if (warmup < 0)
        return fail(HostPlan::tr("Warmup cannot be negative."));
    if (passes.isEmpty())
        return fail(HostPlan::tr("A plan needs at least one pass."));
    QByteArray line = "HPX_PLAN iterations=" + QByteArray::number(iterations) + " warmup=" + QByteArray::number(warmup);
    for (const WirePass &pass : passes) {
        if (!isToken(pass.name))
            return fail(
                HostPlan::tr("Pass name '%1' cannot be sent to the board (letters, digits, '_', '-', '.' only).")
                    .arg(pass.name));
        if (pass.events.isEmpty())
            return fail(HostPlan::tr("Pass %1 has no counters.").arg(pass.name));
        line += " pass=" + pass.name.toLatin1() + ':';
        for (int i = 0; i < pass.events.size(); ++i) {
            if (!isToken(pass.events.at(i)))
                return fail(HostPlan::tr("Counter '%1' of pass %2 cannot be sent to the board.")
                                .arg(pass.events.at(i), pass.name));
            if (i)
                line += ',';
            line += pass.events.at(i).toLatin1();
        }
    }
    return line + '\n';
}

std::optional<PlanReply> parsePlanReply(const QString &line)
{
    static const QRegularExpression ack(QStringLiteral("^HPX_PLAN_ACK\\s+passes=(\\d+)\\s*$"));
    static const QRegularExpression nak(QStringLiteral("^HPX_PLAN_NAK(?:\\s+reason=(.*))?$"));
    if (const auto m = ack.match(line); m.hasMatch())
        return PlanReply { true, m.captured(1).toInt(), {} };
    if (const auto m = nak.match(line); m.hasMatch())
        return PlanReply { false, 0, m.captured(1).trimmed() };
    return std::nullopt;
}

} // namespace hpx::device
