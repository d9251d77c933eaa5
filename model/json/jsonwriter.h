#pragma once

#include "model/json/jsonvalue.h"

#include <QByteArray>

namespace hpx::model {

// Serialises JsonValue exactly like heliaPROFILER's Python writers, so bundle files compare byte
// for byte with hpx's:
//  - toPythonJson(): json.dumps(value, indent=2): insertion-ordered keys, 2-space indent,
//    "," and ": " separators, ensure_ascii (non-ASCII and DEL as lower-case \uXXXX), floats in
//    Python repr (shortest round trip, ".0" when integral, 1e+16 / 1e-05 exponent style),
//    NaN/Infinity as Python writes them, no trailing newline.
//  - toManifestJson(): the result_manifest.json variant: keys sorted at every level, trailing LF.
//  - toCompactSortedJson(): json.dumps(sort_keys=True, separators=(",", ":")), the form hashed
//    into provenance.config_sha256.
// indent < 0 gives json.dumps(value) with no indent: one line, ", " and ": " separators.
QByteArray toPythonJson(const JsonValue &value, int indent = 2);
QByteArray toManifestJson(const JsonValue &value);
QByteArray toCompactSortedJson(const JsonValue &value);

// Python's repr(float): "7405.0", "0.1", "1e+16", "1e-05", "-0.0"; "nan"/"inf"/"-inf" for the
// non-finite values (the JSON writer uses NaN/Infinity/-Infinity instead, as json.dumps does).
QByteArray pythonFloatRepr(double value);
void appendPythonFloat(QByteArray &out, double value); // same, appended without a temporary
// Python's round(value, ndigits) for floats: correctly rounded, ties to even on the exact binary
// value (round(2.675, 2) == 2.67, round(0.125, 2) == 0.12).
double pythonRound(double value, int ndigits);

// Appends the JSON string literal for text (with quotes) using Python's ensure_ascii escaping.
void appendJsonString(QByteArray &out, const QString &text);

} // namespace hpx::model
