#include "app/hpx/command.h"

#include "model/config/configschema.h"
#include "model/version.h"

#include <QCoreApplication>
#include <QTextStream>

#include <algorithm>
#include <vector>

namespace hpx::cli {

namespace {
std::vector<Command> &registry()
{
    static std::vector<Command> commands;
    return commands;
}

QString usage()
{
    QString text = Command::tr("Usage: hpx <command> [options]\n\n"
                               "Profile TensorFlow Lite models on microcontroller boards.\n\n"
                               "Commands:\n");
    auto commands = registry();
    std::sort(commands.begin(), commands.end(), [](const Command &a, const Command &b) { return a.name < b.name; });
    for (const Command &c : commands)
        text += QStringLiteral("  ") + c.name.leftJustified(14) + c.summary + QLatin1Char('\n');
    text += Command::tr("\nRun 'hpx <command> --help' for the options of a command.\n"
                        "Options:\n  -h, --help     Show this help.\n"
                        "  -v, --version  Show the version, git commit and Qt version.\n");
    return text;
}
} // namespace

void registerCommand(const Command &command)
{
    registry().push_back(command);
}

int dispatch(const QStringList &arguments)
{
    QTextStream out(stdout);
    QTextStream err(stderr);
    if (arguments.size() < 2) {
        err << usage();
        return ExitBadInput;
    }
    const QString name = arguments.at(1);
    if (name == QLatin1String("--help") || name == QLatin1String("-h") || name == QLatin1String("help")) {
        out << usage();
        return ExitOk;
    }
    if (name == QLatin1String("--version") || name == QLatin1String("-v")) {
        out << hpx::model::versionLine(QStringLiteral("hpx")) << '\n';
        return ExitOk;
    }
    for (const Command &c : registry()) {
        if (c.name == name)
            return c.run(arguments);
    }
    QStringList names;
    for (const Command &c : registry())
        names << c.name;
    const QString suggestion = hpx::model::closestMatch(name, names);
    err << Command::tr("hpx: unknown command '%1'").arg(name);
    if (!suggestion.isEmpty())
        err << Command::tr(" (did you mean '%1'?)").arg(suggestion);
    err << "\n\n" << usage();
    return ExitBadInput;
}

} // namespace hpx::cli
