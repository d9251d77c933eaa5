// `hpx config`: print the commented default hpx.yml, or check a config file and show what it resolves to.
#include "app/hpx/cliutil.h"
#include "model/config/config.h"
#include "model/config/configdocuments.h"

#include <QCoreApplication>

namespace hpx::cli {
namespace {

// `hpx config`: parses its options, then prints the default file or checks and resolves one. Its messages are its own.
class ConfigCommand {
    Q_DECLARE_TR_FUNCTIONS(hpx::cli::ConfigCommand)
public:
    static int run(const QStringList &arguments);
};

int ConfigCommand::run(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(ConfigCommand::tr(
        "Show the hpx.yml configuration. Without options, prints the resolved configuration (built-in\n"
        "defaults, then --config FILE) as JSON, in the form run_metadata.json records it. A config error is\n"
        "reported as FILE:LINE:COLUMN with a suggestion, and the exit code is 2."));
    const QCommandLineOption printDefault(QStringLiteral("print-default"),
        ConfigCommand::tr("Print a commented hpx.yml with every key at its default, then exit."));
    const QCommandLineOption configFile(
        QStringLiteral("config"), ConfigCommand::tr("Check this hpx.yml and resolve it."), QStringLiteral("FILE"));
    parser.addOption(printDefault);
    parser.addOption(configFile);
    int exitCode = ExitOk;
    if (!parseCommandLine(parser, QStringLiteral("config"), arguments, &exitCode))
        return exitCode;
    if (!parser.positionalArguments().isEmpty()) {
        err() << ConfigCommand::tr("hpx config: unexpected argument '%1'; use --config FILE to check a file.\n")
                     .arg(parser.positionalArguments().constFirst());
        return ExitBadInput;
    }
    if (parser.isSet(printDefault)) {
        out() << hpx::model::defaultConfigYaml();
        out().flush();
        return ExitOk;
    }
    hpx::model::Config config;
    hpx::model::ConfigDiagnostics diagnostics;
    const bool ok = !parser.isSet(configFile) || config.loadFile(parser.value(configFile), &diagnostics);
    printDiagnostics(diagnostics);
    if (!ok)
        return ExitBadInput;
    out() << QString::fromUtf8(hpx::model::configSnapshotJson(config)) << '\n';
    out().flush();
    return ExitOk;
}

const CommandRegistration registration({ QStringLiteral("config"),
    ConfigCommand::tr("Print the default hpx.yml or check a config file."), &ConfigCommand::run });

} // namespace
} // namespace hpx::cli
