#pragma once

#include "model/json/jsonvalue.h"

#include <QByteArray>
#include <QString>

namespace hpx::model {

// Parses JSON text (RFC 8259 plus Python's NaN/Infinity/-Infinity) into an ordered value.
// Integers without fraction or exponent stay Int when they fit in 64 bits. Duplicate object keys
// behave like Python's json.loads: the last value wins at the first key's place. On failure
// returns Null and sets *error to "line L, column C: what" (when error is given).
JsonValue parseJson(const QByteArray &text, QString *error = nullptr);

} // namespace hpx::model
