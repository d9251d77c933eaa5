#pragma once

#include <QByteArrayView>
#include <QCoreApplication>
#include <QString>
#include <QVector>

#include <optional>

namespace hpx::model::power {

// heliaPROFILER's power terminal record, version 1 (docs/compatibility.md "Power"): nine required HPX_POWER_* keys
// between `--- HPX_POWER_TERMINAL_START ---` and `--- HPX_POWER_TERMINAL_END ---`, plus an all-or-none optional set
// from an on-device monitor. Values as written (integers as text are checked, not kept as text).
struct PowerTerminalRecord {
    int version = 1;
    bool ok = false; // HPX_POWER_STATUS ok | error
    qint64 requestedCount = 0;
    qint64 completedCount = 0;
    qint64 elapsedUs = 0;
    QString finalPhase;
    qint64 errorCode = 0;
    bool gateAsserted = false;
    bool gateLowered = false;
    QVector<QPair<QString, QString>> measurement; // the optional keys, as written (empty when absent)
};

// Collects records from a line stream with heliaPROFILER's envelope rule: a record re-sent every 250 ms (UART, SWO,
// USB CDC) counts once, the last complete start/end pair wins, and a partial one (the stream cut mid-record) is
// discarded. A complete pair that breaks the record's rules is an error, kept in lastError().
class PowerTerminalParser {
    Q_DECLARE_TR_FUNCTIONS(hpx::model::power::PowerTerminalParser)
public:
    static QByteArray startSentinel() { return QByteArrayLiteral("--- HPX_POWER_TERMINAL_START ---"); }
    static QByteArray endSentinel() { return QByteArrayLiteral("--- HPX_POWER_TERMINAL_END ---"); }
    static bool isPowerLine(QByteArrayView line); // a sentinel or an HPX_POWER_ key line

    // Feeds one line (without its line end). Returns true when the line belonged to a record (consumed).
    bool feed(QByteArrayView line);
    // The last complete, valid record; nullopt when none.
    const std::optional<PowerTerminalRecord> &record() const { return m_record; }
    QString lastError() const { return m_error; } // translated; why the last complete pair was rejected
    int completePairs() const { return m_pairs; }
    bool inRecord() const { return m_open; }

    // Checks one complete record's lines (between the sentinels).
    static std::optional<PowerTerminalRecord> parse(const QVector<QByteArray> &lines, QString *error);

private:
    bool m_open = false;
    QVector<QByteArray> m_lines;
    std::optional<PowerTerminalRecord> m_record;
    QString m_error;
    int m_pairs = 0;
};

} // namespace hpx::model::power
