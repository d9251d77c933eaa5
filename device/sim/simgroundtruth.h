#pragma once

#include "device/sim/streamwriter.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QPair>
#include <QString>
#include <QStringList>
#include <QVector>

namespace hpx::device {

// Exactly what the simulated board meant to send: per pass, iteration and row the printed counter values.
// A parser that reads the board's clean stream must yield these records; faults are listed separately.
struct GroundTruthRow {
    int layer = 0; // the Layer cell (= position)
    QString op; // the Op cell
    QVector<quint32> values; // as printed (modulo 2^32; injected wraps included)
    QVector<quint64> trueValues; // what a wide counter would have read
    bool overflow = false; // the printed overflow flag
};

struct GroundTruthIteration {
    int number = 0;
    QVector<GroundTruthRow> rows;
};

struct GroundTruthPass {
    QString name;
    QStringList counters; // header columns between "Op" and "overflow", as printed
    QVector<GroundTruthIteration> iterations;
};

struct GroundTruthLayer {
    int position = 0;
    QString tag;
    int instruction = -1;
    QVector<QPair<int, int>> members; // (subgraph, operator index) whose work this row holds
    int parent = -1; // the row whose event encloses this one (its printed values include this row's), or -1
};

struct GroundTruth {
    QString engine, soc, transport, modelFile, modelSha256;
    quint64 seed = 0;
    int iterations = 0;
    int warmup = 0;
    QString planSource; // built-in or host
    QStringList presets;
    QVector<GroundTruthLayer> layers;
    QVector<GroundTruthPass> passes;
    QVector<QPair<QString, QString>> metadata; // HPX_ keys as printed inside the session, in order
    QVector<SimFaultEvent> faults;

    QJsonObject toJson() const;
    // Atomic write (QSaveFile); false + translated message on failure.
    bool writeJson(const QString &path, QString *error = nullptr) const;

    // writeJson()'s messages.
    Q_DECLARE_TR_FUNCTIONS(hpx::device::GroundTruth)
};

} // namespace hpx::device
