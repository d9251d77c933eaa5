#pragma once

#include "model/results/capture.h"

#include <QCoreApplication>
#include <QPair>
#include <QString>
#include <QVector>

#include <optional>

namespace hpx::device {

// Whether a completed capture's records can be trusted as a whole. Wire protocol v1 has no checksums, so a
// damaged line shows only as a line the parser could not use, or as passes and iterations that disagree with
// each other or with what the board announced. Any of these makes the run fail with the first one named,
// instead of presenting records with a hole in them (hpx only warns).
struct IntegrityIssue {
    QString kind; // a parser problem kind, or iteration_count, layer_mismatch, pass_missing
    QString pass; // the pass it is in ("" before the first pass)
    int line = 0; // 1-based stream line, 0 when not tied to one
    QString message; // translated

    // checkCaptureIntegrity()'s words.
    Q_DECLARE_TR_FUNCTIONS(hpx::device::IntegrityIssue)
};

// `passStarts`: (line, pass name) of every "--- HPX_PRESET ---" in stream order, to name a problem's pass.
// Problems before `fromLine` (the last --- HPX_START --- after a board reset) belong to the abandoned stream.
std::optional<IntegrityIssue> checkCaptureIntegrity(
    const model::Capture &capture, const QVector<QPair<int, QString>> &passStarts, int fromLine = 0);

// Parser problem kinds that mean lost or unusable data (as opposed to warnings such as a version mismatch).
bool isDamageProblem(const QString &kind);

} // namespace hpx::device
