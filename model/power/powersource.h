#pragma once

#include <QCoreApplication>
#include <QString>
#include <QStringList>
#include <QVector>

#include <memory>

namespace hpx::model::power {

// Consecutive samples of a power recording: current (and voltage when the instrument recorded it) with the state of
// its digital inputs (the board's gate and marker GPIOs).
struct PowerBlock {
    QVector<double> timeS; // sample time, seconds from the recording's start
    QVector<float> currentA;
    QVector<float> voltageV; // empty when the recording has no voltage
    QVector<quint8> digital; // bit i = PowerSource::digitalChannels().at(i) high; one entry per sample
    int size() const { return int(currentA.size()); }
    void clear() { timeS.clear(), currentA.clear(), voltageV.clear(), digital.clear(); }
};

// Where current samples come from: a recording file today (plain CSV, Nordic PPK2 CSV, Joulescope JLS), a live
// instrument later (issue 35 "Later": joulescope_driver). The reader is pulled block by block, so nothing holds the
// whole recording; time only goes forward.
class PowerSource {
public:
    virtual ~PowerSource() = default;
    virtual QString format() const = 0; // "csv", "ppk2-csv", "jls"
    virtual QStringList digitalChannels() const = 0; // at most 8, in bit order
    virtual bool hasVoltage() const = 0;
    // The recording says it was made by hpx-board-sim from its current model, not measured.
    virtual bool simulated() const = 0;
    virtual QString instrument() const = 0; // what made it ("Joulescope JS220", "PPK2", "" when unknown)
    // Fills `block` with the next samples (at most maxSamples, at least one). False at the end, or on an error, which
    // error() then names (translated, with the line or sample).
    virtual bool next(PowerBlock &block, int maxSamples) = 0;
    virtual QString error() const = 0;
    virtual double progress() const = 0; // 0..1 of the recording read
};

// Opens a recording by its content: JLS's file magic, else a CSV whose header names a known dialect
// (docs/power.md "Recordings"). Null with `error` set (translated) when it cannot be read.
class PowerRecording {
    Q_DECLARE_TR_FUNCTIONS(hpx::model::power::PowerRecording)
public:
    static std::unique_ptr<PowerSource> open(const QString &path, QString *error);
    static bool jlsSupported(); // built with Jetperch's jls library (HPX_JLS_DIR)
    static constexpr int kMaxDigitalChannels = 8;
};

} // namespace hpx::model::power
