#pragma once

#include "model/results/capture.h"

#include <QString>
#include <QStringList>

namespace hpx::device {

// HPX_ERROR=<payload> lines (docs/compatibility.md §1.7). Every such line is fatal, known code or not; the capture
// fails with the first one anywhere in the stream (also before HPX_START).

// "HPX_ERROR=" + payload: the line prefix the firmware uses.
bool isFirmwareErrorLine(QStringView trimmedLine);
// The code: the payload up to the first space; if there is none, up to the first ':'; else the whole payload.
QString firmwareErrorCode(QStringView payload);
// The codes of the §1.7 table, in table order.
QStringList knownFirmwareErrorCodes();
bool isKnownFirmwareErrorCode(const QString &code);
// A filled-in error for a trimmed HPX_ERROR= line: payload, code, translated message and hint (payload details such
// as name=, arena=, capacity= are woven into the message where the firmware supplies them).
model::FirmwareError makeFirmwareError(QStringView trimmedLine, int lineNumber);

} // namespace hpx::device
