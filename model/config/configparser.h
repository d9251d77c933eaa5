#pragma once

// Internal to hpx_model: the YAML side of Config (config.cpp and configparser.cpp only).

#include "model/board/counterselection.h"
#include "model/config/configdiagnostic.h"
#include "model/config/configschema.h"

#include <QJsonObject>
#include <QJsonValue>
#include <QString>

#include <optional>
#include <yaml-cpp/yaml.h>

namespace hpx::model {

namespace configyaml {

QString quoted(const QString &s);
// YAML 1.1 scalar resolution as PyYAML's safe_load does it.
QJsonValue resolvePlainScalar(const QString &s);
// A YAML value as JSON; std::nullopt when it stands for more than maxYamlValues values or nests deeper than
// maxYamlDepth. Anchors and aliases let a few bytes of YAML name exponentially many values ("billion laughs"), and
// an alias inside its own anchor names a cycle; no hpx.yml value comes near either limit.
constexpr int maxYamlValues = 10000;
constexpr int maxYamlDepth = 64;
std::optional<QJsonValue> nodeToJson(const YAML::Node &node);

struct Where {
    int line = 0;
    int column = 0;
};

Where whereOf(const YAML::Node &node);

} // namespace configyaml

using configyaml::Where;

// Reads one file's or one flag's values: checks them against the schema and collects what they set, with the
// diagnostics. It holds nothing of a Config's: Config::apply() takes what it read, and crossCheck() looks at the
// candidate that results.
class ConfigParser {
    Q_DECLARE_TR_FUNCTIONS(hpx::model::ConfigParser)
public:
    ConfigParser(const QString &source, ConfigDiagnostics *out);

    // One leaf key's checked value: an Int an integer within its bounds, an Enum its canonical choice, ...
    struct Assignment {
        int index = -1; // configSchema()
        QJsonValue value;
    };

    int errors = 0;

    void error(const Where &w, const QString &key, const QString &message);
    void notice(const Where &w, const QString &key, const QString &message);

    // Checks one value for a leaf key (not Counters) and records it.
    bool assign(int index, const QJsonValue &raw, const Where &w, const QString &keyLabel);

    // profiling.pmu_counters as a YAML mapping.
    void counters(const YAML::Node &node, const Where &w, const QString &keyLabel);

    bool checkGroup(const QString &group, const Where &w, const QString &label);

    bool checkCounterName(const QString &name, const Where &w, const QString &label);

    // "default", "all", or (from the command line) a comma list of names.
    bool selectionFromText(
        const QString &text, CounterSelectionEntry *sel, const Where &w, const QString &label, bool allowList);

    // Walks one YAML mapping whose keys live under `prefix` ("" for the document root).
    void walk(const YAML::Node &map, const QString &prefix);

    void reportUse(const ConfigKeySpec &spec, const Where &w);

    void unknownKey(const QString &key, const Where &w);

    // Checks that need the whole configuration: values that depend on each other, as they stand in the candidate
    // Config this parse's values were applied to (config.cpp passes them: the parser knows no Config).
    void crossCheck(const QString &board, bool boardExplicit, const std::optional<QJsonObject> &customBoards,
        qint64 windowMin, qint64 windowMax);

    // What was read, in the order read (a later value of a key replaces an earlier one when applied).
    const QVector<Assignment> &assignments() const { return m_assignments; }
    // The profiling.pmu_counters mapping, when the file gave one.
    const std::optional<QVector<CounterSelectionEntry>> &counterEntries() const { return m_counterEntries; }

private:
    void report(ConfigDiagnostic::Severity severity, const Where &w, const QString &key, const QString &message);

    QVector<Assignment> m_assignments;
    std::optional<QVector<CounterSelectionEntry>> m_counterEntries;
    QString m_source;
    ConfigDiagnostics *m_out;
    Where m_boardWhere;
    QString m_boardLabel;
};

} // namespace hpx::model
