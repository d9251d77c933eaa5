#pragma once

#include "model/tflite/modelinfo.h"
#include "model/tflite/tflitenames.h" // the schema's names, which callers of the loader use with it

#include <QByteArray>
#include <QString>

#include <optional>

class QIODevice;

namespace hpx::model {

// A model, or a one-line translated message naming the file and the problem
// ("model.tflite: subgraph 0, operator 3: input tensor index 99 out of range (12 tensors)").
struct ModelLoadResult {
    std::optional<ModelInfo> model;
    QString error;

    bool ok() const { return model.has_value(); }
};

// Memory-maps the file, verifies the flatbuffer, then reads it (see docs/model-info.md). Never throws;
// every malformed input gives an error. `path` is used as given in messages.
ModelLoadResult loadModel(const QString &path);

// Whether to fill ModelInfo::sha256. Hashing is a large part of the time for big models, so callers that parse the
// same bytes many times (fuzzing tests) skip it.
enum class Digest { Sha256, None };

// The largest model file loadModel() reads: a flatbuffer's offsets are 32-bit (docs/cli.md "Bounded reads").
constexpr qint64 kMaxModelBytes = qint64(2) << 30;

// The same for bytes already in memory. `displayName` names the model in messages and becomes
// ModelInfo::fileName; filePath stays empty.
ModelLoadResult parseModel(const QByteArray &bytes, const QString &displayName, Digest digest = Digest::Sha256);
ModelLoadResult parseModel(const uchar *data, qint64 size, const QString &displayName, Digest digest = Digest::Sha256);

// Reads a device to its end, then parses (KeePassXC-style readers; a read error becomes the message).
ModelLoadResult readModel(QIODevice *device, const QString &displayName);

} // namespace hpx::model
