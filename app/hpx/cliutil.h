#pragma once

#include "app/hpx/command.h"
#include "model/config/config.h"

#include <QCommandLineParser>
#include <QString>
#include <QStringList>
#include <QTextStream>

#include <optional>

namespace hpx::cli {

// stdout carries results (the bundle path, JSON, tables); stderr carries progress and messages.
QTextStream &out();
QTextStream &err();

// Parses `hpx <command> ...` with the command name taken out; on a usage error prints it (with a pointer to
// --help) and returns false with *exitCode set. --help prints the command's help and returns false with exit 0.
bool parseCommandLine(QCommandLineParser &parser, const QString &command, const QStringList &arguments, int *exitCode);
// The parser's help with "Usage: hpx <command> ..." (QCommandLineParser only knows the program name).
QString commandHelp(const QCommandLineParser &parser, const QString &command);

// Prints config diagnostics to stderr ("file:line:col: error: ..."); returns true if any is an error.
bool printDiagnostics(const hpx::model::ConfigDiagnostics &diagnostics);

// One `hpx profile`/`hpx import` flag that overrides a hpx.yml key (heliaPROFILER's flag names, §7.1).
struct ConfigFlag {
    QString option; // option name without dashes
    QString key; // dotted hpx.yml key
    QString valueName; // empty for a switch
    QString description;
    QString switchValue; // value a switch sets ("true", "false")

    // The descriptions of the flags this file defines (outputFlags()).
    Q_DECLARE_TR_FUNCTIONS(hpx::cli::ConfigFlag)
};
void addConfigFlags(QCommandLineParser &parser, const QVector<ConfigFlag> &flags);
// Applies the flags present on the command line to `config`, in the order given. Errors are printed.
bool applyConfigFlags(const QCommandLineParser &parser, const QVector<ConfigFlag> &flags, hpx::model::Config *config,
    hpx::model::ConfigDiagnostics *diagnostics);

// The flags of the output.* keys and profiling.aggregation, the same for every command that writes a bundle.
QVector<ConfigFlag> outputFlags();

// The one way a command resolves its configuration (docs/config.md): defaults < --config FILE (configOption) <
// flags, then the MODEL argument (model.path) when one is given. Diagnostics are printed; nullopt when any is an
// error.
std::optional<hpx::model::Config> resolveConfig(const QCommandLineParser &parser,
    const QCommandLineOption &configOption, const QVector<ConfigFlag> &flags, const QString &modelArgument);

// "1.2 s", "3 min 04 s"
QString formatDuration(qint64 milliseconds);

} // namespace hpx::cli
