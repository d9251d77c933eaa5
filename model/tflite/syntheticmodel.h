#pragma once

#include <QByteArray>
#include <QString>
#include <QVector>

namespace hpx::model {

// Writes real .tflite bytes (flatbuffers builder, our schema subset) for tests, benchmarks and demos:
// models of any size, shapes the shared models lack, and deliberately broken files. Everything given
// is stored verbatim — indices are not checked — so out-of-range variants are one assignment away.
//
//   SyntheticModel m = SyntheticModel::chain({ 10000 });          // 10,000 operators, residual DAG
//   QByteArray bytes = m.build();
//
//   SyntheticModel m;                                              // by hand
//   SyntheticModel::Subgraph &sg = m.addSubgraph();                // unnamed
//   int in = sg.addTensor("in", "INT8", {1, 8});
//   int w = sg.addTensor("w", "INT8", {4, 8}, true);               // constant: gets a buffer
//   int out = sg.addTensor("out", "INT8", {1, 4});
//   sg.addOperator("FULLY_CONNECTED", {in, w, -1}, {out});
//   sg.inputs = {in}; sg.outputs = {out};
//   m.signatures.append({"serving_default", 0});
class SyntheticModel {
public:
    struct Tensor {
        QString name;
        QString type = QStringLiteral("INT8"); // TFLite TensorType name
        QVector<qint64> shape; // stored as int32 (each dim must fit)
        bool constant = false; // gets its own buffer holding zeros of the tensor's size
        bool variable = false; // is_variable
        qint64 bufferOverride = -1; // >= 0: store this buffer index verbatim (may be out of range)
    };

    struct Operator {
        QString op; // builtin name ("CONV_2D", "WHILE") or "CUSTOM"
        QString customCode; // for CUSTOM
        QVector<int> inputs; // verbatim; -1 = absent optional input
        QVector<int> outputs;
        // Options, written for the ops that have them:
        QVector<int> calledSubgraphs; // WHILE {cond, body}, IF {then, else}, CALL_ONCE {init}, CALL {sg}
        int poolFilterWidth = 1; // AVERAGE_POOL_2D, MAX_POOL_2D
        int poolFilterHeight = 1;
        int stride = 1; // convolutions and pools
        int depthMultiplier = 1; // DEPTHWISE_CONV_2D
        bool keepNumDims = false; // FULLY_CONNECTED
        bool adjX = false; // BATCH_MATMUL
        bool adjY = false;
        bool legacyOpcode = false; // code only in deprecated_builtin_code, builtin_code 0 (pre-TF 2.4)
        qint64 opcodeIndexOverride = -1; // >= 0: store this opcode index verbatim
    };

    struct Subgraph {
        QString name; // empty: no name is written
        QVector<Tensor> tensors;
        QVector<Operator> operators;
        QVector<int> inputs;
        QVector<int> outputs;

        // Returns the new tensor's index.
        int addTensor(const QString &name, const QString &type, const QVector<qint64> &shape, bool constant = false);
        // Returns the new operator for setting options (valid until the next addOperator).
        Operator &addOperator(const QString &op, const QVector<int> &inputs, const QVector<int> &outputs);
    };

    struct Signature {
        QString key;
        qint64 subgraphIndex = 0; // verbatim (may be out of range)
    };

    QString description = QStringLiteral("hpx synthetic model");
    QVector<Subgraph> subgraphs;
    QVector<Signature> signatures;
    // Non-empty: written as TFLM's "OfflineMemoryAllocation" metadata, [version 0, subgraph count, tensor count,
    // offsets...]; one offset per tensor of every subgraph in order, -1 = planned online.
    QVector<qint32> offlineOffsets;
    bool fileIdentifier = true; // false: no "TFL3" identifier (not a TFLite file)

    // The new subgraph (valid until the next addSubgraph).
    Subgraph &addSubgraph(const QString &name = QString());

    // The .tflite bytes. Operator codes are deduplicated in first-use order.
    QByteArray build() const;
    // Writes build() to a file; false with a message on failure.
    bool writeFile(const QString &path, QString *error = nullptr) const;

    struct ChainOptions {
        ChainOptions(int operators = 100)
            : operatorCount(operators)
        {
        }
        int operatorCount = 100;
        // Every skipEvery-th operator is an ADD joining the previous output with the output from
        // skipEvery operators back (residual DAG); 0 = a plain chain.
        int skipEvery = 4;
        int channels = 8; // activations are [1, spatial, spatial, channels] INT8
        int spatial = 8;
        QString subgraphName = QStringLiteral("main"); // empty: unnamed subgraph 0
        QString signatureKey; // non-empty: a signature def for subgraph 0
    };
    // N operators cycling CONV_2D 1x1, DEPTHWISE_CONV_2D 3x3, CONV_2D 1x1, ... with residual ADDs; every
    // operator has its own weights, bias and output tensors, like a converted network. MACs per op:
    // CONV_2D spatial^2*channels^2, DEPTHWISE_CONV_2D 9*spatial^2*channels, ADD 0.
    static SyntheticModel chain(const ChainOptions &options);

    // A speech conformer as torchaudio exports it, converted: a subsampling CONV_2D, `blocks`
    // conformer blocks of 34 operators (feed-forward, self-attention with Q/K/V branches, convolution
    // module, feed-forward, normalisation, each around a residual ADD) and a FULLY_CONNECTED head —
    // one long chain with skip connections. 4 blocks = 138 operators.
    static SyntheticModel conformer(int blocks = 4);
};

// Damaged copies for robustness tests.
QByteArray truncatedCopy(const QByteArray &bytes, qsizetype size);
QByteArray bitFlippedCopy(const QByteArray &bytes, qint64 bitIndex);

} // namespace hpx::model
