#pragma once

#include <QCoreApplication>
#include <QFile>
#include <QString>
#include <QStringList>
#include <QVector>

#include <memory>

namespace hpx::model::power {

// Writes a fixed-rate recording sample by sample, in the plain CSV dialect or as Joulescope JLS (through jls's own
// writer, when built with it): hpx-board-sim's simulated recordings (docs/power.md "Without hardware"). Memory stays
// bounded: samples go out in blocks.
class PowerRecordingWriter {
    Q_DECLARE_TR_FUNCTIONS(hpx::model::power::PowerRecordingWriter)
public:
    PowerRecordingWriter();
    ~PowerRecordingWriter();
    PowerRecordingWriter(const PowerRecordingWriter &) = delete;
    PowerRecordingWriter &operator=(const PowerRecordingWriter &) = delete;

    // JLS when `path` ends in .jls, else CSV. `comment` goes into the CSV's `# source:` line and the JLS source's
    // model; `simulated` makes both say so. False with error() set on failure.
    bool open(
        const QString &path, double rateHz, const QStringList &digitalChannels, const QString &comment, bool simulated);
    void append(float currentA, float voltageV, quint8 digital);
    bool finish(); // flushes and closes; false with error() set
    QString error() const { return m_error; }
    qint64 samples() const { return m_samples; }

private:
    bool flush();

    struct Jls;
    std::unique_ptr<Jls> m_jls;
    QFile m_csv;
    double m_rate = 0.0;
    int m_digitalCount = 0;
    qint64 m_samples = 0;
    qint64 m_flushed = 0;
    QVector<float> m_current, m_voltage;
    QVector<quint8> m_digital;
    QString m_error;
};

} // namespace hpx::model::power
