#include "app/hpx/clisignals.h"
#include "app/hpx/cliutil.h"
#include "app/hpx/command.h"
#include "model/version.h"

#include <QCoreApplication>
#include <QLoggingCategory>
#include <QTextStream>
#include <QTranslator>

#include <cstdio>
#include <cstdlib>

// Before main(), before even the libraries' static initialisation: from the earliest point a program's own code runs
// (ELF .preinit_array), a stop signal ends hpx with a message, or is recorded by a command that checks it.
namespace {
void installStopSignalsEarly(int, char **, char **)
{
    hpx::cli::installStopSignals();
}
} // namespace
__attribute__((section(".preinit_array"), used)) void (*const g_stopSignalsEarly)(int, char **, char **)
    = &installStopSignalsEarly;

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("hpx"));
    QCoreApplication::setOrganizationName(QStringLiteral("hpx-studio"));
    QCoreApplication::setApplicationVersion(hpx::model::versionString());
    // English plural forms ("1 layer", "36 files"), when the build embedded the catalogue (app/CMakeLists.txt).
    QTranslator plurals;
    if (plurals.load(QStringLiteral(":/i18n/hpx_en.qm")))
        QCoreApplication::installTranslator(&plurals);
    // The libraries log milestones (hpx.device, hpx.model) for the GUI's log pane; on the command line the
    // commands print their own progress, so that logging is shown only with -v/--verbose or QT_LOGGING_RULES.
    const QStringList arguments = QCoreApplication::arguments();
    const bool verbose = arguments.size() > 2
        && (arguments.mid(2).contains(QStringLiteral("-v")) || arguments.mid(2).contains(QStringLiteral("--verbose")));
    if (!verbose && qEnvironmentVariableIsEmpty("QT_LOGGING_RULES"))
        QLoggingCategory::setFilterRules(QStringLiteral("hpx.*.debug=false\nhpx.*.info=false"));
    const int code = hpx::cli::dispatch(arguments);
    // The command has closed its files; what it printed is flushed here. Tearing down Qt, the libraries and the heap
    // would only delay the exit a script waits for (about 1.5 ms of a 0.12 s hpx import: bench/import).
    hpx::cli::out().flush();
    hpx::cli::err().flush();
    std::fflush(nullptr);
    std::_Exit(code);
}
