#pragma once

#include <QCoreApplication>
#include <QString>
#include <QStringList>

namespace hpx::cli {

// Exit codes documented in docs/cli.md.
// ExitRegression: `hpx compare --profile` judged the candidate a regression (verdict fail; heliaPROFILER's code).
// ExitInvalid: `hpx profile` / `hpx import` wrote a bundle, but its validity is `invalid` (issue 33): a script that
// tests for zero must not take it for a result (heliaPROFILER has no such rule; it exits 1 on any error).
enum ExitCode { ExitOk = 0, ExitRegression = 1, ExitBadInput = 2, ExitBoard = 3, ExitInterrupted = 4, ExitInvalid = 5 };

// One `hpx <name>` subcommand. `run` gets the arguments including argv[0] and the command name
// (so QCommandLineParser sees "hpx model-info MODEL ...").
struct Command {
    QString name;
    QString summary;
    int (*run)(const QStringList &arguments);

    // The messages of what every command shares: dispatch()'s usage and errors, parseCommandLine()'s --help.
    Q_DECLARE_TR_FUNCTIONS(hpx::cli::Command)
};

// Each command_*.cpp registers itself with a static CommandRegistration, so adding a command
// never edits a shared list.
void registerCommand(const Command &command);
struct CommandRegistration {
    explicit CommandRegistration(const Command &command) { registerCommand(command); }
};

int dispatch(const QStringList &arguments);

} // namespace hpx::cli
