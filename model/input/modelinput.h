#pragma once

#include "model/json/jsonvalue.h"
#include "model/tflite/modelinfo.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include <optional>

namespace hpx::model {

// What the virtual board's inferences read (docs/virtual-board.md, "Your input"): its fixed input, the user's files
// (one per model input, in order: a tensor's raw bytes or a .npy of its dtype and shape) or seeded random data.
// A plain value; the window and `hpx profile --input/--input-seed` fill it, run::buildRunRequest checks it.
struct InputChoice {
    QStringList files; // one per input of the model's entry subgraph, in order
    std::optional<quint64> seed; // seeded random data for every input (not with files)
    bool isFixed() const { return files.isEmpty() && !seed; }
};

// The bytes the board's input tensors get, every input tensor's in input order (empty: the fixed input), and what
// run_metadata.json records of them (hpx_studio.input).
struct ModelInput {
    QByteArray bytes;
    JsonValue metadata;
};

struct ModelInputResult {
    std::optional<ModelInput> input;
    QString error; // translated; names the file, the tensor and what differs
    bool ok() const { return input.has_value(); }
};

class ModelInputs {
    Q_DECLARE_TR_FUNCTIONS(hpx::model::ModelInputs)
public:
    // Reads and checks the choice against the model's inputs (subgraph 0's, TFLM's interpreter inputs): one file per
    // input, each exactly the tensor's size (raw) or a .npy (by its .npy extension) of the tensor's dtype and shape.
    static ModelInputResult prepare(const ModelInfo &model, const InputChoice &choice);

    // One input tensor's bytes from a file's contents (`fileName` only names it in messages): the checks above,
    // without touching the file system (the fuzz target's and the tests' way in).
    static std::optional<QByteArray> tensorBytes(
        const TensorInfo &tensor, int input, const QString &fileName, const QByteArray &contents, QString *error);

    // Seeded random data for every input tensor, in order, from SplitMix64 seeded with `seed` (one stream across
    // the tensors, one output per element): 8- and 16-bit integers over their whole range, wider ones in [-128, 127]
    // (unsigned: [0, 255]; they are often counts or indices), floats in [-1, 1), bools 0 or 1, other types the
    // output's low bytes. The same seed gives the same bytes everywhere.
    static QByteArray seeded(const ModelInfo &model, quint64 seed);

    // run_metadata.json's hpx_studio.input for the board's fixed input: {"source": "fixed"}.
    static JsonValue fixedMetadata();
};

} // namespace hpx::model
