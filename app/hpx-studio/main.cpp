#include "model/version.h"
#include "ui/common/appsettings.h"
#include "ui/run/boardpanel.h"
#include "ui/window/apptranslator.h"
#include "ui/window/examplemodels.h"
#include "ui/window/mainwindow.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QFileInfo>
#include <QTextStream>

namespace {

// hpx-studio's command line: its options and what it says about them.
class StudioOptions {
    Q_DECLARE_TR_FUNCTIONS(StudioOptions)
public:
    QCommandLineOption version { { QStringLiteral("v"), QStringLiteral("version") },
        StudioOptions::tr("Show the version, git commit and Qt version.") };
    QCommandLineOption language { QStringLiteral("language"),
        StudioOptions::tr("User interface language, e.g. de or en "
                          "(default: the setting, else the system locale)."),
        QStringLiteral("code") };
    QCommandLineOption port { QStringLiteral("port"),
        StudioOptions::tr("Board port: sim, a serial device (/dev/ttyACM0, /dev/pts/3, /dev/serial/by-id/...) or "
                          "tcp://host:port (default: the last one used)."),
        QStringLiteral("port") };
    QCommandLineOption board { QStringLiteral("board"),
        StudioOptions::tr("hpx board name, e.g. apollo510_evb or sim_m55 (default: the last one used)."),
        QStringLiteral("board") };
    QCommandLineOption engine { QStringLiteral("engine"),
        StudioOptions::tr(
            "The simulated board's engine: helia-rt, tflm, helia-aot or executorch (default: the last one used)."),
        QStringLiteral("engine") };
};

void setIdentity()
{
    QCoreApplication::setApplicationName(QStringLiteral("hpx-studio"));
    QCoreApplication::setOrganizationName(QStringLiteral("hpx-studio"));
    QCoreApplication::setApplicationVersion(hpx::model::versionString());
}

void describe(QCommandLineParser &parser, const StudioOptions &options)
{
    parser.setApplicationDescription(StudioOptions::tr("Profile TensorFlow Lite models on "
                                                       "microcontroller boards."));
    parser.addHelpOption();
    parser.addOptions({ options.version, options.language, options.port, options.board, options.engine });
    parser.addPositionalArgument(QStringLiteral("model"),
        StudioOptions::tr("A .tflite model to open (default: the last one "
                          "opened, else an example model)."),
        QStringLiteral("[model]"));
}

// --help and --version print and quit, so they must work where no window can open (ssh, CI): answer them before
// QApplication connects to a display.
bool onlyPrints(int argc, char *argv[])
{
    for (int i = 1; i < argc; ++i) {
        const QByteArray arg(argv[i]);
        if (arg == "-h" || arg == "--help" || arg == "-?" || arg == "--help-all" || arg == "-v" || arg == "--version")
            return true;
    }
    return false;
}

int printOnly(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    setIdentity();
    const StudioOptions options;
    QCommandLineParser parser;
    describe(parser, options);
    parser.process(app); // prints the help and exits for --help
    QTextStream(stdout) << hpx::model::versionLine(QStringLiteral("hpx Studio")) << '\n';
    return 0;
}

} // namespace

int main(int argc, char *argv[])
{
    if (onlyPrints(argc, argv))
        return printOnly(argc, argv);
    QApplication app(argc, argv);
    setIdentity();
    QApplication::setApplicationDisplayName(QStringLiteral("hpx Studio"));
    QApplication::setDesktopFileName(QStringLiteral("org.hpxstudio.HpxStudio"));

    const StudioOptions options;
    QCommandLineParser parser;
    describe(parser, options);
    parser.process(app);
    const QCommandLineOption &version = options.version, &language = options.language, &port = options.port,
                             &board = options.board, &engine = options.engine;
    if (parser.isSet(version)) {
        QTextStream(stdout) << hpx::model::versionLine(QStringLiteral("hpx Studio")) << '\n';
        return 0;
    }

    hpx::ui::AppSettings settings;
    hpx::ui::AppTranslator::installForApplication(
        &app, parser.isSet(language) ? parser.value(language) : settings.language());

    hpx::ui::MainWindow window;
    // Command-line choices override the kept ones for this start, and are kept like any other choice.
    if (parser.isSet(port))
        window.boardPanel()->setTargetPort(parser.value(port));
    if (parser.isSet(board) && !window.boardPanel()->setBoard(parser.value(board))) {
        QTextStream(stderr) << StudioOptions::tr("hpx-studio: unknown board '%1'.").arg(parser.value(board)) << '\n';
        return 2;
    }
    if (parser.isSet(engine) && !window.boardPanel()->setEngine(parser.value(engine))) {
        QTextStream(stderr) << StudioOptions::tr("hpx-studio: unknown engine '%1'.").arg(parser.value(engine)) << '\n';
        return 2;
    }
    window.show();
    QString model = parser.positionalArguments().value(0);
    bool example = false;
    if (model.isEmpty()) {
        const QStringList recent = settings.recentFiles();
        model
            = !recent.isEmpty() && QFileInfo::exists(recent.first()) ? recent.first() : hpx::ui::defaultExampleModel();
        example = model == hpx::ui::defaultExampleModel();
    }
    if (!model.isEmpty() && window.openModel(model) && example && !settings.welcomeDismissed())
        window.showWelcome(model);
    return QApplication::exec();
}
