#pragma once

// The power recording fuzz targets' bodies (fuzz/fuzz_power.cpp, docs/fuzzing.md), shared with tests/fuzz's replay.

#include <cstddef>
#include <cstdint>

namespace hpx::fuzz {

int powerCsvOneInput(const uint8_t *data, size_t size);
int powerJlsOneInput(const uint8_t *data, size_t size);
int powerTerminalOneInput(const uint8_t *data, size_t size);

} // namespace hpx::fuzz
