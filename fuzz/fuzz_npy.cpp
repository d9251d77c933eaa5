// The .npy reader and the input check behind `hpx profile --input` on arbitrary bytes (docs/fuzzing.md): never a
// crash; an array or an error, never both; an accepted array holds exactly the bytes its shape and dtype say; and a
// tensor of the array's own type and shape takes it unchanged, while one of another shape refuses it.
#include "fuzz/fuzzsupport.h"
#include "model/input/modelinput.h"
#include "model/input/npyarray.h"
#include "model/tflite/tflitenames.h"

namespace hpx::fuzz {

int npyOneInput(const uint8_t *data, size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    const model::NpyReadResult r = model::NpyReader::read(bytes);
    if (r.ok() == !r.error.isEmpty())
        fail("NpyReader::read: an array exactly when there is no error", r.error.toUtf8());
    if (!r.ok())
        return 0;
    const model::NpyArray &a = *r.array;
    if (a.type.isEmpty() || a.itemBytes <= 0)
        fail("NpyReader::read: an accepted array has a type", a.type.toUtf8());
    for (const qint64 d : a.shape) {
        if (d < 0)
            fail("NpyReader::read: a negative size", a.shapeText().toUtf8());
    }
    if (qint64(a.data.size()) != a.elementCount() * a.itemBytes)
        fail("NpyReader::read: the data is the shape's elements times the item size", a.shapeText().toUtf8());
    // The check `--input` runs: the array's own tensor takes it as it is.
    model::TensorInfo tensor;
    tensor.index = 0;
    tensor.type = a.type;
    tensor.typeCode = model::tensorTypeCode(a.type);
    tensor.shape = a.shape;
    tensor.bytes = qint64(a.data.size());
    QString error;
    const std::optional<QByteArray> taken
        = model::ModelInputs::tensorBytes(tensor, 0, QStringLiteral("fuzz.npy"), bytes, &error);
    if (tensor.bytes > 0 && (!taken || *taken != a.data))
        fail("ModelInputs::tensorBytes: the array's own tensor takes it unchanged", error.toUtf8());
    // ... and one of another shape refuses it, saying so.
    tensor.shape.append(1);
    const std::optional<QByteArray> refused
        = model::ModelInputs::tensorBytes(tensor, 0, QStringLiteral("fuzz.npy"), bytes, &error);
    if (refused || error.isEmpty())
        fail("ModelInputs::tensorBytes: another shape is refused with a reason", a.shapeText().toUtf8());
    return 0;
}

} // namespace hpx::fuzz

HPX_FUZZ_TARGET(hpx::fuzz::npyOneInput)
