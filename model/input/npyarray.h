#pragma once

#include <QByteArray>
#include <QCoreApplication>
#include <QString>
#include <QVector>

#include <optional>

namespace hpx::model {

// One array of a NumPy .npy file (format versions 1.0, 2.0 and 3.0), read strictly: the magic, a header that is the
// dictionary NumPy writes (exactly the keys descr, fortran_order and shape, a plain numeric or bool dtype), and
// exactly the bytes the shape and dtype say, not one more or less. No library for .npy is packaged for C++ on
// Debian (cnpy is not, and it trusts its input), so this is ours: small, bounded and fuzzed (fuzz/fuzz_npy.cpp).
// A plain value.
struct NpyArray {
    // NumPy's dtype as TFLite names the type ("INT8", "FLOAT32", "BOOL", ...; tflitenames.h's spelling).
    QString type;
    int itemBytes = 0;
    QVector<qint64> shape; // empty: a 0-d array (one element)
    // Every element, little-endian (a big-endian file's elements are swapped), in C order (a Fortran-ordered file
    // is accepted only when that is the same order: at most one dimension longer than 1).
    QByteArray data;
    qint64 elementCount() const;
    QString shapeText() const; // "(1, 49, 10)", as NumPy prints it
};

// The array, or nullopt and a translated error saying what is wrong with the file's bytes.
struct NpyReadResult {
    std::optional<NpyArray> array;
    QString error;
    bool ok() const { return array.has_value(); }
};

class NpyReader {
    Q_DECLARE_TR_FUNCTIONS(hpx::model::NpyReader)
public:
    static constexpr int kMaxHeaderBytes = 10000; // NumPy's own limit (numpy.lib.format, max_header_size)
    // True when the bytes begin with the .npy magic ("\x93NUMPY").
    static bool hasMagic(const QByteArray &bytes);
    static NpyReadResult read(const QByteArray &bytes);
};

} // namespace hpx::model
