#pragma once

#include "model/results/profileresult.h"

#include <QByteArray>
#include <QString>
#include <QVector>

namespace hpx::test {

// A recording with a known answer (docs/power.md "Tests"): a board at 100 kHz running a four-operator model
// (CONV_2D, IF enclosing ADD, SOFTMAX), each operator a constant current for a whole number of samples:
//   idle (1 mA, gate low) | clean window: N inferences, gate high | idle | marker window: N inferences, gate high,
//   the marker toggling as each operator event ends | idle.
// Every figure is then a sum of rectangles, computed here independently of the code under test.
struct PowerScenario {
    int inferences = 5;
    double rateHz = 100000.0;
    double voltage = 1.8;
    int idleSamples = 100;
    int tailSamples = 3; // gate high after the marker window's last edge
    int dropEdges = 0; // marker edges left out of the marker window (the mismatch fault)
    bool gate = true; // false: the gate never goes high (the gate fault)
    bool markerCoincidesWithGateFall = false; // the last edge in the sample the gate falls

    struct Segment {
        int layer; // the layer whose event ends at the segment's end
        int samples;
        double currentA;
    };
    // One inference in time order: CONV_2D, ADD (inside IF), IF's own rest, SOFTMAX.
    QVector<Segment> inference() const
    {
        return { { 0, 40, 0.010 }, { 2, 20, 0.020 }, { 1, 10, 0.005 }, { 3, 30, 0.015 } };
    }
    double idleA = 0.001;

    struct Sample {
        double t;
        double current;
        bool gate;
        bool marker;
    };
    QVector<Sample> samples() const;

    // The answers.
    double energyPerInference() const; // J
    double layerSelfEnergy(int layer) const; // J per inference
    double layerEnergy(int layer) const; // inclusive
    double cleanDurationS() const;

    QByteArray plainCsv(bool withVoltage, const QString &comment = {}) const;
    QByteArray ppkCsv(bool separateFields) const;
    bool writeJls(const QString &path, QString *error, bool simulated = false) const;
};

// The four layers above as a merged result (IF encloses ADD), clean inferences of 1000 µs.
model::ProfileResult powerScenarioResult();
// A raw stream holding a power terminal record for `completed` inferences (sent twice, the first cut short).
QByteArray terminalStream(int completed, qint64 elapsedUs);

} // namespace hpx::test
