#pragma once

#include "model/json/jsonvalue.h"

#include <QByteArray>
#include <QString>

namespace hpx::model {

class Config;

// The resolved configuration as run_metadata.json's `config` (docs/compatibility.md §5.2, §7.1): every key nested
// by its dotted path in heliaPROFILER's order, enums and paths as strings, counter groups under
// profiling.pmu_counters.
JsonValue configSnapshot(const Config &config);
// The snapshot as Python json.dumps text (2-space indent, no trailing newline): `hpx config show`.
QByteArray configSnapshotJson(const Config &config, int indent = 2);

// A commented hpx.yml holding every key at its default; loading it gives Config(). `hpx config init`.
QString defaultConfigYaml();

} // namespace hpx::model
