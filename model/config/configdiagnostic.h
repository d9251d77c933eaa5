#pragma once

#include <QString>
#include <QVector>

namespace hpx::model {

// One message about a configuration: where (file:line:column, or a command-line flag) and what.
struct ConfigDiagnostic {
    enum class Severity { Error, Notice };
    Severity severity = Severity::Error;
    QString source; // file path, or the flag ("--iterations") for command-line values
    int line = 0; // 1-based; 0 when not tied to a position
    int column = 0; // 1-based
    QString key; // dotted key concerned, if any
    QString message; // translated, without the location

    // "hpx.yml:3:5: error: unknown key 'profiling.iteratons' (did you mean 'profiling.iterations'?)". Defined in
    // config.cpp: its words are Config's.
    QString toString() const;
};
using ConfigDiagnostics = QVector<ConfigDiagnostic>;

} // namespace hpx::model
