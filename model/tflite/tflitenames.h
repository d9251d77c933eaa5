#pragma once

#include <QString>
#include <QVector>

namespace hpx::model {

// The schema's operator and tensor type names and codes, as the loader reads them.

// TFLite BuiltinOperator name for a code ("CONV_2D"), or "BUILTIN_<code>" for a code newer than our schema.
QString builtinOperatorName(int code);
// Code for a builtin operator name, or -1.
int builtinOperatorCode(const QString &name);
// TensorType name ("INT8"), or "TYPE_<n>" for an unknown type.
QString tensorTypeName(int type);
// Code for a TensorType name, or -1.
int tensorTypeCode(const QString &name);
// Bits per element of a TensorType (4 for INT4); 0 where the size is not fixed (STRING, RESOURCE, VARIANT).
int tensorTypeBits(int type);

// The loader's view of the TensorType names that tensorTypeName() hands out, indexed by type (empty where the schema
// has no name). The strings share static text: copying one touches no reference count.
const QVector<QString> &tensorTypeNames();

} // namespace hpx::model
