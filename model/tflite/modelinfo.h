#pragma once

#include <QString>
#include <QStringList>
#include <QVector>

#include <optional>

namespace hpx::model {

// What the TFLite loader (tflitemodel.h) reads from a .tflite file. Plain immutable values:
// safe to hand across threads once built.

struct TensorInfo {
    int index = -1;
    QString name;
    QString type; // TFLite TensorType name: "INT8", "FLOAT32", ...
    int typeCode = -1; // the TensorType code as stored
    QVector<qint64> shape; // as stored; empty for scalars
    qint64 bytes = 0; // element count x element size (0 when a dim is dynamic / negative)
    int buffer = 0; // buffer index as stored
    bool isConstant = false; // backed by a non-empty buffer (weights, biases)
    bool isVariable = false; // a resource variable's storage (stateful models)
    // Channels of its quantisation (the scale count) when it has scales and zero points, else 0. TFLM copies the
    // zero points of a model's inputs and outputs into the arena (docs/memory.md, "The whole arena").
    int quantizationChannels = 0;
};

struct OperatorInfo {
    int index = -1; // position in its subgraph's operator list: the source_index everything joins on
    int opcodeIndex = -1;
    int builtinCode = -1; // effective TFLite BuiltinOperator code (max of builtin_code, deprecated_builtin_code)
    QString op; // builtin op name ("CONV_2D"), or "CUSTOM"
    QString customCode; // only for CUSTOM ops
    QVector<int> inputs; // tensor indices exactly as stored, -1 for an absent optional input
    QVector<int> outputs;
    QVector<int> calledSubgraphs; // WHILE cond+body, IF then+else, CALL_ONCE init
    qint64 macs = 0; // host-computed for CONV_2D, DEPTHWISE_CONV_2D, FULLY_CONNECTED, TRANSPOSE_CONV, BATCH_MATMUL
    qint64 ops = 0; // docs/compatibility.md §5.10 op count (2 x MACs for MAC ops, element counts for the listed ones)
    qint64 parameterBytes = 0; // bytes of constant input tensors
    qint64 activationBytes = 0; // bytes of non-constant inputs + outputs
    qint64 numParameters = 0; // weight + bias elements of the four MAC ops (docs/compatibility.md §5.10)
    // CONV_2D and DEPTHWISE_CONV_2D: strides and dilations, on which CMSIS-NN's scratch buffers depend.
    int strideW = 1, strideH = 1, dilationW = 1, dilationH = 1;
    // VAR_HANDLE: the resource it names (container and shared name); handles naming the same one share a variable.
    QString resourceName;
};

struct SubgraphInfo {
    int index = -1;
    QString name; // as stored (may be empty)
    QString graphId; // Model Explorer graph id: name, else signature key, else "main" / "subgraph_<i>"
    QVector<int> inputs;
    QVector<int> outputs;
    QVector<TensorInfo> tensors;
    QVector<OperatorInfo> operators;
};

struct SignatureInfo {
    QString key; // signature_key, e.g. "serving_default"
    int subgraphIndex = 0;
};

struct ModelInfo {
    QString filePath;
    QString fileName;
    QString sha256; // lower-case hex of the file bytes
    qint64 sizeBytes = 0;
    quint32 schemaVersion = 0;
    QString description;
    QVector<SubgraphInfo> subgraphs;
    QVector<SignatureInfo> signatures;
    // TFLM's offline memory plan (metadata "OfflineMemoryAllocation", docs/memory.md): one arena offset per tensor
    // of every subgraph in order, -1 = planned online. hasOfflinePlan is false when the model has none.
    bool hasOfflinePlan = false;
    QVector<qint32> offlineOffsets;
    qint64 offlinePlanTensorCount = 0; // the count the metadata states (TFLM refuses a mismatch)

    qint64 totalMacs() const;
    qint64 totalOps() const;
    qint64 totalParameterBytes() const; // constant tensors, each counted once
    int operatorCount() const;
    // Index of the subgraph with this Model Explorer graph id, or -1.
    int subgraphByGraphId(const QString &graphId) const;
    // Per subgraph: true when it runs only through a CALL_ONCE from the entry subgraph (0), so only in the first
    // inference, which a profile normally spends as warm-up: its operators are not profiled. Subgraphs not reached
    // from the entry at all are false (nothing says when they run).
    QVector<bool> runOnceAtStart() const;
};

} // namespace hpx::model
