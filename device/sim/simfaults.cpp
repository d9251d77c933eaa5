#include "device/sim/simfaults.h"

#include <QCoreApplication>

namespace hpx::device {

namespace {
bool parseLocation(const QString &text, SimFaultLocation *location, QString *error)
{
    const QStringList parts = text.split(QLatin1Char(':'));
    if (parts.size() > 3) {
        *error = SimFaults::tr("A fault position is PASS:ITERATION:ROW, not '%1'.").arg(text);
        return false;
    }
    int *fields[] = { &location->pass, &location->iteration, &location->layer };
    for (int i = 0; i < parts.size(); ++i) {
        if (parts.at(i).isEmpty())
            continue;
        bool ok = false;
        const int value = parts.at(i).toInt(&ok);
        if (!ok || value < 0) {
            *error = SimFaults::tr("'%1' in fault position '%2' is not a non-negative number.").arg(parts.at(i), text);
            return false;
        }
        *fields[i] = value;
    }
    return true;
}

bool parseRate(const QString &text, double *rate, QString *error)
{
    bool ok = false;
    const double value = text.toDouble(&ok);
    if (!ok || value < 0 || value > 1) {
        *error = SimFaults::tr("A fault rate must be a number between 0 and 1, not '%1'.").arg(text);
        return false;
    }
    *rate = value;
    return true;
}
} // namespace

bool applyFaultSpec(SimFaults &faults, const QString &spec, QString *error)
{
    QString dummy;
    QString &err = error ? *error : dummy;
    QString head = spec.trimmed();
    QString at;
    if (const int a = head.indexOf(QLatin1Char('@')); a >= 0) {
        at = head.mid(a + 1);
        head = head.left(a);
    }
    const int eq = head.indexOf(QLatin1Char('='));
    const QString kind = eq < 0 ? head : head.left(eq);
    const QString value = eq < 0 ? QString() : head.mid(eq + 1);
    auto noPosition = [&] {
        if (at.isEmpty())
            return true;
        err = SimFaults::tr("Fault '%1' takes no position.").arg(kind);
        return false;
    };
    if (kind == QLatin1String("corrupt"))
        return noPosition() && parseRate(value, &faults.corruptRate, &err);
    if (kind == QLatin1String("drop"))
        return noPosition() && parseRate(value, &faults.dropLineRate, &err);
    if (kind == QLatin1String("stall")) {
        bool ok = false;
        const double seconds = value.toDouble(&ok);
        if (!ok || seconds <= 0 || seconds > 3600) {
            err = SimFaults::tr("A stall needs a duration in seconds (0 < s <= 3600), e.g. stall=35.");
            return false;
        }
        faults.stallSeconds = seconds;
        return at.isEmpty() || parseLocation(at, &faults.stallAt, &err);
    }
    if (kind == QLatin1String("reset") || kind == QLatin1String("disconnect")) {
        if (!value.isEmpty()) {
            err = SimFaults::tr("Fault '%1' takes no value, only an optional position (%1@PASS:ITERATION:ROW).")
                      .arg(kind);
            return false;
        }
        const bool reset = kind == QLatin1String("reset");
        (reset ? faults.resetMidPass : faults.disconnect) = true;
        return at.isEmpty() || parseLocation(at, reset ? &faults.resetAt : &faults.disconnectAt, &err);
    }
    if (kind == QLatin1String("error")) {
        if (!simErrorKinds().contains(value)) {
            err = SimFaults::tr("Unknown firmware error kind '%1' (known: %2).")
                      .arg(value, simErrorKinds().join(QLatin1String(", ")));
            return false;
        }
        faults.error = value;
        return noPosition();
    }
    err = SimFaults::tr("Unknown fault '%1' (known: corrupt, drop, stall, reset, disconnect, error).").arg(kind);
    return false;
}

QString faultSpecHelp()
{
    return SimFaults::tr("Fault injection (repeatable):\n"
                         "  corrupt=RATE            replace each byte (never a line feed) with probability RATE\n"
                         "  drop=RATE               drop each line of the session with probability RATE\n"
                         "  stall=SECONDS[@P:I:L]   go silent before row L of iteration I of pass P\n"
                         "  reset[@P:I:L]           restart the board there (the stream begins again)\n"
                         "  disconnect[@P:I:L]      drop the link there\n"
                         "  error=CODE              print HPX_ERROR=CODE... where the firmware does, then halt:\n"
                         "                          %1\n"
                         "Positions default to the middle pass, iteration 0, the middle row.")
        .arg(simErrorKinds().join(QLatin1String(", ")));
}

} // namespace hpx::device
