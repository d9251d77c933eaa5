#pragma once

#include "device/sim/simgroundtruth.h"
#include "model/tflite/modelinfo.h"

#include <QByteArray>
#include <QString>

namespace hpx::simtest {

// Hand-built models (the TFLite loader is not needed to test the board).
hpx::model::ModelInfo smallModel(); // CONV_2D, DEPTHWISE_CONV_2D, RESHAPE, FULLY_CONNECTED, SOFTMAX (int8)
hpx::model::ModelInfo floatModel(); // CONV_2D, ADD, MEAN, FULLY_CONNECTED, LOGISTIC (float32)
hpx::model::ModelInfo whileModel(); // like multi_subgraphs_while: WHILE -> cond LESS, body ADD, MUL, ADD
hpx::model::ModelInfo statefulModel(); // VAR_HANDLE, CALL_ONCE, READ_VARIABLE, FULLY_CONNECTED, ASSIGN_VARIABLE
hpx::model::ModelInfo bigModel(int operators); // a chain of CONV_2D/RELU

// A strict reader of the simulated stream used to check it against the ground truth: every line is classified
// by regular expressions for its kind (docs/compatibility.md §1) and checked against the emission order (§1.8).
struct ParsedStream {
    QString error; // first violation, empty when the stream is well formed
    QStringList presets;
    QVector<hpx::device::GroundTruthPass> passes;
    QVector<QPair<QString, QString>> metadata;
    QStringList preSessionLines; // lines before START (READY, plan lines, errors)
    QStringList errors; // HPX_ERROR payloads
    QStringList heartbeats;
    bool sawStart = false, sawEnd = false;
    int lines = 0;
    int restarts = 0; // preamble lines seen inside a session (a reset)
};
ParsedStream parseStrict(const QByteArray &stream);

// Compares parsed records with the ground truth; empty when identical, else the first difference.
QString compareWithTruth(const ParsedStream &parsed, const hpx::device::GroundTruth &truth);

} // namespace hpx::simtest
