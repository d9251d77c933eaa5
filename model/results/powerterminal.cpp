// heliaPROFILER's power terminal record (docs/compatibility.md "Power"; the rules are listed in hpx-power.md).
#include "model/results/powerterminal.h"

#include <QHash>
#include <QSet>

namespace hpx::model::power {

namespace {

const char *const kRequired[] = { "HPX_POWER_TERMINAL_VERSION", "HPX_POWER_STATUS", "HPX_POWER_REQUESTED_COUNT",
    "HPX_POWER_COMPLETED_COUNT", "HPX_POWER_ELAPSED_US", "HPX_POWER_FINAL_PHASE", "HPX_POWER_ERROR_CODE",
    "HPX_POWER_GATE_ASSERTED", "HPX_POWER_GATE_LOWERED" };
const char *const kOptional[] = { "HPX_POWER_MEASUREMENT_SOURCE", "HPX_POWER_MEASUREMENT_SCOPE", "HPX_POWER_ENERGY_NJ",
    "HPX_POWER_MEASUREMENT_DURATION_US", "HPX_POWER_MEASUREMENT_COUNT", "HPX_POWER_MEASUREMENT_OVERFLOW",
    "HPX_POWER_CHARGE_NC", "HPX_POWER_BUS_VOLTAGE_UV", "HPX_POWER_SAMPLE_COUNT", "HPX_POWER_CALIBRATION_ID" };

QByteArrayView stripped(QByteArrayView line)
{
    while (!line.isEmpty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t'))
        line.chop(1);
    while (!line.isEmpty() && (line.front() == ' ' || line.front() == '\t'))
        line = line.sliced(1);
    return line;
}

std::optional<qint64> wholeNumber(const QString &text)
{
    bool ok = false;
    const qint64 v = text.toLongLong(&ok);
    if (!ok || text.startsWith(QLatin1Char('+')) || text.trimmed() != text)
        return std::nullopt;
    return v;
}

} // namespace

bool PowerTerminalParser::isPowerLine(QByteArrayView line)
{
    line = stripped(line);
    return line == startSentinel() || line == endSentinel() || line.startsWith("HPX_POWER_");
}

bool PowerTerminalParser::feed(QByteArrayView raw)
{
    const QByteArrayView line = stripped(raw);
    if (line == startSentinel()) {
        if (m_open)
            m_error = tr("A power terminal record started again before it ended (duplicate start); the partial "
                         "record is discarded.");
        m_open = true;
        m_lines.clear();
        return true;
    }
    if (line == endSentinel()) {
        if (!m_open) {
            m_error = tr("A power terminal record ended before it started.");
            return true;
        }
        m_open = false;
        ++m_pairs;
        QString error;
        m_record = parse(m_lines, &error);
        m_error = error;
        m_lines.clear();
        return true;
    }
    if (m_open) {
        if (m_lines.size() >= 64) { // more lines than a record has: not a record, the stream went on without an end
            m_open = false;
            m_lines.clear();
            m_error = tr("A power terminal record has no end line.");
            return false;
        }
        m_lines.append(line.toByteArray());
        return true;
    }
    return false;
}

std::optional<PowerTerminalRecord> PowerTerminalParser::parse(const QVector<QByteArray> &lines, QString *error)
{
    QHash<QString, QString> values;
    QVector<QPair<QString, QString>> order;
    QSet<QString> known;
    for (const char *k : kRequired)
        known.insert(QString::fromLatin1(k));
    for (const char *k : kOptional)
        known.insert(QString::fromLatin1(k));
    for (const QByteArray &l : lines) {
        const qsizetype eq = l.indexOf('=');
        if (eq < 0) {
            *error = tr("The power terminal record has a line without \"=\": %1.").arg(QString::fromUtf8(l.left(60)));
            return std::nullopt;
        }
        const QString key = QString::fromUtf8(l.left(eq));
        const QString value = QString::fromUtf8(l.mid(eq + 1));
        if (!known.contains(key)) {
            *error = tr("The power terminal record has an unknown key %1.").arg(key.left(60));
            return std::nullopt;
        }
        if (values.contains(key)) {
            *error = tr("The power terminal record gives %1 twice.").arg(key);
            return std::nullopt;
        }
        values.insert(key, value);
        order.append({ key, value });
    }
    for (const char *k : kRequired) {
        if (!values.contains(QString::fromLatin1(k))) {
            *error = tr("The power terminal record has no %1.").arg(QString::fromLatin1(k));
            return std::nullopt;
        }
    }
    const auto get = [&](const char *k) { return values.value(QString::fromLatin1(k)); };
    PowerTerminalRecord r;
    if (get("HPX_POWER_TERMINAL_VERSION") != QStringLiteral("1")) {
        *error
            = tr("The power terminal record is version %1; version 1 is read.").arg(get("HPX_POWER_TERMINAL_VERSION"));
        return std::nullopt;
    }
    const QString status = get("HPX_POWER_STATUS");
    if (status != QStringLiteral("ok") && status != QStringLiteral("error")) {
        *error = tr("The power terminal record's status is \"%1\", not ok or error.").arg(status.left(40));
        return std::nullopt;
    }
    r.ok = status == QStringLiteral("ok");
    struct {
        const char *key;
        qint64 *target;
    } counts[]
        = { { "HPX_POWER_REQUESTED_COUNT", &r.requestedCount }, { "HPX_POWER_COMPLETED_COUNT", &r.completedCount },
              { "HPX_POWER_ELAPSED_US", &r.elapsedUs }, { "HPX_POWER_ERROR_CODE", &r.errorCode } };
    for (const auto &c : counts) {
        const auto v = wholeNumber(get(c.key));
        if (!v || *v < 0) {
            *error = tr("The power terminal record's %1 is \"%2\", not a whole number ≥ 0.")
                         .arg(QString::fromLatin1(c.key), get(c.key).left(40));
            return std::nullopt;
        }
        *c.target = *v;
    }
    if (r.completedCount > r.requestedCount) {
        *error = tr("The power terminal record completed %1 inferences of %2 requested.")
                     .arg(r.completedCount)
                     .arg(r.requestedCount);
        return std::nullopt;
    }
    if (r.ok && r.errorCode != 0) {
        *error = tr("The power terminal record says ok with error code %1.").arg(r.errorCode);
        return std::nullopt;
    }
    if (!r.ok && r.errorCode == 0) {
        *error = tr("The power terminal record says error with error code 0.");
        return std::nullopt;
    }
    r.finalPhase = get("HPX_POWER_FINAL_PHASE");
    if (r.finalPhase.trimmed().isEmpty()) {
        *error = tr("The power terminal record's final phase is empty.");
        return std::nullopt;
    }
    for (const auto &[key, target] : { std::pair { "HPX_POWER_GATE_ASSERTED", &r.gateAsserted },
             std::pair { "HPX_POWER_GATE_LOWERED", &r.gateLowered } }) {
        const QString v = get(key);
        if (v != QStringLiteral("0") && v != QStringLiteral("1")) {
            *error
                = tr("The power terminal record's %1 is \"%2\", not 0 or 1.").arg(QString::fromLatin1(key), v.left(40));
            return std::nullopt;
        }
        *target = v == QStringLiteral("1");
    }
    int optional = 0;
    for (const char *k : kOptional)
        optional += values.contains(QString::fromLatin1(k)) ? 1 : 0;
    if (optional != 0 && optional != int(std::size(kOptional))) {
        const bool source = values.contains(QStringLiteral("HPX_POWER_MEASUREMENT_SOURCE"));
        const bool energy = values.contains(QStringLiteral("HPX_POWER_ENERGY_NJ"));
        *error = source != energy ? tr("The power terminal record gives a measurement source and energy only together.")
                                  : tr("The power terminal record gives %1 of the %2 measurement keys; all or none.")
                                        .arg(optional)
                                        .arg(int(std::size(kOptional)));
        return std::nullopt;
    }
    for (const auto &kv : order) {
        if (!std::any_of(std::begin(kRequired), std::end(kRequired),
                [&](const char *k) { return kv.first == QLatin1String(k); }))
            r.measurement.append(kv);
    }
    return r;
}

} // namespace hpx::model::power
