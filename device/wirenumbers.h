#pragma once

#include <QByteArrayView>

#include <optional>

namespace hpx::device::wire {

// The number rules hpx's parser applies to stream text (Python int() and float() on the stripped cell), on ASCII
// bytes. Kept apart so they can be tested on their own.

// Surrounding whitespace as Python's str.strip() sees it in ASCII (\t \n \v \f \r, 0x1c-0x1f, space).
QByteArrayView stripAscii(QByteArrayView s);
// Python int(): optional sign, decimal digits with single '_' between digits, surrounding whitespace allowed.
// Values outside qint64 give nullopt.
std::optional<qint64> parseInt(QByteArrayView s);
// Python int() else float(), for counter cells: 12, +3, 1_000, 1.5, .5, 5., 1e3. nan and inf are refused (a counter
// cannot be either; hpx would accept them and poison the aggregate).
std::optional<double> parseNumber(QByteArrayView s);

} // namespace hpx::device::wire
