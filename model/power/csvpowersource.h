#pragma once

#include "model/power/powersource.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QFile>

namespace hpx::model::power {

// The two CSV dialects (docs/power.md "Recordings"), streamed through a fixed buffer:
//  - plain: `time_s,current_a[,voltage_v],<digital channels by name>` (0/1), `#` comment lines before the header
//    (hpx-board-sim's recordings say "simulated" there);
//  - Nordic's Power Profiler (pc-nrfconnect-ppk) export: any of `Timestamp(ms)`, `Current(uA)`, `D0-D7` (one field,
//    a character per pin, D0 first: '0', '1', 'X' both seen in the sample, '-' unknown) and `D0,...,D7` (one field
//    per pin), in that order; rows whose current was NaN are left out by the exporter, so time comes from the
//    timestamps (an export without `Timestamp(ms)` is refused: its sample rate is not in the file).
class CsvPowerSource : public PowerSource {
    Q_DECLARE_TR_FUNCTIONS(hpx::model::power::CsvPowerSource)
public:
    // Reads the header; false with error() set when it is not a dialect this reads.
    bool open(const QString &path);
    // The same from bytes already in memory (tests, the fuzz target).
    bool openData(const QByteArray &data);

    QString format() const override { return m_ppk ? QStringLiteral("ppk2-csv") : QStringLiteral("csv"); }
    QStringList digitalChannels() const override { return m_digitalNames; }
    bool hasVoltage() const override { return m_voltageColumn >= 0; }
    bool simulated() const override { return m_simulated; }
    QString instrument() const override;
    bool next(PowerBlock &block, int maxSamples) override;
    QString error() const override { return m_error; }
    double progress() const override;

private:
    bool readHeader();
    bool fill(); // more bytes into m_buffer; false at the end of the input
    bool nextLine(QByteArrayView *line); // false at the end of the input or on an error
    bool parseRow(QByteArrayView line, PowerBlock &block);
    bool fail(const QString &message);

    QFile m_file;
    QByteArray m_memory; // openData()
    qint64 m_memoryPos = 0;
    bool m_fromMemory = false;
    qint64 m_total = 0;
    qint64 m_consumed = 0;

    QByteArray m_buffer;
    qsizetype m_pos = 0;
    bool m_eof = false;
    qint64 m_line = 0;

    bool m_ppk = false;
    bool m_simulated = false;
    QString m_comment; // the plain dialect's `# source:` line
    int m_columns = 0;
    int m_timeColumn = -1;
    int m_currentColumn = -1;
    int m_voltageColumn = -1;
    int m_bitsColumn = -1; // PPK `D0-D7`
    QVector<int> m_digitalColumns; // one per channel (plain; PPK separate fields)
    QStringList m_digitalNames;
    double m_timeScale = 1.0; // to seconds
    double m_currentScale = 1.0; // to amperes
    double m_lastTime = -1e300;
    QString m_error;
};

} // namespace hpx::model::power
