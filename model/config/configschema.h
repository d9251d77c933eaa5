#pragma once

#include <QString>
#include <QStringList>
#include <QVector>

namespace hpx::model {

// The hpx.yml key table (docs/compatibility.md §7.1, in heliaPROFILER's field order). One table drives
// parsing, validation, did-you-mean suggestions, `hpx config --print-default`, the ordered JSON
// export for run_metadata.json and docs/config.md, so they cannot drift apart.

enum class ConfigKind {
    Bool,
    Int, // 64-bit integer (YAML 1.1 forms: 10, 0x10, 1_000; an integral float is accepted)
    String,
    Path, // a string that names a file or directory (relative to the working directory)
    Enum, // one of choices (aliases map to their canonical value)
    Map, // free-form mapping passed through (engine.config, power, ...)
    Counters, // profiling.pmu_counters: group -> "default" | "all" | [names]
};

// Who reads the key.
enum class ConfigUse {
    App, // used by hpx Studio
    Ours, // hpx Studio's own addition (not a heliaPROFILER key), used
    Firmware, // only concerns building/flashing firmware: accepted, reported as not used by this app
    Ignored, // accepted for compatibility, has no effect (as in heliaPROFILER, or out of scope)
};

struct ConfigKeySpec {
    QString key; // dotted: "target.heartbeat.enabled"
    ConfigKind kind = ConfigKind::String;
    bool nullable = false;
    QString defaultYaml; // YAML text of the default: "100", "null", "helia-rt", "{}"
    QStringList choices; // Enum: canonical values
    QStringList aliases; // Enum: "alias=canonical"
    qint64 minimum = 0; // Int: smallest accepted value
    qint64 maximum = qint64(9e15); // Int: largest accepted value (an int field's keys: INT_MAX)
    ConfigUse use = ConfigUse::App;
    QString flag; // `hpx profile` flag(s) that override it, as shown in help
    QString help; // one line for the commented default file and docs
};

// All keys in heliaPROFILER's order (sections are implied by the dotted prefixes).
const QVector<ConfigKeySpec> &configSchema();
// Index into configSchema(), or -1.
int configKeyIndex(const QString &key);
// Section names ("model", "target", "target.heartbeat", ...): a key whose value must be a mapping.
const QStringList &configSections();

// Counter groups accepted under profiling.pmu_counters.
const QStringList &counterGroups();

// Levenshtein distance and the closest candidate within a sensible distance (empty if none is close):
// the did-you-mean for keys, enum values, counter names and commands.
int editDistance(const QString &a, const QString &b);
QString closestMatch(const QString &word, const QStringList &candidates);

} // namespace hpx::model
