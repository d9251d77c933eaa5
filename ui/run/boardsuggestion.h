#pragma once

#include <QPair>
#include <QString>
#include <QVariant>
#include <QVector>

namespace hpx::ui {

// The board a stream's own metadata points at, when the chosen board cannot be the one talking: the stream
// names its clock (HPX_SYSTEM_CLOCK_HZ) and, on Armv8.1-M parts, its PMU (HPX_PMU_INIT_STATUS)
// (docs/compatibility.md §1.4). Returns an hpx board name, or empty when the current board fits or nothing
// fits. Real boards only, the first stable board of the first matching SoC in the §8 table order.
QString suggestedBoard(const QVector<QPair<QString, QVariant>> &metadata, const QString &currentBoard);

} // namespace hpx::ui
