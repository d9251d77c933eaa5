#include "app/hpx/cliutil.h"

#include <QCoreApplication>

#include <cstdio>

namespace hpx::cli {

QTextStream &out()
{
    static QTextStream stream(stdout);
    return stream;
}

QTextStream &err()
{
    static QTextStream stream(stderr);
    return stream;
}

QString commandHelp(const QCommandLineParser &parser, const QString &command)
{
    QString text = parser.helpText();
    const QString usage = QStringLiteral("Usage: ");
    if (text.startsWith(usage)) {
        const int space = text.indexOf(QLatin1Char(' '), usage.size());
        const int eol = text.indexOf(QLatin1Char('\n'));
        const int end = space > 0 && space < eol ? space : eol;
        text.replace(usage.size(), end - usage.size(), QStringLiteral("hpx ") + command);
    }
    return text;
}

bool parseCommandLine(QCommandLineParser &parser, const QString &command, const QStringList &arguments, int *exitCode)
{
    QStringList args = arguments;
    if (args.size() > 1)
        args.removeAt(1); // the command name
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    const QCommandLineOption help({ QStringLiteral("h"), QStringLiteral("help") }, Command::tr("Show this help."));
    parser.addOption(help);
    if (!parser.parse(args)) {
        err() << QStringLiteral("hpx %1: ").arg(command) << parser.errorText() << '\n'
              << Command::tr("Run 'hpx %1 --help' for the options.\n").arg(command);
        err().flush();
        *exitCode = ExitBadInput;
        return false;
    }
    if (parser.isSet(help)) {
        out() << commandHelp(parser, command);
        out().flush();
        *exitCode = ExitOk;
        return false;
    }
    return true;
}

bool printDiagnostics(const hpx::model::ConfigDiagnostics &diagnostics)
{
    bool anyError = false;
    for (const auto &d : diagnostics) {
        err() << d.toString() << '\n';
        anyError = anyError || d.severity == hpx::model::ConfigDiagnostic::Severity::Error;
    }
    err().flush();
    return anyError;
}

void addConfigFlags(QCommandLineParser &parser, const QVector<ConfigFlag> &flags)
{
    for (const ConfigFlag &f : flags) {
        QCommandLineOption option(f.option, f.description);
        if (!f.valueName.isEmpty())
            option.setValueName(f.valueName);
        parser.addOption(option);
    }
}

bool applyConfigFlags(const QCommandLineParser &parser, const QVector<ConfigFlag> &flags, hpx::model::Config *config,
    hpx::model::ConfigDiagnostics *diagnostics)
{
    bool ok = true;
    for (const ConfigFlag &f : flags) {
        if (!parser.isSet(f.option))
            continue;
        const QString flag = QStringLiteral("--") + f.option;
        if (f.key == QLatin1String("profiling.pmu_counters")) {
            for (const QString &v : parser.values(f.option))
                ok = config->setCounters(v, flag, diagnostics) && ok;
        } else if (f.valueName.isEmpty()) {
            ok = config->set(f.key, f.switchValue, flag, diagnostics) && ok;
        } else {
            ok = config->set(f.key, parser.value(f.option), flag, diagnostics) && ok;
        }
    }
    return ok;
}

QVector<ConfigFlag> outputFlags()
{
    return {
        { QStringLiteral("aggregation"), QStringLiteral("profiling.aggregation"), QStringLiteral("median|mean|trimmed"),
            ConfigFlag::tr("How iterations are aggregated (profiling.aggregation, default median)."), {} },
        { QStringLiteral("output-dir"), QStringLiteral("output.dir"), QStringLiteral("DIR"),
            ConfigFlag::tr("Bundle directory (output.dir, default ./results)."), {} },
        { QStringLiteral("output-format"), QStringLiteral("output.format"), QStringLiteral("csv|json"),
            ConfigFlag::tr("Per-layer results as profile_results.csv or .json (output.format, default csv)."), {} },
        { QStringLiteral("no-model-explorer"), QStringLiteral("output.model_explorer"), QString(),
            ConfigFlag::tr("Write no model_explorer/ overlays (output.model_explorer: false)."),
            QStringLiteral("false") },
        { QStringLiteral("detailed"), QStringLiteral("output.detailed"), QString(),
            ConfigFlag::tr("Also write detailed/ per-pass and per-group files (output.detailed: true)."),
            QStringLiteral("true") },
    };
}

std::optional<hpx::model::Config> resolveConfig(const QCommandLineParser &parser,
    const QCommandLineOption &configOption, const QVector<ConfigFlag> &flags, const QString &modelArgument)
{
    hpx::model::Config config;
    hpx::model::ConfigDiagnostics diagnostics;
    bool ok = !parser.isSet(configOption) || config.loadFile(parser.value(configOption), &diagnostics);
    ok = ok && applyConfigFlags(parser, flags, &config, &diagnostics);
    if (ok && !modelArgument.isEmpty())
        ok = config.set(QStringLiteral("model.path"), modelArgument, QStringLiteral("MODEL"), &diagnostics);
    if (printDiagnostics(diagnostics) || !ok)
        return std::nullopt;
    return config;
}

QString formatDuration(qint64 ms)
{
    if (ms < 60000)
        return QStringLiteral("%1 s").arg(double(ms) / 1000.0, 0, 'f', 1);
    return QStringLiteral("%1 min %2 s").arg(ms / 60000).arg((ms / 1000) % 60, 2, 10, QLatin1Char('0'));
}

} // namespace hpx::cli
