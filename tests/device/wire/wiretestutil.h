#pragma once

#include "device/wire/streamorigin.h"
#include "model/results/capture.h"

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <QVector>

namespace hpx::test {

// A canonical text dump of everything a Capture holds (records, metadata, problems, error), so two parses can be
// compared exactly and a difference shows up readably in a test failure.
QString dumpCapture(const model::Capture &capture);

// Parse with the given chunk sizes (cycled); the transport lines are returned through *lines if given.
model::Capture parseChunked(
    const QByteArray &stream, device::StreamOrigin kind, const QVector<int> &chunkSizes, QStringList *lines = nullptr);

// The docs/compatibility.md §1.10 example stream, verbatim.
QByteArray specExampleStream();

} // namespace hpx::test
