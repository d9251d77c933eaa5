#include "model/runcontext.h"

#include "model/version.h"

#include <QTimeZone>
#include <QUuid>

#include <chrono>

namespace hpx::model {

RunContext RunContext::create()
{
    RunContext ctx;
    ctx.runId = newRunId();
    ctx.timestamp = formatTimestamp(QDateTime::currentDateTimeUtc());
    ctx.hpxVersion = versionString();
    return ctx;
}

QString RunContext::newRunId()
{
    return QUuid::createUuid().toString(QUuid::WithoutBraces);
}

QString RunContext::formatTimestamp(const QDateTime &utc)
{
    // QDateTime has millisecond resolution; take the microseconds from the system clock when the
    // time is "now", otherwise pad the milliseconds.
    const QDateTime t = utc.toUTC();
    int micros = t.time().msec() * 1000;
    const auto now = std::chrono::system_clock::now();
    const auto us = std::chrono::duration_cast<std::chrono::microseconds>(now.time_since_epoch()).count();
    if (us / 1000 == t.toMSecsSinceEpoch())
        micros = int(us % 1000000);
    return t.toString(QStringLiteral("yyyy-MM-ddTHH:mm:ss")) + QLatin1Char('.')
        + QStringLiteral("%1").arg(micros, 6, 10, QLatin1Char('0')) + QStringLiteral("+00:00");
}

} // namespace hpx::model
