#include "model/version.h"
#include "ui/run/boardpanel.h"
#include "ui/window/appsettings.h"
#include "ui/window/apptranslator.h"
#include "ui/window/examplemodels.h"
#include "ui/window/mainwindow.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QFileInfo>
#include <QTextStream>

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("hpx-studio"));
    QApplication::setApplicationDisplayName(QStringLiteral("hpx Studio"));
    QApplication::setOrganizationName(QStringLiteral("hpx-studio"));
    QApplication::setApplicationVersion(hpx::model::versionString());
    QApplication::setDesktopFileName(QStringLiteral("org.hpxstudio.HpxStudio"));

    QCommandLineParser parser;
    parser.setApplicationDescription(QApplication::translate("main",
        "Profile TensorFlow Lite models on "
        "microcontroller boards."));
    parser.addHelpOption();
    const QCommandLineOption version({ QStringLiteral("v"), QStringLiteral("version") },
        QApplication::translate("main", "Show the version, git commit and Qt version."));
    const QCommandLineOption language(QStringLiteral("language"),
        QApplication::translate("main",
            "User interface language, e.g. de or en "
            "(default: the setting, else the system locale)."),
        QStringLiteral("code"));
    const QCommandLineOption port(QStringLiteral("port"),
        QApplication::translate("main",
            "Board port: sim, a serial device (/dev/ttyACM0, /dev/pts/3, /dev/serial/by-id/...) or "
            "tcp://host:port (default: the last one used)."),
        QStringLiteral("port"));
    const QCommandLineOption board(QStringLiteral("board"),
        QApplication::translate("main", "hpx board name, e.g. apollo510_evb or sim_m55 (default: the last one used)."),
        QStringLiteral("board"));
    const QCommandLineOption engine(QStringLiteral("engine"),
        QApplication::translate("main",
            "The simulated board's engine: helia-rt, tflm, helia-aot or executorch (default: the last one used)."),
        QStringLiteral("engine"));
    parser.addOption(version);
    parser.addOption(language);
    parser.addOption(port);
    parser.addOption(board);
    parser.addOption(engine);
    parser.addPositionalArgument(QStringLiteral("model"),
        QApplication::translate("main",
            "A .tflite model to open (default: the last one "
            "opened, else an example model)."),
        QStringLiteral("[model]"));
    parser.process(app);
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
        QTextStream(stderr)
            << QApplication::translate("main", "hpx-studio: unknown board '%1'.").arg(parser.value(board)) << '\n';
        return 2;
    }
    if (parser.isSet(engine) && !window.boardPanel()->setEngine(parser.value(engine))) {
        QTextStream(stderr)
            << QApplication::translate("main", "hpx-studio: unknown engine '%1'.").arg(parser.value(engine)) << '\n';
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
